package org.hbulk.mappers.expr;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Row keys as text, both ways: how hbulk prints a key and how it reads one from a command line
 * ({@code scan --prefix}, {@code explain --decode}, {@code create-table --split-points}...), so
 * that whatever it prints reads back to the same bytes.
 *
 * <p>HBase's {@code Bytes.toBytesBinary} is not used to read: it takes only upper-case hex ({@code
 * \x0a} becomes the three characters {@code x0a}, the backslash dropped), skips a bad escape
 * without a word, and turns a non-ASCII character into one byte instead of its UTF-8.
 */
public final class KeyText {
  private KeyText() {}

  /** A key text that cannot be read; {@link #position()} is 1-based, in characters. */
  public static final class BadKeyText extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int position;

    BadKeyText(int position, String message) {
      super(message);
      this.position = position;
    }

    public int position() {
      return position;
    }
  }

  /**
   * A key as hbulk prints it: UTF-8 text without control characters as that text, a backslash
   * doubled; any other key in HBase's {@code Bytes.toStringBinary} notation (printable ASCII as is,
   * every other byte, the backslash included, as {@code \xHH}).
   */
  public static String format(byte[] key) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(key))
              .toString();
    } catch (CharacterCodingException e) {
      return Bytes.toStringBinary(key);
    }
    for (int i = 0; i < text.length(); i++) {
      if (Character.isISOControl(text.charAt(i))) {
        return Bytes.toStringBinary(key);
      }
    }
    return text.replace("\\", "\\\\");
  }

  /**
   * The bytes of a key written as text: {@code \xHH} (either case) is one raw byte, {@code \\} a
   * backslash, any other character its UTF-8.
   *
   * @throws BadKeyText for a backslash followed by anything else, naming the position
   */
  public static byte[] parse(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length());
    int run = 0;
    int i = 0;
    while (i < text.length()) {
      if (text.charAt(i) != '\\') {
        i++;
        continue;
      }
      out.writeBytes(text.substring(run, i).getBytes(StandardCharsets.UTF_8));
      char next = i + 1 < text.length() ? text.charAt(i + 1) : 0;
      if (next == '\\') {
        out.write('\\');
        i += 2;
      } else if (next == 'x') {
        int high = i + 2 < text.length() ? text.charAt(i + 2) : -1;
        int low = i + 3 < text.length() ? text.charAt(i + 3) : -1;
        // HexFormat takes ASCII digits only, where Character.digit also takes fullwidth ones.
        if (!HexFormat.isHexDigit(high) || !HexFormat.isHexDigit(low)) {
          throw new BadKeyText(
              i + 1,
              "\\x at character "
                  + (i + 1)
                  + " must be followed by two hex"
                  + " digits (0-9, a-f or A-F), not '"
                  + text.substring(i + 2, Math.min(text.length(), i + 4))
                  + "'; write \\\\ for a backslash");
        }
        out.write(HexFormat.fromHexDigit(high) << 4 | HexFormat.fromHexDigit(low));
        i += 4;
      } else {
        throw new BadKeyText(
            i + 1,
            "the backslash at character "
                + (i + 1)
                + " must start \\xHH"
                + " (a raw byte) or \\\\ (a backslash)"
                + (next == 0 ? ", but the text ends there" : ", not \\" + next));
      }
      run = i;
    }
    out.writeBytes(text.substring(run).getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }
}
