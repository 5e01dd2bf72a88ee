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
import org.junit.jupiter.api.Test;

class RowCellsReducerTest {
  private static Cell cell(String row, String qualifier, long ts, String value) {
    return new KeyValue(Bytes.toBytes(row), Bytes.toBytes("d"), Bytes.toBytes(qualifier), ts, Bytes.toBytes(value));
  }

  private static Cell marker(String row) {
    byte[] r = Bytes.toBytes(row);
    return RowCellsReducer.marker(r, 0, r.length);
  }

  @Test
  void writesCellsInHBaseOrderDropsMarkersAndCountsDuplicates() throws Exception {
    ReduceDriver<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> driver =
        ReduceDriver.newReduceDriver(new RowCellsReducer());
    Configuration conf = driver.getConfiguration();
    conf.setStrings("io.serializations", conf.get("io.serializations"), CellSerialization.class.getName());
    // Two records made row "r": the second wrote b again at the same timestamp (it collapses).
    driver.withInput(new ImmutableBytesWritable(Bytes.toBytes("r")), List.of(
        cell("r", "b", 5, "second"), marker("r"), cell("r", "a", 5, "x"), cell("r", "b", 9, "newer"),
        marker("r"), cell("r", "b", 5, "first")));
    List<String> out = new ArrayList<>();
    for (Pair<ImmutableBytesWritable, MapReduceExtendedCell> p : driver.run()) {
      Cell c = p.getSecond();
      out.add(Bytes.toString(CellUtil.cloneQualifier(c)) + "@" + c.getTimestamp() + "="
          + Bytes.toString(CellUtil.cloneValue(c)));
    }
    assertEquals(List.of("a@5=x", "b@9=newer", "b@5=second"), out);
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.CELLS_COLLAPSED).getValue());
  }
}
