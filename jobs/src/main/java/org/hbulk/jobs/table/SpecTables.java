package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.List;
import org.hbulk.mappers.spec.LoadSpec;

/** What a spec says of one of its tables, as create-table and analyze read it. */
final class SpecTables {
  private SpecTables() {}

  /** Indexes of the spec's outputs into a table; none without a spec. */
  static List<Integer> outputIndexes(LoadSpec spec, String table) {
    List<Integer> found = new ArrayList<>();
    for (int i = 0; spec != null && i < spec.outputs().size(); i++) {
      if (spec.outputs().get(i).table().equals(table)) {
        found.add(i);
      }
    }
    return found;
  }

  /** The regions to plan: those given, else the spec's {@code [table] regions}, else 16. */
  static int regions(LoadSpec spec, String table, Integer given) {
    return given != null ? given : spec.tableSettings(table).plannedRegions();
  }
}
