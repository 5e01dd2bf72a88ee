package org.hbulk.mappers.expr;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * Whether a key part that encodes one number or time writes it in bytes that sort like the values,
 * which is what lets a range of values be one range of keys. A number written as text of varying
 * width does not ("10" sorts before "9"), nor does a time written as {@code ddMMyyyy} or ISO text
 * with optional fractions of a second.
 */
public enum RangeEncoding {
  /** Not a number or time (a string, a hash, a literal...): there is no range to keep. */
  NONE,
  /**
   * At one width, in the values' order (dec, sortable, reverse_ts, time_floor, fixed time text).
   */
  EXACT,
  /** binary(ts): 8 big-endian bytes, in order for times from 1970 on; earlier ones sort after. */
  NON_NEGATIVE,
  /**
   * The column's text, decimal digits of varying width: in order only among values of one width.
   */
  DIGITS,
  /** Time text that does not sort like the times (day first, month names, optional fractions). */
  TEXT;

  /**
   * For each letter of "yuMLdHkmsSn": the calendar field it writes, from years (0) to nanos (6).
   */
  private static final int[] FIELD_OF_LETTER = {0, 0, 1, 1, 2, 3, 3, 4, 5, 6, 6};

  /** How this top-level key part encodes its column. */
  public static RangeEncoding of(Expr part) {
    return switch (part.kind()) {
      case COLUMN -> ofText(((ColumnRef) part).column());
      case FORMAT_TIME -> {
        FormatTime f = (FormatTime) part;
        yield f.fixedWidth() >= 0 && sortsLikeTime(f.pattern(), f.formatter()) ? EXACT : TEXT;
      }
      case BINARY -> ((Binary) part).column.type() == ColumnType.TIMESTAMP ? NON_NEGATIVE : NONE;
      case DECIMAL, SORTABLE, REVERSE_TIMESTAMP, TIME_FLOOR -> EXACT;
      case LITERAL,
          CONCAT,
          SALT,
          DIGEST,
          HEX,
          LEFT,
          PAD,
          REVERSE,
          CODE,
          IPV4,
          TIME_BUCKET,
          TIME_OFFSET ->
          NONE;
    };
  }

  /** How a column's own text, as the CSV has it, encodes its values. */
  private static RangeEncoding ofText(Column c) {
    if (c.type() == ColumnType.INT || c.type() == ColumnType.LONG) {
      return DIGITS;
    }
    if (c.type() != ColumnType.TIMESTAMP) {
      return NONE;
    }
    if (Column.EPOCH_MILLIS.equals(c.timePattern())
        || Column.EPOCH_SECONDS.equals(c.timePattern())) {
      return DIGITS;
    }
    return !Column.ISO.equals(c.timePattern()) && sortsLikeTime(c.timePattern(), c.formatter())
        ? EXACT
        : TEXT;
  }

  /** The column a part of this encoding writes, or null for {@link #NONE}. */
  public static Column column(Expr part) {
    return of(part) == NONE ? null : part.columns().get(0);
  }

  /** The key parts that write a column's values at one width in their order, for advice. */
  public static String inOrder(Column c) {
    int digits =
        switch (c.type()) {
          case INT -> 10;
          case TIMESTAMP -> 13;
          default -> 19;
        };
    return "dec(" + c.name() + ", " + digits + ") or sortable(" + c.name() + ")";
  }

  /**
   * Whether a time pattern prints every time at one width with its fields from the largest (year)
   * to the smallest, so the text sorts like the times.
   */
  static boolean sortsLikeTime(String pattern, DateTimeFormatter formatter) {
    int last = -1;
    boolean quoted = false;
    for (char ch : pattern.toCharArray()) {
      if (ch == '\'') {
        quoted = !quoted;
      }
      if (quoted || !Character.isLetter(ch)) {
        continue;
      }
      int rank = "yuMLdHkmsSn".indexOf(ch);
      if (rank < 0) {
        return false;
      }
      int field = FIELD_OF_LETTER[rank];
      if (field < last) {
        return false;
      }
      last = field;
    }
    return formatter.format(Instant.EPOCH).length()
        == formatter.format(Instant.parse("2001-12-31T23:59:59.999Z")).length();
  }
}
