package org.hbulk.mappers.expr;

import static org.hbulk.mappers.expr.KeyReader.append;
import static org.hbulk.mappers.expr.KeyReader.bytes;
import static org.hbulk.mappers.expr.KeyReader.concat;
import static org.hbulk.mappers.expr.KeyReader.fanOut;
import static org.hbulk.mappers.expr.KeyReader.given;
import static org.hbulk.mappers.expr.KeyReader.names;
import static org.hbulk.mappers.expr.KeyReader.nextPrefix;
import static org.hbulk.mappers.expr.KeyReader.spreads;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeSet;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.expr.KeyReader.Plan;
import org.hbulk.mappers.expr.KeyReader.Range;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * The scans for a time range of one key design ({@link KeyReader#timeRangePlan}): the parts before
 * the time part from the given columns (salts and buckets fan out), the time part cut from the
 * range as its encoding allows, and the caveats of each cut that is not exact. Long because every
 * time encoding (plain, reversed, bucketed, formatted) cuts a range its own way and says its own
 * caveat; splitting it per encoding would scatter one decision table.
 */
final class TimeRangePlanner {
  private final KeyReader reader;

  TimeRangePlanner(KeyReader reader) {
    this.reader = reader;
  }

  Plan plan(Map<String, String> values, String timeColumn, long from, OptionalLong to)
      throws RejectException {
    if (values.containsKey(timeColumn)) {
      throw new IllegalArgumentException(
          "'" + timeColumn + "' is the range's column; do not also give its value");
    }
    if (to.isPresent() && to.getAsLong() <= from) {
      throw new IllegalArgumentException(
          "the time range is empty: its end must come after its start");
    }
    Record record = reader.record(values);
    List<byte[]> prefixes = List.of(new byte[0]);
    for (int i = 0; i < reader.parts().size(); i++) {
      Expr p = reader.parts().get(i);
      Column time = timePart(p, timeColumn);
      if (time != null) {
        List<String> caveats = reader.openEnded(i, record, false);
        List<Range> scans = timeScans(prefixes, p, time, record, from, to, caveats);
        return new Plan(scans, caveats);
      }
      if (p.kind() == Expr.Kind.TIME_BUCKET && p.columns().get(0).name().equals(timeColumn)) {
        prefixes = append(prefixes, bucketsHit((TimeBucket) p, from, to));
      } else if (given(p, values)) {
        prefixes = append(prefixes, List.of(bytes(p, record)));
      } else if (p.kind() == Expr.Kind.SALT) {
        prefixes = append(prefixes, fanOut(p));
      } else {
        throw new IllegalArgumentException(
            "cannot build a time-range scan: key part "
                + p
                + " needs columns "
                + names(p.columns())
                + " (give them) before any time part");
      }
    }
    throw new IllegalArgumentException(
        "the key " + reader.key() + " has no part that encodes '" + timeColumn + "' to range over");
  }

  private List<Range> timeScans(
      List<byte[]> prefixes,
      Expr part,
      Column time,
      Record record,
      long from,
      OptionalLong to,
      List<String> caveats)
      throws RejectException {
    RangeEncoding encoding = RangeEncoding.of(part);
    String fix = "; " + fixFor(part, time);
    List<Range> scans = new ArrayList<>();
    if (encoding == RangeEncoding.TEXT) {
      caveats.add(
          "not a key range: "
              + writes(part, time)
              + " as text that does not sort"
              + " like the times ("
              + time.describeType()
              + "), so these scans read every row under the"
              + " prefix (the whole table when there is none): filter on "
              + time.name()
              + fix);
      return wholePrefixes(prefixes);
    }
    if (encoding == RangeEncoding.NON_NEGATIVE && from < 0) {
      caveats.add(
          "not a key range: "
              + part
              + " sorts times before 1970 after later ones, so these scans"
              + " read every row under the prefix: filter on "
              + time.name()
              + fix);
      return wholePrefixes(prefixes);
    }
    if (encoding == RangeEncoding.DIGITS) {
      if (to.isEmpty() || from < 0) {
        caveats.add(
            "not a key range: "
                + writes(part, time)
                + " as decimal text of varying width,"
                + " which does not sort like the numbers ('10' before '9'), and a range "
                + (from < 0 ? "over negative values" : "without an end")
                + " cannot be cut by number of"
                + " digits, so these scans read every row under the prefix: filter on "
                + time.name()
                + fix);
        return wholePrefixes(prefixes);
      }
      long scale = Column.EPOCH_SECONDS.equals(time.timePattern()) ? 1000L : 1L;
      List<long[]> widths =
          byDigits(Math.floorDiv(from, scale), Math.floorDiv(to.getAsLong() - 1, scale));
      for (long[] w : widths) {
        byte[] low = at(part, time, record, w[0] * scale);
        byte[] high = at(part, time, record, w[1] * scale);
        for (byte[] p : prefixes) {
          scans.add(new Range(concat(p, low), nextPrefix(concat(p, high))));
        }
      }
      caveats.add(
          "not exact: "
              + writes(part, time)
              + " as decimal text of varying width, which"
              + " does not sort like the numbers ('10' before '9'), so the range is cut into "
              + widths.size()
              + " scan(s) per prefix, one per number of digits; they hold every row of the range whose "
              + time.name()
              + " is written without leading zeros or sign, but also rows whose "
              + time.name()
              + " has another number of digits and sorts among them (filter on "
              + time.name()
              + ")"
              + fix);
      return scans;
    }
    if (part.kind() == Expr.Kind.TIME_FLOOR) {
      // time_floor rejects at load the times its form cannot hold: no row lies outside them.
      TimeFloor floor = (TimeFloor) part;
      long earliest = floor.earliestMillis();
      long latest = floor.maxMillis();
      if (floor.floor(from) > latest || to.isPresent() && to.getAsLong() <= earliest) {
        throw new IllegalArgumentException(
            "the range has no row: " + part + " holds " + floor.holds());
      }
      from = Math.max(from, earliest);
      if (to.isPresent() && floor.floor(to.getAsLong() - 1) > latest) {
        to = OptionalLong.of(latest + 1);
      }
    }
    ZoneId zone = localTimeZone(part, time);
    if (zone != null) {
      // Where clocks go back, local times repeat and their text stops sorting like the times: an
      // end near such a change is moved out by the zone's change of offset, so no row is missed.
      long early = LocalTimeShifts.widening(zone, from);
      long late = to.isPresent() ? LocalTimeShifts.widening(zone, to.getAsLong()) : 0;
      if (early > 0 || late > 0) {
        caveats.add(
            "not exact: "
                + writes(part, time)
                + " as local time in "
                + zone
                + ", whose clocks go back near the range's "
                + (early > 0 && late > 0 ? "start and end" : early > 0 ? "start" : "end")
                + " (local times repeat there), so the scans reach "
                + (early > 0 ? Duration.ofMillis(early) + " before the start" : "")
                + (early > 0 && late > 0 ? " and " : "")
                + (late > 0 ? Duration.ofMillis(late) + " past the end" : "")
                + " and also return rows outside the range: filter on "
                + time.name());
        from -= early;
        if (late > 0) {
          to = OptionalLong.of(to.getAsLong() + late);
        }
      }
    }
    boolean reversed = newestFirst(part);
    byte[] low = at(part, time, record, from);
    byte[] high = to.isPresent() ? at(part, time, record, to.getAsLong() - 1) : null;
    boolean startInside = from > Long.MIN_VALUE && sameBytes(part, time, record, from - 1, low);
    boolean endInside =
        high != null
            && to.getAsLong() < Long.MAX_VALUE
            && sameBytes(part, time, record, to.getAsLong(), high);
    if (startInside || endInside) {
      caveats.add(
          "not exact: "
              + part
              + " keeps "
              + time.name()
              + " only to a coarser unit than the range,"
              + " whose "
              + (startInside && endInside
                  ? "start and end fall"
                  : startInside ? "start falls" : "end falls")
              + " inside one ("
              + KeyText.format(startInside ? low : high)
              + (startInside && endInside ? " and " + KeyText.format(high) : "")
              + "), so the scans also return rows of that unit outside"
              + " the range: filter on "
              + time.name()
              + " (or give the range whole units)");
    }
    for (byte[] p : prefixes) {
      byte[] start;
      byte[] stop;
      if (!reversed) {
        start = concat(p, low);
        stop = high == null ? nextPrefix(p) : nextPrefix(concat(p, high));
      } else {
        start = high == null ? p : concat(p, high);
        stop = nextPrefix(concat(p, low));
      }
      if (stop.length > 0 && Bytes.compareTo(start, stop) > 0) {
        // Never hand out a scan that cannot return a row while the range has some.
        caveats.add(
            "not a key range: the range's ends do not sort in order in "
                + part
                + ", so these scans read every row under the prefix: filter on "
                + time.name()
                + fix);
        return wholePrefixes(prefixes);
      }
      scans.add(new Range(start, stop));
    }
    return scans;
  }

  /**
   * Whether the part writes {@code millis} as these very bytes (false where it cannot write it).
   */
  private boolean sameBytes(Expr part, Column time, Record record, long millis, byte[] bytes) {
    try {
      return Arrays.equals(at(part, time, record, millis), bytes);
    } catch (RejectException e) {
      return false;
    }
  }

  /** "ts is written" for a bare column, "format_time(ts, ...) writes ts" for a function of it. */
  private static String writes(Expr part, Column time) {
    return part.toString().equals(time.name())
        ? time.name() + " is written"
        : part + " writes " + time.name();
  }

  /** What to write instead of a part whose bytes do not sort like its column's values. */
  private static String fixFor(Expr part, Column time) {
    return "for exact range scans write it at one width in order: "
        + RangeEncoding.inOrder(time)
        + " instead of "
        + part;
  }

  /** [lo, hi] (both >= 0) cut where the number of decimal digits changes. */
  private static List<long[]> byDigits(long lo, long hi) {
    List<long[]> out = new ArrayList<>();
    for (long a = lo; a <= hi; ) {
      long end = Math.min(hi, lastOfItsWidth(a));
      out.add(new long[] {a, end});
      if (end == Long.MAX_VALUE) {
        break;
      }
      a = end + 1;
    }
    return out;
  }

  /** The greatest number with as many decimal digits as {@code a} (>= 0). */
  private static long lastOfItsWidth(long a) {
    long p = 10;
    while (p <= a) {
      if (p > Long.MAX_VALUE / 10) {
        return Long.MAX_VALUE;
      }
      p *= 10;
    }
    return p - 1;
  }

  private static List<Range> wholePrefixes(List<byte[]> prefixes) {
    List<Range> scans = new ArrayList<>();
    for (byte[] p : prefixes) {
      scans.add(new Range(p, nextPrefix(p)));
    }
    return scans;
  }

  /** The part's bytes for a record whose time column holds {@code millis}. */
  private byte[] at(Expr part, Column time, Record record, long millis) throws RejectException {
    String text;
    if (time.type() == ColumnType.TIMESTAMP && time.formatter() != null) {
      text = time.formatter().format(Instant.ofEpochMilli(millis));
    } else if (Column.EPOCH_SECONDS.equals(time.timePattern())) {
      text = Long.toString(Math.floorDiv(millis, 1000L));
    } else {
      text = Long.toString(millis);
    }
    record.assign(time.index(), text, millis, 0);
    return bytes(part, record);
  }

  /**
   * The zone of the local time a part writes as text (the column's own text or format_time), or
   * null for a part that writes no local time.
   */
  private static ZoneId localTimeZone(Expr part, Column time) {
    if (part.kind() == Expr.Kind.FORMAT_TIME) {
      return ((FormatTime) part).formatter().getZone();
    }
    if (part.kind() == Expr.Kind.COLUMN && time.formatter() != null) {
      return time.zone();
    }
    return null;
  }

  /** The range's column when this part encodes it in an order-keeping way, else null. */
  private static Column timePart(Expr p, String timeColumn) {
    if (p.columns().size() != 1 || spreads(p)) {
      return null;
    }
    Column c = p.columns().get(0);
    boolean ordered = p.growsWithTime() || newestFirst(p);
    return c.name().equals(timeColumn) && ordered ? c : null;
  }

  /** Whether a part writes later times before earlier ones, so a range's ends swap. */
  private static boolean newestFirst(Expr p) {
    return p.kind() == Expr.Kind.REVERSE_TIMESTAMP;
  }

  private static List<byte[]> bucketsHit(TimeBucket tb, long from, OptionalLong to) {
    byte[][] all = tb.prefixes();
    if (to.isEmpty() || to.getAsLong() - from >= tb.buckets()) {
      return Arrays.asList(all);
    }
    TreeSet<Integer> hit = new TreeSet<>();
    for (long v = from; v < to.getAsLong(); v++) {
      hit.add((int) Math.floorMod(v, (long) tb.buckets()));
    }
    List<byte[]> out = new ArrayList<>();
    for (int b : hit) {
      out.add(all[b]);
    }
    return out;
  }
}
