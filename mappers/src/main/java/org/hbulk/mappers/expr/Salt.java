package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;

/**
 * {@code salt(expr, N[, dec|hex|byte|alpha])}: a bucket number {@code murmur3_32(bytes of expr) mod
 * N} (the hash read as unsigned), written as zero-padded decimal (default), zero-padded lowercase
 * hex, one binary byte, or one letter {@code a}.. (as in {@code a-foo0003}). Deterministic: the
 * same input gives the same bucket in every run and JVM.
 */
public final class Salt implements Expr {
  /** How the bucket number is written. */
  public enum Format {
    DEC,
    HEX,
    BYTE,
    ALPHA
  }

  private final Expr input;
  private final int buckets;
  private final Format format;
  private final byte[][] prefixes;

  Salt(Expr input, int buckets, Format format) {
    this.input = input;
    this.buckets = buckets;
    this.format = format;
    this.prefixes = encodeAll(buckets, format);
  }

  /** The bytes of every bucket number 0..buckets-1 in a format, all of one width. */
  static byte[][] encodeAll(int buckets, Format format) {
    byte[][] all = new byte[buckets][];
    for (int b = 0; b < buckets; b++) {
      all[b] =
          switch (format) {
            case BYTE -> new byte[] {(byte) b};
            case ALPHA -> new byte[] {(byte) ('a' + b)};
            case DEC -> pad(Integer.toString(b), Integer.toString(buckets - 1).length());
            case HEX -> pad(Integer.toHexString(b), Integer.toHexString(buckets - 1).length());
          };
    }
    return all;
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
  public Kind kind() {
    return Kind.SALT;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    int mark = out.length();
    input.appendTo(record, out);
    int bucket = bucketOf(out.array(), mark, out.length() - mark);
    out.truncate(mark);
    out.append(prefixes[bucket]);
  }

  @Override
  public int fixedWidth() {
    return prefixes[0].length;
  }

  @Override
  public String decode(byte[] bytes, int offset, int length) {
    return describeBucket(prefixes, bytes, offset, length);
  }

  /** "bucket B of N" for the bytes of one of the encoded buckets, else null. */
  static String describeBucket(byte[][] encoded, byte[] bytes, int offset, int length) {
    for (int b = 0; b < encoded.length; b++) {
      if (java.util.Arrays.equals(
          encoded[b], 0, encoded[b].length, bytes, offset, offset + length)) {
        return "bucket " + b + " of " + encoded.length;
      }
    }
    return null;
  }

  /** Every bucket's prefix, bucket 0 first: a range read fans out into one scan per prefix. */
  public List<byte[]> prefixes() {
    List<byte[]> all = new ArrayList<>();
    for (byte[] p : prefixes) {
      all.add(p.clone());
    }
    return all;
  }

  /** The salt's input expression. */
  public Expr input() {
    return input;
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
    return "salt("
        + input
        + ", "
        + buckets
        + (format == Format.DEC ? "" : ", " + format.name().toLowerCase(Locale.ROOT))
        + ")";
  }
}
