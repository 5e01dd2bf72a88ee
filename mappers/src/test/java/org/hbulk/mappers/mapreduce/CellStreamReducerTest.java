package org.hbulk.mappers.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.CellSerialization;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * The reducer under MRUnit, fed as the shuffle feeds it: cell keys in HBase's order, each with the
 * values every record gave that cell.
 */
class CellStreamReducerTest {
  private static final byte[] T = Bytes.toBytes("t");

  /** The reducer with its HFile output going to the context, where MRUnit collects it. */
  static final class TestReducer extends CellStreamReducer {
    @Override
    protected RecordWriter<ImmutableBytesWritable, Cell> hfileWriter(Context context) {
      return new RecordWriter<>() {
        @Override
        public void write(ImmutableBytesWritable key, Cell cell) throws IOException, InterruptedException {
          // A copy of the key: the reducer reuses it from cell to cell of a row.
          context.write(new ImmutableBytesWritable(key.copyBytes()), cell);
        }

        @Override
        public void close(TaskAttemptContext c) {}
      };
    }
  }

  private static CellKey cell(String row, String qualifier, long ts) {
    byte[] r = Bytes.toBytes(row);
    byte[] f = Bytes.toBytes("d");
    byte[] q = Bytes.toBytes(qualifier);
    return new CellKey().set(T, r, 0, r.length, f, 0, f.length, q, 0, q.length, ts, CellKey.PUT);
  }

  private static CellKey marker(String row, int output) {
    byte[] r = Bytes.toBytes(row);
    return new CellKey().setMarker(T, r, output);
  }

  /** Groups (key, value) pairs by key in the shuffle's order, values in arrival order. */
  private static ReduceDriver<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> driver(
      String policy, List<Map.Entry<CellKey, String>> arrivals) {
    ReduceDriver<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> driver =
        ReduceDriver.newReduceDriver(new TestReducer());
    Configuration conf = driver.getConfiguration();
    conf.setStrings("io.serializations", conf.get("io.serializations"), CellSerialization.class.getName());
    LoadSpec.parse("t.spec", "[columns]\nr = string\n[output o]\ntable = t\nkey = r\nd:a = r\n"
        + "[output wide]\ntable = t\nkey = r\nshared-rows = true\nd:b = r\n"
        + "[load]\ncollisions = " + policy + "\n").toConfiguration(conf);
    TreeMap<CellKey, List<ImmutableBytesWritable>> groups = new TreeMap<>();
    for (Map.Entry<CellKey, String> a : arrivals) {
      groups.computeIfAbsent(a.getKey(), k -> new ArrayList<>()).add(new ImmutableBytesWritable(Bytes.toBytes(a.getValue())));
    }
    for (Map.Entry<CellKey, List<ImmutableBytesWritable>> g : groups.entrySet()) {
      driver.withInput(g.getKey(), g.getValue());
    }
    return driver;
  }

  private static List<String> run(ReduceDriver<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> driver)
      throws Exception {
    List<String> out = new ArrayList<>();
    for (Pair<ImmutableBytesWritable, Cell> p : driver.run()) {
      Cell c = p.getSecond();
      assertEquals("t;" + Bytes.toString(CellUtil.cloneRow(c)), Bytes.toString(p.getFirst().get()),
          "the output key is exactly table;row, as the multi-table HFile output reads it");
      out.add(Bytes.toString(CellUtil.cloneRow(c)) + "/" + Bytes.toString(CellUtil.cloneQualifier(c)) + "@"
          + c.getTimestamp() + "=" + Bytes.toString(CellUtil.cloneValue(c)));
    }
    return out;
  }

  private static Map.Entry<CellKey, String> at(CellKey k, String v) {
    return Map.entry(k, v);
  }

  /** Two records made row "r": the second wrote b again at timestamp 5, a collision; row "s" is plain. */
  private static List<Map.Entry<CellKey, String>> twoRecords() {
    return List.of(at(cell("r", "b", 5), "second"), at(marker("r", 0), ""), at(cell("r", "a", 5), "x"),
        at(cell("r", "b", 9), "newer"), at(marker("r", 0), ""), at(cell("r", "b", 5), "first"),
        at(cell("s", "a", 1), "y"), at(marker("s", 0), ""));
  }

  @Test
  void writesCellsInHBaseOrderDropsMarkersAndCountsRowsDuplicatesAndCollisions() throws Exception {
    ReduceDriver<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> d = driver("keep-max-value", twoRecords());
    assertEquals(List.of("r/a@5=x", "r/b@9=newer", "r/b@5=second", "s/a@1=y"), run(d));
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
    assertEquals(2, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "t").getValue());
  }

  @Test
  void sharedRowsAndEqualValuesAreNeitherDuplicatesNorCollisions() throws Exception {
    ReduceDriver<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> d = driver("fail", List.of(
        at(marker("r", 1), ""), at(marker("r", 1), ""), at(cell("r", "a", 5), "same"), at(cell("r", "a", 5), "same"),
        at(marker("r", 0), "")));
    assertEquals(List.of("r/a@5=same"), run(d));
    assertEquals(0, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(0, d.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "t").getValue());
  }

  @Test
  void collisionPoliciesKeepTheSameCellWhateverTheArrivalOrder() throws Exception {
    List<Map.Entry<CellKey, String>> reversed = new ArrayList<>(twoRecords());
    Collections.reverse(reversed);
    for (List<Map.Entry<CellKey, String>> order : List.of(twoRecords(), reversed)) {
      assertEquals(List.of("r/a@5=x", "r/b@9=newer", "r/b@5=second", "s/a@1=y"), run(driver("keep-max-value", order)));
      assertEquals(List.of("r/a@5=x", "r/b@9=newer", "r/b@5=first", "s/a@1=y"), run(driver("keep-min-value", order)));
    }
    ReduceDriver<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> fail = driver("fail", twoRecords());
    assertEquals(4, run(fail).size(), "counted; the driver refuses the load");
    assertEquals(1, fail.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
  }

  @Test
  void aWideRowComesOutWholeAndInOrder() throws Exception {
    List<Map.Entry<CellKey, String>> wide = new ArrayList<>();
    Map<String, String> expected = new LinkedHashMap<>();
    for (int i = 0; i < 5000; i++) {
      String q = String.format("q%05d", i);
      wide.add(at(cell("w", q, 1), "v" + i));
      wide.add(at(marker("w", 1), ""));
      expected.put(q, "v" + i);
    }
    List<String> out = run(driver("fail", wide));
    assertEquals(5000, out.size());
    int i = 0;
    for (Map.Entry<String, String> e : expected.entrySet()) {
      assertEquals("w/" + e.getKey() + "@1=" + e.getValue(), out.get(i++));
    }
  }
}
