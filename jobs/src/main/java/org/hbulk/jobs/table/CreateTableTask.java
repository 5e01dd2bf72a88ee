package org.hbulk.jobs.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Admin;

/**
 * Makes one planned table real: creates it, or compares the one that exists with the plan and, when
 * asked, alters its family and table settings. Never re-splits.
 */
public final class CreateTableTask {
  /**
   * What became of one table.
   *
   * @param differences an existing table's differences from the plan, field by field
   * @param regionsNow the regions an unchanged table has (-1 for other outcomes)
   */
  public record Result(
      TablePlan plan, TableCreator.Outcome outcome, List<String> differences, int regionsNow) {}

  private final Admin admin;
  private final boolean alter;

  /**
   * @param alter whether to change an existing table's settings to the plan's
   */
  public CreateTableTask(Admin admin, boolean alter) {
    this.admin = admin;
    this.alter = alter;
  }

  public Result apply(TablePlan plan) throws IOException {
    List<String> differences = new ArrayList<>();
    TableCreator.Outcome outcome =
        new TableCreator(admin)
            .createOrCompare(plan.descriptor(), plan.points(), alter, differences);
    int regionsNow =
        outcome == TableCreator.Outcome.UNCHANGED
            ? admin.getRegions(plan.descriptor().getTableName()).size()
            : -1;
    return new Result(plan, outcome, differences, regionsNow);
  }
}
