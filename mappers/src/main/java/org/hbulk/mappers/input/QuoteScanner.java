package org.hbulk.mappers.input;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.hbulk.mappers.schema.CsvOptions;

/**
 * Tells whether a record is still inside a quoted field at the end of a line, the way commons-csv
 * reads quotes: a quote opens a field only at the field's start (after a delimiter or at the start
 * of the record, and with {@code trim} after whitespace that is not the delimiter), so the inch
 * mark in {@code 24" screen} does not open anything; an escape, inside quotes or out, escapes the
 * next character, and inside quotes a doubled quote stands for one quote.
 *
 * <p>commons-csv reads characters; the scanner is given a line's bytes. It reads the bytes as they
 * are only where that gives the same characters wherever it matters:
 *
 * <ul>
 *   <li>in a single-byte charset (ISO-8859-x, windows-125x...), where each byte is one character: a
 *       table, made once by decoding the 256 byte values, gives each byte the class of its
 *       character (quote, delimiter, escape, whitespace when trimming, other);
 *   <li>in UTF-8, where a multi-byte character holds no byte below 0x80: only whitespace beyond
 *       ASCII (U+3000...) needs a look at a whole character, when trimming at a field's start.
 * </ul>
 *
 * In any other charset (GBK, GB18030, Big5, Shift_JIS, EUC-*, ISO-2022-*...) a multi-byte character
 * can hold a byte that looks like the escape or the delimiter (乗 in GBK is 0x81 0x5C, its second
 * byte a backslash; ISO-2022-JP writes its characters with ASCII bytes only), so each line is
 * decoded in the charset and its characters are scanned. That is exact for every charset the spec
 * accepts, at the cost of a decode per line in those charsets and in multiline mode only. A probe
 * of lead bytes could keep the byte scan for a few more of them (EUC-JP, EUC-KR) but would have to
 * be right about charsets that shift state, so it is not tried.
 */
final class QuoteScanner {
  private static final byte OTHER = 0;
  private static final byte QUOTE = 1;
  private static final byte DELIMITER = 2;
  private static final byte ESCAPE = 3;

  /** Whitespace that is not the delimiter, when trimming; else such a character is OTHER. */
  private static final byte SPACE = 4;

  /** Stands for "no escape": no char equals it. */
  private static final int NONE = -1;

  private final char quote;
  private final char delimiter;
  private final int escape;
  private final boolean trim;

  /** The class of each byte value, when bytes are scanned as they are; null when decoding. */
  private final byte[] byteClass;

  /** Whether the bytes are UTF-8: a byte of 0x80 and above is then part of a longer character. */
  private final boolean utf8;

  /** Decodes a line when its bytes are not scanned as they are; null otherwise. */
  private final CharsetDecoder decoder;

  private boolean inQuote;
  private boolean atFieldStart;

  QuoteScanner(CsvOptions options) {
    this.quote = options.quote();
    this.delimiter = options.delimiter();
    this.escape = options.escape() == null ? NONE : options.escape();
    this.trim = options.trim();
    Charset charset = options.charset();
    this.utf8 = charset.equals(StandardCharsets.UTF_8);
    if (utf8) {
      byteClass = new byte[256];
      for (int b = 0; b < 0x80; b++) {
        byteClass[b] = classOf((char) b);
      }
      decoder = null;
    } else {
      byteClass = singleByteClasses(charset);
      decoder =
          byteClass != null
              ? null
              : charset
                  .newDecoder()
                  .onMalformedInput(CodingErrorAction.REPLACE)
                  .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }
  }

  /**
   * The class of each byte value when the charset reads every byte as one character, whatever comes
   * before or after it; null for any other charset.
   */
  private byte[] singleByteClasses(Charset charset) {
    if (charset.newEncoder().maxBytesPerChar() != 1f) {
      return null;
    }
    byte[] all = new byte[256];
    for (int b = 0; b < all.length; b++) {
      all[b] = (byte) b;
    }
    String together = new String(all, charset);
    if (together.length() != all.length) {
      return null;
    }
    byte[] classes = new byte[256];
    for (int b = 0; b < all.length; b++) {
      String alone = new String(all, b, 1, charset);
      if (alone.length() != 1 || alone.charAt(0) != together.charAt(b)) {
        return null;
      }
      classes[b] = classOf(alone.charAt(0));
    }
    return classes;
  }

  private byte classOf(char c) {
    if (c == quote) {
      return QUOTE;
    }
    if (c == delimiter) {
      return DELIMITER;
    }
    if (c == escape) {
      return ESCAPE;
    }
    // commons-csv's ignoreSurroundingSpaces skips any whitespace that is not the delimiter.
    return trim && Character.isWhitespace(c) ? SPACE : OTHER;
  }

  /** Starts a new record. */
  void reset() {
    inQuote = false;
    atFieldStart = true;
  }

  /**
   * Scans one physical line of the record; returns whether a quoted field is still open after it.
   * An escape that ends the line escapes the line break: inside quotes the field goes on; outside
   * quotes the record ends there, and is rejected as malformed, as the README says.
   */
  boolean scan(byte[] bytes, int offset, int length) {
    return byteClass != null
        ? scanBytes(bytes, offset, length)
        : scanChars(decode(bytes, offset, length));
  }

  private boolean scanBytes(byte[] bytes, int offset, int length) {
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      byte c = byteClass[bytes[i] & 0xff];
      if (c == OTHER && utf8 && trim && atFieldStart && !inQuote && isUtf8Space(bytes, i, end)) {
        i += 2; // whitespace beyond ASCII, three bytes, before a field
      } else {
        i +=
            step(
                c, inQuote && c == QUOTE && i + 1 < end && byteClass[bytes[i + 1] & 0xff] == QUOTE);
      }
    }
    return inQuote;
  }

  /** {@link #scanBytes} on characters. */
  private boolean scanChars(CharBuffer chars) {
    int end = chars.limit();
    for (int i = chars.position(); i < end; i++) {
      byte c = classOf(chars.get(i));
      i += step(c, inQuote && c == QUOTE && i + 1 < end && chars.get(i + 1) == quote);
    }
    return inQuote;
  }

  /**
   * Reads one character of class {@code c}; returns how many of the next characters it takes with
   * it (the one an escape escapes, the second quote of a doubled quote).
   */
  private int step(byte c, boolean quoteFollows) {
    if (inQuote) {
      if (c == ESCAPE) {
        return 1;
      }
      if (c == QUOTE) {
        if (quoteFollows) {
          return 1; // a doubled quote stands for one quote character
        }
        inQuote = false;
      }
      return 0;
    }
    if (c == ESCAPE) {
      atFieldStart = false; // an escaped delimiter starts no field, an escaped quote opens nothing
      return 1;
    }
    if (c == QUOTE) {
      inQuote = atFieldStart;
      atFieldStart = false;
    } else if (c == DELIMITER) {
      atFieldStart = true;
    } else if (!(atFieldStart && c == SPACE)) {
      atFieldStart = false;
    }
    return 0;
  }

  /**
   * Whether a whitespace character beyond ASCII starts at {@code i}: every such character (U+1680,
   * U+2000..U+200A, U+2028, U+2029, U+205F, U+3000) takes 3 bytes in UTF-8.
   */
  private static boolean isUtf8Space(byte[] bytes, int i, int end) {
    if (i + 2 >= end) {
      return false;
    }
    int b0 = bytes[i] & 0xff;
    int b1 = bytes[i + 1] & 0xff;
    int b2 = bytes[i + 2] & 0xff;
    if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) {
      return false;
    }
    int c = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F);
    return c >= 0x800 && Character.isWhitespace(c);
  }

  /**
   * The line's characters. Bytes that are not valid in the charset become replacement characters:
   * the record is rejected for them anyway ({@code BAD_ENCODING}); only where it ends matters here.
   */
  private CharBuffer decode(byte[] bytes, int offset, int length) {
    try {
      return decoder.decode(ByteBuffer.wrap(bytes, offset, length));
    } catch (CharacterCodingException e) {
      throw new IllegalStateException("a replacing decoder failed", e); // it reports nothing
    }
  }
}
