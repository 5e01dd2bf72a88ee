package org.hbulk.mappers.spec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.ExprParser;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.schema.SpecException;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;

/**
 * Turns a spec's sections into a validated {@link LoadSpec}: the outputs, code tables, reject
 * budget and load policy here, the {@code [csv]}, {@code [columns]}, {@code [table]} and {@code
 * [family]} sections in parsers of their own; the format is documented in the README. Longer than
 * most classes here because the checks across sections (an output's families against the {@code
 * [family]} sections, a cell's columns against {@code [columns]}) need every section at once; each
 * section's own reading is elsewhere.
 */
final class SpecParser {
  private static final List<String> SECTION_TYPES =
      List.of("csv", "columns", "codes", "output", "rejects", "load", "table", "family");
  private static final List<String> NAMED_SECTIONS = List.of("codes", "output", "table", "family");
  private static final List<String> OUTPUT_KEYS =
      List.of(
          "table",
          "key",
          "timestamp",
          "shared-rows",
          "empty",
          DeleteRule.WHEN_KEY,
          DeleteRule.WHAT_KEY);

  /**
   * {@code empty.FAMILY:QUALIFIER = absent|empty-value|delete}: one cell's choice, over the
   * output's.
   */
  private static final String EMPTY_CELL_PREFIX = "empty.";

  /** Whether an output's line {@code key} sets something of a cell (empty.F:Q, ttl.F:Q...). */
  static boolean isCellSetting(String key) {
    return key.startsWith(EMPTY_CELL_PREFIX) || CellTagsParser.owns(key);
  }

  private static final List<String> REJECT_KEYS = List.of("max", "max-ratio");
  private static final List<String> LOAD_KEYS = List.of("collisions");

  private final String source;
  private final SpecValues values;
  private final SettingsParser settings;

  private SpecParser(String source) {
    this.source = source;
    this.values = new SpecValues(source);
    this.settings = new SettingsParser(values);
  }

  /** Each output's table as the spec file writes it, before overrides; by output name. */
  private Map<String, String> writtenTables(String originalText) {
    Map<String, String> tables = new LinkedHashMap<>();
    for (Section s : SpecText.parse(source, originalText).sections()) {
      if (s.type().equals("output")) {
        s.entry("table").ifPresent(e -> tables.put(s.name(), e.value()));
      }
    }
    return tables;
  }

  static LoadSpec build(SpecText spec, String originalText, Map<String, String> overrides) {
    return new SpecParser(spec.source()).validate(spec, originalText, overrides);
  }

  private LoadSpec validate(SpecText spec, String originalText, Map<String, String> overrides) {
    for (Section s : spec.sections()) {
      if (!SECTION_TYPES.contains(s.type())) {
        throw SpecException.at(
            source,
            s.line(),
            "unknown section ["
                + s.type()
                + "] (sections: "
                + String.join(", ", SECTION_TYPES)
                + ")");
      }
      boolean named = NAMED_SECTIONS.contains(s.type());
      if (named == s.name().isEmpty()) {
        throw SpecException.at(
            source,
            s.line(),
            named
                ? "a " + s.type() + " section needs a name: [" + s.type() + " NAME]"
                : "[" + s.type() + "] takes no name");
      }
    }
    CsvOptions csv =
        spec.sections().stream()
            .filter(s -> s.type().equals("csv"))
            .findFirst()
            .map(new CsvSectionParser(values)::csv)
            .orElse(CsvOptions.defaults());
    Section columnSection =
        spec.sections().stream()
            .filter(s -> s.type().equals("columns"))
            .findFirst()
            .orElseThrow(
                () ->
                    SpecException.at(
                        source,
                        0,
                        "no [columns] section: list the CSV's columns in order, one 'name = type' a line"));
    List<Column> columns = new ColumnsParser(values).columns(columnSection);
    Map<String, Column> byName = new LinkedHashMap<>();
    for (Column c : columns) {
      byName.put(c.name(), c);
    }
    Map<String, Map<String, String>> codes = new LinkedHashMap<>();
    for (Section s : spec.sections()) {
      if (s.type().equals("codes")) {
        codes.put(s.name(), codes(s));
      }
    }
    List<OutputSpec> outputs = new ArrayList<>();
    for (Section s : spec.sections()) {
      if (s.type().equals("output")) {
        outputs.add(output(s, byName, codes));
      }
    }
    if (outputs.isEmpty()) {
      throw SpecException.at(
          source,
          0,
          "no [output NAME] section: say which table, row key and cells each record becomes");
    }
    if (outputs.size() > CellRun.MAX_OUTPUTS) {
      throw SpecException.at(
          source,
          0,
          outputs.size()
              + " [output] sections: at most "
              + CellRun.MAX_OUTPUTS
              + "; split the spec into several loads");
    }
    RejectBudget budget =
        spec.sections().stream()
            .filter(s -> s.type().equals("rejects"))
            .findFirst()
            .map(this::budget)
            .orElse(RejectBudget.none());
    CollisionPolicy collisions =
        spec.sections().stream()
            .filter(s -> s.type().equals("load"))
            .findFirst()
            .map(this::collisions)
            .orElse(CollisionPolicy.FAIL);
    Map<String, TableSettings> tableSettings = new LinkedHashMap<>();
    Map<String, FamilySettings> familySettings = new LinkedHashMap<>();
    Map<String, String> writtenTables = writtenTables(originalText);
    for (Section s : spec.sections()) {
      if (s.type().equals("table")) {
        // The section names a table as the file writes it: an override that sends an output
        // elsewhere (--table, -D hbulk.spec.output.NAME.table) takes the section's settings along.
        List<String> targets =
            outputs.stream()
                .filter(
                    o -> o.table().equals(s.name()) || s.name().equals(writtenTables.get(o.name())))
                .map(OutputSpec::table)
                .distinct()
                .toList();
        if (targets.isEmpty()) {
          throw SpecException.at(
              source, s.line(), "[table " + s.name() + "] is not a table of any output");
        }
        TableSettings written = settings.table(s);
        for (String table : targets) {
          TableSettings previous = tableSettings.put(table, written.forTable(table));
          if (previous != null) {
            throw SpecException.at(
                source,
                s.line(),
                "[table "
                    + s.name()
                    + "] and an earlier [table] section both set up table "
                    + table
                    + ", where the overrides send their outputs: give that table one section"
                    + " (override the file's section as table.NAME.KEY with the name it has"
                    + " there)");
          }
        }
      } else if (s.type().equals("family")) {
        if (outputs.stream().noneMatch(o -> o.families().contains(s.name()))) {
          throw SpecException.at(
              source, s.line(), "[family " + s.name() + "] is not a family of any cell");
        }
        familySettings.put(s.name(), settings.family(s));
      }
    }
    return new LoadSpec(
        source,
        originalText,
        overrides,
        csv,
        columns,
        outputs,
        budget,
        collisions,
        tableSettings,
        familySettings);
  }

  /** A {@code [codes NAME]} table: {@code value = code} lines, {@code * = code} for all others. */
  private Map<String, String> codes(Section s) {
    Map<String, String> table = new LinkedHashMap<>();
    Map<String, String> byCode = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      if (e.value().isEmpty()) {
        throw values.at(e, "the code is empty");
      }
      String other = byCode.put(e.value(), e.key());
      if (other != null) {
        throw values.at(
            e,
            "code '"
                + e.value()
                + "' is also the code of '"
                + other
                + "': codes must be unique to be read back");
      }
      table.put(e.key(), e.value());
    }
    if (table.isEmpty()) {
      throw SpecException.at(source, s.line(), "[codes " + s.name() + "] has no entries");
    }
    return table;
  }

  private OutputSpec output(
      Section s, Map<String, Column> columns, Map<String, Map<String, String>> codes) {
    String where = source + ":" + s.line() + ": [output " + s.name() + "]";
    Entry tableEntry =
        s.entry("table").orElseThrow(() -> new SpecException(where + ": needs 'table = NAME'"));
    String table = tableEntry.value();
    try {
      table = TableName.valueOf(table).getNameAsString();
    } catch (IllegalArgumentException ex) {
      throw values.at(
          tableEntry, "'" + table + "' is not a valid HBase table name: " + ex.getMessage());
    }
    Entry keyEntry =
        s.entry("key")
            .orElseThrow(
                () -> new SpecException(where + ": needs 'key = EXPRESSION', the row key"));
    Expr key = ExprParser.parse(keyEntry.value(), columns, codes, values.place(keyEntry, "key"));
    if (key.columns().isEmpty()) {
      throw values.at(keyEntry, "the key reads no column: every record would get the same row");
    }
    TimestampSource ts =
        s.entry("timestamp").map(e -> timestamp(e, columns)).orElse(TimestampSource.runStart());
    EmptyField empty = s.entry("empty").map(this::emptyField).orElse(EmptyField.ABSENT);
    Map<String, Entry> emptyPerCell = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      if (e.key().startsWith(EMPTY_CELL_PREFIX)) {
        emptyPerCell.put(e.key().substring(EMPTY_CELL_PREFIX.length()), e);
      }
    }
    List<CellSpec> cells = new ArrayList<>();
    for (Entry e : s.entries()) {
      if (OUTPUT_KEYS.contains(e.key()) || isCellSetting(e.key())) {
        continue;
      }
      int colon = e.key().indexOf(':');
      if (colon < 0) {
        throw values.at(
            e,
            "unknown setting '"
                + e.key()
                + "' (settings: "
                + String.join(", ", OUTPUT_KEYS)
                + ", "
                + EMPTY_CELL_PREFIX
                + "FAMILY:QUALIFIER, ttl, ttl.FAMILY:QUALIFIER, visibility,"
                + " visibility.FAMILY:QUALIFIER; cells are written 'family:qualifier ="
                + " expression')");
      }
      String family = e.key().substring(0, colon);
      String qualifier = e.key().substring(colon + 1);
      checkFamily(e, family);
      Expr qualifierExpr = null;
      if (qualifier.startsWith("{") && qualifier.endsWith("}") && qualifier.length() > 2) {
        qualifierExpr =
            ExprParser.parse(
                qualifier.substring(1, qualifier.length() - 1),
                columns,
                codes,
                values.place(e, e.key() + " qualifier"));
      }
      Entry own = emptyPerCell.remove(e.key());
      cells.add(
          new CellSpec(
              family,
              qualifier,
              qualifierExpr,
              ExprParser.parse(e.value(), columns, codes, values.place(e, e.key())),
              own != null ? emptyField(own) : empty));
    }
    if (cells.isEmpty()) {
      throw new SpecException(
          where + ": has no cells; add at least one 'family:qualifier = column'");
    }
    refuseMisspelledCellSettings(s, cells);
    if (!emptyPerCell.isEmpty()) {
      Entry e = emptyPerCell.values().iterator().next();
      throw values.at(
          e,
          "'"
              + e.key().substring(EMPTY_CELL_PREFIX.length())
              + "' is not a cell of [output "
              + s.name()
              + "] (cells: "
              + String.join(", ", cells.stream().map(CellSpec::column).toList())
              + "); write empty.FAMILY:QUALIFIER exactly as the cell's line does");
    }
    boolean shared = s.entry("shared-rows").map(values::bool).orElse(false);
    DeleteRule deletes =
        DeleteRule.parse(
                s.entry(DeleteRule.WHEN_KEY), s.entry(DeleteRule.WHAT_KEY), columns, values)
            .orElse(null);
    CellTagSpec tags = new CellTagsParser(values, columns).parse(s, cells);
    return new OutputSpec(s.name(), table, key, ts, cells, shared, deletes, tags);
  }

  /**
   * A cell setting whose word is misspelled or in another case ({@code Visibility.d:ssn}, {@code
   * visiblity.d:ssn}) reads as a cell of family {@code Visibility.d}: create-table makes that
   * family, the load writes the setting's value into it, and the cell it was meant for loads
   * without its labels or TTL, all without a word. Refused: a family {@code WORD.REST} whose word
   * is a setting's in another case, or whose {@code REST:QUALIFIER} is another cell of the output.
   */
  private void refuseMisspelledCellSettings(Section s, List<CellSpec> cells) {
    List<String> columns = cells.stream().map(CellSpec::column).toList();
    for (CellSpec c : cells) {
      int dot = c.family().indexOf('.');
      if (dot <= 0) {
        continue;
      }
      String word = c.family().substring(0, dot);
      String meant = c.family().substring(dot + 1) + ":" + c.qualifier();
      boolean settingWord = CELL_SETTING_WORDS.stream().anyMatch(w -> w.equalsIgnoreCase(word));
      if (settingWord || columns.contains(meant)) {
        Entry e =
            s.entries().stream().filter(x -> x.key().equals(c.column())).findFirst().orElseThrow();
        throw values.at(
            e,
            "reads as a cell of family '"
                + c.family()
                + "', but looks like a setting of cell "
                + meant
                + ": a cell's own settings are written "
                + String.join(", ", CELL_SETTING_WORDS.stream().map(w -> w + ".").toList())
                + " (lower case) before its FAMILY:QUALIFIER, e.g. visibility."
                + meant);
      }
    }
  }

  /** The words of an output's per-cell settings, {@code WORD.FAMILY:QUALIFIER}. */
  private static final List<String> CELL_SETTING_WORDS =
      List.of("empty", CellTagsParser.TTL, CellTagsParser.VISIBILITY);

  private void checkFamily(Entry e, String family) {
    if (family.isEmpty()) {
      throw values.at(e, "the column family before ':' is empty");
    }
    if (family.startsWith(".") || !family.matches("[\\p{Graph}]+")) {
      throw values.at(
          e,
          "'"
              + family
              + "' is not a valid column family name (printable characters, not"
              + " starting with '.')");
    }
  }

  private EmptyField emptyField(Entry e) {
    EmptyField f = EmptyField.of(e.value());
    if (f == null) {
      throw values.at(
          e,
          "expected absent (no cell where a field is empty), empty-value (a cell with an"
              + " empty value) or delete (a column delete marker), found '"
              + e.value()
              + "'");
    }
    return f;
  }

  private TimestampSource timestamp(Entry e, Map<String, Column> columns) {
    String v = e.value();
    if (v.equals(TimestampSource.RUN_START_WORD)) {
      return TimestampSource.runStart();
    }
    if (v.matches("[0-9]+")) {
      return new TimestampSource(
          TimestampSource.Kind.FIXED, values.number(e, 0, Long.MAX_VALUE), null);
    }
    Column c = columns.get(v);
    if (c == null) {
      throw values.at(
          e,
          "expected run-start, epoch milliseconds or a column name, found '"
              + v
              + "' (columns: "
              + String.join(", ", columns.keySet())
              + ")");
    }
    if (c.type() != ColumnType.TIMESTAMP && c.type() != ColumnType.LONG) {
      throw values.at(
          e,
          "column '"
              + v
              + "' is "
              + c.describeType()
              + "; a cell timestamp column must be a timestamp or a long of epoch milliseconds");
    }
    return new TimestampSource(TimestampSource.Kind.COLUMN, 0, c);
  }

  private CollisionPolicy collisions(Section s) {
    values.checkKeys(s, LOAD_KEYS);
    return s.entry("collisions")
        .map(
            e -> {
              CollisionPolicy p = CollisionPolicy.of(e.value());
              if (p == null) {
                throw values.at(
                    e,
                    "expected one of " + CollisionPolicy.words() + ", found '" + e.value() + "'");
              }
              return p;
            })
        .orElse(CollisionPolicy.FAIL);
  }

  private RejectBudget budget(Section s) {
    values.checkKeys(s, REJECT_KEYS);
    long max =
        s.entry("max")
            .map(e -> e.value().equals("unlimited") ? -1L : values.number(e, 0, Long.MAX_VALUE))
            .orElse(s.entry("max-ratio").isPresent() ? -1L : 0L);
    double ratio = s.entry("max-ratio").map(this::ratio).orElse(-1.0);
    return new RejectBudget(max, ratio);
  }

  private double ratio(Entry e) {
    try {
      double r = Double.parseDouble(e.value());
      if (r >= 0 && r <= 1) {
        return r;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw values.at(e, "expected a share between 0 and 1 (0.01 is 1%), found '" + e.value() + "'");
  }
}
