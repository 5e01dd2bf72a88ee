package org.hbulk.mappers.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.CellSerialization;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.MapReduceExtendedCell;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class RowCellsReducerTest {
  private static Cell cell(String row, String qualifier, long ts, String value) {
    return new KeyValue(Bytes.toBytes(row), Bytes.toBytes("d"), Bytes.toBytes(qualifier), ts, Bytes.toBytes(value));
  }

  private static Cell marker(String row) {
    byte[] r = Bytes.toBytes(row);
    return RowCellsReducer.marker(r, 0, r.length, 0);
  }

  private static List<String> reduce(String policy, List<Cell> cells,
      ReduceDriver<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> driver)
      throws Exception {
    Configuration conf = driver.getConfiguration();
    conf.setStrings("io.serializations", conf.get("io.serializations"), CellSerialization.class.getName());
    LoadSpec.parse("t.spec", "[columns]\nr = string\n[output o]\ntable = t\nkey = r\nd:a = r\n"
        + "[output wide]\ntable = t\nkey = r\nshared-rows = true\nd:b = r\n"
        + "[load]\ncollisions = " + policy + "\n").toConfiguration(conf);
    driver.withInput(new ImmutableBytesWritable(Bytes.toBytes("t;r")), cells);
    List<String> out = new ArrayList<>();
    for (Pair<ImmutableBytesWritable, MapReduceExtendedCell> p : driver.run()) {
      Cell c = p.getSecond();
      out.add(Bytes.toString(CellUtil.cloneQualifier(c)) + "@" + c.getTimestamp() + "="
          + Bytes.toString(CellUtil.cloneValue(c)));
    }
    return out;
  }

  /** Two records made row "r": the second wrote b again at timestamp 5, a collision. */
  private static List<Cell> twoRecords() {
    return List.of(cell("r", "b", 5, "second"), marker("r"), cell("r", "a", 5, "x"),
        cell("r", "b", 9, "newer"), marker("r"), cell("r", "b", 5, "first"));
  }

  @Test
  void writesCellsInHBaseOrderDropsMarkersAndCountsDuplicatesAndCollisions() throws Exception {
    ReduceDriver<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> driver =
        ReduceDriver.newReduceDriver(new RowCellsReducer());
    assertEquals(List.of("a@5=x", "b@9=newer", "b@5=second"), reduce("keep-max-value", twoRecords(), driver));
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
  }

  @Test
  void sharedRowsAndEqualValuesAreNeitherDuplicatesNorCollisions() throws Exception {
    ReduceDriver<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> driver =
        ReduceDriver.newReduceDriver(new RowCellsReducer());
    byte[] r = Bytes.toBytes("r");
    List<Cell> cells = List.of(RowCellsReducer.marker(r, 0, 1, 1), RowCellsReducer.marker(r, 0, 1, 1),
        cell("r", "a", 5, "same"), cell("r", "a", 5, "same"), RowCellsReducer.marker(r, 0, 1, 0));
    assertEquals(List.of("a@5=same"), reduce("fail", cells, driver));
    assertEquals(0, driver.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(0, driver.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "t").getValue());
  }

  @Test
  void collisionPoliciesKeepTheSameCellWhateverTheArrivalOrder() throws Exception {
    List<Cell> reversed = new ArrayList<>(twoRecords());
    java.util.Collections.reverse(reversed);
    for (List<Cell> order : List.of(twoRecords(), reversed)) {
      assertEquals(List.of("a@5=x", "b@9=newer", "b@5=second"),
          reduce("keep-max-value", order, ReduceDriver.newReduceDriver(new RowCellsReducer())));
      assertEquals(List.of("a@5=x", "b@9=newer", "b@5=first"),
          reduce("keep-min-value", order, ReduceDriver.newReduceDriver(new RowCellsReducer())));
    }
    ReduceDriver<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> fail =
        ReduceDriver.newReduceDriver(new RowCellsReducer());
    assertEquals(3, reduce("fail", twoRecords(), fail).size(), "counted; the driver refuses the load");
    assertEquals(1, fail.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
  }
}
