package org.hbulk.mappers.spec;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.schema.SpecException;

/**
 * The validated load spec: how one CSV source becomes cells. Immutable; built once in the driver,
 * carried to the tasks as its text plus overrides in the job configuration, and rebuilt there by
 * {@link #fromConfiguration}.
 */
public final class LoadSpec {
  private final String source;
  private final String text;
  private final Map<String, String> overrides;
  private final CsvOptions csv;
  private final List<Column> columns;
  private final List<OutputSpec> outputs;
  private final RejectBudget rejectBudget;
  private final CollisionPolicy collisions;
  private final Map<String, TableSettings> tableSettings;
  private final Map<String, FamilySettings> familySettings;

  LoadSpec(
      String source,
      String text,
      Map<String, String> overrides,
      CsvOptions csv,
      List<Column> columns,
      List<OutputSpec> outputs,
      RejectBudget rejectBudget,
      CollisionPolicy collisions,
      Map<String, TableSettings> tableSettings,
      Map<String, FamilySettings> familySettings) {
    this.source = source;
    this.text = text;
    this.overrides = Map.copyOf(overrides);
    this.csv = csv;
    this.columns = List.copyOf(columns);
    this.outputs = List.copyOf(outputs);
    this.rejectBudget = rejectBudget;
    this.collisions = collisions;
    this.tableSettings = Map.copyOf(tableSettings);
    this.familySettings = Map.copyOf(familySettings);
  }

  /** A table's {@code [table NAME]} settings; empty when the spec gives none. */
  public TableSettings tableSettings(String table) {
    return tableSettings.getOrDefault(table, TableSettings.none(table));
  }

  /** A family's {@code [family NAME]} settings; empty when the spec gives none. */
  public FamilySettings familySettings(String family) {
    return familySettings.getOrDefault(family, FamilySettings.none(family));
  }

  /** Parses and validates a spec; every problem is a {@link SpecException} naming the line. */
  public static LoadSpec parse(String source, String text, Map<String, String> overrides) {
    SpecText parsed = SpecText.parse(source, text).withOverrides(overrides);
    return SpecParser.build(parsed, text, overrides);
  }

  public static LoadSpec parse(String source, String text) {
    return parse(source, text, Map.of());
  }

  /**
   * Rebuilds the spec the driver put into the job configuration, with the same overrides. Read raw:
   * Configuration.get expands {@code ${...}}, which would turn a spec's {@code "${user.name}"} into
   * another value in the tasks than the driver checked, explain shows and verify expects.
   */
  public static LoadSpec fromConfiguration(Configuration conf) {
    String text = conf.getRaw(HbulkConf.SPEC_TEXT);
    if (text == null) {
      throw new SpecException(
          "the job configuration has no "
              + HbulkConf.SPEC_TEXT
              + ": this task was not set up by hbulk's driver");
    }
    String source = conf.getRaw(HbulkConf.SPEC_SOURCE);
    return parse(source == null ? "spec" : source, text, overridesIn(conf));
  }

  /** Writes this spec into a job configuration, for {@link #fromConfiguration}. */
  public void toConfiguration(Configuration conf) {
    conf.set(HbulkConf.SPEC_TEXT, text);
    conf.set(HbulkConf.SPEC_SOURCE, source);
    for (Map.Entry<String, String> e : overridesIn(conf).entrySet()) {
      conf.unset(HbulkConf.SPEC_OVERRIDE_PREFIX + e.getKey());
    }
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      conf.set(HbulkConf.SPEC_OVERRIDE_PREFIX + e.getKey(), e.getValue());
    }
  }

  /**
   * The {@code hbulk.spec.SECTION.KEY} overrides in a configuration, by {@code SECTION.KEY}, as
   * written (raw, as {@link #fromConfiguration} reads the spec).
   */
  public static Map<String, String> overridesIn(Configuration conf) {
    Map<String, String> found = new TreeMap<>();
    for (String name : conf.getPropsWithPrefix(HbulkConf.SPEC_OVERRIDE_PREFIX).keySet()) {
      String key = HbulkConf.SPEC_OVERRIDE_PREFIX + name;
      if (!key.equals(HbulkConf.SPEC_TEXT) && !key.equals(HbulkConf.SPEC_SOURCE)) {
        found.put(name, conf.getRaw(key));
      }
    }
    return found;
  }

  /**
   * Whether an output section reads a line of this key as a cell's setting ({@code empty.F:Q},
   * {@code ttl.F:Q}, {@code visibility.F:Q}), not as a cell: a cell of such a name cannot be
   * written in a spec.
   */
  public static boolean isCellSettingKey(String key) {
    return SpecParser.isCellSetting(key);
  }

  /** The spec file name, for messages. */
  public String source() {
    return source;
  }

  /** The spec file's text as written, before overrides. */
  public String text() {
    return text;
  }

  public Map<String, String> overrides() {
    return overrides;
  }

  public CsvOptions csv() {
    return csv;
  }

  public List<Column> columns() {
    return columns;
  }

  public List<OutputSpec> outputs() {
    return outputs;
  }

  /**
   * Whether two outputs write into one table, so that one record may write a row through both: only
   * then does a row's run need its record's input order to be counted as that record's.
   */
  public boolean outputsShareTables() {
    return tables().size() < outputs.size();
  }

  public RejectBudget rejectBudget() {
    return rejectBudget;
  }

  /** What to do when two records give a cell the same coordinates. */
  public CollisionPolicy collisions() {
    return collisions;
  }

  /** The tables the outputs write to, in spec order without repeats. */
  public Set<String> tables() {
    Set<String> tables = new LinkedHashSet<>();
    for (OutputSpec o : outputs) {
      tables.add(o.table());
    }
    return tables;
  }

  /** The families the outputs writing to {@code table} use. */
  public Set<String> families(String table) {
    Set<String> families = new java.util.TreeSet<>();
    for (OutputSpec o : outputs) {
      if (o.table().equals(table)) {
        families.addAll(o.families());
      }
    }
    return families;
  }
}
