package org.hbulk.mappers.expr;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;

/**
 * {@code format_time(column, "pattern")}: the time as text in the column's zone, e.g. the {@code
 * #20190103#} date part is {@code format_time(ts, "yyyyMMdd")}.
 */
final class FormatTime extends ColumnEncoder {
  private final String pattern;
  private final DateTimeFormatter formatter;

  FormatTime(Column column, String pattern) {
    super(column);
    this.pattern = pattern;
    this.formatter =
        DateTimeFormatter.ofPattern(pattern)
            .withZone(column.zone() == null ? ZoneOffset.UTC : column.zone());
  }

  String pattern() {
    return pattern;
  }

  DateTimeFormatter formatter() {
    return formatter;
  }

  @Override
  public Kind kind() {
    return Kind.FORMAT_TIME;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    out.appendUtf8(formatter.format(Instant.ofEpochMilli(record.longValue(column.index()))));
  }

  @Override
  public int fixedWidth() {
    // Patterns of numeric fields (yyyyMMddHH) always print the same width; names of months do not.
    String sample = formatter.format(Instant.EPOCH);
    String other = formatter.format(Instant.parse("2001-12-31T23:59:59Z"));
    return sample.length() == other.length() && pattern.matches("[yMdHhmsS\\-_:./ T']*")
        ? sample.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
        : -1;
  }

  @Override
  public boolean growsWithTime() {
    return true;
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    return new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "format_time(" + column.name() + ", \"" + pattern + "\")";
  }
}
