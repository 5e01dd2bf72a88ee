package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;

/**
 * {@code left(expr, n)}: the first n bytes (all of them when there are fewer); {@code mid(expr,
 * start, n)}: n bytes from byte {@code start} (0-based), e.g. a 16-character MD5 is {@code
 * mid(hex(md5(x)), 8, 16)}.
 */
final class Left extends TailTransform {
  private final int start;
  private final int count;

  Left(Expr input, int start, int count) {
    super(input);
    this.start = start;
    this.count = count;
  }

  boolean startsAtZero() {
    return start == 0;
  }

  @Override
  public Kind kind() {
    return Kind.LEFT;
  }

  @Override
  void transformTail(Record record, ByteBuilder out, int mark) {
    int n = out.length() - mark;
    int from = Math.min(start, n);
    int to = Math.min(start + count, n);
    if (from > 0) {
      System.arraycopy(out.array(), mark + from, out.array(), mark, to - from);
    }
    out.truncate(mark + to - from);
  }

  @Override
  public int fixedWidth() {
    int in = input().fixedWidth();
    return in < 0 ? -1 : Math.max(0, Math.min(start + count, in) - start);
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    return start == 0 && input().fixedWidth() >= 0 && input().fixedWidth() <= count
        ? input().decode(bytes, offset, length)
        : null;
  }

  @Override
  public String toString() {
    return start == 0
        ? "left(" + input() + ", " + count + ")"
        : "mid(" + input() + ", " + start + ", " + count + ")";
  }
}
