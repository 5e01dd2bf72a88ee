package org.hbulk.jobs.importtsv;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.importtsv.ImportTsvColumns.Field;
import org.hbulk.jobs.importtsv.ImportTsvColumns.Role;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * ImportTsv's options as an ordinary load spec: the text hbulk importtsv runs, and prints with
 * {@code --print-spec} for a user to edit. Each ImportTsv behaviour is a spec setting: fields split
 * on the separator with no quoting, a line shorter than the columns loads the fields it has, every
 * field a cell of its bytes, one timestamp per run unless given.
 */
public final class ImportTsvSpec {
  /** The output's name in the spec. */
  static final String OUTPUT = "importtsv";

  private ImportTsvSpec() {}

  /** The name the spec goes by: in messages, and for the run's default directory. */
  public static String source(String table) {
    return "importtsv-" + table.replace(':', '.');
  }

  /** The spec text for loading into {@code table} as ImportTsv would with {@code options}. */
  public static String text(ImportTsvOptions options, String table) throws HbulkException {
    ImportTsvColumns columns = options.columns();
    List<String> names = columnNames(columns);
    StringBuilder s = new StringBuilder();
    s.append("# Written by hbulk importtsv from ImportTsv's options:\n");
    s.append("#   ")
        .append(ImportTsvOptions.COLUMNS)
        .append('=')
        .append(String.join(",", columns.fields().stream().map(Field::written).toList()))
        .append('\n');
    s.append("# Load it with: hbulk load --spec FILE --input INPUT\n\n");

    s.append("[csv]\n");
    s.append("# Fields are cut at every separator; quotes are ordinary characters.\n");
    s.append("delimiter = ").append(delimiter(options.separator())).append('\n');
    s.append("quote = none\n");
    s.append("header = false\n");
    s.append("# A line may stop before the last column: the fields it lacks write no cell.\n");
    s.append("missing-fields = absent\n\n");

    s.append("[columns]\n");
    for (int i = 0; i < names.size(); i++) {
      s.append(names.get(i)).append(" = ").append(type(columns.fields().get(i).role()));
      s.append('\n');
    }
    s.append('\n');

    s.append("[output ").append(OUTPUT).append("]\n");
    s.append("table = ").append(table).append('\n');
    s.append("key = ").append(names.get(columns.indexOf(Role.ROW_KEY))).append('\n');
    s.append("timestamp = ").append(timestamp(options, names)).append('\n');
    s.append(
        options.skipEmptyColumns()
            ? "# importtsv.skip.empty.columns=true: an empty field writes no cell.\nempty = absent\n"
            : "# An empty field writes a cell with an empty value, as ImportTsv does by default.\n"
                + "empty = empty-value\n");
    if (columns.has(Role.TTL)) {
      s.append("# Milliseconds, as decimal text.\n");
      s.append("ttl = ").append(names.get(columns.indexOf(Role.TTL))).append('\n');
    }
    if (columns.has(Role.VISIBILITY)) {
      s.append("visibility = ").append(names.get(columns.indexOf(Role.VISIBILITY))).append('\n');
    }
    for (int i = 0; i < names.size(); i++) {
      Field f = columns.fields().get(i);
      if (f.role() == Role.CELL) {
        s.append(cellKey(f)).append(" = ").append(names.get(i)).append('\n');
      }
    }
    s.append('\n');

    s.append("[rejects]\n");
    s.append(
        options.skipBadLines()
            ? "# importtsv.skip.bad.lines=true (its default): bad lines are rejected, the rest"
                + " loads.\nmax = unlimited\n"
            : "# importtsv.skip.bad.lines=false: one bad line stops the load.\nmax = 0\n");
    s.append('\n');
    s.append("[load]\n");
    s.append(
        "# Two lines giving one cell (row, column, timestamp) different values stop the load;"
            + " keep-last-record keeps the later line's.\n");
    s.append("collisions = fail\n");
    return s.toString();
  }

  private static String type(Role role) {
    return switch (role) {
      case TIMESTAMP -> "long";
      case ATTRIBUTES -> "skip";
      default -> "string";
    };
  }

  private static String timestamp(ImportTsvOptions options, List<String> names) {
    ImportTsvColumns columns = options.columns();
    if (columns.has(Role.TIMESTAMP)) {
      return names.get(columns.indexOf(Role.TIMESTAMP));
    }
    return options.timestamp() != null ? Long.toString(options.timestamp()) : "run-start";
  }

  /** The spec's way of writing the separator: a word, the character, or its code. */
  static String delimiter(char c) {
    if (c == '\t') {
      return "tab";
    }
    if (c == ' ') {
      return "space";
    }
    if (c > ' ' && c < 127) {
      return String.valueOf(c);
    }
    return String.format(Locale.ROOT, "\\x%02x", (int) c);
  }

  /**
   * The cell's line key, {@code family:qualifier}; refused when a spec line cannot carry it (the
   * qualifier would be cut at '=', trimmed, or read as an expression).
   */
  private static String cellKey(Field f) throws HbulkException {
    String q = f.qualifier();
    boolean unwritable =
        q.contains("=")
            || !q.equals(q.strip())
            || (q.startsWith("{") && q.endsWith("}"))
            || f.family().startsWith("#")
            || f.family().startsWith("[")
            || LoadSpec.isCellSettingKey(f.family() + ":" + q)
            || !f.family().equals(f.family().strip());
    if (unwritable) {
      throw new HbulkException(
          ExitCode.USAGE,
          ImportTsvOptions.COLUMNS
              + ": '"
              + f.written()
              + "' cannot be written in a load spec (a qualifier with '=', spaces at its ends or"
              + " in braces, or a family starting with '#', '[', 'ttl.', 'visibility.' or 'empty.');"
              + " hbulk importtsv does not take it");
    }
    return f.family() + ":" + q;
  }

  /** A spec column name per field: the role's, or the cell's family and qualifier, made unique. */
  private static List<String> columnNames(ImportTsvColumns columns) {
    List<String> names = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (Field f : columns.fields()) {
      String base =
          switch (f.role()) {
            case ROW_KEY -> "row_key";
            case TIMESTAMP -> "ts";
            case ATTRIBUTES -> "attributes";
            case VISIBILITY -> "cell_visibility";
            case TTL -> "cell_ttl";
            case CELL ->
                identifier(f.qualifier().isEmpty() ? f.family() : f.family() + "_" + f.qualifier());
          };
      String name = base;
      for (int n = 2; !used.add(name); n++) {
        name = base + "_" + n;
      }
      names.add(name);
    }
    return names;
  }

  private static String identifier(String text) {
    StringBuilder b = new StringBuilder();
    for (char c : text.toCharArray()) {
      b.append(c < 128 && (Character.isLetterOrDigit(c) || c == '_') ? c : '_');
    }
    if (b.isEmpty() || !Character.isLetter(b.charAt(0))) {
      b.insert(0, "c_");
    }
    return b.toString();
  }
}
