package org.hbulk.mappers.spec;

import org.hbulk.mappers.schema.Column;

/**
 * Where an output's cell timestamps come from.
 *
 * <ul>
 *   <li>{@code run-start}: the moment the run started, the same for every cell of the run;
 *   <li>a number: that many milliseconds since the epoch, for every cell;
 *   <li>a column name: the record's value of a timestamp or long (epoch milliseconds) column.
 * </ul>
 */
public record TimestampSource(Kind kind, long fixedMillis, Column column) {
  public enum Kind {
    RUN_START,
    FIXED,
    COLUMN
  }

  public static final String RUN_START_WORD = "run-start";

  public static TimestampSource runStart() {
    return new TimestampSource(Kind.RUN_START, 0, null);
  }

  public String describe() {
    return switch (kind) {
      case RUN_START -> RUN_START_WORD;
      case FIXED -> Long.toString(fixedMillis);
      case COLUMN -> "column " + column.name();
    };
  }
}
