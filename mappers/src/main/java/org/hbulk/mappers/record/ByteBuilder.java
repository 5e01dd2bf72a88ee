package org.hbulk.mappers.record;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array reused across records, so that building a key does not allocate. */
public final class ByteBuilder {
  private byte[] bytes;
  private int length;

  public ByteBuilder(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  public ByteBuilder() {
    this(64);
  }

  public int length() {
    return length;
  }

  /** The backing array; valid up to {@link #length()}. */
  public byte[] array() {
    return bytes;
  }

  public void clear() {
    length = 0;
  }

  /** Drops everything from {@code newLength} on. */
  public void truncate(int newLength) {
    length = newLength;
  }

  public ByteBuilder append(byte b) {
    ensure(1);
    bytes[length++] = b;
    return this;
  }

  public ByteBuilder append(byte[] b) {
    return append(b, 0, b.length);
  }

  public ByteBuilder append(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, bytes, length, len);
    length += len;
    return this;
  }

  public ByteBuilder appendUtf8(String s) {
    // ASCII is the common case for keys and numbers: copy it without an encoder.
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        // The ASCII bytes copied so far lie beyond length and are simply overwritten.
        return append(s.getBytes(StandardCharsets.UTF_8));
      }
      bytes[length + i] = (byte) c;
    }
    length += n;
    return this;
  }

  public byte[] toArray() {
    return Arrays.copyOf(bytes, length);
  }

  public byte[] copyOfRange(int from, int to) {
    return Arrays.copyOfRange(bytes, from, to);
  }

  private void ensure(int extra) {
    if (length + extra > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + extra));
    }
  }
}
