package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * {@code sortable(column)}: a number in bytes that sort exactly like the number, so a range scan
 * over the key follows numeric order, negatives first. int: 4 bytes with the sign bit flipped; long
 * and timestamp: 8 bytes likewise; double: the IEEE 754 bits with the sign bit flipped for
 * positives and every bit flipped for negatives ({@code -0.0} sorts just before {@code 0.0}).
 */
final class Sortable extends ColumnEncoder {
  Sortable(Column column) {
    super(column);
  }

  @Override
  public Kind kind() {
    return Kind.SORTABLE;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    int i = column.index();
    switch (column.type()) {
      case INT -> {
        int v = (int) record.longValue(i) ^ Integer.MIN_VALUE;
        out.append((byte) (v >>> 24))
            .append((byte) (v >>> 16))
            .append((byte) (v >>> 8))
            .append((byte) v);
      }
      case DOUBLE -> {
        long bits = Double.doubleToLongBits(record.doubleValue(i));
        appendLong(out, bits < 0 ? ~bits : bits ^ Long.MIN_VALUE);
      }
      default -> appendLong(out, record.longValue(i) ^ Long.MIN_VALUE);
    }
  }

  @Override
  public int fixedWidth() {
    return column.type() == ColumnType.INT ? 4 : 8;
  }

  @Override
  public boolean growsWithTime() {
    return column.type() != ColumnType.DOUBLE;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    if (length != fixedWidth()) {
      return null;
    }
    if (column.type() == ColumnType.INT) {
      int v =
          (b[offset] & 0xff) << 24
              | (b[offset + 1] & 0xff) << 16
              | (b[offset + 2] & 0xff) << 8
              | (b[offset + 3] & 0xff);
      return Integer.toString(v ^ Integer.MIN_VALUE);
    }
    long raw = readLong(b, offset);
    if (column.type() == ColumnType.DOUBLE) {
      long bits = raw < 0 ? raw ^ Long.MIN_VALUE : ~raw;
      return Double.toString(Double.longBitsToDouble(bits));
    }
    return showTime(raw ^ Long.MIN_VALUE);
  }

  @Override
  public String toString() {
    return "sortable(" + column.name() + ")";
  }
}
