package org.hbulk.mappers.spec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.security.visibility.ExpressionParser;
import org.apache.hadoop.hbase.security.visibility.ParseException;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;

/**
 * Reads an output's {@code ttl} and {@code visibility} lines, and their per-cell forms {@code
 * ttl.FAMILY:QUALIFIER} and {@code visibility.FAMILY:QUALIFIER}, into a {@link CellTagSpec}.
 *
 * <p>A TTL is {@code none}, a constant (milliseconds, or a number with {@code ms}, {@code s},
 * {@code m}, {@code h}, {@code d}) or a column holding milliseconds (string, int or long). A
 * visibility is {@code none}, a quoted constant expression ({@code "secret|ops"}) or a string
 * column holding one per record. Constant expressions are checked for syntax here, with HBase's own
 * parser; whether their labels exist only the cluster can say (the driver asks it).
 */
final class CellTagsParser {
  static final String TTL = "ttl";
  static final String VISIBILITY = "visibility";
  static final String TTL_CELL_PREFIX = TTL + ".";
  static final String VISIBILITY_CELL_PREFIX = VISIBILITY + ".";

  private static final Pattern TTL_CONSTANT = Pattern.compile("([0-9]+)(ms|s|m|h|d)?");

  private final SpecValues values;
  private final Map<String, Column> columns;

  CellTagsParser(SpecValues values, Map<String, Column> columns) {
    this.values = values;
    this.columns = columns;
  }

  /** Whether {@code key} is one of this parser's lines, which are not cells. */
  static boolean owns(String key) {
    return key.equals(TTL)
        || key.equals(VISIBILITY)
        || key.startsWith(TTL_CELL_PREFIX)
        || key.startsWith(VISIBILITY_CELL_PREFIX);
  }

  CellTagSpec parse(Section s, List<CellSpec> cells) {
    TagSource ttl = s.entry(TTL).map(this::ttl).orElse(TagSource.NONE);
    TagSource visibility = s.entry(VISIBILITY).map(this::visibility).orElse(TagSource.NONE);
    Map<String, TagSource> ttlByCell = new LinkedHashMap<>();
    Map<String, TagSource> visibilityByCell = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      if (e.key().startsWith(TTL_CELL_PREFIX)) {
        ttlByCell.put(cell(s, e, TTL_CELL_PREFIX, cells), ttl(e));
      } else if (e.key().startsWith(VISIBILITY_CELL_PREFIX)) {
        visibilityByCell.put(cell(s, e, VISIBILITY_CELL_PREFIX, cells), visibility(e));
      }
    }
    if (ttl.isNone() && visibility.isNone() && ttlByCell.isEmpty() && visibilityByCell.isEmpty()) {
      return CellTagSpec.NONE;
    }
    return new CellTagSpec(ttl, visibility, ttlByCell, visibilityByCell);
  }

  private String cell(Section s, Entry e, String prefix, List<CellSpec> cells) {
    String column = e.key().substring(prefix.length());
    if (cells.stream().noneMatch(c -> c.column().equals(column))) {
      throw values.at(
          e,
          "'"
              + column
              + "' is not a cell of [output "
              + s.name()
              + "] (cells: "
              + String.join(", ", cells.stream().map(CellSpec::column).toList())
              + "); write "
              + prefix
              + "FAMILY:QUALIFIER exactly as the cell's line does");
    }
    return column;
  }

  private TagSource ttl(Entry e) {
    String v = e.value();
    if (v.equals(TagSource.NONE_WORD)) {
      return TagSource.NONE;
    }
    Matcher m = TTL_CONSTANT.matcher(v);
    if (m.matches()) {
      long millis = ttlMillis(e, m);
      if (millis <= 0) {
        throw values.at(e, "a TTL must be more than 0 milliseconds, found '" + v + "'");
      }
      return new TagSource(Long.toString(millis), null);
    }
    return column(
        e,
        "a TTL in milliseconds (86400000, or with a unit: 30d, 12h, 90m, 60s, 500ms), none, or a"
            + " column name",
        "a TTL column holds milliseconds: string, int or long",
        ColumnType.STRING,
        ColumnType.INT,
        ColumnType.LONG);
  }

  private long ttlMillis(Entry e, Matcher m) {
    try {
      long n = Long.parseLong(m.group(1));
      String unit = m.group(2) == null ? "ms" : m.group(2);
      return switch (unit) {
        case "s" -> Math.multiplyExact(n, 1000L);
        case "m" -> Math.multiplyExact(n, 60_000L);
        case "h" -> Math.multiplyExact(n, 3_600_000L);
        case "d" -> Math.multiplyExact(n, 86_400_000L);
        default -> n;
      };
    } catch (ArithmeticException | NumberFormatException ex) {
      throw values.at(e, "TTL '" + e.value() + "' does not fit in a long of milliseconds");
    }
  }

  private TagSource visibility(Entry e) {
    String v = e.value();
    if (v.equals(TagSource.NONE_WORD)) {
      return TagSource.NONE;
    }
    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
      String expression = v.substring(1, v.length() - 1);
      if (expression.isBlank()) {
        throw values.at(e, "the visibility expression is empty; write none for no labels");
      }
      try {
        new ExpressionParser().parse(expression);
      } catch (ParseException ex) {
        throw values.at(
            e, "'" + expression + "' is not a visibility expression (" + ex.getMessage() + ")");
      }
      return new TagSource(expression, null);
    }
    return column(
        e,
        "a quoted visibility expression (\"secret|ops\"), none, or a column name",
        "a visibility column holds expressions: string",
        ColumnType.STRING);
  }

  /** The column an entry names, of one of {@code types}. */
  private TagSource column(Entry e, String expected, String holds, ColumnType... types) {
    Column c = columns.get(e.value());
    if (c == null) {
      throw values.at(
          e,
          "expected "
              + expected
              + ", found '"
              + e.value()
              + "' (columns: "
              + String.join(", ", columns.keySet())
              + ")");
    }
    if (!List.of(types).contains(c.type())) {
      throw values.at(e, "column '" + e.value() + "' is " + c.describeType() + "; " + holds);
    }
    return new TagSource(null, c);
  }
}
