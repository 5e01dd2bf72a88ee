package org.apache.hadoop.hbase.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.mapreduce.Job;

/**
 * The door into {@link MultiTableHFileOutputFormat#configureIncrementalLoad}: its argument type,
 * {@code HFileOutputFormat2.TableInfo}, is package-private in HBase 2.6, so this one class of hbulk
 * lives in HBase's package to build it. Nothing else of HBase's internals is used.
 */
public final class MultiTableIncrementalLoad {
  private MultiTableIncrementalLoad() {}

  /**
   * Total order over every region of every table (map output keys "table;row"), one reducer per
   * region, each family's HFile settings from its table.
   */
  public static void configure(Job job, List<TableDescriptor> tables, List<RegionLocator> locators)
      throws IOException {
    List<HFileOutputFormat2.TableInfo> infos = new ArrayList<>();
    for (int i = 0; i < tables.size(); i++) {
      infos.add(new HFileOutputFormat2.TableInfo(tables.get(i), locators.get(i)));
    }
    MultiTableHFileOutputFormat.configureIncrementalLoad(job, infos);
  }
}
