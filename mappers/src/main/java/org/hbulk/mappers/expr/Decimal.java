package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * {@code dec(column, width)}: a non-negative whole number as exactly {@code width} zero-padded
 * decimal digits, so text keys sort numerically. A negative value, or one needing more digits,
 * rejects the record rather than break the order.
 */
final class Decimal extends ColumnEncoder {
  private final int width;

  Decimal(Column column, int width) {
    super(column);
    this.width = width;
  }

  @Override
  public Kind kind() {
    return Kind.DECIMAL;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    long v = record.longValue(column.index());
    String digits = Long.toString(v);
    if (v < 0 || digits.length() > width) {
      throw new RejectException(
          RejectReason.BAD_VALUE,
          "column '"
              + column.name()
              + "': "
              + v
              + " does not fit dec("
              + column.name()
              + ", "
              + width
              + "), which takes 0 to "
              + "9".repeat(width));
    }
    for (int i = digits.length(); i < width; i++) {
      out.append((byte) '0');
    }
    out.appendUtf8(digits);
  }

  @Override
  public int fixedWidth() {
    return width;
  }

  @Override
  public boolean growsWithTime() {
    return column.type() != ColumnType.INT;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    String text = new String(b, offset, length, java.nio.charset.StandardCharsets.US_ASCII);
    try {
      return showTime(Long.parseLong(text));
    } catch (NumberFormatException e) {
      return null;
    }
  }

  @Override
  public String toString() {
    return "dec(" + column.name() + ", " + width + ")";
  }
}
