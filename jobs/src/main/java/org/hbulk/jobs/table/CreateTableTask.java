package org.hbulk.jobs.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.util.Bytes;

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
   * @param startsAsPlanned whether an unchanged table's regions start where the plan's would (true
   *     for other outcomes): as many regions cut elsewhere (a salt's buckets written in hex where
   *     the table was cut in decimal) are not the table the spec plans
   */
  public record Result(
      TablePlan plan,
      TableCreator.Outcome outcome,
      List<String> differences,
      int regionsNow,
      boolean startsAsPlanned) {}

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
    if (outcome != TableCreator.Outcome.UNCHANGED) {
      return new Result(plan, outcome, differences, -1, true);
    }
    List<byte[]> starts = new ArrayList<>();
    for (RegionInfo r : admin.getRegions(plan.descriptor().getTableName())) {
      if (r.getStartKey().length > 0 && r.getReplicaId() == RegionInfo.DEFAULT_REPLICA_ID) {
        starts.add(r.getStartKey());
      }
    }
    starts.sort(Bytes.BYTES_COMPARATOR);
    // A plan cut from a sample differs from one run to the next: other cuts are no news there.
    boolean asPlanned = plan.sampled() || starts.size() == plan.points().size();
    for (int i = 0; asPlanned && !plan.sampled() && i < starts.size(); i++) {
      asPlanned = Bytes.equals(starts.get(i), plan.points().get(i));
    }
    return new Result(plan, outcome, differences, starts.size() + 1, asPlanned);
  }
}
