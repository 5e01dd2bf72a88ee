package org.hbulk.mappers.expr;

import static org.hbulk.mappers.expr.Exprs.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.TreeSet;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The seeds' worked examples, read back through the same expressions that write the keys. */
class KeyReaderTest {
  /** Seed 000: three users, reversed timestamps 1..9 within a window of 10. */
  private static final Object[][] POSTS = {
    {"TheRealMT", 1},
    {"TheRealMT", 2},
    {"TheRealMT", 5},
    {"TheRealMT", 8},
    {"TheFakeMT", 2},
    {"TheFakeMT", 3},
    {"TheFakeMT", 4},
    {"TheFakeMT", 5},
    {"TheFakeMT", 6},
    {"Olivia", 1},
    {"Olivia", 2},
    {"Olivia", 5},
    {"Olivia", 7},
    {"Olivia", 9}
  };

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
    assertEquals(
        List.of(
            "Olivia1",
            "Olivia2",
            "Olivia5",
            "Olivia7",
            "Olivia9",
            "TheFakeMT2",
            "TheFakeMT3",
            "TheFakeMT4",
            "TheFakeMT5",
            "TheFakeMT6",
            "TheRealMT1",
            "TheRealMT2",
            "TheRealMT5",
            "TheRealMT8"),
        order);
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
    assertEquals(
        List.of(
            "1Olivia",
            "1TheRealMT",
            "2Olivia",
            "2TheFakeMT",
            "2TheRealMT",
            "3TheFakeMT",
            "4TheFakeMT",
            "5Olivia",
            "5TheFakeMT",
            "5TheRealMT",
            "6TheFakeMT",
            "7Olivia",
            "8TheRealMT",
            "9Olivia"),
        order);
    assertThrows(
        IllegalArgumentException.class,
        () -> e.reader().prefixScans(values("user", "Olivia")),
        "a user's posts are not under one prefix in this layout");
  }

  @Test
  void seed000EverythingForAaaFromADateOn() throws Exception {
    Exprs e =
        new Exprs(
            "user = string\nday = timestamp(yyyyMMdd, UTC)\nseq = string",
            "mid(hex(md5(user)), 8, 16) + \"#\" + format_time(day, \"yyyyMMdd\") + \"#\" + seq");
    String md5 =
        new String(
            new Exprs("user = string", "mid(hex(md5(user)), 8, 16)").bytes("aaa"),
            StandardCharsets.UTF_8);
    long from = e.record("aaa", "20190103", "0").longValue(1);
    List<KeyReader.Range> scans =
        e.reader().timeRangeScans(values("user", "aaa"), "day", from, OptionalLong.empty());
    assertEquals(1, scans.size());
    byte[] start = scans.get(0).start();
    byte[] stop = scans.get(0).stop();
    assertEquals(md5 + "#20190103", Bytes.toString(start));
    assertEquals(md5 + "$", Bytes.toString(stop), "the end of aaa's rows, like the seed's #9~");
    // The seed's rows: the first is before the range, the others in it, and so is the seed's own
    // start row.
    String[][] rows = {
      {"20190102", "001"}, {"20190103", "101"}, {"20190104", "221"}, {"20190105", "431"}
    };
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
    Exprs e =
        new Exprs(
            "ts = timestamp(epoch-millis)\nhost = string\nevent = string",
            "bucket(ts, 8) + dec(ts, 13) + host + \"|\" + code(event, events)",
            "[codes events]\nlogin = 1\nlogout = 2\n");
    byte[] row = e.bytes("1700000000005", "web01", "logout");
    assertEquals("5" + "1700000000005" + "web01|2", Bytes.toString(row));
    List<KeyReader.Range> all =
        e.reader().timeRangeScans(values(), "ts", 1700000000000L, OptionalLong.of(1700000060000L));
    assertEquals(8, all.size(), "one scan per bucket");
    int hits = 0;
    for (KeyReader.Range r : all) {
      if (Bytes.compareTo(row, r.start()) >= 0 && Bytes.compareTo(row, r.stop()) < 0) {
        hits++;
      }
    }
    assertEquals(1, hits, "the row lies in exactly one of the scans");
    assertEquals(
        3,
        e.reader()
            .timeRangeScans(values(), "ts", 1700000000000L, OptionalLong.of(1700000000003L))
            .size(),
        "a 3 ms range touches 3 buckets");
    List<KeyReader.Part> parts = e.reader().decode(row);
    assertEquals("bucket 5 of 8", parts.get(0).meaning());
    assertEquals("2023-11-14T22:13:20.005Z", parts.get(1).meaning());
    assertEquals("web01", parts.get(2).meaning());
    assertEquals("logout", parts.get(4).meaning());
  }

  @Test
  void reverseTimestampRangeStartsAtTheNewestRow() throws Exception {
    Exprs e = new Exprs("user = string\nts = long", "user + \"|\" + reverse_ts(ts)");
    List<KeyReader.Range> scans =
        e.reader().timeRangeScans(values("user", "u1"), "ts", 100, OptionalLong.of(200));
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
    assertEquals(
        new String(e.bytes("u7", "1")).substring(0, 5),
        Bytes.toString(one.get(0).start()),
        "salt, user and the separator after it");
    Exprs byId = new Exprs("user = string\nid = long", "salt(id, 4) + \"|\" + user + \"|\" + id");
    assertEquals(4, byId.reader().prefixScans(values("user", "u7")).size());
    assertArrayEquals(e.bytes("u7", "12"), e.reader().getKey(values("user", "u7", "id", "12")));
    assertThrows(IllegalArgumentException.class, () -> e.reader().getKey(values("user", "u7")));
  }

  @Test
  void decodeReadsBackEveryReversiblePart() throws Exception {
    Exprs e =
        new Exprs(
            "user = string\nts = timestamp(epoch-millis)\nn = int\nip = string\nx = double",
            "salt(user, 16) + reverse(user) + \"|\" + reverse_ts(ts) + sortable(n) + ipv4(ip) + lpad(user, 8)"
                + " + sortable(x) + hex(md5(user))");
    byte[] row = e.bytes("alice", "1700000000000", "-42", "192.168.1.7", "-2.5");
    List<KeyReader.Part> parts = e.reader().decode(row);
    List<String> meanings = new ArrayList<>();
    for (KeyReader.Part p : parts) {
      meanings.add(p.meaning());
    }
    assertEquals(
        "bucket "
            + (int) (Integer.toUnsignedLong(Murmur3.hash32(Bytes.toBytes("alice"), 0, 5)) % 16)
            + " of 16",
        meanings.get(0));
    assertEquals(
        List.of("alice", "\"|\"", "2023-11-14T22:13:20Z", "-42", "192.168.1.7", "alice", "-2.5"),
        meanings.subList(1, 8));
    assertEquals(null, meanings.get(8), "an MD5 cannot be read back");
  }

  /** The rows of a sorted key set that a list of scans returns (a row in two scans counts once). */
  private static TreeSet<byte[]> returned(TreeSet<byte[]> keys, List<KeyReader.Range> scans) {
    TreeSet<byte[]> found = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    for (KeyReader.Range r : scans) {
      assertTrue(
          r.stop().length == 0 || Bytes.compareTo(r.start(), r.stop()) < 0,
          "a scan whose start sorts after its stop: "
              + Bytes.toStringBinary(r.start())
              + " .. "
              + Bytes.toStringBinary(r.stop()));
      found.addAll(
          r.stop().length == 0 ? keys.tailSet(r.start(), true) : keys.subSet(r.start(), r.stop()));
    }
    return found;
  }

  private static TreeSet<byte[]> keys(Exprs e, long from, long to, String... more)
      throws Exception {
    TreeSet<byte[]> keys = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    for (long ts = from; ts <= to; ts++) {
      List<String> fields = new ArrayList<>(List.of(Long.toString(ts)));
      fields.addAll(List.of(more));
      keys.add(e.bytes(fields.toArray(new String[0])));
    }
    return keys;
  }

  /**
   * The case: ts 1..20 as text after a salt; the range 5..15 used to find none of its rows.
   */
  @Test
  void decimalTextOfVaryingWidthIsScannedOneWidthAtATimeAndWarned() throws Exception {
    Exprs e = new Exprs("ts = long", "salt(ts, 8) + \"|\" + ts");
    TreeSet<byte[]> keys = keys(e, 1, 20);
    TreeSet<String> found = new TreeSet<>();
    for (byte[] k :
        returned(keys, e.reader().timeRangeScans(values(), "ts", 5, OptionalLong.of(15)))) {
      found.add(Bytes.toString(k).substring(2));
    }
    assertEquals(
        new TreeSet<>(List.of("5", "6", "7", "8", "9", "10", "11", "12", "13", "14")), found);

    KeyReader.Plan plan = e.reader().timeRangePlan(values(), "ts", 5, OptionalLong.of(15));
    assertEquals(16, plan.scans().size(), "8 salts times 2 widths (5..9, 10..14)");
    assertEquals(1, plan.caveats().size(), plan.caveats().toString());
    String caveat = plan.caveats().get(0);
    assertTrue(
        caveat.startsWith("not exact: ts is written as decimal text of varying width"), caveat);
    assertTrue(caveat.contains("dec(ts, 19) or sortable(ts)"), caveat);
  }

  /**
   * Random ranges over varying-width text with no separator after it: every row of the range is
   * found.
   */
  @Test
  void varyingWidthRangesNeverMissARow() throws Exception {
    Exprs e =
        new Exprs(
            "ts = timestamp(epoch-seconds)\nhost = string", "salt(ts, 4) + \"|\" + ts + host");
    TreeSet<byte[]> keys = keys(e, 0, 3000, "web");
    java.util.Random random = new java.util.Random(9);
    for (int n = 0; n < 300; n++) {
      long from = random.nextInt(3000);
      long to = from + 1 + random.nextInt(random.nextBoolean() ? 30 : 2000);
      TreeSet<Long> found = new TreeSet<>();
      for (byte[] k :
          returned(
              keys,
              e.reader().timeRangeScans(values(), "ts", from * 1000, OptionalLong.of(to * 1000)))) {
        String text = Bytes.toString(k);
        found.add(Long.parseLong(text.substring(2, text.length() - 3)));
      }
      for (long ts = from; ts < Math.min(to, 3001); ts++) {
        assertTrue(found.remove(ts), ts + " missing from " + from + ".." + to);
      }
      // What is left are rows of other widths whose text sorts inside a scan: the caveat's "filter
      // on ts".
      assertTrue(found.stream().allMatch(x -> x < from || x >= to));
    }
  }

  @Test
  void rangesThatCannotBeCutScanTheWholePrefixAndSaySo() throws Exception {
    Exprs e = new Exprs("ts = long\nu = string", "u + \"|\" + ts");
    TreeSet<byte[]> keys = keys(e, 1, 20, "ann");
    KeyReader.Plan open =
        e.reader().timeRangePlan(values("u", "ann"), "ts", 5, OptionalLong.empty());
    assertEquals(20, returned(keys, open.scans()).size(), "5..20 found, with 1..4 to filter out");
    assertTrue(
        open.caveats().get(0).contains("a range without an end cannot be cut"),
        open.caveats().toString());

    Exprs iso = new Exprs("ts = timestamp(iso)\nu = string", "u + \"|\" + ts");
    long t = iso.record("2026-11-22T08:00:00Z").longValue(0);
    KeyReader.Plan text =
        iso.reader().timeRangePlan(values("u", "ann"), "ts", t, OptionalLong.of(t + 3_600_000));
    assertThrows(
        IllegalArgumentException.class,
        () -> e.reader().timeRangePlan(values("u", "ann"), "ts", 5, OptionalLong.of(5)),
        "an empty range");
    assertArrayEquals(Bytes.toBytes("ann|"), text.scans().get(0).start());
    assertTrue(
        text.caveats().get(0).contains("text that does not sort like the times"),
        text.caveats().toString());
    byte[] fraction = iso.bytes("2026-11-22T08:00:00.5Z", "ann");
    assertTrue(Bytes.compareTo(fraction, iso.bytes("2026-11-22T08:00:00Z", "ann")) < 0);
    assertEquals(
        1,
        returned(sorted(fraction), text.scans()).size(),
        "a time with a fraction sorts before the whole second, and is still found");
  }

  private static TreeSet<byte[]> sorted(byte[]... keys) {
    TreeSet<byte[]> s = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    s.addAll(List.of(keys));
    return s;
  }

  @Test
  void fixedWidthTimesAreExact() throws Exception {
    for (String key :
        List.of(
            "salt(ts, 8) + \"|\" + dec(ts, 13)",
            "salt(ts, 8) + sortable(ts)",
            "bucket(ts, 4) + dec(ts, 13) + u",
            "u + \"#\" + reverse_ts(ts)",
            "u + \"#\" + ts2",
            "u + \"#\" + format_time(ts, \"yyyyMMddHHmmss\")",
            "u + \"#\" + time_floor(ts, hour)")) {
      Exprs e =
          new Exprs(
              "ts = timestamp(epoch-millis)\nu = string\nts2 = timestamp(yyyy-MM-dd HH:mm:ss)",
              key);
      KeyReader.Plan plan =
          e.reader()
              .timeRangePlan(
                  values("u", "ann"),
                  key.contains("ts2") ? "ts2" : "ts",
                  HOUR,
                  OptionalLong.of(HOUR + 3_600_000L));
      assertEquals(List.of(), plan.caveats(), key);
    }
  }

  /** 2023-11-14T22:00:00Z, on a whole hour. */
  private static final long HOUR = 1_699_999_200_000L;

  /**
   * An hour row (OpenTSDB's) holds readings on both sides of a range that starts inside the hour.
   */
  @Test
  void aRangeInsideTheKeysTimeUnitSaysItsEndRowsHoldMore() throws Exception {
    Exprs e =
        new Exprs("m = string\nts = timestamp(epoch-millis)", "m + \"#\" + time_floor(ts, hour)");
    KeyReader.Plan half =
        e.reader()
            .timeRangePlan(
                values("m", "cpu"), "ts", HOUR + 1_800_000L, OptionalLong.of(HOUR + 3_600_000L));
    assertEquals(1, half.caveats().size(), half.caveats().toString());
    assertTrue(
        half.caveats()
            .get(0)
            .startsWith(
                "not exact: time_floor(ts, hour) keeps ts only to a coarser unit"
                    + " than the range, whose start falls inside one"),
        half.caveats().get(0));
    byte[] row = e.bytes("cpu", Long.toString(HOUR + 60_000L));
    KeyReader.Range r = half.scans().get(0);
    assertTrue(
        Bytes.compareTo(row, r.start()) >= 0 && Bytes.compareTo(row, r.stop()) < 0,
        "the caveat is true: the 22:01 row is in the scan of 22:30..23:00");
    KeyReader.Plan both =
        e.reader().timeRangePlan(values("m", "cpu"), "ts", HOUR + 1, OptionalLong.of(HOUR + 2));
    assertTrue(
        both.caveats().get(0).contains("whose start and end fall inside one"),
        both.caveats().toString());
  }

  /** Seed 000 without a separator: the scan of TheFakeMT also returns TheFakeMT2's posts. */
  @Test
  void aPrefixOverVaryingTextWithNoSeparatorWarnsOfOtherKeysThatExtendIt() throws Exception {
    Exprs bare = new Exprs("user = string\nts = long", "user + reverse_ts(ts)");
    TreeSet<byte[]> keys =
        sorted(
            bare.bytes("TheFakeMT", "3"),
            bare.bytes("TheFakeMT2", "4"),
            bare.bytes("TheFakeMU", "1"));
    KeyReader.Plan plan = bare.reader().prefixPlan(values("user", "TheFakeMT"));
    assertEquals(
        2, returned(keys, plan.scans()).size(), "the caveat is true: TheFakeMT2 is in the scan");
    assertEquals(1, plan.caveats().size());
    assertTrue(
        plan.caveats()
            .get(0)
            .contains(
                "also return the rows of every user that starts with 'TheFakeMT'"
                    + " (such as 'TheFakeMT2')"),
        plan.caveats().get(0));
    assertTrue(
        plan.caveats().get(0).contains("user + \"#\" + ...")
            && plan.caveats().get(0).contains("rpad(user, N)"));
    KeyReader.Plan inRange =
        bare.reader().timeRangePlan(values("user", "TheFakeMT"), "ts", 1, OptionalLong.of(5));
    assertTrue(inRange.caveats().get(0).contains("'TheFakeMT'"), inRange.caveats().toString());

    Exprs separated = new Exprs("user = string\nts = long", "user + \"#\" + reverse_ts(ts)");
    TreeSet<byte[]> sepKeys =
        sorted(separated.bytes("TheFakeMT", "3"), separated.bytes("TheFakeMT2", "4"));
    KeyReader.Plan exact = separated.reader().prefixPlan(values("user", "TheFakeMT"));
    assertEquals(List.of(), exact.caveats());
    assertEquals(1, returned(sepKeys, exact.scans()).size());
    assertEquals(
        List.of(),
        new Exprs("user = string\nts = long", "rpad(user, 12) + reverse_ts(ts)")
            .reader()
            .prefixPlan(values("user", "TheFakeMT"))
            .caveats());
    assertTrue(
        new Exprs("user = string\nid = long", "salt(user, 4) + user")
            .reader()
            .prefixPlan(values("user", "ab"))
            .caveats()
            .get(0)
            .contains("or use --get for this one key"));
  }
}
