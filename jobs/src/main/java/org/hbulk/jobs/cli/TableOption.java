package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * What {@code --table} says about a spec's outputs: {@code --table TABLE} sends the only output of
 * a one-output spec into TABLE; {@code --table OUTPUT=TABLE} (repeatable) sends that output there
 * and leaves the others where the spec says. A plain TABLE for a spec of several outputs would send
 * every output into one table, so it is refused. For create-table, a table of the spec selects it
 * instead.
 */
final class TableOption {
  static final String LABEL = "[OUTPUT=]TABLE";
  static final String DESCRIPTION =
      "Write into TABLE instead of the spec's table: TABLE alone for a spec"
          + " with one [output]; OUTPUT=TABLE (repeatable) for one output of a spec with several.";

  private TableOption() {}

  /** The spec overrides ({@code output.NAME.table}) the values stand for; empty when none. */
  static Map<String, String> overrides(LoadSpec spec, List<String> values) throws HbulkException {
    Map<String, String> found = new LinkedHashMap<>();
    List<String> names = spec.outputs().stream().map(OutputSpec::name).toList();
    for (String value : values) {
      int eq = value.indexOf('=');
      String output = eq < 0 ? null : value.substring(0, eq).strip();
      String table = (eq < 0 ? value : value.substring(eq + 1)).strip();
      if (table.isEmpty()) {
        throw new HbulkException(ExitCode.USAGE, "--table " + value + ": no table name");
      }
      if (output == null) {
        if (names.size() != 1 || values.size() != 1) {
          throw new HbulkException(
              ExitCode.USAGE,
              "--table "
                  + value
                  + " would send every output of "
                  + spec.source()
                  + " ("
                  + String.join(", ", names)
                  + ") into one table: say which output goes"
                  + " where, e.g. --table "
                  + names.get(0)
                  + "="
                  + table);
        }
        output = names.get(0);
      }
      if (!names.contains(output)) {
        throw new HbulkException(
            ExitCode.USAGE,
            "--table "
                + value
                + ": "
                + spec.source()
                + " has no [output "
                + output
                + "] (outputs: "
                + String.join(", ", names)
                + ")");
      }
      if (found.put("output." + output + ".table", table) != null) {
        throw new HbulkException(ExitCode.USAGE, "--table gives output " + output + " twice");
      }
    }
    return found;
  }

  /**
   * The tables create-table makes, and the spec (null without one) with the outputs --table sends
   * elsewhere.
   */
  record Selection(LoadSpec spec, List<String> tables) {}

  /**
   * create-table's --table values: without a spec, the tables to make; with one, a table of the
   * spec selects it and any other value says where an output goes, as for load (default: every
   * table).
   */
  static Selection select(String specFile, Configuration conf, List<String> values)
      throws HbulkException {
    LoadSpec chosen = specFile == null ? null : SpecFiles.load(specFile, conf, Map.of());
    List<String> tables = new ArrayList<>();
    if (chosen == null) {
      for (String t : values) {
        if (t.contains("=")) {
          throw new HbulkException(ExitCode.USAGE, "--table " + t + ": OUTPUT=TABLE needs --spec");
        }
        tables.add(t);
      }
      return new Selection(null, tables);
    }
    List<String> renames = new ArrayList<>();
    for (String t : values) {
      (chosen.tables().contains(t) ? tables : renames).add(t);
    }
    Map<String, String> overrides = overrides(chosen, renames);
    if (!overrides.isEmpty()) {
      chosen = SpecFiles.load(specFile, conf, overrides);
      overrides.values().stream().filter(t -> !tables.contains(t)).forEach(tables::add);
    }
    if (values.isEmpty()) {
      tables.addAll(chosen.tables());
    }
    return new Selection(chosen, tables);
  }
}
