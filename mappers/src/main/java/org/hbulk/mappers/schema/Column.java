package org.hbulk.mappers.schema;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

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
    return DateTimeFormatter.ofPattern(timePattern).withZone(zone);
  }

  public String describeType() {
    if (type == ColumnType.TIMESTAMP) {
      return "timestamp(" + timePattern + ", " + zone.getId() + ")";
    }
    return type.name().toLowerCase(java.util.Locale.ROOT);
  }
}
