package org.hbulk.mappers.expr;

import java.util.Locale;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;

/**
 * {@code time_offset(column, minute|hour|day[, seconds|millis])}: how far the time lies into its
 * minute, hour or day, as big-endian bytes: seconds in 2 bytes (4 for a day), or milliseconds in 4
 * bytes. OpenTSDB's wide rows key a row by {@code time_floor(ts, hour)} and name each reading's
 * column by its offset in the hour, so one row holds an hour of readings in time order.
 */
final class TimeOffset extends ColumnEncoder {
  private final TimeFloor floor;
  private final TimeFloor.Unit unit;
  private final boolean millis;

  TimeOffset(Column column, TimeFloor.Unit unit, boolean millis) {
    super(column);
    this.floor = new TimeFloor(column, unit, TimeFloor.Format.BINARY);
    this.unit = unit;
    this.millis = millis;
  }

  @Override
  public Kind kind() {
    return Kind.TIME_OFFSET;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    long t = record.longValue(column.index());
    long offset = t - floor.floor(t);
    long v = millis ? offset : offset / 1000;
    int width = fixedWidth();
    for (int shift = 8 * (width - 1); shift >= 0; shift -= 8) {
      out.append((byte) (v >>> shift));
    }
  }

  @Override
  public int fixedWidth() {
    return millis || unit == TimeFloor.Unit.DAY ? 4 : 2;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    if (length != fixedWidth()) {
      return null;
    }
    long v = 0;
    for (int i = 0; i < length; i++) {
      v = v << 8 | (b[offset + i] & 0xff);
    }
    return "+" + v + (millis ? " ms" : " s") + " into the " + unit.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public String toString() {
    return "time_offset("
        + column.name()
        + ", "
        + unit.name().toLowerCase(Locale.ROOT)
        + (millis ? ", millis)" : ")");
  }
}
