package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;

/**
 * {@code reverse_ts(column[, binary|dec])}: {@code Long.MAX_VALUE - ts}, so the newest rows sort
 * first; as 8 big-endian bytes (default) or as 19 zero-padded decimal digits. Both forms read the
 * difference as an unsigned number, so that times before 1970 (whose difference passes {@code
 * Long.MAX_VALUE}) still sort after later ones and keep 19 digits; a time so early that 19 digits
 * cannot hold it (before about 24 million years BC) is rejected.
 */
final class ReverseTimestamp extends ColumnEncoder {
  private static final int DIGITS = 19;
  private final boolean decimal;

  ReverseTimestamp(Column column, boolean decimal) {
    super(column);
    this.decimal = decimal;
  }

  @Override
  public Kind kind() {
    return Kind.REVERSE_TIMESTAMP;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    long v = Long.MAX_VALUE - record.longValue(column.index());
    if (decimal) {
      String digits = Long.toUnsignedString(v);
      if (digits.length() > DIGITS) {
        throw new RejectException(
            RejectReason.BAD_VALUE,
            "column '"
                + column.name()
                + "': "
                + record.longValue(column.index())
                + " is too early for reverse_ts("
                + column.name()
                + ", dec), whose 19 digits hold times from "
                + (Long.MAX_VALUE - Long.parseUnsignedLong("9".repeat(DIGITS))));
      }
      for (int i = digits.length(); i < DIGITS; i++) {
        out.append((byte) '0');
      }
      out.appendUtf8(digits);
    } else {
      appendLong(out, v);
    }
  }

  @Override
  public int fixedWidth() {
    return decimal ? DIGITS : 8;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    if (length != fixedWidth()) {
      return null;
    }
    long v;
    if (decimal) {
      try {
        v = Long.parseUnsignedLong(new String(b, offset, length, StandardCharsets.US_ASCII));
      } catch (NumberFormatException e) {
        return null;
      }
    } else {
      v = readLong(b, offset);
    }
    return showTime(Long.MAX_VALUE - v);
  }

  @Override
  public String toString() {
    return "reverse_ts(" + column.name() + (decimal ? ", dec)" : ")");
  }
}
