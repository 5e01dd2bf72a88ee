package org.hbulk.mappers.record;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.CsvOptions;

/**
 * Where each {@code [columns]} column stands in one file, as the file's header line says. With
 * {@code columns = by-position} the header must name the columns in the spec's order (a file whose
 * header differs would load its values into the wrong columns); with {@code by-name} the header
 * places them, and fields the spec does not name are left unread. Names are compared exactly, after
 * dropping spaces around them; a {@code skip} column's name is never compared (it is a
 * placeholder).
 */
public final class ColumnLayout {
  /** The header does not fit the spec; the message says what was expected and what was found. */
  public static final class MismatchException extends Exception {
    private static final long serialVersionUID = 1L;

    public MismatchException(String message) {
      super(message);
    }
  }

  private final int[] fieldOf;
  private final List<String> header;

  private ColumnLayout(int[] fieldOf, List<String> header) {
    this.fieldOf = fieldOf;
    this.header = List.copyOf(header);
  }

  /** Checks a file's header fields against the spec's columns and says where each column is. */
  public static ColumnLayout of(CsvOptions csv, List<Column> columns, List<String> header)
      throws MismatchException {
    List<String> found = new ArrayList<>(header.size());
    for (String h : header) {
      found.add(h.strip());
    }
    return csv.byName() ? byName(columns, found) : byPosition(columns, found);
  }

  private static ColumnLayout byPosition(List<Column> columns, List<String> found)
      throws MismatchException {
    List<String> differ = new ArrayList<>();
    int n = Math.max(columns.size(), found.size());
    for (int i = 0; i < n; i++) {
      Column c = i < columns.size() ? columns.get(i) : null;
      String f = i < found.size() ? found.get(i) : null;
      if (c != null && f != null && (c.type() == ColumnType.SKIP || c.name().equals(f))) {
        continue;
      }
      differ.add(
          (i + 1)
              + ": expected "
              + (c == null ? "nothing" : "'" + c.name() + "'")
              + ", found "
              + (f == null ? "nothing" : "'" + f + "'"));
    }
    if (!differ.isEmpty()) {
      throw new MismatchException(
          "the header does not match [columns] (columns = by-position): expected "
              + names(columns)
              + ", found "
              + String.join(",", found)
              + "; position "
              + String.join("; ", differ)
              + ". Fix the file or [columns], or set [csv] columns = by-name to place columns by their header name");
    }
    int[] identity = new int[columns.size()];
    for (int i = 0; i < identity.length; i++) {
      identity[i] = i;
    }
    return new ColumnLayout(identity, found);
  }

  private static ColumnLayout byName(List<Column> columns, List<String> found)
      throws MismatchException {
    Map<String, Integer> at = new HashMap<>();
    List<String> repeated = new ArrayList<>();
    for (int i = 0; i < found.size(); i++) {
      if (at.putIfAbsent(found.get(i), i) != null) {
        repeated.add(found.get(i));
      }
    }
    int[] fieldOf = new int[columns.size()];
    List<String> missing = new ArrayList<>();
    List<String> ambiguous = new ArrayList<>();
    for (Column c : columns) {
      Integer i = at.get(c.name());
      fieldOf[c.index()] = i == null ? -1 : i;
      if (c.type() == ColumnType.SKIP) {
        continue;
      }
      if (i == null) {
        missing.add(c.name());
      } else if (repeated.contains(c.name())) {
        ambiguous.add(c.name());
      }
    }
    if (!missing.isEmpty() || !ambiguous.isEmpty()) {
      throw new MismatchException(
          "the header does not hold every column of [columns] (columns = by-name):"
              + " expected "
              + names(columns)
              + " in any order, found "
              + String.join(",", found)
              + (missing.isEmpty() ? "" : "; missing " + String.join(",", missing))
              + (ambiguous.isEmpty() ? "" : "; named twice " + String.join(",", ambiguous))
              + ". Fix the file's header or [columns]");
    }
    return new ColumnLayout(fieldOf, found);
  }

  private static String names(List<Column> columns) {
    List<String> names = new ArrayList<>();
    for (Column c : columns) {
      names.add(c.type() == ColumnType.SKIP ? c.name() + "(skip)" : c.name());
    }
    return String.join(",", names);
  }

  /**
   * The field of the file that holds column {@code column}, or -1 when the file has none (skip).
   */
  public int fieldOf(int column) {
    return fieldOf[column];
  }

  /** How many fields every record of the file has: as many as its header. */
  public int fields() {
    return header.size();
  }

  /** The header's names that no column reads (by name, the file's extra columns). */
  public List<String> unread() {
    boolean[] read = new boolean[header.size()];
    for (int f : fieldOf) {
      if (f >= 0) {
        read[f] = true;
      }
    }
    List<String> unread = new ArrayList<>();
    for (int i = 0; i < read.length; i++) {
      if (!read[i]) {
        unread.add(header.get(i));
      }
    }
    return unread;
  }
}
