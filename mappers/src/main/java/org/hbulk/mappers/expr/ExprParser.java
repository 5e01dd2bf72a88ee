package org.hbulk.mappers.expr;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * The functions are listed in {@link #FUNCTIONS}, built from their arguments by {@link
 * FunctionCall} and documented in the README. Errors name the spec line, the entry and the
 * character of the expression where parsing stopped.
 */
public final class ExprParser {
  static final List<String> FUNCTIONS =
      List.of(
          "salt",
          "md5",
          "sha1",
          "sha256",
          "murmur3",
          "hex",
          "left",
          "mid",
          "reverse",
          "lpad",
          "rpad",
          "binary",
          "sortable",
          "dec",
          "reverse_ts",
          "bucket",
          "time_floor",
          "time_offset",
          "format_time",
          "code",
          "ipv4");

  /** Enough buckets for any cluster; more would only make range reads fan out further. */
  static final int MAX_SALT_BUCKETS = 4096;

  private final String text;
  private final Map<String, Column> columns;
  private final Map<String, Map<String, String>> codes;
  private final String where;
  private int pos;

  private ExprParser(
      String text,
      Map<String, Column> columns,
      Map<String, Map<String, String>> codes,
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
  public static Expr parse(
      String text,
      Map<String, Column> columns,
      Map<String, Map<String, String>> codes,
      String where) {
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
    FunctionCall a = new FunctionCall(this, name, start);
    while (true) {
      skipSpace();
      a.add(pos, argument());
      skipSpace();
      if (pos < text.length() && text.charAt(pos) == ',') {
        pos++;
        continue;
      }
      if (pos < text.length() && text.charAt(pos) == ')') {
        pos++;
        break;
      }
      throw error(
          "expected ',' or ')' in the arguments of "
              + name
              + "(...), found "
              + (pos < text.length() ? "'" + rest() + "'" : "the end of the expression"));
    }
    return a.build(codes);
  }

  /**
   * An argument: a whole number, a bare word (kept as text until the function says what it is), or
   * an expression.
   */
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
        return new FunctionCall.Word(word, save);
      }
      pos = save;
    }
    return expression();
  }

  Column column(String name, int at) {
    Column c = columns.get(name);
    if (c == null) {
      throw errorAt(
          at,
          "unknown column '"
              + name
              + "' (columns: "
              + String.join(", ", columns.keySet())
              + ")"
              + (FUNCTIONS.contains(name) ? "; to call the function write " + name + "(...)" : ""));
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
              || Character.digit(text.charAt(pos), 16) < 0
              || Character.digit(text.charAt(pos + 1), 16) < 0) {
            throw errorAt(pos - 2, "\\x must be followed by two hex digits");
          }
          flush(chars, bytes);
          bytes.write(Integer.parseInt(text.substring(pos, pos + 2), 16));
          pos += 2;
        }
        default ->
            throw errorAt(
                pos - 2, "unknown escape \\" + e + " (use \\\\ \\\" \\' \\t \\n \\r \\xHH)");
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
    while (pos < text.length()
        && (isIdentStart(text.charAt(pos)) || Character.isDigit(text.charAt(pos)))) {
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

  SpecException errorAt(int at, String message) {
    return new SpecException(
        where + ": at character " + (at + 1) + " of '" + text + "': " + message);
  }
}
