package org.hbulk.mappers.expr;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;

/**
 * {@code md5(expr)}, {@code sha1(expr)}, {@code sha256(expr)}: the raw digest (16, 20, 32 bytes);
 * {@code murmur3(expr)}: MurmurHash3 x86 32-bit, seed 0, as 4 big-endian bytes. Wrap in {@code
 * hex(...)} for text and in {@code left(...)}/{@code mid(...)} for a part of it.
 */
final class Digest extends TailTransform {
  enum Algorithm {
    MD5("MD5", 16),
    SHA1("SHA-1", 20),
    SHA256("SHA-256", 32),
    MURMUR3(null, 4);

    private final String jcaName;
    private final int width;
    // MessageDigest is not thread-safe; a task's map() runs on one thread, a test may run several.
    private final ThreadLocal<MessageDigest> digest;

    Algorithm(String jcaName, int width) {
      this.jcaName = jcaName;
      this.width = width;
      this.digest =
          jcaName == null
              ? null
              : ThreadLocal.withInitial(
                  () -> {
                    try {
                      return MessageDigest.getInstance(jcaName);
                    } catch (NoSuchAlgorithmException e) {
                      throw new IllegalStateException("every JVM ships " + jcaName, e);
                    }
                  });
    }

    String functionName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final Algorithm algorithm;

  Digest(Algorithm algorithm, Expr input) {
    super(input);
    this.algorithm = algorithm;
  }

  @Override
  public Kind kind() {
    return Kind.DIGEST;
  }

  @Override
  void transformTail(Record record, ByteBuilder out, int mark) {
    if (algorithm == Algorithm.MURMUR3) {
      int h = Murmur3.hash32(out.array(), mark, out.length() - mark);
      out.truncate(mark);
      out.append((byte) (h >>> 24))
          .append((byte) (h >>> 16))
          .append((byte) (h >>> 8))
          .append((byte) h);
      return;
    }
    MessageDigest md = algorithm.digest.get();
    md.update(out.array(), mark, out.length() - mark);
    out.truncate(mark);
    out.append(md.digest());
  }

  @Override
  public int fixedWidth() {
    return algorithm.width;
  }

  @Override
  public String toString() {
    return algorithm.functionName() + "(" + input() + ")";
  }
}
