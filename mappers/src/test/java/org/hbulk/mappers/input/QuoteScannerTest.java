package org.hbulk.mappers.input;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hbulk.mappers.schema.CsvOptions;
import org.junit.jupiter.api.Test;

/** Whether a quoted field is still open after each line of a record, as commons-csv reads it. */
class QuoteScannerTest {
  private static final Charset LATIN1 = StandardCharsets.ISO_8859_1;

  private static CsvOptions options(char delimiter, Character escape, Charset cs, boolean trim) {
    return new CsvOptions(delimiter, '"', escape, false, cs, true, 1 << 20, trim);
  }

  /** Scans the lines as one record and returns, after each, whether a quote is still open. */
  private static List<Boolean> open(CsvOptions options, String... lines) {
    QuoteScanner scanner = new QuoteScanner(options);
    scanner.reset();
    List<Boolean> out = new ArrayList<>();
    for (String line : lines) {
      byte[] bytes = line.getBytes(options.charset());
      out.add(scanner.scan(bytes, 0, bytes.length));
    }
    return out;
  }

  @Test
  void quotesOpenOnlyAtAFieldStartAndDoubledQuotesStayInside() {
    CsvOptions o = options(',', null, StandardCharsets.UTF_8, false);
    assertEquals(List.of(false), open(o, "4,24\" screen"));
    assertEquals(List.of(true, false), open(o, "1,\"a,\"\"b\"\"", "c\""));
    assertEquals(List.of(false), open(o, "1,\"\"\"\"")); // one quote, doubled, in quotes
    assertEquals(List.of(false), open(o, "1, \"x")); // no trim: the space starts the field
  }

  @Test
  void byte0xFfInsideQuotesIsNotTakenForAMissingEscape() {
    // 0xFF is 'ÿ' in ISO-8859-1 and windows-1252 (and a stray byte in UTF-8); the missing escape
    // used to be -1, which the signed byte 0xFF equals, so the closing quote was skipped.
    assertEquals(List.of(false), open(options(',', null, LATIN1, false), "1,\"Lo\u00ff\""));
    assertEquals(
        List.of(false),
        open(options(',', null, Charset.forName("windows-1252"), false), "\"\u00ff\""));
    QuoteScanner utf8 = new QuoteScanner(options(',', null, StandardCharsets.UTF_8, false));
    utf8.reset();
    assertEquals(false, utf8.scan(new byte[] {'"', 'a', (byte) 0xFF, '"'}, 0, 4));
  }

  @Test
  void trimSkipsAnyWhitespaceButTheDelimiterBeforeAnOpeningQuote() {
    // commons-csv's ignoreSurroundingSpaces skips every Character.isWhitespace char that is not
    // the delimiter, not only ' '.
    CsvOptions comma = options(',', null, StandardCharsets.UTF_8, true);
    for (String ws : List.of(" ", "\t", "\u000b", "\f", "\u001c", "\u001f", " \t ")) {
      assertEquals(List.of(true, false), open(comma, "1," + ws + "\"x", "a,b\",c"), ws);
    }
    CsvOptions tab = options('\t', null, StandardCharsets.UTF_8, true);
    assertEquals(List.of(true), open(tab, "1\t \"x"));
    assertEquals(List.of(true), open(tab, "1\t\t\"x"), "a tab delimiter ends the field");
    assertEquals(List.of(false), open(tab, "1\tx\t\"y\""));
    CsvOptions untrimmed = options(',', null, StandardCharsets.UTF_8, false);
    assertEquals(List.of(false), open(untrimmed, "1,\t\"x"), "no trim: the tab is content");
  }

  @Test
  void anEscapeOutsideQuotesEscapesTheNextCharacter() {
    // commons-csv reads an escape in an unquoted field too: an escaped delimiter does not start a
    // field, so the quote after it is content, and an escaped quote at a field's start opens
    // nothing.
    CsvOptions o = options(',', '\\', StandardCharsets.UTF_8, false);
    assertEquals(List.of(false, false), open(o, "1,a\\,\"b", "2,\"c\""));
    assertEquals(List.of(false), open(o, "1,\\\"b"));
    assertEquals(List.of(true), open(o, "1,\\\\,\"b"), "an escaped escape: the comma delimits");
    assertEquals(List.of(true, false), open(o, "1,\"a\\\"", "b\""), "escaped quote inside");
    // A record ending in an escape outside quotes ends there (README: rejected as malformed).
    assertEquals(List.of(false), open(o, "1,a\\"));
  }

  /** The first character whose encoding in the charset is longer than a byte and ends in b. */
  static String endingIn(Charset cs, int b) {
    for (char c = 0x80; c < 0xFFFF; c++) {
      if (Character.isSurrogate(c) || !cs.newEncoder().canEncode(c)) {
        continue;
      }
      byte[] e = String.valueOf(c).getBytes(cs);
      if (e.length > 1 && e[e.length - 1] == b) {
        return String.valueOf(c);
      }
    }
    throw new AssertionError(cs + " has no character ending in byte " + b);
  }

  @Test
  void multiByteCharactersWhoseTrailByteLooksLikeTheEscapeOrDelimiterAreOneCharacter() {
    // 乗 in GBK is 0x81 0x5C: read as bytes, its second byte would be the escape and skip the
    // closing quote. And a trail byte 0x7C must not be taken for a '|' delimiter that starts a
    // field.
    for (String name :
        List.of("GBK", "GB18030", "Big5", "Big5-HKSCS", "Shift_JIS", "windows-31j")) {
      Charset cs = Charset.forName(name);
      String backslash = endingIn(cs, '\\');
      assertEquals(
          List.of(false, false),
          open(options(',', '\\', cs, false), "1,\"" + backslash + "\"", "2,\"b\""),
          name + " " + backslash);
      String bar = endingIn(cs, '|');
      assertEquals(
          List.of(false),
          open(options('|', null, cs, false), "1|" + bar + "\"a"),
          name + " " + bar);
    }
  }

  @Test
  void iso2022JpCharactersWrittenWithQuoteBytesDoNotCloseAQuote() {
    // ISO-2022-JP writes a kanji or a symbol as two ASCII bytes after ESC $ B: ◆ is 0x22 0x21,
    // whose first byte is the quote's.
    Charset jis = Charset.forName("ISO-2022-JP");
    CsvOptions o = options(',', null, jis, false);
    assertEquals(List.of(true, false), open(o, "1,\"x\u25c6", "y\""));
  }

  @Test
  void trimSkipsWhitespaceBeyondAsciiInUtf8() {
    CsvOptions o = options(',', null, StandardCharsets.UTF_8, true);
    for (String ws : List.of("\u3000", "\u2003", "\u1680", "\u2028", " \u3000\t")) {
      assertEquals(List.of(true), open(o, "1," + ws + "\"x"), ws);
    }
    // Not whitespace to Character.isWhitespace, so not skipped by commons-csv either.
    assertEquals(List.of(false), open(o, "1,\u00a0\"x"));
    assertEquals(List.of(false), open(o, "1,\u3001\"x"));
    assertEquals(
        List.of(false), open(options(',', null, StandardCharsets.UTF_8, false), "1,\u3000\"x"));
  }

  @Test
  void everyWhitespaceCharacterBeyondAsciiTakesThreeBytesInUtf8() {
    // The UTF-8 byte scan looks for whitespace beyond ASCII only among 3-byte characters.
    for (char c = 0x80; c < 0xFFFF; c++) {
      if (Character.isWhitespace(c)) {
        assertEquals(3, String.valueOf(c).getBytes(StandardCharsets.UTF_8).length, "U+" + (int) c);
      }
    }
  }
}
