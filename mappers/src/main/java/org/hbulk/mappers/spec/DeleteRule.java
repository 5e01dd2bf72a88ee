package org.hbulk.mappers.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.SpecText.Entry;

/**
 * Which records of an {@code [output NAME]} are deletions, and what they delete: the {@code
 * delete-when = COLUMN = VALUE} (or {@code COLUMN in (V1, V2)}) and {@code delete = row | cells}
 * settings. A record whose field's text is one of the values writes, instead of its cells, delete
 * markers at its timestamp: a DeleteFamily marker for each family of the output ({@code row}), or a
 * DeleteColumn marker for each of its cells ({@code cells}). Other records of the output write
 * their cells as usual, and every output of a record decides on its own.
 *
 * @param column the field read
 * @param values the texts that make a record a deletion, compared as they are in the file
 * @param scope what a deletion record deletes
 */
public record DeleteRule(Column column, Set<String> values, Scope scope) {
  /** What a deletion record deletes. */
  public enum Scope {
    /** The whole row: a DeleteFamily marker for each family the output writes. */
    ROW("row"),
    /** The output's cells: a DeleteColumn marker for each. */
    CELLS("cells");

    private final String word;

    Scope(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }
  }

  static final String WHEN_KEY = "delete-when";
  static final String WHAT_KEY = "delete";

  private static final Pattern EQUALS = Pattern.compile("(\\S+)\\s*=\\s*(.+)");
  private static final Pattern IN =
      Pattern.compile("(\\S+)\\s+in\\s*\\((.*)\\)", Pattern.CASE_INSENSITIVE);

  public DeleteRule {
    values = Set.copyOf(values);
  }

  /** Whether a record whose field has {@code text} is a deletion. */
  public boolean matches(String text) {
    return values.contains(text);
  }

  /**
   * The rule of an output's {@code delete-when} and {@code delete} entries, if it has one; errors
   * name the entry's line.
   */
  static Optional<DeleteRule> parse(
      Optional<Entry> when, Optional<Entry> what, Map<String, Column> columns, SpecValues values) {
    if (when.isEmpty()) {
      what.ifPresent(
          e -> {
            throw values.at(
                e,
                "'delete' says what a deletion deletes; say which records are deletions with"
                    + " 'delete-when = COLUMN = VALUE' (or 'COLUMN in (V1, V2)')");
          });
      return Optional.empty();
    }
    Entry e = when.get();
    String text = e.value().trim();
    Matcher in = IN.matcher(text);
    Matcher eq = EQUALS.matcher(text);
    String name;
    List<String> texts = new ArrayList<>();
    if (in.matches()) {
      name = in.group(1);
      texts.addAll(listValues(in.group(2), e, values));
    } else if (eq.matches()) {
      name = eq.group(1);
      texts.add(unquote(eq.group(2).trim()));
    } else {
      throw values.at(
          e, "expected 'COLUMN = VALUE' or 'COLUMN in (VALUE, VALUE)', found '" + text + "'");
    }
    Column column = columns.get(name);
    if (column == null) {
      throw values.at(
          e,
          "unknown column '" + name + "' (columns: " + String.join(", ", columns.keySet()) + ")");
    }
    for (String v : texts) {
      if (v.isEmpty()) {
        throw values.at(
            e,
            "an empty value: a deletion is told by a value of '"
                + name
                + "' (an empty field is no deletion; see 'empty = delete' for cleared fields)");
      }
      if (!fits(column, v)) {
        throw values.at(
            e,
            "'" + v + "' is not a valid " + column.describeType() + " for column '" + name + "'");
      }
    }
    Scope scope = what.map(w -> scope(w, values)).orElse(Scope.ROW);
    return Optional.of(new DeleteRule(column, Set.copyOf(texts), scope));
  }

  private static Scope scope(Entry e, SpecValues values) {
    for (Scope s : Scope.values()) {
      if (s.word.equals(e.value())) {
        return s;
      }
    }
    throw values.at(
        e,
        "expected row (a family delete marker for each family of the output) or cells (a column"
            + " delete marker for each of its cells), found '"
            + e.value()
            + "'");
  }

  private static String unquote(String v) {
    return v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")
        ? v.substring(1, v.length() - 1)
        : v;
  }

  /**
   * Whether a field of the column could hold {@code v} without being rejected: read as a record's
   * field is read, so a value no field can hold (NaN for a double, the digits of another script) is
   * an error here rather than a rule that never fires.
   */
  private static boolean fits(Column c, String v) {
    Column alone = new Column(c.name(), 0, c.type(), c.timePattern(), c.zone());
    try {
      new Record(List.of(alone)).load(List.of(v));
      return true;
    } catch (RejectException ex) {
      return false;
    }
  }

  /** The values of {@code in (...)}, split at the commas outside double quotes. */
  private static List<String> listValues(String list, Entry e, SpecValues values) {
    List<String> out = new ArrayList<>();
    StringBuilder value = new StringBuilder();
    boolean quoted = false;
    for (char ch : list.toCharArray()) {
      if (ch == '"') {
        quoted = !quoted;
      }
      if (ch == ',' && !quoted) {
        out.add(unquote(value.toString().trim()));
        value.setLength(0);
      } else {
        value.append(ch);
      }
    }
    if (quoted) {
      throw values.at(e, "a quote is not closed in '(" + list + ")'");
    }
    out.add(unquote(value.toString().trim()));
    return out;
  }
}
