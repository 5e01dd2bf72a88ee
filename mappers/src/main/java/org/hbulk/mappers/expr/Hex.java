package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;

/** {@code hex(expr)}: the bytes as lowercase hexadecimal text, two characters a byte. */
final class Hex extends TailTransform {
  private static final byte[] DIGITS = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  Hex(Expr input) {
    super(input);
  }

  @Override
  public Kind kind() {
    return Kind.HEX;
  }

  @Override
  void transformTail(Record record, ByteBuilder out, int mark) {
    int n = out.length() - mark;
    byte[] raw = out.copyOfRange(mark, mark + n);
    out.truncate(mark);
    for (byte b : raw) {
      out.append(DIGITS[(b >> 4) & 0xf]).append(DIGITS[b & 0xf]);
    }
  }

  @Override
  public int fixedWidth() {
    return input().fixedWidth() < 0 ? -1 : 2 * input().fixedWidth();
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    if (length % 2 != 0) {
      return null;
    }
    byte[] raw = new byte[length / 2];
    for (int i = 0; i < raw.length; i++) {
      int hi = Character.digit(bytes[offset + 2 * i], 16);
      int lo = Character.digit(bytes[offset + 2 * i + 1], 16);
      if (hi < 0 || lo < 0) {
        return null;
      }
      raw[i] = (byte) (hi << 4 | lo);
    }
    return input().decode(raw, 0, raw.length);
  }

  @Override
  public String toString() {
    return "hex(" + input() + ")";
  }
}
