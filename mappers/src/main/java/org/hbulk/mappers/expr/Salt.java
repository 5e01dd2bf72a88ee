package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.spec.Column;

/**
 * {@code salt(expr, N[, dec|hex|byte])}: a bucket number {@code murmur3_32(bytes of expr) mod N}
 * (the hash read as unsigned), written as zero-padded decimal (default), zero-padded lowercase hex,
 * or one binary byte. Deterministic: the same input gives the same bucket in every run and JVM.
 */
public final class Salt implements Expr {
  /** How the bucket number is written. */
  public enum Format { DEC, HEX, BYTE }

  private final Expr input;
  private final int buckets;
  private final Format format;
  private final byte[][] prefixes;

  Salt(Expr input, int buckets, Format format) {
    this.input = input;
    this.buckets = buckets;
    this.format = format;
    this.prefixes = new byte[buckets][];
    for (int b = 0; b < buckets; b++) {
      prefixes[b] = switch (format) {
        case BYTE -> new byte[] {(byte) b};
        case DEC -> pad(Integer.toString(b), Integer.toString(buckets - 1).length());
        case HEX -> pad(Integer.toHexString(b), Integer.toHexString(buckets - 1).length());
      };
    }
  }

  public int buckets() {
    return buckets;
  }

  /** The bucket of the given input bytes. */
  public int bucketOf(byte[] data, int offset, int length) {
    return (int) (Integer.toUnsignedLong(Murmur3.hash32(data, offset, length)) % buckets);
  }

  /** The bytes that stand for a bucket at the front of a key. */
  public byte[] encode(int bucket) {
    return prefixes[bucket].clone();
  }

  private static byte[] pad(String digits, int width) {
    return ("0".repeat(width - digits.length()) + digits).getBytes(StandardCharsets.US_ASCII);
  }

  /** Every bucket's prefix but the first: the split points of one region per bucket. */
  public List<byte[]> splitPoints() {
    List<byte[]> points = new ArrayList<>();
    for (int b = 1; b < buckets; b++) {
      points.add(encode(b));
    }
    return points;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) {
    int mark = out.length();
    input.appendTo(record, out);
    int bucket = bucketOf(out.array(), mark, out.length() - mark);
    out.truncate(mark);
    out.append(prefixes[bucket]);
  }

  @Override
  public List<Column> columns() {
    return input.columns();
  }

  @Override
  public java.util.Optional<Salt> leadingSalt() {
    return java.util.Optional.of(this);
  }

  @Override
  public String toString() {
    return "salt(" + input + ", " + buckets
        + (format == Format.DEC ? "" : ", " + format.name().toLowerCase(Locale.ROOT)) + ")";
  }
}
