package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.TableCodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shuffle's cut points, read back through Hadoop's own partitioner: every row reaches the
 * reducer of its region's run, whole regions only.
 */
class CellPartitionsTest {
  @TempDir java.nio.file.Path tmp;

  /** Two tables, 3 + 2 regions; which reducer each region's rows reach. */
  private List<Integer> reducerOfEachRegion(int reducers) throws Exception {
    Map<String, byte[][]> startKeys = new LinkedHashMap<>();
    startKeys.put("b", new byte[][] {new byte[0], Bytes.toBytes("h"), Bytes.toBytes("p")});
    startKeys.put("a", new byte[][] {new byte[0], Bytes.toBytes("m")});
    Configuration conf = new Configuration();
    conf.setInt(MRJobConfig.NUM_REDUCES, reducers);
    conf.setClass(MRJobConfig.MAP_OUTPUT_KEY_CLASS, CellKey.class, Object.class);
    conf.setClass(
        MRJobConfig.KEY_COMPARATOR,
        CellKey.Comparator.class,
        org.apache.hadoop.io.RawComparator.class);
    assertEquals(5, CellPartitions.regions(startKeys));
    TableCodes codes = TableCodes.of(startKeys.keySet());
    CellPartitions.write(conf, new Path(tmp.resolve("cuts").toUri()), startKeys, codes, reducers);
    TotalOrderPartitioner<CellKey, Object> partitioner = new TotalOrderPartitioner<>();
    partitioner.setConf(conf);
    // In the shuffle's order: table a's regions, then b's; each region's start row and one inside.
    List<Integer> reducerOf = new ArrayList<>();
    String[][] rows = {{"", "c"}, {"m", "x"}, {"", "d"}, {"h", "k"}, {"p", "z"}};
    String[] tables = {"a", "a", "b", "b", "b"};
    for (int region = 0; region < rows.length; region++) {
      int first = -1;
      for (String row : rows[region]) {
        CellKey key = CellKey.firstOnRow(codes.code(tables[region]), Bytes.toBytes(row));
        int p = partitioner.getPartition(key, null, reducers);
        if (first >= 0) {
          assertEquals(first, p, "a region split between reducers: " + region);
        }
        first = p;
      }
      reducerOf.add(first);
    }
    return reducerOf;
  }

  @Test
  void oneReducerPerRegionOrRunsOfWholeRegionsAsEvenAsTheyDivide() throws Exception {
    assertEquals(List.of(0, 1, 2, 3, 4), reducerOfEachRegion(5));
    assertEquals(List.of(0, 0, 1, 1, 1), reducerOfEachRegion(2));
    assertEquals(List.of(0, 1, 1, 2, 2), reducerOfEachRegion(3));
    assertEquals(List.of(0, 0, 0, 0, 0), reducerOfEachRegion(1));
  }

  @Test
  void moreReducersThanRegionsIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> reducerOfEachRegion(6));
  }
}
