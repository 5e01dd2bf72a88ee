package org.hbulk.mappers.expr;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.SpecException;

/**
 * Parses key and value expressions:
 *
 * <pre>
 *   expr     := term ('+' term)*
 *   term     := string | column | function '(' arg (',' arg)* ')'
 *   string   := "..." or '...'  with escapes \\ \" \' \t \n \r \xHH (one raw byte)
 * </pre>
 *
 * The functions are listed in {@link #FUNCTIONS} and documented in the README. Errors name the
 * spec line, the entry and the character of the expression where parsing stopped.
 */
public final class ExprParser {
  static final List<String> FUNCTIONS = List.of("salt", "md5", "sha1", "sha256", "murmur3", "hex",
      "left", "mid", "reverse", "lpad", "rpad", "binary", "sortable", "dec", "reverse_ts", "bucket",
      "time_floor", "time_offset", "format_time", "code", "ipv4");
  /** Enough buckets for any cluster; more would only make range reads fan out further. */
  static final int MAX_SALT_BUCKETS = 4096;

  private final String text;
  private final Map<String, Column> columns;
  private final Map<String, Map<String, String>> codes;
  private final String where;
  private int pos;

  private ExprParser(String text, Map<String, Column> columns, Map<String, Map<String, String>> codes,
      String where) {
    this.text = text;
    this.columns = columns;
    this.codes = codes;
    this.where = where;
  }

  /**
   * @param where how errors name the expression's place, e.g. "orders.spec:12: key"
   */
  public static Expr parse(String text, Map<String, Column> columns, String where) {
    return parse(text, columns, Map.of(), where);
  }

  /**
   * @param codes the spec's {@code [codes NAME]} tables, for {@code code(column, NAME)}
   */
  public static Expr parse(String text, Map<String, Column> columns,
      Map<String, Map<String, String>> codes, String where) {
    ExprParser p = new ExprParser(text, columns, codes, where);
    p.skipSpace();
    if (p.pos >= text.length()) {
      throw new SpecException(where + ": the expression is empty");
    }
    Expr e = p.expression();
    p.skipSpace();
    if (p.pos < text.length()) {
      throw p.error("expected '+' or the end of the expression, found '" + p.rest() + "'");
    }
    return e;
  }

  private Expr expression() {
    List<Expr> parts = new ArrayList<>();
    parts.add(term());
    skipSpace();
    while (pos < text.length() && text.charAt(pos) == '+') {
      pos++;
      skipSpace();
      parts.add(term());
      skipSpace();
    }
    return parts.size() == 1 ? parts.get(0) : new Concat(parts);
  }

  private Expr term() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("expected a column, a \"string\" or a function, found the end of the expression");
    }
    char c = text.charAt(pos);
    if (c == '"' || c == '\'') {
      return string(c);
    }
    if (!isIdentStart(c)) {
      throw error("expected a column, a \"string\" or a function, found '" + rest() + "'");
    }
    int start = pos;
    String name = identifier();
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == '(') {
      return function(name, start);
    }
    return new ColumnRef(column(name, start));
  }

  private Expr function(String name, int start) {
    pos++; // '('
    Args a = new Args(name, start);
    while (true) {
      skipSpace();
      a.positions.add(pos);
      a.values.add(argument());
      skipSpace();
      if (pos < text.length() && text.charAt(pos) == ',') {
        pos++;
        continue;
      }
      if (pos < text.length() && text.charAt(pos) == ')') {
        pos++;
        break;
      }
      throw error("expected ',' or ')' in the arguments of " + name + "(...), found "
          + (pos < text.length() ? "'" + rest() + "'" : "the end of the expression"));
    }
    return switch (name) {
      case "salt" -> {
        a.count(2, 3, "(expression, buckets[, dec|hex|byte|alpha])");
        int buckets = a.integer(1, "buckets", 2, MAX_SALT_BUCKETS);
        Salt.Format format = a.word(2, Salt.Format.class, Salt.Format.DEC);
        a.check(format != Salt.Format.BYTE || buckets <= 256, 1, "a byte salt has at most 256 buckets");
        a.check(format != Salt.Format.ALPHA || buckets <= 26, 1, "an alpha salt has at most 26 buckets");
        yield new Salt(a.expr(0), buckets, format);
      }
      case "md5", "sha1", "sha256", "murmur3" -> {
        a.count(1, 1, "(expression)");
        yield new Digest(Digest.Algorithm.valueOf(name.toUpperCase(Locale.ROOT)), a.expr(0));
      }
      case "hex" -> {
        a.count(1, 1, "(expression)");
        yield new Hex(a.expr(0));
      }
      case "reverse" -> {
        a.count(1, 1, "(expression)");
        yield new Reverse(a.expr(0));
      }
      case "left" -> {
        a.count(2, 2, "(expression, bytes)");
        yield new Left(a.expr(0), 0, a.integer(1, "bytes", 1, Integer.MAX_VALUE));
      }
      case "mid" -> {
        a.count(3, 3, "(expression, start, bytes)");
        yield new Left(a.expr(0), a.integer(1, "start", 0, Integer.MAX_VALUE),
            a.integer(2, "bytes", 1, Integer.MAX_VALUE));
      }
      case "lpad", "rpad" -> {
        a.count(2, 3, "(expression, width[, \"pad character\"])");
        int width = a.integer(1, "width", 1, 32767);
        byte pad = a.values.size() == 3 ? a.padByte(2) : (byte) (name.equals("lpad") ? '0' : ' ');
        yield new Pad(a.expr(0), width, pad, name.equals("lpad"));
      }
      case "binary" -> {
        a.count(1, 1, "(column)");
        yield new Binary(a.column(0));
      }
      case "sortable" -> {
        a.count(1, 1, "(column)");
        yield new Sortable(a.column(0, ColumnType.INT, ColumnType.LONG, ColumnType.DOUBLE, ColumnType.TIMESTAMP));
      }
      case "dec" -> {
        a.count(2, 2, "(column, width)");
        yield new Decimal(a.column(0, ColumnType.INT, ColumnType.LONG, ColumnType.TIMESTAMP),
            a.integer(1, "width", 1, 19));
      }
      case "reverse_ts" -> {
        a.count(1, 2, "(column[, binary|dec])");
        Column c = a.column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        yield new ReverseTimestamp(c, a.word(1, TimeFloor.Format.class, TimeFloor.Format.BINARY,
            TimeFloor.Format.BINARY, TimeFloor.Format.DEC) == TimeFloor.Format.DEC);
      }
      case "bucket" -> {
        a.count(2, 3, "(column, buckets[, dec|hex|byte])");
        Column c = a.column(0, ColumnType.TIMESTAMP, ColumnType.LONG, ColumnType.INT);
        int buckets = a.integer(1, "buckets", 2, MAX_SALT_BUCKETS);
        Salt.Format format = a.word(2, Salt.Format.class, Salt.Format.DEC, Salt.Format.DEC,
            Salt.Format.HEX, Salt.Format.BYTE);
        a.check(format != Salt.Format.BYTE || buckets <= 256, 1, "a byte bucket has at most 256 buckets");
        yield new TimeBucket(c, buckets, format);
      }
      case "time_floor" -> {
        a.count(2, 3, "(column, minute|hour|day[, binary|seconds|dec])");
        Column c = a.column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        TimeFloor.Unit unit = a.word(1, TimeFloor.Unit.class, null);
        yield new TimeFloor(c, unit, a.word(2, TimeFloor.Format.class, TimeFloor.Format.BINARY));
      }
      case "time_offset" -> {
        a.count(2, 3, "(column, minute|hour|day[, seconds|millis])");
        Column c = a.column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        TimeFloor.Unit unit = a.word(1, TimeFloor.Unit.class, null);
        yield new TimeOffset(c, unit, a.word(2, OffsetUnit.class, OffsetUnit.SECONDS) == OffsetUnit.MILLIS);
      }
      case "format_time" -> {
        a.count(2, 2, "(column, \"pattern\")");
        Column c = a.column(0, ColumnType.TIMESTAMP, ColumnType.LONG);
        String pattern = a.string(1);
        try {
          java.time.format.DateTimeFormatter.ofPattern(pattern);
        } catch (IllegalArgumentException e) {
          throw errorAt(a.positions.get(1), "bad time pattern: " + e.getMessage());
        }
        yield new FormatTime(c, pattern);
      }
      case "code" -> {
        a.count(2, 2, "(column, CODES)");
        Column c = a.column(0);
        String table = a.name(1);
        Map<String, String> dictionary = codes.get(table);
        if (dictionary == null) {
          throw errorAt(a.positions.get(1), "no [codes " + table + "] section in the spec (code tables: "
              + (codes.isEmpty() ? "none" : String.join(", ", codes.keySet())) + ")");
        }
        yield new Code(c, table, dictionary);
      }
      case "ipv4" -> {
        a.count(1, 1, "(column)");
        yield new Ipv4(a.column(0));
      }
      default -> throw errorAt(start, "unknown function '" + name + "' (functions: "
          + String.join(", ", FUNCTIONS) + ")");
    };
  }

  /** One function call's arguments, with checks that point at the argument that is wrong. */
  private final class Args {
    final String function;
    final int start;
    final List<Object> values = new ArrayList<>();
    final List<Integer> positions = new ArrayList<>();

    Args(String function, int start) {
      this.function = function;
      this.start = start;
    }

    void count(int min, int max, String signature) {
      if (values.size() < min || values.size() > max) {
        throw errorAt(start, function + " takes " + signature + ", found " + values.size()
            + " argument(s)");
      }
    }

    void check(boolean ok, int i, String message) {
      if (!ok) {
        throw errorAt(positions.get(i), message);
      }
    }

    Expr expr(int i) {
      Object arg = values.get(i);
      if (arg instanceof Word w) {
        return new ColumnRef(ExprParser.this.column(w.text(), w.pos()));
      }
      if (arg instanceof Integer) {
        throw errorAt(positions.get(i), function + " expects an expression here, found a number"
            + " (quote it to use it as text)");
      }
      return (Expr) arg;
    }

    Column column(int i, ColumnType... types) {
      if (!(values.get(i) instanceof Word w)) {
        throw errorAt(positions.get(i), function + " expects a column name here");
      }
      Column c = ExprParser.this.column(w.text(), w.pos());
      if (types.length > 0 && !List.of(types).contains(c.type())) {
        throw errorAt(w.pos(), function + " needs a column of type "
            + String.join(" or ", List.of(types).stream().map(t -> t.name().toLowerCase(Locale.ROOT)).toList())
            + "; '" + c.name() + "' is " + c.describeType());
      }
      return c;
    }

    int integer(int i, String what, int min, int max) {
      if (!(values.get(i) instanceof Integer n)) {
        throw errorAt(positions.get(i), function + " expects a whole number of " + what + " here");
      }
      if (n < min || n > max) {
        throw errorAt(positions.get(i), function + ": " + what + " must be between " + min + " and "
            + max + ", found " + n);
      }
      return n;
    }

    String name(int i) {
      if (!(values.get(i) instanceof Word w)) {
        throw errorAt(positions.get(i), function + " expects a name here");
      }
      return w.text();
    }

    /** A keyword argument, one of an enum's constants (or of {@code allowed}); {@code fallback} when absent. */
    @SafeVarargs
    final <E extends Enum<E>> E word(int i, Class<E> type, E fallback, E... allowed) {
      List<E> choices = allowed.length > 0 ? List.of(allowed) : List.of(type.getEnumConstants());
      String names = String.join("|", choices.stream().map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
      if (i >= values.size()) {
        if (fallback == null) {
          throw errorAt(start, function + " needs " + names);
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
      throw errorAt(positions.get(i), function + " expects " + names + " here");
    }

    String string(int i) {
      if (!(values.get(i) instanceof Literal l)) {
        throw errorAt(positions.get(i), function + " expects a \"string\" here");
      }
      return new String(l.bytes(), java.nio.charset.StandardCharsets.UTF_8);
    }

    byte padByte(int i) {
      if (!(values.get(i) instanceof Literal l) || l.bytes().length != 1) {
        throw errorAt(positions.get(i), function + " pads with one byte: \"0\", \" \" or \"\\x00\"");
      }
      return l.bytes()[0];
    }
  }

  /** An argument: a whole number, a bare word (kept as text until the function says what it is), or an expression. */
  private Object argument() {
    if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      int start = pos;
      while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        pos++;
      }
      try {
        return Integer.valueOf(text.substring(start, pos));
      } catch (NumberFormatException e) {
        throw errorAt(start, "number too large: " + text.substring(start, pos));
      }
    }
    if (pos < text.length() && isIdentStart(text.charAt(pos))) {
      int save = pos;
      String word = identifier();
      skipSpace();
      boolean alone = pos >= text.length() || text.charAt(pos) == ',' || text.charAt(pos) == ')';
      if (alone) {
        return new Word(word, save);
      }
      pos = save;
    }
    return expression();
  }

  private record Word(String text, int pos) {}

  /** How {@code time_offset} counts. */
  private enum OffsetUnit { SECONDS, MILLIS }

  private Column column(String name, int at) {
    Column c = columns.get(name);
    if (c == null) {
      throw errorAt(at, "unknown column '" + name + "' (columns: " + String.join(", ", columns.keySet())
          + ")" + (FUNCTIONS.contains(name) ? "; to call the function write " + name + "(...)" : ""));
    }
    if (c.type() == ColumnType.SKIP) {
      throw errorAt(at, "column '" + name + "' is declared skip and cannot be used");
    }
    return c;
  }

  private Expr string(char quote) {
    int start = pos;
    pos++;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    StringBuilder chars = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw errorAt(start, "string not closed: add " + quote);
      }
      char c = text.charAt(pos++);
      if (c == quote) {
        break;
      }
      if (c != '\\') {
        chars.append(c);
        continue;
      }
      if (pos >= text.length()) {
        throw errorAt(pos - 1, "a '\\' must be followed by a character to escape");
      }
      char e = text.charAt(pos++);
      switch (e) {
        case '\\', '"', '\'' -> chars.append(e);
        case 't' -> chars.append('\t');
        case 'n' -> chars.append('\n');
        case 'r' -> chars.append('\r');
        case 'x' -> {
          if (pos + 2 > text.length()
              || Character.digit(text.charAt(pos), 16) < 0 || Character.digit(text.charAt(pos + 1), 16) < 0) {
            throw errorAt(pos - 2, "\\x must be followed by two hex digits");
          }
          flush(chars, bytes);
          bytes.write(Integer.parseInt(text.substring(pos, pos + 2), 16));
          pos += 2;
        }
        default -> throw errorAt(pos - 2, "unknown escape \\" + e + " (use \\\\ \\\" \\' \\t \\n \\r \\xHH)");
      }
    }
    flush(chars, bytes);
    return new Literal(bytes.toByteArray(), text.substring(start, pos));
  }

  private static void flush(StringBuilder chars, ByteArrayOutputStream bytes) {
    bytes.writeBytes(chars.toString().getBytes(StandardCharsets.UTF_8));
    chars.setLength(0);
  }

  private String identifier() {
    int start = pos;
    while (pos < text.length() && (isIdentStart(text.charAt(pos)) || Character.isDigit(text.charAt(pos)))) {
      pos++;
    }
    return text.substring(start, pos);
  }

  private static boolean isIdentStart(char c) {
    return c == '_' || (c < 128 && Character.isLetter(c));
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private String rest() {
    String r = text.substring(pos);
    return r.length() > 20 ? r.substring(0, 20) + "..." : r;
  }

  private SpecException error(String message) {
    return errorAt(pos, message);
  }

  private SpecException errorAt(int at, String message) {
    return new SpecException(where + ": at character " + (at + 1) + " of '" + text + "': " + message);
  }
}
