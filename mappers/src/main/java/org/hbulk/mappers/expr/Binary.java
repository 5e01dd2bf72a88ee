package org.hbulk.mappers.expr;

import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.spec.Column;

/**
 * {@code binary(column)}: the typed value in HBase's {@code Bytes.toBytes} encoding, as the Java
 * client reads it back: int 4 bytes, long and timestamp (epoch millis) 8 bytes, double 8 bytes
 * IEEE 754, boolean 1 byte (0xff or 0x00), string UTF-8. Big-endian two's complement does not sort
 * negative numbers before positive ones, so use it for values, not for range-scanned keys.
 */
final class Binary implements Expr {
  private final Column column;

  Binary(Column column) {
    this.column = column;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    int i = column.index();
    switch (column.type()) {
      case INT -> out.append(Bytes.toBytes((int) record.longValue(i)));
      case LONG, TIMESTAMP -> out.append(Bytes.toBytes(record.longValue(i)));
      case DOUBLE -> out.append(Bytes.toBytes(record.doubleValue(i)));
      case BOOLEAN -> out.append(record.longValue(i) != 0 ? (byte) -1 : (byte) 0);
      case STRING, SKIP -> out.appendUtf8(record.text(i));
    }
  }

  @Override
  public List<Column> columns() {
    return List.of(column);
  }

  @Override
  public String toString() {
    return "binary(" + column.name() + ")";
  }
}
