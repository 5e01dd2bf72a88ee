package org.hbulk.mappers.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Keys on the command line: \xHH in either case, \\, UTF-8, and whatever hbulk prints reads back.
 */
class KeyTextTest {
  @Test
  void hexEscapesTakeEitherCase() {
    assertArrayEquals(
        new byte[] {'a', 10, 10, (byte) 0xff, (byte) 0xab, 'b'},
        KeyText.parse("a\\x0a\\x0A\\xfF\\xAbb"));
    assertArrayEquals(Bytes.toBytes("3|u00042|"), KeyText.parse("3|u00042|"));
  }

  @Test
  void aDoubledBackslashIsOneBackslashAndOtherCharactersAreUtf8() {
    assertArrayEquals(Bytes.toBytes("a\\b"), KeyText.parse("a\\\\b"));
    assertArrayEquals(
        Bytes.toBytes("a\\x41"),
        KeyText.parse("a\\\\x41"),
        "an escaped backslash starts no escape");
    assertArrayEquals("用户é".getBytes(StandardCharsets.UTF_8), KeyText.parse("用户é"));
  }

  @Test
  void aBackslashFollowedByAnythingElseIsRefusedWithItsPosition() {
    assertBad("ab\\xzz", 3, "not 'zz'");
    assertBad("ab\\x4", 3, "not '4'");
    assertBad("ab\\x", 3, "not ''");
    assertBad("\\x٣٣", 1, "two hex digits");
    assertBad("x\\n", 2, "not \\n");
    assertBad("key\\", 4, "the text ends there");
  }

  private static void assertBad(String text, int position, String says) {
    KeyText.BadKeyText e = assertThrows(KeyText.BadKeyText.class, () -> KeyText.parse(text), text);
    assertEquals(position, e.position(), e.getMessage());
    assertTrue(
        e.getMessage().contains("character " + position) && e.getMessage().contains(says),
        e.getMessage());
  }

  @Test
  void textKeysPrintAsTextWithTheBackslashDoubledOthersInHexNotation() {
    assertEquals("TheFakeMT|7", KeyText.format(Bytes.toBytes("TheFakeMT|7")));
    assertEquals("用户", KeyText.format("用户".getBytes(StandardCharsets.UTF_8)));
    assertEquals("a\\\\b", KeyText.format(Bytes.toBytes("a\\b")));
    assertEquals("\\x05|a\\x5Cb", KeyText.format(new byte[] {5, '|', 'a', '\\', 'b'}));
  }

  /**
   * Whatever hbulk prints (its own notation, HBase's toStringBinary, and the same with lower-case
   * hex) reads back to the same bytes, over random keys made to contain text, backslashes, UTF-8
   * sequences (some cut short) and raw bytes.
   */
  @Test
  void everyPrintedKeyReadsBackToTheSameBytes() {
    Random random = new Random(18);
    Pattern hex = Pattern.compile("\\\\x([0-9A-F]{2})");
    byte[][] pieces = {
      Bytes.toBytes("\\"),
      Bytes.toBytes("\\x4"),
      Bytes.toBytes("x0a"),
      "é".getBytes(StandardCharsets.UTF_8),
      "用".getBytes(StandardCharsets.UTF_8),
      "😀".getBytes(StandardCharsets.UTF_8),
      {(byte) 0xe7, (byte) 0x94},
      {0},
      {(byte) 0xff},
      {'\n'}
    };
    for (int n = 0; n < 20_000; n++) {
      byte[] key = new byte[0];
      int parts = random.nextInt(8);
      for (int p = 0; p < parts; p++) {
        byte[] piece =
            switch (random.nextInt(3)) {
              case 0 -> pieces[random.nextInt(pieces.length)];
              case 1 -> new byte[] {(byte) (32 + random.nextInt(95))};
              default -> new byte[] {(byte) random.nextInt(256)};
            };
        key = Bytes.add(key, piece);
      }
      String printed = KeyText.format(key);
      assertArrayEquals(key, KeyText.parse(printed), printed);
      String binary = Bytes.toStringBinary(key);
      assertArrayEquals(key, KeyText.parse(binary), binary);
      Matcher m = hex.matcher(binary);
      StringBuilder lower = new StringBuilder();
      while (m.find()) {
        m.appendReplacement(lower, Matcher.quoteReplacement("\\x" + m.group(1).toLowerCase()));
      }
      m.appendTail(lower);
      assertArrayEquals(key, KeyText.parse(lower.toString()), lower.toString());
    }
  }
}
