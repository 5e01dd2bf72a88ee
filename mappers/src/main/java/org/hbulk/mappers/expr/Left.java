package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;

/** {@code left(expr, n)}: the first n bytes (all of them when there are fewer). */
final class Left extends TailTransform {
  private final int count;

  Left(Expr input, int count) {
    super(input);
    this.count = count;
  }

  @Override
  void transformTail(ByteBuilder out, int mark) {
    if (out.length() - mark > count) {
      out.truncate(mark + count);
    }
  }

  @Override
  public String toString() {
    return "left(" + input() + ", " + count + ")";
  }
}
