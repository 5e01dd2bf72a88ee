package org.hbulk.mappers.record;

import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.List;
import java.util.Locale;
import org.hbulk.mappers.schema.Column;

/**
 * One CSV record with every field checked against its column's type. Reused from record to record
 * by one task: {@link #load} replaces the previous content.
 */
public final class Record {
  private final List<Column> columns;
  private final DateTimeFormatter[] formatters;
  private final String[] text;
  private final long[] longs;
  private final double[] doubles;
  private int truncations;

  public Record(List<Column> columns) {
    this.columns = columns;
    int n = columns.size();
    this.formatters = new DateTimeFormatter[n];
    for (int i = 0; i < n; i++) {
      formatters[i] = columns.get(i).formatter();
    }
    this.text = new String[n];
    this.longs = new long[n];
    this.doubles = new double[n];
  }

  /** Fills this record from a parsed CSV record's fields; rejects a wrong count or a bad value. */
  public void load(List<String> fields) throws RejectException {
    truncations = 0;
    if (fields.size() != columns.size()) {
      throw new RejectException(
          RejectReason.FIELD_COUNT,
          "expected " + columns.size() + " fields, found " + fields.size());
    }
    for (int i = 0; i < text.length; i++) {
      set(i, fields.get(i));
    }
  }

  /**
   * Fills this record from the fields of a file whose header placed the columns ({@code columns =
   * by-name}): a record must have as many fields as that header.
   */
  public void load(List<String> fields, ColumnLayout layout) throws RejectException {
    truncations = 0;
    if (fields.size() != layout.fields()) {
      throw new RejectException(
          RejectReason.FIELD_COUNT,
          "expected "
              + layout.fields()
              + " fields (as many as the file's header), found "
              + fields.size());
    }
    for (int i = 0; i < text.length; i++) {
      int f = layout.fieldOf(i);
      set(i, f < 0 ? "" : fields.get(f));
    }
  }

  private void set(int i, String value) throws RejectException {
    text[i] = value;
    if (!value.isEmpty()) {
      parse(i, value);
    }
  }

  private void parse(int i, String value) throws RejectException {
    Column column = columns.get(i);
    try {
      switch (column.type()) {
        case INT -> longs[i] = Integer.parseInt(value);
        case LONG -> longs[i] = Long.parseLong(value);
        case DOUBLE -> doubles[i] = parseDouble(value);
        case BOOLEAN -> longs[i] = parseBoolean(value) ? 1 : 0;
        case TIMESTAMP -> longs[i] = parseTime(column, formatters[i], value);
        case STRING, SKIP -> {}
      }
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      throw new RejectException(
          RejectReason.BAD_VALUE,
          "column '"
              + column.name()
              + "': '"
              + abbreviate(value)
              + "' is not a valid "
              + column.describeType());
    }
  }

  private static double parseDouble(String value) {
    char last = value.charAt(value.length() - 1);
    // Double.parseDouble also takes "1d", "NaN" and "Infinity", which are no CSV numbers.
    if (!(last >= '0' && last <= '9') && last != '.') {
      throw new NumberFormatException(value);
    }
    return Double.parseDouble(value);
  }

  private static boolean parseBoolean(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "true", "1" -> true;
      case "false", "0" -> false;
      default -> throw new NumberFormatException(value);
    };
  }

  private static long parseTime(Column column, DateTimeFormatter formatter, String value) {
    if (formatter == null) {
      long n = Long.parseLong(value);
      return column.timePattern().equals(Column.EPOCH_SECONDS) ? Math.multiplyExact(n, 1000L) : n;
    }
    TemporalAccessor parsed = formatter.parse(value);
    if (parsed.query(TemporalQueries.localTime()) == null) {
      return LocalDate.from(parsed).atStartOfDay(column.zone()).toInstant().toEpochMilli();
    }
    return ZonedDateTime.from(parsed).toInstant().toEpochMilli();
  }

  private static String abbreviate(String value) {
    return value.length() <= 80 ? value : value.substring(0, 77) + "...";
  }

  /**
   * Sets one field from a value a reader has (explain builds Get and scan keys this way): its text,
   * and for numbers and times the value it stands for.
   */
  public void assign(int column, String text, long longValue, double doubleValue) {
    this.text[column] = text;
    this.longs[column] = longValue;
    this.doubles[column] = doubleValue;
  }

  /** Clears every field, as a record whose fields are all empty. */
  public void clear() {
    java.util.Arrays.fill(text, "");
    truncations = 0;
  }

  /** Notes that a key or value part of this record was cut to its fixed width. */
  public void countTruncation() {
    truncations++;
  }

  /** How many parts of this record were cut to a fixed width so far. */
  public int truncations() {
    return truncations;
  }

  public List<Column> columns() {
    return columns;
  }

  public String text(int column) {
    return text[column];
  }

  public boolean isEmpty(int column) {
    return text[column].isEmpty();
  }

  /** The value of an int, long, boolean (1/0) or timestamp (epoch millis) column. */
  public long longValue(int column) {
    return longs[column];
  }

  public double doubleValue(int column) {
    return doubles[column];
  }
}
