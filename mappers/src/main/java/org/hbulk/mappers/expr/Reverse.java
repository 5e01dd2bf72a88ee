package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.record.Utf8;

/**
 * {@code reverse(expr)}: the text backwards, character by character (UTF-8 sequences stay whole),
 * so the fast-changing end of a phone number or an order id leads: {@code 201101} becomes {@code
 * 101102}. Its input must be UTF-8 text: reversed as characters, bytes that are not (a {@code
 * binary(...)}, say) would give two values one key, so such a record is rejected.
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
  void transformTail(Record record, ByteBuilder out, int mark) throws RejectException {
    byte[] b = out.array();
    if (!Utf8.wellFormed(b, mark, out.length())) {
      throw new RejectException(
          RejectReason.BAD_VALUE,
          this
              + " reverses text, and its input is not UTF-8 text here (the bytes of binary(...),"
              + " say); reverse the text first, or hex(...) the bytes");
    }
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
