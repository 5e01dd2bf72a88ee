package org.hbulk.mappers.expr;

import java.util.List;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;

/**
 * A function of one expression's bytes: the input is appended to the output, then replaced in place
 * by its transform, so nesting functions needs no buffers of their own.
 */
abstract sealed class TailTransform implements Expr permits Digest, Hex, Left, Pad, Reverse {
  private final Expr input;

  TailTransform(Expr input) {
    this.input = input;
  }

  Expr input() {
    return input;
  }

  /** Replaces {@code out}'s bytes from {@code mark} to its end with their transform. */
  abstract void transformTail(Record record, ByteBuilder out, int mark) throws RejectException;

  @Override
  public final void appendTo(Record record, ByteBuilder out) throws RejectException {
    int mark = out.length();
    input.appendTo(record, out);
    transformTail(record, out, mark);
  }

  @Override
  public List<Column> columns() {
    return input.columns();
  }
}
