package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;

/**
 * {@code lpad(expr, width[, "c"])} and {@code rpad(expr, width[, "c"])}: exactly {@code width}
 * bytes, padded on the left (default pad {@code 0}) or the right (default pad space). A longer
 * value is cut to its first {@code width} bytes, and the cut is counted, since two values that
 * differ only after the cut get the same key.
 */
final class Pad extends TailTransform {
  private final int width;
  private final byte pad;
  private final boolean left;

  Pad(Expr input, int width, byte pad, boolean left) {
    super(input);
    this.width = width;
    this.pad = pad;
    this.left = left;
  }

  @Override
  public Kind kind() {
    return Kind.PAD;
  }

  @Override
  void transformTail(Record record, ByteBuilder out, int mark) {
    int n = out.length() - mark;
    if (n >= width) {
      if (n > width) {
        out.truncate(mark + width);
        record.countTruncation();
      }
      return;
    }
    int missing = width - n;
    for (int i = 0; i < missing; i++) {
      out.append(pad);
    }
    if (left) {
      byte[] b = out.array();
      System.arraycopy(b, mark, b, mark + missing, n);
      java.util.Arrays.fill(b, mark, mark + missing, pad);
    }
  }

  @Override
  public int fixedWidth() {
    return width;
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    int from = offset;
    int to = offset + length;
    if (left) {
      while (from < to - 1 && bytes[from] == pad) {
        from++;
      }
    } else {
      while (to > from && bytes[to - 1] == pad) {
        to--;
      }
    }
    return input().decode(bytes, from, to - from);
  }

  @Override
  public String toString() {
    return (left ? "lpad(" : "rpad(") + input() + ", " + width + ", \"" + (char) pad + "\")";
  }
}
