package org.hbulk.mappers.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.hbulk.mappers.expr.Exprs.values;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The seeds' worked examples, read back through the same expressions that write the keys. */
class KeyReaderTest {
  /** Seed 000: three users, reversed timestamps 1..9 within a window of 10. */
  private static final Object[][] POSTS = {
      {"TheRealMT", 1}, {"TheRealMT", 2}, {"TheRealMT", 5}, {"TheRealMT", 8},
      {"TheFakeMT", 2}, {"TheFakeMT", 3}, {"TheFakeMT", 4}, {"TheFakeMT", 5}, {"TheFakeMT", 6},
      {"Olivia", 1}, {"Olivia", 2}, {"Olivia", 5}, {"Olivia", 7}, {"Olivia", 9}};

  /** The posts' keys in the order HBase stores them; a reversed value r means ts = 10 - r. */
  private static List<byte[]> storedKeys(Exprs e) throws Exception {
    List<byte[]> keys = new ArrayList<>();
    for (Object[] p : POSTS) {
      keys.add(e.bytes((String) p[0], Long.toString(10 - (int) p[1])));
    }
    keys.sort(Bytes.BYTES_COMPARATOR);
    return keys;
  }

  @Test
  void seed000UserThenReverseTimestampKeepsEachUsersNewestPostsTogether() throws Exception {
    Exprs e = new Exprs("user = string\nts = long", "user + reverse_ts(ts)");
    List<String> order = new ArrayList<>();
    for (byte[] k : storedKeys(e)) {
      String user = new String(k, 0, k.length - 8, StandardCharsets.UTF_8);
      long reversed = Long.MAX_VALUE - Bytes.toLong(k, k.length - 8);
      order.add(user + (10 - reversed));
    }
    // The seed's table, in the order HBase stores it.
    assertEquals(List.of("Olivia1", "Olivia2", "Olivia5", "Olivia7", "Olivia9", "TheFakeMT2",
        "TheFakeMT3", "TheFakeMT4", "TheFakeMT5", "TheFakeMT6", "TheRealMT1", "TheRealMT2",
        "TheRealMT5", "TheRealMT8"), order);
    // One prefix scan returns a user's posts, newest first.
    List<KeyReader.Range> scans = e.reader().prefixScans(values("user", "TheFakeMT"));
    assertEquals(1, scans.size());
    assertArrayEquals(Bytes.toBytes("TheFakeMT"), scans.get(0).start());
    assertArrayEquals(Bytes.toBytes("TheFakeMU"), scans.get(0).stop());
  }

  @Test
  void seed000ReverseTimestampThenUserInterleavesUsers() throws Exception {
    Exprs e = new Exprs("user = string\nts = long", "reverse_ts(ts) + user");
    List<String> order = new ArrayList<>();
    for (byte[] k : storedKeys(e)) {
      long reversed = Long.MAX_VALUE - Bytes.toLong(k, 0);
      order.add((10 - reversed) + new String(k, 8, k.length - 8, StandardCharsets.UTF_8));
    }
    assertEquals(List.of("1Olivia", "1TheRealMT", "2Olivia", "2TheFakeMT", "2TheRealMT", "3TheFakeMT",
        "4TheFakeMT", "5Olivia", "5TheFakeMT", "5TheRealMT", "6TheFakeMT", "7Olivia", "8TheRealMT",
        "9Olivia"), order);
    assertThrows(IllegalArgumentException.class, () -> e.reader().prefixScans(values("user", "Olivia")),
        "a user's posts are not under one prefix in this layout");
  }

  @Test
  void seed000EverythingForAaaFromADateOn() throws Exception {
    Exprs e = new Exprs("user = string\nday = timestamp(yyyyMMdd, UTC)\nseq = string",
        "mid(hex(md5(user)), 8, 16) + \"#\" + format_time(day, \"yyyyMMdd\") + \"#\" + seq");
    String md5 = new String(new Exprs("user = string", "mid(hex(md5(user)), 8, 16)").bytes("aaa"),
        StandardCharsets.UTF_8);
    long from = e.record("aaa", "20190103", "0").longValue(1);
    List<KeyReader.Range> scans = e.reader().timeRangeScans(values("user", "aaa"), "day", from,
        OptionalLong.empty());
    assertEquals(1, scans.size());
    byte[] start = scans.get(0).start();
    byte[] stop = scans.get(0).stop();
    assertEquals(md5 + "#20190103", Bytes.toString(start));
    assertEquals(md5 + "$", Bytes.toString(stop), "the end of aaa's rows, like the seed's #9~");
    // The seed's rows: the first is before the range, the others in it, and so is the seed's own start row.
    String[][] rows = {{"20190102", "001"}, {"20190103", "101"}, {"20190104", "221"}, {"20190105", "431"}};
    for (int i = 0; i < rows.length; i++) {
      byte[] row = e.bytes("aaa", rows[i][0], rows[i][1]);
      boolean in = Bytes.compareTo(row, start) >= 0 && Bytes.compareTo(row, stop) < 0;
      assertEquals(i > 0, in, Bytes.toString(row));
    }
    byte[] seedStart = Bytes.toBytes(md5 + "#20190103#0");
    byte[] seedStop = Bytes.toBytes(md5 + "#9~");
    assertTrue(Bytes.compareTo(seedStart, start) >= 0 && Bytes.compareTo(seedStop, stop) < 0);
  }

  @Test
  void seed003BucketTimestampHostEventFansOutOneScanPerBucket() throws Exception {
    Exprs e = new Exprs("ts = timestamp(epoch-millis)\nhost = string\nevent = string",
        "bucket(ts, 8) + dec(ts, 13) + host + \"|\" + code(event, events)",
        "[codes events]\nlogin = 1\nlogout = 2\n");
    byte[] row = e.bytes("1700000000005", "web01", "logout");
    assertEquals("5" + "1700000000005" + "web01|2", Bytes.toString(row));
    List<KeyReader.Range> all = e.reader().timeRangeScans(values(), "ts", 1700000000000L,
        OptionalLong.of(1700000060000L));
    assertEquals(8, all.size(), "one scan per bucket");
    int hits = 0;
    for (KeyReader.Range r : all) {
      if (Bytes.compareTo(row, r.start()) >= 0 && Bytes.compareTo(row, r.stop()) < 0) {
        hits++;
      }
    }
    assertEquals(1, hits, "the row lies in exactly one of the scans");
    assertEquals(3, e.reader().timeRangeScans(values(), "ts", 1700000000000L,
        OptionalLong.of(1700000000003L)).size(), "a 3 ms range touches 3 buckets");
    List<KeyReader.Part> parts = e.reader().decode(row);
    assertEquals("bucket 5 of 8", parts.get(0).meaning());
    assertEquals("2023-11-14T22:13:20.005Z", parts.get(1).meaning());
    assertEquals("web01", parts.get(2).meaning());
    assertEquals("logout", parts.get(4).meaning());
  }

  @Test
  void reverseTimestampRangeStartsAtTheNewestRow() throws Exception {
    Exprs e = new Exprs("user = string\nts = long", "user + \"|\" + reverse_ts(ts)");
    List<KeyReader.Range> scans = e.reader().timeRangeScans(values("user", "u1"), "ts", 100,
        OptionalLong.of(200));
    KeyReader.Range r = scans.get(0);
    for (long ts = 90; ts < 210; ts++) {
      byte[] row = e.bytes("u1", Long.toString(ts));
      boolean in = Bytes.compareTo(row, r.start()) >= 0 && Bytes.compareTo(row, r.stop()) < 0;
      assertEquals(ts >= 100 && ts < 200, in, "ts " + ts);
    }
  }

  @Test
  void saltedPrefixScanIsOneScanWhenTheSaltInputIsGivenElseOnePerBucket() throws Exception {
    Exprs e = new Exprs("user = string\nid = long", "salt(user, 4) + \"|\" + user + \"|\" + id");
    List<KeyReader.Range> one = e.reader().prefixScans(values("user", "u7"));
    assertEquals(1, one.size());
    assertEquals(new String(e.bytes("u7", "1")).substring(0, 5), Bytes.toString(one.get(0).start()),
        "salt, user and the separator after it");
    Exprs byId = new Exprs("user = string\nid = long", "salt(id, 4) + \"|\" + user + \"|\" + id");
    assertEquals(4, byId.reader().prefixScans(values("user", "u7")).size());
    assertArrayEquals(e.bytes("u7", "12"), e.reader().getKey(values("user", "u7", "id", "12")));
    assertThrows(IllegalArgumentException.class, () -> e.reader().getKey(values("user", "u7")));
  }

  @Test
  void decodeReadsBackEveryReversiblePart() throws Exception {
    Exprs e = new Exprs("user = string\nts = timestamp(epoch-millis)\nn = int\nip = string\nx = double",
        "salt(user, 16) + reverse(user) + \"|\" + reverse_ts(ts) + sortable(n) + ipv4(ip) + lpad(user, 8)"
            + " + sortable(x) + hex(md5(user))");
    byte[] row = e.bytes("alice", "1700000000000", "-42", "192.168.1.7", "-2.5");
    List<KeyReader.Part> parts = e.reader().decode(row);
    List<String> meanings = new ArrayList<>();
    for (KeyReader.Part p : parts) {
      meanings.add(p.meaning());
    }
    assertEquals("bucket " + (int) (Integer.toUnsignedLong(Murmur3.hash32(Bytes.toBytes("alice"), 0, 5)) % 16)
        + " of 16", meanings.get(0));
    assertEquals(List.of("alice", "\"|\"", "2023-11-14T22:13:20Z", "-42", "192.168.1.7", "alice", "-2.5"),
        meanings.subList(1, 8));
    assertEquals(null, meanings.get(8), "an MD5 cannot be read back");
  }
}
