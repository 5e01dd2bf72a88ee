package org.hbulk.jobs.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class CreateTableTaskTest {
  private static final TableName T = TableName.valueOf("t");

  /** The plan of salt(id, 16): regions start at 01..15, the buckets in decimal. */
  private static TablePlan plan() {
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            "[columns]\nid = long\n[output o]\ntable = t\nkey = salt(id, 16)\nf:a = id\n");
    List<byte[]> points = SplitPoints.fromSalt(spec).orElseThrow();
    TableDescriptor d =
        TableLayout.descriptor(T, spec.families("t"), spec.tableSettings("t"), java.util.Map.of());
    return new TablePlan("t", d, points, "one region per salt bucket (16)", false);
  }

  private static Admin existing(TablePlan plan, List<String> starts) throws Exception {
    Admin admin = mock(Admin.class);
    when(admin.tableExists(T)).thenReturn(true);
    when(admin.getDescriptor(T)).thenReturn(plan.descriptor());
    List<RegionInfo> regions = new ArrayList<>();
    List<String> all = new ArrayList<>(starts);
    all.add(0, "");
    for (int i = 0; i < all.size(); i++) {
      regions.add(
          RegionInfoBuilder.newBuilder(T)
              .setStartKey(Bytes.toBytes(all.get(i)))
              .setEndKey(i + 1 < all.size() ? Bytes.toBytes(all.get(i + 1)) : new byte[0])
              .build());
    }
    when(admin.getRegions(T)).thenReturn(regions);
    return admin;
  }

  @Test
  void anUnchangedTableCutAsManyTimesElsewhereIsNotSaidToStartAsPlanned() throws Exception {
    TablePlan plan = plan();
    List<String> decimal = new ArrayList<>();
    List<String> hex = new ArrayList<>();
    for (int i = 1; i < 16; i++) {
      decimal.add(String.format("%02d", i));
      hex.add(Integer.toHexString(i));
    }
    CreateTableTask.Result same = new CreateTableTask(existing(plan, decimal), false).apply(plan);
    assertEquals(TableCreator.Outcome.UNCHANGED, same.outcome());
    assertEquals(16, same.regionsNow());
    assertTrue(same.startsAsPlanned());
    // 16 regions as the plan's 16, but cut where a salt written in hex would be: once "matches".
    CreateTableTask.Result elsewhere = new CreateTableTask(existing(plan, hex), false).apply(plan);
    assertEquals(TableCreator.Outcome.UNCHANGED, elsewhere.outcome());
    assertEquals(16, elsewhere.regionsNow());
    assertFalse(elsewhere.startsAsPlanned());
    // Points cut from a sample differ from run to run: other cuts are no news there.
    TablePlan sampled =
        new TablePlan("t", plan.descriptor(), plan.points(), "cut at byte quantiles", true);
    assertTrue(new CreateTableTask(existing(sampled, hex), false).apply(sampled).startsAsPlanned());
  }
}
