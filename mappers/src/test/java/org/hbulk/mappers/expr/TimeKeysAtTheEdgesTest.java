package org.hbulk.mappers.expr;

import static org.hbulk.mappers.expr.Exprs.values;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.junit.jupiter.api.Test;

/**
 * Time key parts where their encodings run out (before 1970, past their width) and where local time
 * repeats (clocks going back): every key either holds its time in order, at its width, and reads
 * back, or the record is rejected; and a time range's scans leave out no row.
 */
class TimeKeysAtTheEdgesTest {
  private static long millis(String instant) {
    return Instant.parse(instant).toEpochMilli();
  }

  @Test
  void reverseTsInDigitsKeeps19DigitsAndItsOrderBefore1970AndReadsBack() throws Exception {
    Exprs e =
        new Exprs("ts = timestamp(epoch-millis)\nu = string", "u + \"#\" + reverse_ts(ts, dec)");
    List<String> keys = new ArrayList<>();
    for (String ts : List.of("1000", "0", "-1", "-86400000", "-776000000000000000")) {
      String key = e.text(ts, "ann");
      assertEquals("ann#".length() + 19, key.length(), ts + ": " + key);
      assertTrue(key.substring(4).chars().allMatch(Character::isDigit), key);
      assertEquals(
          Instant.ofEpochMilli(Long.parseLong(ts)).toString(),
          e.reader().decode(e.bytes(ts, "ann")).get(2).meaning(),
          ts);
      keys.add(key);
    }
    assertEquals(keys.stream().sorted().toList(), keys, "later times first, across 1970 too");
    RejectException tooEarly =
        assertThrows(RejectException.class, () -> e.bytes("-9223372036854775807", "ann"));
    assertEquals(RejectReason.BAD_VALUE, tooEarly.reason());
  }

  @Test
  void timeFloorRejectsTimesItsFormCannotHold() throws Exception {
    String columns = "ts = timestamp(yyyy-MM-dd HH:mm:ss)";
    for (String form : List.of("", ", dec", ", seconds")) {
      Exprs e = new Exprs(columns, "time_floor(ts, minute" + form + ")");
      RejectException before1970 =
          assertThrows(RejectException.class, () -> e.bytes("1969-12-31 23:58:30"), form);
      assertEquals(RejectReason.BAD_VALUE, before1970.reason());
      assertEquals(
          "1970-01-01T00:00:00Z (minute)",
          e.reader().decode(e.bytes("1970-01-01 00:00:59")).get(0).meaning(),
          form);
    }
    Exprs seconds = new Exprs(columns, "time_floor(ts, hour, seconds)");
    assertEquals(4, seconds.bytes("2106-02-07 06:00:00").length);
    assertThrows(RejectException.class, () -> seconds.bytes("2106-02-07 07:00:00"));
    Exprs digits = new Exprs(columns, "time_floor(ts, day, dec)");
    assertEquals(
        "9999936000000", digits.text("2286-11-20 17:46:39"), "the last day 13 digits hold");
    assertThrows(RejectException.class, () -> digits.text("2286-11-21 00:00:00"));
  }

  @Test
  void aTimeFloorKeyThatIsNotDigitsReadsBackAsNothingRatherThanFailing() {
    Exprs e = new Exprs("ts = timestamp(yyyy-MM-dd HH:mm:ss)", "time_floor(ts, minute, dec)");
    Expr part = e.key;
    byte[] notDigits = "000000-120000".getBytes(StandardCharsets.US_ASCII);
    assertNull(part.decode(notDigits, 0, notDigits.length));
  }

  @Test
  void aTimeFloorRangeIsCutToTheTimesItsFormHolds() throws Exception {
    Exprs e =
        new Exprs(
            "ts = timestamp(yyyy-MM-dd HH:mm:ss)\nu = string",
            "u + \"#\" + time_floor(ts, minute, dec)");
    KeyReader.Plan plan =
        e.reader()
            .timeRangePlan(
                values("u", "ann"),
                "ts",
                millis("1969-12-31T23:00:00Z"),
                OptionalLong.of(millis("1970-01-01T00:10:00Z")));
    assertEquals(1, plan.scans().size());
    assertEquals("ann#0000000000000", Bytes.toString(plan.scans().get(0).start()));
    IllegalArgumentException none =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                e.reader()
                    .timeRangePlan(
                        values("u", "ann"), "ts", -3_600_000L, OptionalLong.of(-60_000L)));
    assertTrue(none.getMessage().contains("the range has no row"), none.getMessage());
  }

  @Test
  void aDayFloorInAZoneAwayFromUtcHoldsDaysFromItsFirstMidnightAfter1970() throws Exception {
    for (String zone : List.of("Asia/Shanghai", "America/New_York")) {
      Exprs e =
          new Exprs(
              "ts = timestamp(yyyy-MM-dd HH:mm:ss, " + zone + ")\nu = string",
              "u + \"#\" + time_floor(ts, day, dec)");
      // 1970-01-01 00:00 UTC was still 1969 somewhere: its day began before 1970 and is rejected.
      assertThrows(RejectException.class, () -> e.bytes("1969-12-31 20:00:00", "ann"), zone);
      byte[] second = e.bytes("1970-01-02 12:00:00", "ann");
      KeyReader.Plan plan =
          e.reader()
              .timeRangePlan(
                  values("u", "ann"),
                  "ts",
                  millis("1969-12-30T00:00:00Z"),
                  OptionalLong.of(millis("1970-01-05T00:00:00Z")));
      KeyReader.Range scan = plan.scans().get(0);
      assertTrue(
          Bytes.compareTo(second, scan.start()) >= 0 && Bytes.compareTo(second, scan.stop()) < 0,
          zone + ": " + Bytes.toString(scan.start()) + ".." + Bytes.toString(scan.stop()));
    }
  }

  /** The key of every time from {@code from} to {@code to} by {@code step} that no scan holds. */
  private static List<String> missed(Exprs e, KeyReader.Plan plan, long from, long to, long step)
      throws Exception {
    List<String> missed = new ArrayList<>();
    for (long t = from; t < to; t += step) {
      byte[] key = e.bytes(Long.toString(t), "ann");
      boolean held = false;
      for (KeyReader.Range r : plan.scans()) {
        held |=
            Bytes.compareTo(key, r.start()) >= 0
                && (r.stop().length == 0 || Bytes.compareTo(key, r.stop()) < 0);
      }
      if (!held) {
        missed.add(Instant.ofEpochMilli(t) + " " + Bytes.toString(key));
      }
    }
    return missed;
  }

  @Test
  void aRangeOverTheHourThatRepeatsWhenClocksGoBackMissesNoRow() throws Exception {
    for (String key :
        List.of(
            "u + \"#\" + format_time(ts, \"yyyyMMddHHmmss\")",
            "u + \"#\" + format_time(ts, \"yyyy-MM-dd HH:mm\")")) {
      Exprs e = new Exprs("ts = timestamp(epoch-millis, America/New_York)\nu = string", key);
      // New York's clocks went back at 2019-11-03T06:00Z: 01:00-02:00 local came twice.
      for (long[] range :
          new long[][] {
            {millis("2019-11-03T05:30:00Z"), millis("2019-11-03T06:45:00Z")},
            {millis("2019-11-03T06:10:00Z"), millis("2019-11-03T08:00:00Z")},
            {millis("2019-11-03T03:00:00Z"), millis("2019-11-03T05:50:00Z")}
          }) {
        KeyReader.Plan plan =
            e.reader().timeRangePlan(values("u", "ann"), "ts", range[0], OptionalLong.of(range[1]));
        assertEquals(
            List.of(), missed(e, plan, range[0], range[1], 60_000L), key + " " + plan.caveats());
        assertTrue(
            plan.caveats().stream().anyMatch(c -> c.contains("America/New_York")),
            plan.caveats().toString());
      }
      KeyReader.Plan summer =
          e.reader()
              .timeRangePlan(
                  values("u", "ann"),
                  "ts",
                  millis("2019-07-01T00:00:00Z"),
                  OptionalLong.of(millis("2019-07-02T00:00:00Z")));
      assertEquals(List.of(), summer.caveats(), "no change of clocks near a summer day");
    }
  }

  @Test
  void aZoneWhoseClocksNoLongerChangeKeepsItsRangesExact() throws Exception {
    Exprs e =
        new Exprs(
            "ts = timestamp(yyyy-MM-dd HH:mm:ss, Asia/Shanghai)\nu = string", "u + \"#\" + ts");
    KeyReader.Plan plan =
        e.reader()
            .timeRangePlan(
                values("u", "ann"),
                "ts",
                millis("2019-11-03T00:00:00Z"),
                OptionalLong.of(millis("2019-11-04T00:00:00Z")));
    assertEquals(List.of(), plan.caveats());
  }
}
