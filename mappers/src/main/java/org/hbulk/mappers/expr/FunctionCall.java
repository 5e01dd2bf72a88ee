package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * One function call of an expression: its arguments as parsed, the checks that point at the
 * argument that is wrong, and the table of functions that turns a call into its expression. The
 * table of every function is kept in one place, which is most of this class's length, so that a new
 * function is one entry beside the others and its argument checks.
 */
final class FunctionCall {
  /**
   * A bare word argument, kept as text until the function says what it is (a column, a keyword).
   */
  record Word(String text, int pos) {}

  /** How {@code time_offset} counts. */
  private enum OffsetUnit {
    SECONDS,
    MILLIS
  }

  private final ExprParser parser;
  private final String function;
  private final int start;

  /** A whole number (Integer), a bare {@link Word}, or an {@link Expr}. */
  private final List<Object> values = new ArrayList<>();

  /** Where each argument starts in the expression's text, for errors. */
  private final List<Integer> positions = new ArrayList<>();

  FunctionCall(ExprParser parser, String function, int start) {
    this.parser = parser;
    this.function = function;
    this.start = start;
  }

  void add(int position, Object value) {
    positions.add(position);
    values.add(value);
  }

  void count(int min, int max, String signature) {
    if (values.size() < min || values.size() > max) {
      throw parser.errorAt(
          start, function + " takes " + signature + ", found " + values.size() + " argument(s)");
    }
  }

  void check(boolean ok, int i, String message) {
    if (!ok) {
      throw parser.errorAt(positions.get(i), message);
    }
  }

  Expr expr(int i) {
    Object arg = values.get(i);
    if (arg instanceof Word w) {
      return new ColumnRef(parser.column(w.text(), w.pos()));
    }
    if (arg instanceof Integer) {
      throw parser.errorAt(
          positions.get(i),
          function
              + " expects an expression here, found a number"
              + " (quote it to use it as text)");
    }
    return (Expr) arg;
  }

  Column column(int i, ColumnType... types) {
    if (!(values.get(i) instanceof Word w)) {
      throw parser.errorAt(positions.get(i), function + " expects a column name here");
    }
    Column c = parser.column(w.text(), w.pos());
    if (types.length > 0 && !List.of(types).contains(c.type())) {
      throw parser.errorAt(
          w.pos(),
          function
              + " needs a column of type "
              + String.join(
                  " or ",
                  List.of(types).stream().map(t -> t.name().toLowerCase(Locale.ROOT)).toList())
              + "; '"
              + c.name()
              + "' is "
              + c.describeType());
    }
    return c;
  }

  int integer(int i, String what, int min, int max) {
    if (!(values.get(i) instanceof Integer n)) {
      throw parser.errorAt(
          positions.get(i), function + " expects a whole number of " + what + " here");
    }
    if (n < min || n > max) {
      throw parser.errorAt(
          positions.get(i),
          function + ": " + what + " must be between " + min + " and " + max + ", found " + n);
    }
    return n;
  }

  String name(int i) {
    if (!(values.get(i) instanceof Word w)) {
      throw parser.errorAt(positions.get(i), function + " expects a name here");
    }
    return w.text();
  }

  /**
   * A keyword argument, one of an enum's constants (or of {@code allowed}); {@code fallback} when
   * absent.
   */
  @SafeVarargs
  final <E extends Enum<E>> E word(int i, Class<E> type, E fallback, E... allowed) {
    List<E> choices = allowed.length > 0 ? List.of(allowed) : List.of(type.getEnumConstants());
    String names =
        String.join("|", choices.stream().map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
    if (i >= values.size()) {
      if (fallback == null) {
        throw parser.errorAt(start, function + " needs " + names);
      }
      return fallback;
    }
    if (values.get(i) instanceof Word w) {
      for (E e : choices) {
        if (e.name().equalsIgnoreCase(w.text())) {
          return e;
        }
      }
    }
    throw parser.errorAt(positions.get(i), function + " expects " + names + " here");
  }

  String string(int i) {
    if (!(values.get(i) instanceof Literal l)) {
      throw parser.errorAt(positions.get(i), function + " expects a \"string\" here");
    }
    return new String(l.bytes(), StandardCharsets.UTF_8);
  }

  byte padByte(int i) {
    if (!(values.get(i) instanceof Literal l) || l.bytes().length != 1) {
      throw parser.errorAt(
          positions.get(i), function + " pads with one byte: \"0\", \" \" or \"\\x00\"");
    }
    return l.bytes()[0];
  }

  /** The call's expression, or an error naming the argument that does not fit the function. */
  Expr build(Map<String, Map<String, String>> codes) {
    return switch (function) {
      case "salt" -> {
        count(2, 3, "(expression, buckets[, dec|hex|byte|alpha])");
        int buckets = integer(1, "buckets", 2, ExprParser.MAX_SALT_BUCKETS);
        Salt.Format format = word(2, Salt.Format.class, Salt.Format.DEC);
        check(
            format != Salt.Format.BYTE || buckets <= 256, 1, "a byte salt has at most 256 buckets");
        check(
            format != Salt.Format.ALPHA || buckets <= 26,
            1,
            "an alpha salt has at most 26 buckets");
        yield new Salt(expr(0), buckets, format);
      }
      case "md5", "sha1", "sha256", "murmur3" -> {
        count(1, 1, "(expression)");
        yield new Digest(Digest.Algorithm.valueOf(function.toUpperCase(Locale.ROOT)), expr(0));
      }
      case "hex" -> {
        count(1, 1, "(expression)");
        yield new Hex(expr(0));
      }
      case "reverse" -> {
        count(1, 1, "(expression)");
        yield new Reverse(expr(0));
      }
      case "left" -> {
        count(2, 2, "(expression, bytes)");
        yield new Left(expr(0), 0, integer(1, "bytes", 1, Integer.MAX_VALUE));
      }
      case "mid" -> {
        count(3, 3, "(expression, start, bytes)");
        yield new Left(
            expr(0),
            integer(1, "start", 0, Integer.MAX_VALUE),
            integer(2, "bytes", 1, Integer.MAX_VALUE));
      }
      case "lpad", "rpad" -> {
        count(2, 3, "(expression, width[, \"pad character\"])");
        int width = integer(1, "width", 1, 32767);
        byte pad = values.size() == 3 ? padByte(2) : (byte) (function.equals("lpad") ? '0' : ' ');
        yield new Pad(expr(0), width, pad, function.equals("lpad"));
      }
      case "binary" -> {
        count(1, 1, "(column)");
        yield new Binary(column(0));
      }
      case "sortable" -> {
        count(1, 1, "(column)");
        yield new Sortable(
            column(0, ColumnType.INT, ColumnType.LONG, ColumnType.DOUBLE, ColumnType.TIMESTAMP));
      }
      case "dec" -> {
        count(2, 2, "(column, width)");
        yield new Decimal(
            column(0, ColumnType.INT, ColumnType.LONG, ColumnType.TIMESTAMP),
            integer(1, "width", 1, 19));
      }
      case "reverse_ts" -> {
        count(1, 2, "(column[, binary|dec])");
        Column c = column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        yield new ReverseTimestamp(
            c,
            word(
                    1,
                    TimeFloor.Format.class,
                    TimeFloor.Format.BINARY,
                    TimeFloor.Format.BINARY,
                    TimeFloor.Format.DEC)
                == TimeFloor.Format.DEC);
      }
      case "bucket" -> {
        count(2, 3, "(column, buckets[, dec|hex|byte])");
        Column c = column(0, ColumnType.TIMESTAMP, ColumnType.LONG, ColumnType.INT);
        int buckets = integer(1, "buckets", 2, ExprParser.MAX_SALT_BUCKETS);
        Salt.Format format =
            word(
                2,
                Salt.Format.class,
                Salt.Format.DEC,
                Salt.Format.DEC,
                Salt.Format.HEX,
                Salt.Format.BYTE);
        check(
            format != Salt.Format.BYTE || buckets <= 256,
            1,
            "a byte bucket has at most 256 buckets");
        yield new TimeBucket(c, buckets, format);
      }
      case "time_floor" -> {
        count(2, 3, "(column, minute|hour|day[, binary|seconds|dec])");
        Column c = column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        TimeFloor.Unit unit = word(1, TimeFloor.Unit.class, null);
        yield new TimeFloor(c, unit, word(2, TimeFloor.Format.class, TimeFloor.Format.BINARY));
      }
      case "time_offset" -> {
        count(2, 3, "(column, minute|hour|day[, seconds|millis])");
        Column c = column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        TimeFloor.Unit unit = word(1, TimeFloor.Unit.class, null);
        yield new TimeOffset(
            c, unit, word(2, OffsetUnit.class, OffsetUnit.SECONDS) == OffsetUnit.MILLIS);
      }
      case "format_time" -> {
        count(2, 2, "(column, \"pattern\")");
        Column c = column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        String pattern = string(1);
        try {
          DateTimeFormatter.ofPattern(pattern);
        } catch (IllegalArgumentException e) {
          throw parser.errorAt(positions.get(1), "bad time pattern: " + e.getMessage());
        }
        yield new FormatTime(c, pattern);
      }
      case "code" -> {
        count(2, 2, "(column, CODES)");
        Column c = column(0);
        String table = name(1);
        Map<String, String> dictionary = codes.get(table);
        if (dictionary == null) {
          throw parser.errorAt(
              positions.get(1),
              "no [codes "
                  + table
                  + "] section in the spec (code tables: "
                  + (codes.isEmpty() ? "none" : String.join(", ", codes.keySet()))
                  + ")");
        }
        yield new Code(c, table, dictionary);
      }
      case "ipv4" -> {
        count(1, 1, "(column)");
        yield new Ipv4(column(0));
      }
      default ->
          throw parser.errorAt(
              start,
              "unknown function '"
                  + function
                  + "' (functions: "
                  + String.join(", ", ExprParser.FUNCTIONS)
                  + ")");
    };
  }
}
