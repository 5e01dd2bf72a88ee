package org.hbulk.mappers.expr;

import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;

/**
 * Where a zone's local time runs backwards: when its clocks go back (daylight saving's end), an
 * hour of local times repeats, so the text of local times stops sorting like the times around it.
 */
final class LocalTimeShifts {
  /** How near a change must be to an end of a range to move it: no zone changes by a day. */
  private static final long NEAR = 86_400_000L;

  private LocalTimeShifts() {}

  /**
   * How far to move a range's end at {@code millis} so that its local-time text bounds every time
   * on its side: the zone's largest change of offset within a day of it when its clocks go back in
   * that day, else 0.
   */
  static long widening(ZoneId zone, long millis) {
    ZoneRules rules = zone.getRules();
    if (rules.isFixedOffset()) {
      return 0;
    }
    Instant from = Instant.ofEpochMilli(millis - NEAR);
    Instant to = Instant.ofEpochMilli(millis + NEAR);
    int min = rules.getOffset(from).getTotalSeconds();
    int max = min;
    boolean back = false;
    for (ZoneOffsetTransition t = rules.nextTransition(from);
        t != null && !t.getInstant().isAfter(to);
        t = rules.nextTransition(t.getInstant())) {
      back |= t.isOverlap();
      min = Math.min(min, t.getOffsetAfter().getTotalSeconds());
      max = Math.max(max, t.getOffsetAfter().getTotalSeconds());
    }
    return back ? (max - min) * 1000L : 0;
  }
}
