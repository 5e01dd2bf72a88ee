package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.List;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.TableSettings;

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

  /**
   * A plan's description, with a note when regions were asked for ({@code --regions} or {@code
   * [table] regions}) but the salt decided: one region per bucket, whatever was asked, which the
   * plan's own words did not say was not what the user set.
   */
  static String describe(SplitPlanner.Plan plan, LoadSpec spec, String table, Integer given) {
    Integer asked = given != null ? given : spec.tableSettings(table).regions().orElse(null);
    if (plan.strategy() != SplitPlanner.Strategy.SALT || asked == null || asked == plan.regions()) {
      return plan.description();
    }
    return plan.description()
        + "; "
        + (given != null ? "--regions " : "[table " + table + "] regions = ")
        + asked
        + " is for keys without a salt and was not used";
  }

  /**
   * The regions to plan: those given, else the spec's {@code [table] regions}, else 16. Those given
   * ({@code --regions}) are held to the spec's bounds: 0 or fewer planned one region as if asked
   * for, more than 65536 repeated split points of the hash space.
   */
  static int regions(LoadSpec spec, String table, Integer given) throws HbulkException {
    if (given != null && (given < 1 || given > TableSettings.MAX_REGIONS)) {
      throw new HbulkException(
          ExitCode.USAGE,
          "--regions "
              + given
              + ": expected a whole number from 1 to "
              + TableSettings.MAX_REGIONS);
    }
    return given != null ? given : spec.tableSettings(table).plannedRegions();
  }
}
