package org.hbulk.mappers.record;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * One CSV record with every field checked against its column's type. Reused from record to record
 * by one task: {@link #load} replaces the previous content. Loaded from {@link FieldBytes}, a field
 * is held as bytes and becomes a String only when something asks for its text; numbers are read
 * from the bytes.
 */
public final class Record {
  private final List<Column> columns;
  private final DateTimeFormatter[] formatters;

  /** Each column's type, and whether it holds epoch seconds: looked up once, not per field. */
  private final ColumnType[] types;

  private final boolean[] epochSeconds;

  /** Each field's text; null for a field loaded as bytes whose text nobody asked for yet. */
  private final String[] text;

  /** The fields' bytes (their text's UTF-8) when loaded from {@link FieldBytes}, else null. */
  private byte[] bytes;

  private final int[] from;
  private final int[] to;
  private final long[] longs;
  private final double[] doubles;
  private int truncations;

  public Record(List<Column> columns) {
    this.columns = columns;
    int n = columns.size();
    this.formatters = new DateTimeFormatter[n];
    this.types = new ColumnType[n];
    this.epochSeconds = new boolean[n];
    for (int i = 0; i < n; i++) {
      Column c = columns.get(i);
      formatters[i] = c.formatter();
      types[i] = c.type();
      epochSeconds[i] =
          c.type() == ColumnType.TIMESTAMP && Column.EPOCH_SECONDS.equals(c.timePattern());
    }
    this.text = new String[n];
    this.from = new int[n];
    this.to = new int[n];
    this.longs = new long[n];
    this.doubles = new double[n];
  }

  /** Fills this record from a parsed CSV record's fields; rejects a wrong count or a bad value. */
  public void load(List<String> fields) throws RejectException {
    textMode();
    start(fields.size(), null);
    for (int i = 0; i < text.length; i++) {
      set(i, fields.get(i));
    }
  }

  /**
   * Fills this record from the fields of a file whose header placed the columns ({@code columns =
   * by-name}): a record must have as many fields as that header.
   */
  public void load(List<String> fields, ColumnLayout layout) throws RejectException {
    textMode();
    start(fields.size(), layout);
    for (int i = 0; i < text.length; i++) {
      int f = layout.fieldOf(i);
      set(i, f < 0 ? "" : fields.get(f));
    }
  }

  /** {@link #load(List)} from fields cut as bytes. */
  public void load(FieldBytes fields) throws RejectException {
    bytesMode(fields);
    start(fields.count(), null);
    for (int i = 0; i < text.length; i++) {
      set(i, fields.start(i), fields.end(i));
    }
  }

  /** {@link #load(List, ColumnLayout)} from fields cut as bytes. */
  public void load(FieldBytes fields, ColumnLayout layout) throws RejectException {
    bytesMode(fields);
    start(fields.count(), layout);
    for (int i = 0; i < text.length; i++) {
      int f = layout.fieldOf(i);
      if (f < 0) {
        set(i, 0, 0);
      } else {
        set(i, fields.start(f), fields.end(f));
      }
    }
  }

  /**
   * Holds fields as Strings from now on. A record rejected part way through its load is never read,
   * but its fields are left valid anyway: empty texts, not the byte ranges of the one before.
   */
  private void textMode() {
    if (bytes != null) {
      bytes = null;
      Arrays.fill(text, "");
    }
  }

  /** Holds fields as byte ranges of {@code fields} from now on, each empty until it is set. */
  private void bytesMode(FieldBytes fields) {
    bytes = fields.data();
    Arrays.fill(text, null);
    Arrays.fill(from, 0);
    Arrays.fill(to, 0);
  }

  /**
   * Starts loading a record of {@code found} fields: as many as the columns, or with a layout
   * (null: none) as the file's header.
   */
  private void start(int found, ColumnLayout layout) throws RejectException {
    truncations = 0;
    if (layout == null && found != columns.size()) {
      throw new RejectException(
          RejectReason.FIELD_COUNT, "expected " + columns.size() + " fields, found " + found);
    }
    if (layout != null && found != layout.fields()) {
      throw new RejectException(
          RejectReason.FIELD_COUNT,
          "expected " + layout.fields() + " fields (as many as the file's header), found " + found);
    }
  }

  private void set(int i, int start, int end) throws RejectException {
    text[i] = null;
    from[i] = start;
    to[i] = end;
    if (start == end) {
      return;
    }
    ColumnType type = types[i];
    if (type == ColumnType.STRING || type == ColumnType.SKIP) {
      return;
    }
    boolean wholeNumber =
        type == ColumnType.LONG
            || type == ColumnType.INT
            || (type == ColumnType.TIMESTAMP && formatters[i] == null);
    long n = wholeNumber ? WholeNumber.parse(bytes, start, end) : WholeNumber.NOT_PLAIN;
    if (n == WholeNumber.NOT_PLAIN || (type == ColumnType.INT && n != (int) n)) {
      // Anything but plain digits (and doubles, booleans, formatted times) is read from its text,
      // as a String field would be: the same value or the same reject.
      parse(i, text(i));
    } else if (epochSeconds[i]) {
      if (Math.abs(n) > Long.MAX_VALUE / 1000) {
        parse(i, text(i));
      } else {
        longs[i] = n * 1000L;
      }
    } else {
      longs[i] = n;
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
        case INT -> longs[i] = Integer.parseInt(asciiNumber(value));
        case LONG -> longs[i] = Long.parseLong(asciiNumber(value));
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

  /**
   * The text, when it has ASCII characters only: Java's number parsers also take the digits of
   * other scripts ("١٢٣" as 123), whose text as a key part would not be what a reader builds from
   * 123.
   */
  private static String asciiNumber(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (value.charAt(i) >= 0x80) {
        throw new NumberFormatException(value);
      }
    }
    return value;
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
      long n = Long.parseLong(asciiNumber(value));
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
    toText();
    this.text[column] = text;
    this.longs[column] = longValue;
    this.doubles[column] = doubleValue;
  }

  /** Clears every field, as a record whose fields are all empty. */
  public void clear() {
    bytes = null;
    Arrays.fill(text, "");
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
    String t = text[column];
    if (t == null) {
      // The bytes are the text's UTF-8 (ASCII, or checked well-formed UTF-8): no strict decoder.
      t = new String(bytes, from[column], to[column] - from[column], StandardCharsets.UTF_8);
      text[column] = t;
    }
    return t;
  }

  public boolean isEmpty(int column) {
    return bytes != null ? from[column] == to[column] : text[column].isEmpty();
  }

  /** Appends the field's text as UTF-8: its bytes as they are when it was loaded as bytes. */
  public void appendUtf8(int column, ByteBuilder out) {
    if (bytes != null) {
      out.append(bytes, from[column], to[column] - from[column]);
    } else {
      out.appendUtf8(text[column]);
    }
  }

  /** Turns a record loaded as bytes into one of texts, which {@link #assign} then changes. */
  private void toText() {
    if (bytes != null) {
      for (int i = 0; i < text.length; i++) {
        text(i);
      }
      bytes = null;
    }
  }

  /** The value of an int, long, boolean (1/0) or timestamp (epoch millis) column. */
  public long longValue(int column) {
    return longs[column];
  }

  public double doubleValue(int column) {
    return doubles[column];
  }
}
