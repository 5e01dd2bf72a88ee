package org.hbulk.mappers.expr;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;

/**
 * {@code time_floor(column, minute|hour|day[, binary|seconds|dec])}: the time cut down to the start
 * of its minute, hour or day (days in the column's zone), as 8 big-endian bytes of epoch millis
 * (default), 4 big-endian bytes of epoch seconds (OpenTSDB's base hour), or 13 zero-padded decimal
 * digits of millis. Rows of one time range share the key part: many readings, one row. Each form
 * holds the times from 1970 on that fit its width (seconds until 2106, digits until 2286) and sorts
 * like them; an earlier or later time is rejected, since as two's complement or with a minus sign
 * it would sort out of its place (and in seconds read back 136 years later).
 */
final class TimeFloor extends ColumnEncoder {
  enum Unit {
    MINUTE,
    HOUR,
    DAY
  }

  enum Format {
    BINARY,
    SECONDS,
    DEC
  }

  private final Unit unit;
  private final Format format;

  TimeFloor(Column column, Unit unit, Format format) {
    super(column);
    this.unit = unit;
    this.format = format;
  }

  /** The start of the range a time falls in, in epoch millis. */
  long floor(long millis) {
    return switch (unit) {
      case MINUTE -> Math.floorDiv(millis, 60_000L) * 60_000L;
      case HOUR -> Math.floorDiv(millis, 3_600_000L) * 3_600_000L;
      case DAY ->
          Instant.ofEpochMilli(millis)
              .atZone(column.zone() == null ? java.time.ZoneOffset.UTC : column.zone())
              .truncatedTo(ChronoUnit.DAYS)
              .toInstant()
              .toEpochMilli();
    };
  }

  @Override
  public Kind kind() {
    return Kind.TIME_FLOOR;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    long base = floor(record.longValue(column.index()));
    if (base < 0 || base > maxMillis()) {
      throw new RejectException(
          RejectReason.BAD_VALUE,
          "column '"
              + column.name()
              + "': "
              + Instant.ofEpochMilli(record.longValue(column.index()))
              + " is outside what "
              + this
              + " holds, "
              + holds());
    }
    switch (format) {
      case BINARY -> appendLong(out, base);
      case SECONDS -> {
        int s = (int) (base / 1000);
        out.append((byte) (s >>> 24))
            .append((byte) (s >>> 16))
            .append((byte) (s >>> 8))
            .append((byte) s);
      }
      case DEC -> {
        String digits = Long.toString(base);
        for (int i = digits.length(); i < 13; i++) {
          out.append((byte) '0');
        }
        out.appendUtf8(digits);
      }
    }
  }

  /** The times whose rows the form holds, for messages. */
  String holds() {
    return "times from "
        + Instant.ofEpochMilli(earliestMillis())
        + " to "
        + Instant.ofEpochMilli(maxMillis());
  }

  /**
   * The first time whose range starts at or after 1970: 0, or for days in a zone east of UTC the
   * zone's first midnight after 1970 began (the day of 1970-01-01T00:00Z started in 1969 there).
   */
  long earliestMillis() {
    long first = floor(0);
    if (first >= 0) {
      return 0;
    }
    return Instant.ofEpochMilli(first)
        .atZone(column.zone() == null ? java.time.ZoneOffset.UTC : column.zone())
        .plusDays(1)
        .toInstant()
        .toEpochMilli();
  }

  /** The latest range start the format holds. */
  long maxMillis() {
    return switch (format) {
      case BINARY -> Long.MAX_VALUE;
      case SECONDS -> 0xFFFF_FFFFL * 1000L;
      case DEC -> 9_999_999_999_999L;
    };
  }

  @Override
  public int fixedWidth() {
    return switch (format) {
      case BINARY -> 8;
      case SECONDS -> 4;
      case DEC -> 13;
    };
  }

  @Override
  public boolean growsWithTime() {
    return true;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    if (length != fixedWidth()) {
      return null;
    }
    long millis =
        switch (format) {
          case BINARY -> readLong(b, offset);
          case SECONDS ->
              1000L
                  * (((b[offset] & 0xffL) << 24)
                      | ((b[offset + 1] & 0xff) << 16)
                      | ((b[offset + 2] & 0xff) << 8)
                      | (b[offset + 3] & 0xff));
          case DEC -> {
            String digits =
                new String(b, offset, length, java.nio.charset.StandardCharsets.US_ASCII);
            if (!digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
              yield -1; // not what this part writes
            }
            yield Long.parseLong(digits);
          }
        };
    if (millis < 0) {
      return null;
    }
    return Instant.ofEpochMilli(millis) + " (" + unit.name().toLowerCase(Locale.ROOT) + ")";
  }

  @Override
  public String toString() {
    return "time_floor("
        + column.name()
        + ", "
        + unit.name().toLowerCase(Locale.ROOT)
        + (format == Format.BINARY ? "" : ", " + format.name().toLowerCase(Locale.ROOT))
        + ")";
  }
}
