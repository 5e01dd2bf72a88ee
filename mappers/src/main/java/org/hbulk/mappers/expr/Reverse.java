package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;

/**
 * {@code reverse(expr)}: the text backwards, character by character (UTF-8 sequences stay whole),
 * so the fast-changing end of a phone number or an order id leads: {@code 201101} becomes {@code
 * 101102}.
 */
final class Reverse extends TailTransform {
  Reverse(Expr input) {
    super(input);
  }

  @Override
  public Kind kind() {
    return Kind.REVERSE;
  }

  @Override
  void transformTail(Record record, ByteBuilder out, int mark) {
    byte[] b = out.array();
    reverse(b, mark, out.length());
  }

  /** Reverses bytes [from, to) as UTF-8 characters, in place. */
  static void reverse(byte[] b, int from, int to) {
    // Reverse all bytes, then put each multi-byte character's bytes back in order.
    reverseBytes(b, from, to - 1);
    int i = from;
    while (i < to) {
      int j = i;
      while (j < to && (b[j] & 0xC0) == 0x80) {
        j++; // continuation bytes now come before their lead byte
      }
      if (j > i && j < to) {
        reverseBytes(b, i, j);
        i = j + 1;
      } else {
        i = j + 1;
      }
    }
  }

  private static void reverseBytes(byte[] b, int i, int j) {
    while (i < j) {
      byte t = b[i];
      b[i++] = b[j];
      b[j--] = t;
    }
  }

  @Override
  public int fixedWidth() {
    return input().fixedWidth();
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    byte[] copy = java.util.Arrays.copyOfRange(bytes, offset, offset + length);
    reverse(copy, 0, copy.length);
    return input().decode(copy, 0, copy.length);
  }

  @Override
  public String toString() {
    return "reverse(" + input() + ")";
  }
}
