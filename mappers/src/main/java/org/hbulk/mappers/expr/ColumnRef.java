package org.hbulk.mappers.expr;

import java.util.List;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/** A column's field as it was written in the CSV, encoded as UTF-8. */
final class ColumnRef implements Expr {
  private final Column column;

  /** Made once: the converter asks for it several times a record. */
  private final List<Column> columns;

  ColumnRef(Column column) {
    this.column = column;
    this.columns = List.of(column);
  }

  Column column() {
    return column;
  }

  @Override
  public Kind kind() {
    return Kind.COLUMN;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    record.appendUtf8(column.index(), out);
  }

  @Override
  public boolean growsWithTime() {
    ColumnType t = column.type();
    return t == ColumnType.TIMESTAMP || t == ColumnType.LONG || t == ColumnType.INT;
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    return new String(bytes, offset, length, java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public List<Column> columns() {
    return columns;
  }

  @Override
  public String toString() {
    return column.name();
  }
}
