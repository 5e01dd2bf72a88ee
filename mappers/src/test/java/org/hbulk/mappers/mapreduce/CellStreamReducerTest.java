package org.hbulk.mappers.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.CellSerialization;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;
import org.hbulk.mappers.shuffle.RunCursorTest;
import org.hbulk.mappers.shuffle.TableCodes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * The reducer under MRUnit, fed as the shuffle feeds it: one call per row, with the runs of every
 * record that made the row in the order of their first cells.
 */
class CellStreamReducerTest {
  /** Table t's code in the shuffle's keys: the specs here write to t alone. */
  private static final byte[] T = TableCodes.of(List.of("t")).code("t");

  /** The reducer with its HFile output going to the context, where MRUnit collects it. */
  static final class TestReducer extends CellStreamReducer {
    @Override
    protected RecordWriter<ImmutableBytesWritable, Cell> hfileWriter(Context context) {
      return new RecordWriter<>() {
        @Override
        public void write(ImmutableBytesWritable key, Cell cell)
            throws IOException, InterruptedException {
          // A copy of the key: the reducer reuses it from cell to cell of a row.
          context.write(new ImmutableBytesWritable(key.copyBytes()), cell);
        }

        @Override
        public void close(TaskAttemptContext c) {}
      };
    }
  }

  /** One record's run for a row: its cells as {@code qualifier=value} in family d. */
  private static Map.Entry<String, CellRun> rec(String row, int output, long ts, String... cells) {
    return Map.entry(
        row,
        RunCursorTest.run(output, ts, Stream.of(cells).map(c -> "d:" + c).toArray(String[]::new)));
  }

  /** One record's run under a record-level policy: its place in the input travels with it. */
  private static Map.Entry<String, CellRun> ordered(
      String row, long order, long ts, String... cells) {
    return Map.entry(
        row,
        RunCursorTest.orderedRun(
            0, ts, order, Stream.of(cells).map(c -> "d:" + c).toArray(String[]::new)));
  }

  /** The key the mapper gives a run: its row and first cell. */
  private static CellKey keyOf(String row, CellRun run) throws IOException {
    return keyOf(T, row, run);
  }

  private static CellKey keyOf(byte[] tableCode, String row, CellRun run) throws IOException {
    RunCursor c = run.cursor();
    c.next();
    byte[] r = Bytes.toBytes(row);
    return new CellKey()
        .set(
            tableCode,
            r,
            0,
            r.length,
            c.array(),
            c.familyOffset(),
            c.familyLength(),
            c.array(),
            c.qualifierOffset(),
            c.qualifierLength(),
            c.timestamp(),
            c.type());
  }

  /**
   * Groups runs by row as the grouping comparator does, runs in the order given (the shuffle's).
   */
  private static ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> driver(
      String policy, List<Map.Entry<String, CellRun>> arrivals) throws IOException {
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> driver =
        ReduceDriver.newReduceDriver(new TestReducer());
    Configuration conf = driver.getConfiguration();
    conf.setStrings(
        "io.serializations", conf.get("io.serializations"), CellSerialization.class.getName());
    conf.setLong(HbulkConf.ROW_MERGE_BUFFER_BYTES, 4096);
    LoadSpec.parse(
            "t.spec",
            "[columns]\nr = string\n[output o]\ntable = t\nkey = r\nd:a = r\n"
                + "[output wide]\ntable = t\nkey = r\nshared-rows = true\nd:b = r\n"
                + "[output computed]\ntable = t\nkey = r\nd:{r} = r\n"
                + "[load]\ncollisions = "
                + policy
                + "\n")
        .toConfiguration(conf);
    Map<String, List<CellRun>> rows = new LinkedHashMap<>();
    Map<String, CellKey> firstKeys = new LinkedHashMap<>();
    for (Map.Entry<String, CellRun> a : arrivals) {
      rows.computeIfAbsent(a.getKey(), k -> new ArrayList<>()).add(a.getValue());
      firstKeys.putIfAbsent(a.getKey(), keyOf(a.getKey(), a.getValue()));
    }
    for (Map.Entry<String, List<CellRun>> row : rows.entrySet()) {
      driver.withInput(firstKeys.get(row.getKey()), row.getValue());
    }
    return driver;
  }

  private static List<String> run(
      ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> driver) throws Exception {
    List<String> out = new ArrayList<>();
    for (Pair<ImmutableBytesWritable, Cell> p : driver.run()) {
      Cell c = p.getSecond();
      assertEquals(
          "t;" + Bytes.toString(CellUtil.cloneRow(c)),
          Bytes.toString(p.getFirst().get()),
          "the output key is exactly table;row, as the multi-table HFile output reads it");
      out.add(
          Bytes.toString(CellUtil.cloneRow(c))
              + "/"
              + (c.getTypeByte() == KeyValue.Type.Put.getCode()
                  ? ""
                  : KeyValue.Type.codeToType(c.getTypeByte()) + " ")
              + Bytes.toString(CellUtil.cloneQualifier(c))
              + "@"
              + c.getTimestamp()
              + "="
              + Bytes.toString(CellUtil.cloneValue(c)));
    }
    return out;
  }

  @Test
  void writesEachRowUnderTheTableItsKeysCodeForSpecsOfSeveralTables() throws Exception {
    // The spec names zeta before alpha; the codes follow the names' order, so alpha's rows come
    // first in the shuffle and zeta's code is 1.
    LoadSpec spec =
        LoadSpec.parse(
            "two.spec",
            "[columns]\nr = string\n[output z]\ntable = zeta\nkey = r\nd:a = r\n"
                + "[output a]\ntable = alpha\nkey = r\nd:a = r\n");
    TableCodes codes = TableCodes.of(spec.tables());
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
        ReduceDriver.newReduceDriver(new TestReducer());
    Configuration conf = d.getConfiguration();
    conf.setStrings(
        "io.serializations", conf.get("io.serializations"), CellSerialization.class.getName());
    spec.toConfiguration(conf);
    CellRun toAlpha = RunCursorTest.run(1, 3, "d:a=x");
    CellRun toZeta = RunCursorTest.run(0, 4, "d:a=y");
    d.withInput(keyOf(codes.code("alpha"), "r", toAlpha), List.of(toAlpha));
    d.withInput(keyOf(codes.code("zeta"), "r", toZeta), List.of(toZeta));
    List<String> out = new ArrayList<>();
    for (Pair<ImmutableBytesWritable, Cell> p : d.run()) {
      out.add(
          Bytes.toString(p.getFirst().get())
              + " "
              + Bytes.toString(CellUtil.cloneValue(p.getSecond())));
    }
    assertEquals(List.of("alpha;r x", "zeta;r y"), out);
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "alpha").getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "zeta").getValue());
  }

  /**
   * Four records made row "r": b@5 twice with different values (a collision) in runs whose first
   * cells are equal, so they may come in either order; row "s" is plain.
   */
  private static List<Map.Entry<String, CellRun>> fourRecords(boolean swapped) {
    Map.Entry<String, CellRun> second = rec("r", 0, 5, "b=second");
    Map.Entry<String, CellRun> first = rec("r", 0, 5, "b=first", "c=z");
    return List.of(
        rec("r", 0, 5, "a=x"),
        rec("r", 0, 9, "b=newer"),
        swapped ? first : second,
        swapped ? second : first,
        rec("s", 0, 1, "a=y"));
  }

  @Test
  void writesCellsInHBaseOrderAndCountsRowsDuplicatesAndCollisions() throws Exception {
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
        driver("keep-max-value", fourRecords(false));
    assertEquals(List.of("r/a@5=x", "r/b@9=newer", "r/b@5=second", "r/c@5=z", "s/a@1=y"), run(d));
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(3, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.CONFLICTING_CELLS).getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.CONFLICTING_ROWS).getValue());
    assertEquals(2, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "t").getValue());
  }

  /**
   * Row "r": record 1 wrote a, b, c; record 2 (later in the input) a and c, its b being empty;
   * record 3 another timestamp. Cell by cell the row mixes records; record by record it does not.
   */
  private static List<Map.Entry<String, CellRun>> overlappingRecords(boolean swapped) {
    Map.Entry<String, CellRun> one = ordered("r", 1, 5, "a=9", "b=1", "c=1");
    Map.Entry<String, CellRun> two = ordered("r", 2, 5, "a=2", "c=2");
    return List.of(
        swapped ? two : one,
        swapped ? one : two,
        ordered("r", 3, 9, "a=newer"),
        ordered("s", 4, 5, "a=alone"));
  }

  @Test
  void keepLastRecordKeepsTheLatestRecordWholeWhereKeepMaxValueMixesRecords() throws Exception {
    assertEquals(
        List.of("r/a@9=newer", "r/a@5=9", "r/b@5=1", "r/c@5=2", "s/a@5=alone"),
        run(driver("keep-max-value", overlappingRecords(false))),
        "a from record 1, c from record 2");
    for (boolean swapped : new boolean[] {false, true}) {
      ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
          driver("keep-last-record", overlappingRecords(swapped));
      assertEquals(List.of("r/a@9=newer", "r/a@5=2", "r/c@5=2", "s/a@5=alone"), run(d));
      assertEquals(
          2, d.getCounters().findCounter(HbulkCounter.CONFLICTING_CELLS).getValue(), "a and c");
      assertEquals(1, d.getCounters().findCounter(HbulkCounter.CONFLICTING_ROWS).getValue());
      assertEquals(1, d.getCounters().findCounter(HbulkCounter.RECORD_ROWS_DROPPED).getValue());
      assertEquals(
          List.of("r/a@9=newer", "r/a@5=9", "r/b@5=1", "r/c@5=1", "s/a@5=alone"),
          run(driver("keep-first-record", overlappingRecords(swapped))));
    }
  }

  @Test
  void aRowWhoseRecordsPassTheBufferUnderKeepLastRecordFailsNamingTheRow() throws Exception {
    String big = "x".repeat(3000);
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
        driver(
            "keep-last-record",
            List.of(ordered("wide", 1, 5, "a=" + big), ordered("wide", 2, 5, "b=" + big)));
    IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, () -> run(d));
    assertTrue(
        e.getMessage()
            .startsWith(
                "row wide of table t: its records hold more than"
                    + " hbulk.reduce.row-buffer.bytes = 4096 bytes"),
        e.getMessage());
  }

  @Test
  void sharedRowsAndEqualValuesAreNeitherDuplicatesNorCollisions() throws Exception {
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
        driver(
            "fail",
            List.of(
                rec("r", 0, 5, "a=same"), rec("r", 1, 5, "a=same", "b=w"), rec("r", 1, 5, "b=w")));
    assertEquals(List.of("r/a@5=same", "r/b@5=w"), run(d));
    assertEquals(0, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue());
    assertEquals(0, d.getCounters().findCounter(HbulkCounter.CONFLICTING_CELLS).getValue());
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "t").getValue());
  }

  @Test
  void collisionPoliciesKeepTheSameCellWhateverTheArrivalOrder() throws Exception {
    for (boolean swapped : new boolean[] {false, true}) {
      assertEquals(
          List.of("r/a@5=x", "r/b@9=newer", "r/b@5=second", "r/c@5=z", "s/a@1=y"),
          run(driver("keep-max-value", fourRecords(swapped))));
      assertEquals(
          List.of("r/a@5=x", "r/b@9=newer", "r/b@5=first", "r/c@5=z", "s/a@1=y"),
          run(driver("keep-min-value", fourRecords(swapped))));
    }
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> fail =
        driver("fail", fourRecords(false));
    assertEquals(5, run(fail).size(), "counted; the driver refuses the load");
    assertEquals(1, fail.getCounters().findCounter(HbulkCounter.CONFLICTING_CELLS).getValue());
  }

  @Test
  void aLoneRecordWhoseComputedQualifiersMeetIsStillMerged() throws Exception {
    // Output 2 computes its qualifiers, so one record can give one column twice; output 0 cannot.
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
        driver(
            "keep-max-value",
            List.of(rec("p", 0, 5, "a=x", "b=y"), rec("q", 2, 5, "k=1", "k=2", "m=3")));
    assertEquals(List.of("p/a@5=x", "p/b@5=y", "q/k@5=2", "q/m@5=3"), run(d));
    assertEquals(1, d.getCounters().findCounter(HbulkCounter.CONFLICTING_CELLS).getValue());
    assertEquals(2, d.getCounters().findCounter(HbulkCounter.TABLE_ROWS_GROUP, "t").getValue());
  }

  @Test
  void manyVersionsOfOneRowGoThroughSpillFilesInOrder() throws Exception {
    List<Map.Entry<String, CellRun>> versions = new ArrayList<>();
    for (int ts = 3000; ts >= 1; ts--) {
      versions.add(rec("v", 0, ts, "a=" + ts, "b=" + ts, "c=" + ts));
    }
    ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d = driver("fail", versions);
    List<String> out = run(d);
    assertEquals(9000, out.size());
    for (int i = 0; i < 9000; i++) {
      int ts = 3000 - i % 3000;
      assertEquals("v/" + (char) ('a' + i / 3000) + "@" + ts + "=" + ts, out.get(i));
    }
    assertTrue(
        d.getCounters().findCounter(HbulkCounter.ROW_SPILL_FILES).getValue() > 10,
        "a 4 KB row buffer for about 60 KB of runs");
    assertEquals(2999, d.getCounters().findCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).getValue());
  }

  @Test
  void aWideRowComesOutWholeAndInOrder() throws Exception {
    List<Map.Entry<String, CellRun>> wide = new ArrayList<>();
    Map<String, String> expected = new LinkedHashMap<>();
    for (int i = 0; i < 5000; i++) {
      String q = String.format("q%05d", i);
      wide.add(rec("w", 1, 1, q + "=v" + i));
      expected.put(q, "v" + i);
    }
    List<String> out = run(driver("fail", wide));
    assertEquals(5000, out.size());
    int i = 0;
    for (Map.Entry<String, String> e : expected.entrySet()) {
      assertEquals("w/" + e.getKey() + "@1=" + e.getValue(), out.get(i++));
    }
  }

  @Test
  void markersReachTheHFilesBeforeThePutsTheyMaskAndAreCountedByType() throws Exception {
    // Record 1's Put of a loses to record 2 under keep-last-record; its marker on b stays.
    Map.Entry<String, CellRun> one =
        Map.entry("r", RunCursorTest.orderedRun(0, 5, 1, "d:a=1", "DeleteColumn/d:b="));
    Map.Entry<String, CellRun> two =
        Map.entry("r", RunCursorTest.orderedRun(0, 5, 2, "d:a=2", "d:b=2"));
    for (boolean swapped : new boolean[] {false, true}) {
      ReduceDriver<CellKey, CellRun, ImmutableBytesWritable, Cell> d =
          driver(
              "keep-last-record",
              List.of(
                  Map.entry("r", RunCursorTest.orderedRun(0, 5, 3, "DeleteFamily/d:=")),
                  swapped ? two : one,
                  swapped ? one : two,
                  Map.entry("s", RunCursorTest.run(0, 7, "DeleteColumn/d:a="))));
      assertEquals(
          List.of(
              "r/DeleteFamily @5=",
              "r/a@5=2",
              "r/DeleteColumn b@5=",
              "r/b@5=2",
              "s/DeleteColumn a@7="),
          run(d));
      assertEquals(1, d.getCounters().findCounter(HbulkCounter.FAMILY_DELETE_MARKERS).getValue());
      assertEquals(2, d.getCounters().findCounter(HbulkCounter.COLUMN_DELETE_MARKERS).getValue());
    }
  }
}
