package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.schema.Column;

/**
 * {@code bucket(column, B[, dec|hex|byte])}: {@code value mod B} of a timestamp (epoch millis) or
 * integer column, written like a salt bucket; a key {@code [bucket][timestamp][host][event]}
 * spreads consecutive times over B regions and a time-range read fans out into B scans.
 */
final class TimeBucket extends ColumnEncoder {
  private final int buckets;
  private final Salt.Format format;
  private final byte[][] prefixes;

  TimeBucket(Column column, int buckets, Salt.Format format) {
    super(column);
    this.buckets = buckets;
    this.format = format;
    this.prefixes = Salt.encodeAll(buckets, format);
  }

  int buckets() {
    return buckets;
  }

  /** Every bucket's bytes, bucket 0 first. */
  byte[][] prefixes() {
    return prefixes.clone();
  }

  @Override
  public Kind kind() {
    return Kind.TIME_BUCKET;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    out.append(prefixes[(int) Math.floorMod(record.longValue(column.index()), (long) buckets)]);
  }

  @Override
  public int fixedWidth() {
    return prefixes[0].length;
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    return Salt.describeBucket(prefixes, bytes, offset, length);
  }

  @Override
  public String toString() {
    return "bucket("
        + column.name()
        + ", "
        + buckets
        + (format == Salt.Format.DEC ? "" : ", " + format.name().toLowerCase(java.util.Locale.ROOT))
        + ")";
  }
}
