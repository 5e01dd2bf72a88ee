package org.hbulk.mappers.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.SpecException;
import org.junit.jupiter.api.Test;

class ExprTest {
  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static int salt(String input, int buckets) {
    byte[] b = utf8(input);
    return (int) (Integer.toUnsignedLong(Murmur3.hash32(b, 0, b.length)) % buckets);
  }

  @Test
  void everyExpressionClassHasAKindOfItsOwn() {
    List<Class<?>> classes = new ArrayList<>();
    List<Class<?>> open = new ArrayList<>(List.of(Expr.class));
    while (!open.isEmpty()) {
      Class<?> c = open.remove(0);
      if (c.isSealed()) {
        open.addAll(List.of(c.getPermittedSubclasses()));
      } else if (!Modifier.isAbstract(c.getModifiers())) {
        classes.add(c);
      }
    }
    assertEquals(
        Expr.Kind.values().length,
        classes.size(),
        "Expr.Kind must have one constant per expression class: " + classes);
  }

  @Test
  void murmur3MatchesThePublishedX86_32Vectors() {
    assertEquals(0, Murmur3.hash32(new byte[0], 0, 0));
    assertEquals(0x248bfa47, Murmur3.hash32(utf8("hello"), 0, 5));
    byte[] fox = utf8("The quick brown fox jumps over the lazy dog");
    assertEquals(0x2e4ff723, Murmur3.hash32(fox, 0, fox.length));
  }

  @Test
  void concatenationOfColumnsAndLiteralsWithEscapes() throws Exception {
    Exprs e = new Exprs("a = string\nb = long", "a + \"#\" + b + '\\x00\\t' + \"é\"");
    assertArrayEquals(Bytes.add(utf8("x#42"), new byte[] {0, '\t'}, utf8("é")), e.bytes("x", "42"));
  }

  @Test
  void hashesAreTheStandardDigests() throws Exception {
    Exprs md5 = new Exprs("u = string", "md5(u)");
    assertArrayEquals(MessageDigest.getInstance("MD5").digest(utf8("aaa")), md5.bytes("aaa"));
    Exprs sha1 = new Exprs("u = string", "sha1(u)");
    assertArrayEquals(MessageDigest.getInstance("SHA-1").digest(utf8("aaa")), sha1.bytes("aaa"));
    Exprs sha256 = new Exprs("u = string", "sha256(u)");
    assertArrayEquals(
        MessageDigest.getInstance("SHA-256").digest(utf8("aaa")), sha256.bytes("aaa"));
    Exprs murmur = new Exprs("u = string", "hex(murmur3(u))");
    assertEquals("248bfa47", murmur.text("hello"));
  }

  @Test
  void seed000SixteenCharacterMd5IsHexCharacters8To24() throws Exception {
    String full = HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(utf8("aaa")));
    Exprs e = new Exprs("u = string", "mid(hex(md5(u)), 8, 16)");
    assertEquals(full.substring(8, 24), e.text("aaa"));
    assertEquals(16, e.key.fixedWidth());
    assertEquals(full.substring(0, 8), new Exprs("u = string", "left(hex(md5(u)), 8)").text("aaa"));
  }

  @Test
  void saltIsMurmur3ModBucketsInEveryFormat() throws Exception {
    for (String user : new String[] {"alice", "bob", "1454557429", "用户"}) {
      int bucket = salt(user, 16);
      assertEquals(
          String.format("%02d", bucket), new Exprs("u = string", "salt(u, 16)").text(user));
      assertEquals(
          String.format("%x", bucket), new Exprs("u = string", "salt(u, 16, hex)").text(user));
      assertArrayEquals(
          new byte[] {(byte) bucket}, new Exprs("u = string", "salt(u, 16, byte)").bytes(user));
      assertEquals(
          String.valueOf((char) ('a' + salt(user, 4))),
          new Exprs("u = string", "salt(u, 4, alpha)").text(user));
    }
  }

  @Test
  void seed000SaltPipeTimestampLayout() throws Exception {
    Exprs e = new Exprs("ts = long", "salt(ts, 10) + \"|\" + ts");
    assertEquals(salt("1454557429", 10) + "|1454557429", e.text("1454557429"));
  }

  @Test
  void seed003LetterSaltedKeys() throws Exception {
    Exprs e = new Exprs("id = string", "salt(id, 4, alpha) + \"-\" + id");
    for (String id : new String[] {"foo0001", "foo0002", "foo0003", "foo0004"}) {
      String key = e.text(id);
      assertTrue(key.matches("[a-d]-" + id), key);
      assertEquals((char) ('a' + salt(id, 4)), key.charAt(0));
    }
  }

  @Test
  void seed004ReversedOrderIds() throws Exception {
    Exprs e = new Exprs("order_id = string", "reverse(order_id)");
    assertEquals("101102", e.text("201101"));
    assertEquals("201102", e.text("201102"));
    assertEquals("文中", new Exprs("t = string", "reverse(t)").text("中文"));
  }

  @Test
  void reverseOfBytesThatAreNotTextRejectsTheRecordRatherThanShareAKey() throws Exception {
    // As characters, these two ids' bytes (80 00 00 00 and 00 80 00 00) would reverse alike.
    Exprs e = new Exprs("id = int", "reverse(binary(id))");
    for (String id : List.of("-2147483648", "8388608")) {
      RejectException r = assertThrows(RejectException.class, () -> e.bytes(id), id);
      assertEquals(RejectReason.BAD_VALUE, r.reason());
    }
    assertArrayEquals(new byte[] {5, 0, 0, 0}, e.bytes("5"), "ASCII bytes are text");
  }

  @Test
  void reverseTimestampIsMaxMinusTsInBinaryAndDecimal() throws Exception {
    Exprs bin = new Exprs("ts = long", "reverse_ts(ts)");
    assertArrayEquals(Bytes.toBytes(Long.MAX_VALUE - 1000L), bin.bytes("1000"));
    Exprs dec = new Exprs("ts = long", "reverse_ts(ts, dec)");
    assertEquals(String.format("%019d", Long.MAX_VALUE - 1000L), dec.text("1000"));
    assertTrue(Bytes.compareTo(bin.bytes("2000"), bin.bytes("1000")) < 0, "newer sorts first");
    assertTrue(dec.text("2000").compareTo(dec.text("1000")) < 0, "newer sorts first");
  }

  @Test
  void timeBucketIsTimestampModB() throws Exception {
    Exprs e = new Exprs("ts = timestamp(epoch-millis)", "bucket(ts, 16) + dec(ts, 13)");
    assertEquals(
        String.format("%02d%013d", 1700000000123L % 16, 1700000000123L), e.text("1700000000123"));
  }

  @Test
  void timeFloorAndFormatTime() throws Exception {
    long t = LocalDateTime.of(2026, 11, 22, 8, 37, 12).toInstant(ZoneOffset.UTC).toEpochMilli();
    long hour = LocalDateTime.of(2026, 11, 22, 8, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();
    Exprs floor = new Exprs("ts = timestamp(epoch-millis)", "time_floor(ts, hour)");
    assertArrayEquals(Bytes.toBytes(hour), floor.bytes(Long.toString(t)));
    Exprs seconds = new Exprs("ts = timestamp(epoch-millis)", "time_floor(ts, hour, seconds)");
    assertArrayEquals(Bytes.toBytes((int) (hour / 1000)), seconds.bytes(Long.toString(t)));
    Exprs day =
        new Exprs(
            "ts = timestamp(yyyy-MM-dd HH:mm:ss, Asia/Shanghai)", "format_time(ts, \"yyyyMMdd\")");
    assertEquals("20261123", day.text("2026-11-23 01:00:00"));
  }

  @Test
  void paddingFixesWidthAndCountsCuts() throws Exception {
    Exprs e = new Exprs("a = string", "lpad(a, 5) + rpad(a, 4, \"_\")");
    assertEquals("000abab__", e.text("ab"));
    Record r = e.record("abcdefg");
    org.hbulk.mappers.record.ByteBuilder b = new org.hbulk.mappers.record.ByteBuilder();
    e.key.appendTo(r, b);
    assertEquals("abcdeabcd", new String(b.toArray(), StandardCharsets.UTF_8));
    assertEquals(2, r.truncations());
  }

  @Test
  void decimalRejectsWhatWouldBreakTheOrder() throws Exception {
    Exprs e = new Exprs("n = long", "dec(n, 4)");
    assertEquals("0042", e.text("42"));
    RejectException negative = assertThrows(RejectException.class, () -> e.bytes("-1"));
    assertEquals(RejectReason.BAD_VALUE, negative.reason());
    assertThrows(RejectException.class, () -> e.bytes("12345"));
  }

  @Test
  void codesAndIpAddresses() throws Exception {
    Exprs e =
        new Exprs(
            "event = string\nip = string",
            "code(event, events) + ipv4(ip)",
            "[codes events]\nlogin = 01\nlogout = 02\n");
    assertArrayEquals(
        Bytes.add(utf8("02"), new byte[] {10, 0, 0, (byte) 255}), e.bytes("logout", "10.0.0.255"));
    RejectException unknown =
        assertThrows(RejectException.class, () -> e.bytes("crash", "10.0.0.1"));
    assertTrue(
        unknown.getMessage().contains("'crash' has no code in [codes events]"),
        unknown.getMessage());
    for (String bad : new String[] {"10.0.0", "10.0.0.256", "10.0.0.01", "a.b.c.d", "1.2.3.4.5"}) {
      assertThrows(RejectException.class, () -> e.bytes("login", bad), bad);
    }
    Exprs fallback =
        new Exprs("event = string", "code(event, events)", "[codes events]\nlogin = 1\n* = 9\n");
    assertEquals("9", fallback.text("crash"));
  }

  @Test
  void binaryIsHBaseBytesEncoding() throws Exception {
    Exprs e =
        new Exprs(
            "n = long\nd = double\ni = int\nb = boolean",
            "binary(n) + binary(d) + binary(i) + binary(b)");
    assertArrayEquals(
        Bytes.add(
            Bytes.add(Bytes.toBytes(-5L), Bytes.toBytes(2.5)), Bytes.toBytes(7), new byte[] {-1}),
        e.bytes("-5", "2.5", "7", "true"));
  }

  @Test
  void parseErrorsPointAtTheCharacterAndSayWhatWasExpected() {
    String[][] cases = {
      {
        "salt(u)",
        "at character 1 of 'salt(u)': salt takes (expression, buckets[, dec|hex|byte|alpha]), found 1 argument(s)"
      },
      {
        "salt(u, 1)",
        "at character 9 of 'salt(u, 1)': salt: buckets must be between 2 and 4096, found 1"
      },
      {
        "salt(u, 4, octal)",
        "at character 12 of 'salt(u, 4, octal)': salt expects dec|hex|byte|alpha here"
      },
      {"u + ", "expected a column, a \"string\" or a function, found the end of the expression"},
      {"u u", "at character 3 of 'u u': expected '+' or the end of the expression, found 'u'"},
      {"frob(u)", "at character 1 of 'frob(u)': unknown function 'frob'"},
      {"\"abc", "string not closed"},
      {"reverse_ts(u)", "reverse_ts needs a column of type timestamp or long; 'u' is string"},
      {"code(u, nope)", "no [codes nope] section in the spec"},
      {"md5", "unknown column 'md5' (columns: u); to call the function write md5(...)"},
    };
    for (String[] c : cases) {
      SpecException e =
          assertThrows(SpecException.class, () -> new Exprs("u = string", c[0]), c[0]);
      assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
      assertTrue(e.getMessage().startsWith("t.spec:6: key: "), e.getMessage());
    }
  }
}
