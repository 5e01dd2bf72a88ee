package org.hbulk.mappers.expr;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.hbulk.mappers.record.ByteBuilder;

/** {@code md5(expr)}: the 16 raw bytes of the MD5 digest; wrap in {@code hex(...)} for text. */
final class Md5 extends TailTransform {
  // MessageDigest is not thread-safe; a task's map() runs on one thread, a test may run several.
  private static final ThreadLocal<MessageDigest> DIGEST = ThreadLocal.withInitial(() -> {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM ships MD5", e);
    }
  });

  Md5(Expr input) {
    super(input);
  }

  @Override
  void transformTail(ByteBuilder out, int mark) {
    MessageDigest md = DIGEST.get();
    md.update(out.array(), mark, out.length() - mark);
    out.truncate(mark);
    out.append(md.digest());
  }

  @Override
  public String toString() {
    return "md5(" + input() + ")";
  }
}
