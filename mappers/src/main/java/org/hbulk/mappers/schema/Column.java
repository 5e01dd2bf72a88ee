package org.hbulk.mappers.schema;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.ResolverStyle;

/**
 * One CSV column: its name, its type, and for timestamps how the text is read.
 *
 * @param timePattern for TIMESTAMP: a {@link DateTimeFormatter} pattern, or {@code epoch-millis},
 *     {@code epoch-seconds}, {@code iso}
 * @param zone for TIMESTAMP: the zone of times that carry none
 */
public record Column(String name, int index, ColumnType type, String timePattern, ZoneId zone) {

  public static final String EPOCH_MILLIS = "epoch-millis";
  public static final String EPOCH_SECONDS = "epoch-seconds";
  public static final String ISO = "iso";

  /** The formatter of a pattern-based timestamp column; null for epoch columns. */
  public DateTimeFormatter formatter() {
    if (type != ColumnType.TIMESTAMP
        || timePattern.equals(EPOCH_MILLIS)
        || timePattern.equals(EPOCH_SECONDS)) {
      return null;
    }
    if (timePattern.equals(ISO)) {
      return DateTimeFormatter.ISO_DATE_TIME.withZone(zone);
    }
    return strictPattern(timePattern).withZone(zone);
  }

  /**
   * A pattern's formatter that refuses dates that do not exist: the default resolver turns
   * 2019-02-30 into 2019-02-28, which would load a wrong time (and one record's key onto
   * another's). Strict resolving reads {@code y} (year of era) only with an era, so the pattern's
   * {@code y} letters become {@code u} (the proleptic year: the same years from 1 on).
   */
  public static DateTimeFormatter strictPattern(String pattern) {
    StringBuilder p = new StringBuilder(pattern.length());
    boolean quoted = false;
    for (char c : pattern.toCharArray()) {
      if (c == '\'') {
        quoted = !quoted;
      }
      p.append(!quoted && c == 'y' ? 'u' : c);
    }
    return DateTimeFormatter.ofPattern(p.toString()).withResolverStyle(ResolverStyle.STRICT);
  }

  public String describeType() {
    if (type == ColumnType.TIMESTAMP) {
      return "timestamp(" + timePattern + ", " + zone.getId() + ")";
    }
    return type.name().toLowerCase(java.util.Locale.ROOT);
  }
}
