package org.hbulk.mappers.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.CellSerialization;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.input.RawRecord;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * One record writing one row through two outputs of one table (a spec may key two outputs alike, or
 * a follow graph's two directions meet on a self-follow), through the real mapper, the shuffle's
 * order and grouping, and the real reducer: the record's two runs are one record, chosen or dropped
 * whole and counted once.
 */
class OneRecordTwoOutputsTest {
  private static final String SPEC =
      """
      [columns]
      id = string
      name = string
      city = string

      [output main]
      table = t
      key = id
      timestamp = 1700000000000
      d:name = name

      [output extra]
      table = t
      key = id
      timestamp = 1700000000000
      d:city = city

      [load]
      collisions = %s
      """;

  private record Result(List<String> cells, Counters counters) {
    long count(HbulkCounter counter) {
      return counters.findCounter(counter).getValue();
    }
  }

  private static Result load(String policy, String... lines) throws Exception {
    MapReduceDriver<LongWritable, RawRecord, CellKey, CellRun, ImmutableBytesWritable, Cell> d =
        MapReduceDriver.newMapReduceDriver(
            new CsvToCellsMapperTest.TestMapper(), new CellStreamReducerTest.TestReducer());
    d.withKeyOrderComparator(new CellKey.Comparator());
    d.withKeyGroupingComparator(new CellKey.RowComparator());
    Configuration conf = d.getConfiguration();
    conf.setStrings(
        "io.serializations", conf.get("io.serializations"), CellSerialization.class.getName());
    LoadSpec.parse("t.spec", SPEC.formatted(policy)).toConfiguration(conf);
    conf.setLong(HbulkConf.RUN_START_MILLIS, 1L);
    long offset = 0;
    for (int i = 0; i < lines.length; i++) {
      byte[] b = lines[i].getBytes(StandardCharsets.UTF_8);
      d.withInput(new LongWritable(offset), new RawRecord().set(b, i + 1));
      offset += b.length + 1;
    }
    List<String> cells = new ArrayList<>();
    for (Pair<ImmutableBytesWritable, Cell> p : d.run()) {
      Cell c = p.getSecond();
      cells.add(
          Bytes.toString(CellUtil.cloneRow(c))
              + "/"
              + Bytes.toString(CellUtil.cloneQualifier(c))
              + "="
              + Bytes.toString(CellUtil.cloneValue(c)));
    }
    return new Result(cells, d.getCounters());
  }

  @Test
  void keepLastRecordDropsTheEarlierRecordsOtherOutputInTheRowToo() throws Exception {
    // Record 2 rewrites row 7's name at the same timestamp, its city empty: it is kept whole, and
    // record 1 loses its city too, which it wrote through the other output.
    Result r = load("keep-last-record", "7,ann,paris", "7,bob,");
    assertEquals(List.of("7/name=bob"), r.cells());
    assertEquals(1, r.count(HbulkCounter.RECORD_ROWS_DROPPED), "one record, not its two runs");
    assertEquals(1, r.count(HbulkCounter.DUPLICATE_KEY_ROWS));
    assertEquals(1, r.count(HbulkCounter.DUPLICATE_KEY_RECORDS), "two records, not three runs");
  }

  @Test
  void keepFirstRecordDropsTheLaterRecordWholeThroughBothOutputs() throws Exception {
    Result r = load("keep-first-record", "7,ann,", "7,bob,paris");
    assertEquals(List.of("7/name=ann"), r.cells());
    assertEquals(1, r.count(HbulkCounter.RECORD_ROWS_DROPPED));
  }

  @Test
  void aRecordThroughTwoOutputsIsNoDuplicateKeyUnderAnyPolicy() throws Exception {
    for (String policy : List.of("fail", "keep-max-value", "keep-last-record")) {
      Result r = load(policy, "7,ann,paris", "8,bob,rome");
      assertEquals(
          List.of("7/city=paris", "7/name=ann", "8/city=rome", "8/name=bob"), r.cells(), policy);
      assertEquals(0, r.count(HbulkCounter.DUPLICATE_KEY_ROWS), policy);
      assertEquals(0, r.count(HbulkCounter.DUPLICATE_KEY_RECORDS), policy);
      assertEquals(0, r.count(HbulkCounter.RECORD_ROWS_DROPPED), policy);
    }
  }

  @Test
  void twoRecordsOfOneKeyAreStillADuplicateWhenEachWritesItThroughBothOutputs() throws Exception {
    Result r = load("fail", "7,ann,paris", "7,ann,paris", "8,bob,rome");
    assertEquals(
        List.of("7/city=paris", "7/name=ann", "8/city=rome", "8/name=bob"),
        r.cells(),
        "the same values twice lose nothing");
    assertEquals(1, r.count(HbulkCounter.DUPLICATE_KEY_ROWS));
    assertEquals(1, r.count(HbulkCounter.DUPLICATE_KEY_RECORDS));
    assertEquals(0, r.count(HbulkCounter.CONFLICTING_CELLS));
  }
}
