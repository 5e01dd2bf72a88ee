package org.hbulk.mappers.expr;

import java.util.List;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;

/** Fixed bytes: a separator, a prefix. */
final class Literal implements Expr {
  private final byte[] bytes;
  private final String source;

  Literal(byte[] bytes, String source) {
    this.bytes = bytes;
    this.source = source;
  }

  @Override
  public Kind kind() {
    return Kind.LITERAL;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    out.append(bytes);
  }

  byte[] bytes() {
    return bytes.clone();
  }

  @Override
  public int fixedWidth() {
    return bytes.length;
  }

  @Override
  public String decode(byte[] key, int offset, int length) {
    return source;
  }

  @Override
  public List<Column> columns() {
    return List.of();
  }

  @Override
  public String toString() {
    return source;
  }
}
