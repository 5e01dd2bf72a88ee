package org.hbulk.mappers.expr;

import java.util.List;
import org.hbulk.mappers.schema.Column;

/** A function of one column's typed value (not of its text). */
abstract sealed class ColumnEncoder implements Expr
    permits Binary,
        Code,
        Decimal,
        FormatTime,
        Ipv4,
        ReverseTimestamp,
        Sortable,
        TimeBucket,
        TimeFloor,
        TimeOffset {
  final Column column;

  /** Made once: the converter asks for it several times a record. */
  private final List<Column> columns;

  ColumnEncoder(Column column) {
    this.column = column;
    this.columns = List.of(column);
  }

  @Override
  public final List<Column> columns() {
    return columns;
  }

  static void appendLong(org.hbulk.mappers.record.ByteBuilder out, long v) {
    for (int shift = 56; shift >= 0; shift -= 8) {
      out.append((byte) (v >>> shift));
    }
  }

  static long readLong(byte[] b, int offset) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (b[offset + i] & 0xff);
    }
    return v;
  }

  /** A time as ISO text for {@code decode}: an instant for timestamps, the number for longs. */
  String showTime(long value) {
    return column.type() == org.hbulk.mappers.schema.ColumnType.TIMESTAMP
        ? java.time.Instant.ofEpochMilli(value).toString()
        : Long.toString(value);
  }
}
