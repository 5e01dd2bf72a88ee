package org.hbulk.mappers.record;

/**
 * Reads a whole number from ASCII bytes without a String: an optional sign and up to 18 digits,
 * which cannot overflow a long. Anything else is left to {@link Long#parseLong} and {@link
 * Integer#parseInt} on the field's text, which accept or reject it as they always did.
 */
final class WholeNumber {
  /** What {@link #parse} returns for bytes it does not read; no 18-digit number is this. */
  static final long NOT_PLAIN = Long.MIN_VALUE;

  private static final int MAX_DIGITS = 18;

  private WholeNumber() {}

  static long parse(byte[] bytes, int from, int to) {
    int i = from;
    boolean negative = false;
    if (i < to && (bytes[i] == '-' || bytes[i] == '+')) {
      negative = bytes[i] == '-';
      i++;
    }
    if (i == to || to - i > MAX_DIGITS) {
      return NOT_PLAIN;
    }
    long n = 0;
    for (; i < to; i++) {
      int d = bytes[i] - '0';
      if (d < 0 || d > 9) {
        return NOT_PLAIN;
      }
      n = n * 10 + d;
    }
    return negative ? -n : n;
  }
}
