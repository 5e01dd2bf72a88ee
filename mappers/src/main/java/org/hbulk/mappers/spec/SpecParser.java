package org.hbulk.mappers.spec;

import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.schema.SpecException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.ExprParser;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;

/** Turns a spec's sections into a validated {@link LoadSpec}; the format is documented in the README. */
final class SpecParser {
  private static final List<String> SECTION_TYPES = List.of("csv", "columns", "codes", "output", "rejects",
      "load", "table", "family");
  private static final List<String> NAMED_SECTIONS = List.of("codes", "output", "table", "family");
  private static final List<String> CSV_KEYS = List.of("delimiter", "quote", "escape", "header",
      "charset", "multiline", "max-record-bytes", "trim", "columns");
  private static final List<String> OUTPUT_KEYS = List.of("table", "key", "timestamp", "shared-rows", "empty");
  /** {@code empty.FAMILY:QUALIFIER = absent|empty-value}: one cell's choice, over the output's. */
  private static final String EMPTY_CELL_PREFIX = "empty.";
  private static final List<String> REJECT_KEYS = List.of("max", "max-ratio");
  private static final List<String> LOAD_KEYS = List.of("collisions");

  private final String source;

  private SpecParser(String source) {
    this.source = source;
  }

  static LoadSpec build(SpecText spec, String originalText, Map<String, String> overrides) {
    return new SpecParser(spec.source()).validate(spec, originalText, overrides);
  }

  private LoadSpec validate(SpecText spec, String originalText, Map<String, String> overrides) {
    for (Section s : spec.sections()) {
      if (!SECTION_TYPES.contains(s.type())) {
        throw SpecException.at(source, s.line(), "unknown section [" + s.type() + "] (sections: "
            + String.join(", ", SECTION_TYPES) + ")");
      }
      boolean named = NAMED_SECTIONS.contains(s.type());
      if (named == s.name().isEmpty()) {
        throw SpecException.at(source, s.line(), named
            ? "a " + s.type() + " section needs a name: [" + s.type() + " NAME]"
            : "[" + s.type() + "] takes no name");
      }
    }
    CsvOptions csv = spec.sections().stream().filter(s -> s.type().equals("csv")).findFirst()
        .map(this::csv).orElse(CsvOptions.defaults());
    Section columnSection = spec.sections().stream().filter(s -> s.type().equals("columns"))
        .findFirst().orElseThrow(() -> SpecException.at(source, 0,
            "no [columns] section: list the CSV's columns in order, one 'name = type' a line"));
    List<Column> columns = columns(columnSection);
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
      throw SpecException.at(source, 0,
          "no [output NAME] section: say which table, row key and cells each record becomes");
    }
    if (outputs.size() > CellRun.MAX_OUTPUTS) {
      throw SpecException.at(source, 0, outputs.size() + " [output] sections: at most " + CellRun.MAX_OUTPUTS
          + "; split the spec into several loads");
    }
    RejectBudget budget = spec.sections().stream().filter(s -> s.type().equals("rejects"))
        .findFirst().map(this::budget).orElse(RejectBudget.none());
    CollisionPolicy collisions = spec.sections().stream().filter(s -> s.type().equals("load"))
        .findFirst().map(this::collisions).orElse(CollisionPolicy.FAIL);
    Map<String, TableSettings> tableSettings = new LinkedHashMap<>();
    Map<String, FamilySettings> familySettings = new LinkedHashMap<>();
    for (Section s : spec.sections()) {
      if (s.type().equals("table")) {
        if (outputs.stream().noneMatch(o -> o.table().equals(s.name()))) {
          throw SpecException.at(source, s.line(), "[table " + s.name() + "] is not a table of any output");
        }
        tableSettings.put(s.name(), tableSettings(s));
      } else if (s.type().equals("family")) {
        if (outputs.stream().noneMatch(o -> o.families().contains(s.name()))) {
          throw SpecException.at(source, s.line(), "[family " + s.name() + "] is not a family of any cell");
        }
        familySettings.put(s.name(), familySettings(s));
      }
    }
    return new LoadSpec(source, originalText, overrides, csv, columns, outputs, budget, collisions,
        tableSettings, familySettings);
  }

  private CsvOptions csv(Section s) {
    checkKeys(s, CSV_KEYS);
    CsvOptions d = CsvOptions.defaults();
    char delimiter = s.entry("delimiter").map(e -> character(e, false)).orElse(d.delimiter());
    Character quote = s.entry("quote").map(e -> character(e, true)).orElse(d.quote());
    Character escape = s.entry("escape").map(e -> character(e, true)).orElse(d.escape());
    boolean header = s.entry("header").map(this::bool).orElse(d.header());
    boolean multiline = s.entry("multiline").map(this::bool).orElse(d.multiline());
    boolean trim = s.entry("trim").map(this::bool).orElse(d.trim());
    int maxBytes = s.entry("max-record-bytes").map(e -> (int) number(e, 16, Integer.MAX_VALUE - 16))
        .orElse(d.maxRecordBytes());
    Charset charset = s.entry("charset").map(this::charset).orElse(d.charset());
    if (quote != null && quote == delimiter) {
      throw at(s.entry("quote").orElseThrow(), "the quote and the delimiter must differ");
    }
    if (escape != null && (escape == delimiter || (quote != null && escape.equals(quote)))) {
      throw at(s.entry("escape").orElseThrow(), "the escape must differ from the delimiter and the quote"
          + " (doubled quotes, \"\", need no escape: leave escape out)");
    }
    if (multiline && quote == null) {
      throw at(s.entry("multiline").orElseThrow(), "multiline needs a quote character");
    }
    boolean byName = s.entry("columns").map(e -> columnOrder(e, header)).orElse(false);
    return new CsvOptions(delimiter, quote, escape, header, charset, multiline, maxBytes, trim, byName);
  }

  /** {@code columns = by-position | by-name}: whether the header line places the columns. */
  private boolean columnOrder(Entry e, boolean header) {
    boolean byName = switch (e.value()) {
      case CsvOptions.BY_POSITION -> false;
      case CsvOptions.BY_NAME -> true;
      default -> throw at(e, "expected " + CsvOptions.BY_POSITION + " or " + CsvOptions.BY_NAME + ", found '"
          + e.value() + "'");
    };
    if (byName && !header) {
      throw at(e, "columns = by-name reads each file's header line: set header = true");
    }
    return byName;
  }

  private List<Column> columns(Section s) {
    List<Column> columns = new ArrayList<>();
    for (Entry e : s.entries()) {
      if (!e.key().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw at(e, "column name '" + e.key() + "' must start with a letter or '_' and hold only"
            + " letters, digits and '_'");
      }
      columns.add(column(e, columns.size()));
    }
    if (columns.isEmpty()) {
      throw SpecException.at(source, s.line(), "[columns] lists no column");
    }
    return columns;
  }

  private Column column(Entry e, int index) {
    String type = e.value();
    String lower = type.toLowerCase(Locale.ROOT);
    switch (lower) {
      case "string", "int", "long", "double", "boolean", "skip":
        return new Column(e.key(), index, ColumnType.valueOf(lower.toUpperCase(Locale.ROOT)), null, null);
      default:
        break;
    }
    if (lower.startsWith("timestamp")) {
      String rest = type.substring("timestamp".length()).strip();
      if (rest.isEmpty()) {
        throw at(e, "timestamp needs a pattern: timestamp(yyyy-MM-dd HH:mm:ss[, zone]),"
            + " timestamp(epoch-millis), timestamp(epoch-seconds) or timestamp(iso[, zone])");
      }
      if (!rest.startsWith("(") || !rest.endsWith(")")) {
        throw at(e, "expected timestamp(pattern[, zone]), found '" + type + "'");
      }
      String[] args = rest.substring(1, rest.length() - 1).split(",");
      if (args.length > 2 || args[0].isBlank()) {
        throw at(e, "expected timestamp(pattern[, zone]), found '" + type + "'");
      }
      String pattern = args[0].strip();
      ZoneId zone = ZoneOffset.UTC;
      if (args.length == 2) {
        try {
          zone = ZoneId.of(args[1].strip());
        } catch (DateTimeException ex) {
          throw at(e, "unknown time zone '" + args[1].strip() + "' (e.g. UTC, Asia/Shanghai, +08:00)");
        }
      }
      if (!pattern.equals(Column.EPOCH_MILLIS) && !pattern.equals(Column.EPOCH_SECONDS)
          && !pattern.equals(Column.ISO)) {
        try {
          DateTimeFormatter.ofPattern(pattern);
        } catch (IllegalArgumentException ex) {
          throw at(e, "bad time pattern '" + pattern + "': " + ex.getMessage());
        }
        if (!pattern.contains("d") && !pattern.contains("D")) {
          throw at(e, "time pattern '" + pattern + "' has no day: a timestamp needs at least a date");
        }
      }
      return new Column(e.key(), index, ColumnType.TIMESTAMP, pattern, zone);
    }
    throw at(e, "unknown type '" + type
        + "' (types: string, int, long, double, boolean, timestamp(pattern[, zone]), skip)");
  }

  /** A {@code [codes NAME]} table: {@code value = code} lines, {@code * = code} for all others. */
  private Map<String, String> codes(Section s) {
    Map<String, String> table = new LinkedHashMap<>();
    Map<String, String> byCode = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      if (e.value().isEmpty()) {
        throw at(e, "the code is empty");
      }
      String other = byCode.put(e.value(), e.key());
      if (other != null) {
        throw at(e, "code '" + e.value() + "' is also the code of '" + other
            + "': codes must be unique to be read back");
      }
      table.put(e.key(), e.value());
    }
    if (table.isEmpty()) {
      throw SpecException.at(source, s.line(), "[codes " + s.name() + "] has no entries");
    }
    return table;
  }

  private OutputSpec output(Section s, Map<String, Column> columns, Map<String, Map<String, String>> codes) {
    String where = source + ":" + s.line() + ": [output " + s.name() + "]";
    Entry tableEntry = s.entry("table").orElseThrow(() -> new SpecException(where
        + ": needs 'table = NAME'"));
    String table = tableEntry.value();
    try {
      table = TableName.valueOf(table).getNameAsString();
    } catch (IllegalArgumentException ex) {
      throw at(tableEntry, "'" + table + "' is not a valid HBase table name: " + ex.getMessage());
    }
    Entry keyEntry = s.entry("key").orElseThrow(() -> new SpecException(where
        + ": needs 'key = EXPRESSION', the row key"));
    Expr key = ExprParser.parse(keyEntry.value(), columns, codes, place(keyEntry, "key"));
    if (key.columns().isEmpty()) {
      throw at(keyEntry, "the key reads no column: every record would get the same row");
    }
    TimestampSource ts = s.entry("timestamp").map(e -> timestamp(e, columns))
        .orElse(TimestampSource.runStart());
    EmptyField empty = s.entry("empty").map(this::emptyField).orElse(EmptyField.ABSENT);
    Map<String, Entry> emptyPerCell = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      if (e.key().startsWith(EMPTY_CELL_PREFIX)) {
        emptyPerCell.put(e.key().substring(EMPTY_CELL_PREFIX.length()), e);
      }
    }
    List<CellSpec> cells = new ArrayList<>();
    for (Entry e : s.entries()) {
      if (OUTPUT_KEYS.contains(e.key()) || e.key().startsWith(EMPTY_CELL_PREFIX)) {
        continue;
      }
      int colon = e.key().indexOf(':');
      if (colon < 0) {
        throw at(e, "unknown setting '" + e.key() + "' (settings: " + String.join(", ", OUTPUT_KEYS)
            + ", " + EMPTY_CELL_PREFIX + "FAMILY:QUALIFIER; cells are written 'family:qualifier = expression')");
      }
      String family = e.key().substring(0, colon);
      String qualifier = e.key().substring(colon + 1);
      checkFamily(e, family);
      Expr qualifierExpr = null;
      if (qualifier.startsWith("{") && qualifier.endsWith("}") && qualifier.length() > 2) {
        qualifierExpr = ExprParser.parse(qualifier.substring(1, qualifier.length() - 1), columns, codes,
            place(e, e.key() + " qualifier"));
      }
      Entry own = emptyPerCell.remove(e.key());
      cells.add(new CellSpec(family, qualifier, qualifierExpr,
          ExprParser.parse(e.value(), columns, codes, place(e, e.key())),
          own != null ? emptyField(own) : empty));
    }
    if (cells.isEmpty()) {
      throw new SpecException(where + ": has no cells; add at least one 'family:qualifier = column'");
    }
    if (!emptyPerCell.isEmpty()) {
      Entry e = emptyPerCell.values().iterator().next();
      throw at(e, "'" + e.key().substring(EMPTY_CELL_PREFIX.length()) + "' is not a cell of [output "
          + s.name() + "] (cells: " + String.join(", ", cells.stream().map(CellSpec::column).toList())
          + "); write empty.FAMILY:QUALIFIER exactly as the cell's line does");
    }
    boolean shared = s.entry("shared-rows").map(this::bool).orElse(false);
    return new OutputSpec(s.name(), table, key, ts, cells, shared);
  }

  private void checkFamily(Entry e, String family) {
    if (family.isEmpty()) {
      throw at(e, "the column family before ':' is empty");
    }
    if (family.startsWith(".") || !family.matches("[\\p{Graph}]+")) {
      throw at(e, "'" + family + "' is not a valid column family name (printable characters, not"
          + " starting with '.')");
    }
  }

  private EmptyField emptyField(Entry e) {
    EmptyField f = EmptyField.of(e.value());
    if (f == null) {
      throw at(e, "expected absent (no cell where a field is empty) or empty-value (a cell with an"
          + " empty value), found '" + e.value() + "'");
    }
    return f;
  }

  private TimestampSource timestamp(Entry e, Map<String, Column> columns) {
    String v = e.value();
    if (v.equals(TimestampSource.RUN_START_WORD)) {
      return TimestampSource.runStart();
    }
    if (v.matches("[0-9]+")) {
      return new TimestampSource(TimestampSource.Kind.FIXED, number(e, 0, Long.MAX_VALUE), null);
    }
    Column c = columns.get(v);
    if (c == null) {
      throw at(e, "expected run-start, epoch milliseconds or a column name, found '" + v
          + "' (columns: " + String.join(", ", columns.keySet()) + ")");
    }
    if (c.type() != ColumnType.TIMESTAMP && c.type() != ColumnType.LONG) {
      throw at(e, "column '" + v + "' is " + c.describeType()
          + "; a cell timestamp column must be a timestamp or a long of epoch milliseconds");
    }
    return new TimestampSource(TimestampSource.Kind.COLUMN, 0, c);
  }

  private TableSettings tableSettings(Section s) {
    checkKeys(s, TableSettings.KEYS);
    Map<String, String> v = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      v.put(e.key(), switch (e.key()) {
        case "split-policy" -> splitPolicy(e);
        case "max-filesize" -> Long.toString(bytes(e));
        case "major-compaction" -> e.value().equals("off") ? "0" : Long.toString(seconds(e) * 1000);
        default -> Long.toString(number(e, 1, 65536));
      });
    }
    return new TableSettings(s.name(), v);
  }

  private FamilySettings familySettings(Section s) {
    checkKeys(s, FamilySettings.KEYS);
    Map<String, String> v = new LinkedHashMap<>();
    for (Entry e : s.entries()) {
      v.put(e.key(), switch (e.key()) {
        case "versions" -> Long.toString(number(e, 1, Integer.MAX_VALUE));
        case "min-versions" -> Long.toString(number(e, 0, Integer.MAX_VALUE));
        case "ttl" -> e.value().equals("forever") ? "forever" : Long.toString(seconds(e));
        case "block-size" -> Long.toString(Math.min(bytes(e), Integer.MAX_VALUE));
        case "block-cache", "in-memory" -> Boolean.toString(bool(e));
        case "compression" -> oneOf(e, FamilySettings.COMPRESSIONS);
        case "encoding" -> oneOf(e, FamilySettings.ENCODINGS);
        default -> bloom(e);
      });
    }
    return new FamilySettings(s.name(), v);
  }

  private String oneOf(Entry e, List<String> allowed) {
    String v = e.value().toUpperCase(Locale.ROOT);
    if (!allowed.contains(v)) {
      throw at(e, "expected one of " + String.join(", ", allowed) + ", found '" + e.value() + "'");
    }
    return v;
  }

  private String bloom(Entry e) {
    String v = e.value().toUpperCase(Locale.ROOT).replace(" ", "");
    if (v.matches("ROWPREFIX_FIXED_LENGTH\\([0-9]+\\)")) {
      return v;
    }
    if (v.equals("ROWPREFIX_FIXED_LENGTH")) {
      throw at(e, "ROWPREFIX_FIXED_LENGTH needs its prefix length: ROWPREFIX_FIXED_LENGTH(4)");
    }
    return oneOf(e, FamilySettings.BLOOMS);
  }

  private String splitPolicy(Entry e) {
    String v = e.value().replace(" ", "");
    String name = v.contains("(") ? v.substring(0, v.indexOf('(')) : v;
    if (!TableSettings.POLICIES.contains(name)) {
      throw at(e, "expected one of " + String.join(", ", TableSettings.POLICIES) + ", found '" + e.value() + "'");
    }
    boolean needsArg = name.equals("KeyPrefix") || name.equals("DelimitedKeyPrefix");
    if (needsArg != v.contains("(") || (needsArg && !v.endsWith(")"))) {
      throw at(e, needsArg ? name + " needs its parameter: KeyPrefix(4) or DelimitedKeyPrefix(|)"
          : name + " takes no parameter");
    }
    if (name.equals("KeyPrefix") && !v.matches("KeyPrefix\\([1-9][0-9]*\\)")) {
      throw at(e, "KeyPrefix takes a prefix length in bytes: KeyPrefix(4)");
    }
    if (name.equals("DelimitedKeyPrefix") && v.length() <= "DelimitedKeyPrefix()".length()) {
      throw at(e, "DelimitedKeyPrefix takes the delimiter: DelimitedKeyPrefix(|)");
    }
    return v;
  }

  /** A size: bytes, or a number with k, m, g (powers of 1024). */
  private long bytes(Entry e) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+)([kmgKMG]?)").matcher(e.value());
    if (!m.matches()) {
      throw at(e, "expected a size like 65536, 64k, 10g, found '" + e.value() + "'");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> n << 10;
      case "m" -> n << 20;
      case "g" -> n << 30;
      default -> n;
    };
  }

  /** A duration in seconds: seconds, or a number with s, m, h, d. */
  private long seconds(Entry e) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9]+)([smhd]?)").matcher(e.value());
    if (!m.matches()) {
      throw at(e, "expected a duration like 3600, 90m, 12h, 30d, found '" + e.value() + "'");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "m" -> n * 60;
      case "h" -> n * 3600;
      case "d" -> n * 86400;
      default -> n;
    };
  }

  private CollisionPolicy collisions(Section s) {
    checkKeys(s, LOAD_KEYS);
    return s.entry("collisions").map(e -> {
      CollisionPolicy p = CollisionPolicy.of(e.value());
      if (p == null) {
        throw at(e, "expected one of " + CollisionPolicy.words() + ", found '" + e.value() + "'");
      }
      return p;
    }).orElse(CollisionPolicy.FAIL);
  }

  private RejectBudget budget(Section s) {
    checkKeys(s, REJECT_KEYS);
    long max = s.entry("max").map(e -> e.value().equals("unlimited") ? -1L : number(e, 0, Long.MAX_VALUE))
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
    throw at(e, "expected a share between 0 and 1 (0.01 is 1%), found '" + e.value() + "'");
  }

  private void checkKeys(Section s, List<String> known) {
    for (Entry e : s.entries()) {
      if (!known.contains(e.key())) {
        throw at(e, "unknown setting '" + e.key() + "' in [" + s.type() + "] (settings: "
            + String.join(", ", known) + ")");
      }
    }
  }

  private Character character(Entry e, boolean noneAllowed) {
    String v = e.value();
    if (noneAllowed && v.equals("none")) {
      return null;
    }
    switch (v) {
      case "tab", "\\t":
        return '\t';
      case "space":
        return ' ';
      default:
        break;
    }
    if (v.length() != 1) {
      throw at(e, "expected one character" + (noneAllowed ? ", 'none'" : "") + ", 'tab' or 'space',"
          + " found '" + v + "'");
    }
    if (v.charAt(0) >= 128) {
      throw at(e, "expected an ASCII character, found '" + v + "'");
    }
    return v.charAt(0);
  }

  private boolean bool(Entry e) {
    return switch (e.value()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw at(e, "expected true or false, found '" + e.value() + "'");
    };
  }

  private long number(Entry e, long min, long max) {
    try {
      long n = Long.parseLong(e.value());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw at(e, "expected a whole number from " + min + " to " + max + ", found '" + e.value() + "'");
  }

  private Charset charset(Entry e) {
    Charset cs;
    try {
      cs = Charset.forName(e.value());
    } catch (IllegalArgumentException ex) {
      throw at(e, "unknown charset '" + e.value() + "'");
    }
    // Records are framed on bytes: line breaks, quotes and delimiters must be the ASCII bytes.
    String probe = "\n\r\",;|\t\\' ";
    if (!cs.canEncode() || !Arrays.equals(probe.getBytes(cs), probe.getBytes(StandardCharsets.US_ASCII))) {
      throw at(e, "charset " + cs.name() + " is not ASCII-compatible (UTF-16 and UTF-32 are not"
          + " supported); convert the files to UTF-8");
    }
    return cs;
  }

  private String place(Entry e, String what) {
    return (e.line() > 0 ? source + ":" + e.line() : source + " (override)") + ": " + what;
  }

  private SpecException at(Entry e, String message) {
    return new SpecException(place(e, e.key()) + ": " + message);
  }
}
