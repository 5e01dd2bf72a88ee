package org.hbulk.mappers.expr;

import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;

/**
 * {@code binary(column)}: the typed value in HBase's {@code Bytes.toBytes} encoding, as the Java
 * client reads it back: int 4 bytes, long and timestamp (epoch millis) 8 bytes, double 8 bytes IEEE
 * 754, boolean 1 byte (0xff or 0x00), string UTF-8. Big-endian two's complement does not sort
 * negative numbers before positive ones: for range-scanned keys use {@code sortable(column)}.
 */
final class Binary extends ColumnEncoder {
  Binary(Column column) {
    super(column);
  }

  @Override
  public Kind kind() {
    return Kind.BINARY;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    int i = column.index();
    switch (column.type()) {
      case INT -> out.append(Bytes.toBytes((int) record.longValue(i)));
      case LONG, TIMESTAMP -> appendLong(out, record.longValue(i));
      case DOUBLE -> out.append(Bytes.toBytes(record.doubleValue(i)));
      case BOOLEAN -> out.append(record.longValue(i) != 0 ? (byte) -1 : (byte) 0);
      case STRING, SKIP -> record.appendUtf8(i, out);
    }
  }

  @Override
  public int fixedWidth() {
    return switch (column.type()) {
      case INT -> 4;
      case LONG, TIMESTAMP, DOUBLE -> 8;
      case BOOLEAN -> 1;
      case STRING, SKIP -> -1;
    };
  }

  @Override
  public boolean growsWithTime() {
    return column.type() == org.hbulk.mappers.schema.ColumnType.TIMESTAMP;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    if (length != fixedWidth() && fixedWidth() >= 0) {
      return null;
    }
    return switch (column.type()) {
      case INT -> Integer.toString(Bytes.toInt(b, offset));
      case LONG -> Long.toString(readLong(b, offset));
      case TIMESTAMP -> showTime(readLong(b, offset));
      case DOUBLE -> Double.toString(Bytes.toDouble(b, offset));
      case BOOLEAN -> Boolean.toString(b[offset] != 0);
      case STRING, SKIP -> new String(b, offset, length, java.nio.charset.StandardCharsets.UTF_8);
    };
  }

  @Override
  public String toString() {
    return "binary(" + column.name() + ")";
  }
}
