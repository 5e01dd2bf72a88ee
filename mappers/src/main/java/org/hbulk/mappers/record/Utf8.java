package org.hbulk.mappers.record;

/**
 * Whether bytes are well-formed UTF-8 as the Unicode standard defines it (its table 3-7: no
 * overlong forms, no surrogates, nothing above U+10FFFF, no cut-off sequence), which is what Java's
 * strict UTF-8 decoder accepts: a record it would reject must not be cut as bytes.
 */
public final class Utf8 {
  private Utf8() {}

  static boolean wellFormed(byte[] bytes, int length) {
    return wellFormed(bytes, 0, length);
  }

  /** Whether {@code bytes[from, to)} are well-formed UTF-8. */
  public static boolean wellFormed(byte[] bytes, int from, int to) {
    int i = from;
    int length = to;
    while (i < length) {
      int c = bytes[i] & 0xff;
      if (c < 0x80) {
        i++;
        continue;
      }
      int more;
      int low = 0x80;
      int high = 0xbf;
      if (c >= 0xc2 && c <= 0xdf) {
        more = 1;
      } else if (c >= 0xe0 && c <= 0xef) {
        more = 2;
        low = c == 0xe0 ? 0xa0 : low;
        high = c == 0xed ? 0x9f : high;
      } else if (c >= 0xf0 && c <= 0xf4) {
        more = 3;
        low = c == 0xf0 ? 0x90 : low;
        high = c == 0xf4 ? 0x8f : high;
      } else {
        return false;
      }
      if (length - i <= more) {
        return false;
      }
      int second = bytes[i + 1] & 0xff;
      if (second < low || second > high) {
        return false;
      }
      for (int k = 2; k <= more; k++) {
        int next = bytes[i + k] & 0xff;
        if (next < 0x80 || next > 0xbf) {
          return false;
        }
      }
      i += more + 1;
    }
    return true;
  }
}
