package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;

/** {@code hex(expr)}: the bytes as lowercase hexadecimal text, two characters a byte. */
final class Hex extends TailTransform {
  private static final byte[] DIGITS = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  Hex(Expr input) {
    super(input);
  }

  @Override
  void transformTail(ByteBuilder out, int mark) {
    int n = out.length() - mark;
    byte[] raw = out.copyOfRange(mark, mark + n);
    out.truncate(mark);
    for (byte b : raw) {
      out.append(DIGITS[(b >> 4) & 0xf]).append(DIGITS[b & 0xf]);
    }
  }

  @Override
  public String toString() {
    return "hex(" + input() + ")";
  }
}
