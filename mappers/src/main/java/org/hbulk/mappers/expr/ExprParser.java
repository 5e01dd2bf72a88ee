package org.hbulk.mappers.expr;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hbulk.mappers.spec.Column;
import org.hbulk.mappers.spec.ColumnType;
import org.hbulk.mappers.spec.SpecException;

/**
 * Parses key and value expressions:
 *
 * <pre>
 *   expr     := term ('+' term)*
 *   term     := string | column | function '(' arg (',' arg)* ')'
 *   string   := "..." or '...'  with escapes \\ \" \' \t \n \r \xHH (one raw byte)
 * </pre>
 *
 * Functions: {@code salt(expr, N[, dec|hex|byte])}, {@code md5(expr)}, {@code hex(expr)},
 * {@code left(expr, n)}, {@code binary(column)}. Errors name the spec line, the entry and the
 * column within the expression where parsing stopped.
 */
public final class ExprParser {
  private static final List<String> FUNCTIONS = List.of("salt", "md5", "hex", "left", "binary");
  /** Enough buckets for any cluster; more would only make range reads fan out further. */
  static final int MAX_SALT_BUCKETS = 4096;

  private final String text;
  private final Map<String, Column> columns;
  private final String where;
  private int pos;

  private ExprParser(String text, Map<String, Column> columns, String where) {
    this.text = text;
    this.columns = columns;
    this.where = where;
  }

  /**
   * @param where how errors name the expression's place, e.g. "orders.spec:12: key"
   */
  public static Expr parse(String text, Map<String, Column> columns, String where) {
    ExprParser p = new ExprParser(text, columns, where);
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
    List<Object> args = new ArrayList<>();
    List<Integer> argPos = new ArrayList<>();
    skipSpace();
    while (true) {
      skipSpace();
      argPos.add(pos);
      args.add(argument());
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
      case "salt" -> salt(args, argPos, start);
      case "md5" -> new Md5(onlyExpr(name, args, argPos, start));
      case "hex" -> new Hex(onlyExpr(name, args, argPos, start));
      case "left" -> left(args, argPos, start);
      case "binary" -> binary(args, argPos, start);
      default -> throw errorAt(start, "unknown function '" + name + "' (functions: "
          + String.join(", ", FUNCTIONS) + ")");
    };
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

  private Expr salt(List<Object> args, List<Integer> argPos, int start) {
    if (args.size() < 2 || args.size() > 3) {
      throw errorAt(start, "salt takes (expression, buckets[, dec|hex|byte]), found "
          + args.size() + " argument(s)");
    }
    Expr input = asExpr("salt", args.get(0), argPos.get(0));
    int buckets = asInt("salt", "buckets", args.get(1), argPos.get(1));
    Salt.Format format = Salt.Format.DEC;
    if (args.size() == 3) {
      if (!(args.get(2) instanceof Word w)) {
        throw errorAt(argPos.get(2), "salt's third argument is the format: dec, hex or byte");
      }
      try {
        format = Salt.Format.valueOf(w.text().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw errorAt(w.pos(), "unknown salt format '" + w.text() + "': expected dec, hex or byte");
      }
    }
    if (buckets < 2 || buckets > MAX_SALT_BUCKETS) {
      throw errorAt(argPos.get(1), "salt buckets must be between 2 and " + MAX_SALT_BUCKETS
          + ", found " + buckets);
    }
    if (format == Salt.Format.BYTE && buckets > 256) {
      throw errorAt(argPos.get(1), "a byte salt has at most 256 buckets, found " + buckets);
    }
    return new Salt(input, buckets, format);
  }

  private Expr left(List<Object> args, List<Integer> argPos, int start) {
    if (args.size() != 2) {
      throw errorAt(start, "left takes (expression, bytes), found " + args.size() + " argument(s)");
    }
    int n = asInt("left", "bytes", args.get(1), argPos.get(1));
    if (n < 1) {
      throw errorAt(argPos.get(1), "left needs at least 1 byte, found " + n);
    }
    return new Left(asExpr("left", args.get(0), argPos.get(0)), n);
  }

  private Expr binary(List<Object> args, List<Integer> argPos, int start) {
    if (args.size() != 1 || !(args.get(0) instanceof Word w)) {
      throw errorAt(start, "binary takes one column name");
    }
    return new Binary(column(w.text(), w.pos()));
  }

  private Expr onlyExpr(String name, List<Object> args, List<Integer> argPos, int start) {
    if (args.size() != 1) {
      throw errorAt(start, name + " takes one expression, found " + args.size() + " arguments");
    }
    return asExpr(name, args.get(0), argPos.get(0));
  }

  private Expr asExpr(String fn, Object arg, int at) {
    if (arg instanceof Word w) {
      return new ColumnRef(column(w.text(), w.pos()));
    }
    if (arg instanceof Integer) {
      throw errorAt(at, fn + " expects an expression here, found a number (quote it to use it as text)");
    }
    return (Expr) arg;
  }

  private int asInt(String fn, String what, Object arg, int at) {
    if (!(arg instanceof Integer n)) {
      throw errorAt(at, fn + " expects a whole number of " + what + " here");
    }
    return n;
  }

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
