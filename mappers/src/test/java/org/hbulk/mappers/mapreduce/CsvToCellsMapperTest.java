package org.hbulk.mappers.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.input.RawRecord;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursorTest;
import org.hbulk.mappers.shuffle.TableCodes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The map task's glue, under MRUnit: records in, one run of cells per record and output, or
 * rejects, out, counted.
 */
class CsvToCellsMapperTest {
  private static final String SPEC =
      """
      [columns]
      id = long
      user = string
      note = string

      [output main]
      table = t
      key = user + "|" + id
      timestamp = 1700000000000
      d:user = user
      d:note = note
      """;

  /** The mapper with its rejects kept in a list instead of the job's side output. */
  static final class TestMapper extends CsvToCellsMapper {
    final List<String> rejected = new ArrayList<>();

    @Override
    protected RejectWriter.Sink rejectSink(Context context) {
      return line -> rejected.add(line.toString());
    }
  }

  private TestMapper mapper;
  private MapDriver<LongWritable, RawRecord, CellKey, CellRun> driver;

  @BeforeEach
  void setUp() {
    mapper = new TestMapper();
    driver = MapDriver.newMapDriver(mapper);
    Configuration conf = driver.getConfiguration();
    LoadSpec.parse("t.spec", SPEC).toConfiguration(conf);
    conf.setLong(HbulkConf.RUN_START_MILLIS, 1L);
  }

  /** A fresh driver whose job runs {@code spec}. */
  private void useSpec(String spec) {
    driver = MapDriver.newMapDriver(new TestMapper());
    Configuration conf = driver.getConfiguration();
    LoadSpec.parse("t.spec", spec).toConfiguration(conf);
    conf.setLong(HbulkConf.RUN_START_MILLIS, 1L);
  }

  private void add(long offset, long line, String text) {
    driver.withInput(
        new LongWritable(offset), new RawRecord().set(text.getBytes(StandardCharsets.UTF_8), line));
  }

  private static List<String> show(List<Pair<CellKey, CellRun>> out) throws java.io.IOException {
    List<String> shown = new ArrayList<>();
    for (Pair<CellKey, CellRun> p : out) {
      CellKey k = p.getFirst();
      byte[] b = k.bytes();
      // The key's table code read back with the codes of the spec's one table: "table;row".
      shown.add(
          Bytes.toString(TableCodes.of(List.of("t")).name(b[2]))
              + ";"
              + Bytes.toString(b, 3, k.tableRowLength() - 1)
              + " "
              + Bytes.toString(b, k.familyOffset(), k.familyLength())
              + ":"
              + Bytes.toString(b, k.qualifierOffset(), k.qualifierLength())
              + " @"
              + k.timestamp()
              + " "
              + RunCursorTest.show(p.getSecond()));
    }
    return shown;
  }

  @Test
  void eachGoodLineBecomesOneRunOfItsCellsInOrderKeyedByItsFirstCell() throws Exception {
    add(0, 1, "1,ann,\"hello, world\"");
    add(21, 2, "2,bob,");
    List<String> out = show(driver.run());
    assertEquals(
        List.of(
            "t;ann|1 d:note @1700000000000 o0@1700000000000[d:note=hello, world d:user=ann]",
            "t;bob|2 d:user @1700000000000 o0@1700000000000[d:user=bob]"),
        out);
    assertEquals(2, driver.getCounters().findCounter(HbulkCounter.RECORDS_READ).getValue());
    assertEquals(2, driver.getCounters().findCounter(HbulkCounter.RECORDS_LOADED).getValue());
    assertEquals(3, driver.getCounters().findCounter(HbulkCounter.CELLS_EMITTED).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.EMPTY_VALUES_SKIPPED).getValue());
    assertTrue(mapper.rejected.isEmpty());
    assertEquals(
        2, driver.getCounters().findCounter(HbulkCounter.OUTPUT_ROWS_GROUP, "main").getValue());
  }

  @Test
  void underARecordLevelPolicyEachRunCarriesItsRecordsOffsetAndEmptyValuesAreCounted()
      throws Exception {
    useSpec(SPEC + "empty.d:note = empty-value\n[load]\ncollisions = keep-last-record\n");
    add(0, 1, "1,ann,hi");
    add(9, 2, "2,bob,");
    List<Pair<CellKey, CellRun>> out = driver.run();
    assertEquals(
        List.of(0L, 9L),
        out.stream().map(p -> p.getSecond().cursor().order()).toList(),
        "file #0 (a plain FileSplit), at each record's offset");
    assertTrue(out.get(1).getSecond().hasOrder());
    assertEquals(
        "o0@1700000000000[d:note= d:user=bob]", RunCursorTest.show(out.get(1).getSecond()));
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.EMPTY_VALUES_WRITTEN).getValue());
    assertEquals(0, driver.getCounters().findCounter(HbulkCounter.EMPTY_VALUES_SKIPPED).getValue());
  }

  @Test
  void onlyRunsOfARecordThatWritesOneRowTwiceCarryItsOffsetUnderOtherPolicies() throws Exception {
    // Three outputs write table t: main and note key a record's row as user|id, byUser as user.
    // Record 1 has no note, so it writes each of its rows once; record 2 writes row bob|2 through
    // main and note, and only those two runs carry its offset.
    useSpec(
        SPEC
            + "[output byUser]\ntable = t\nkey = user\ntimestamp = 1700000000000\nd:id = id\n"
            + "[output note]\ntable = t\nkey = user + \"|\" + id\ntimestamp = 1700000000000\n"
            + "e:note = note\n");
    add(0, 1, "1,ann,");
    add(7, 2, "2,bob,hi");
    List<String> shown = new ArrayList<>();
    for (Pair<CellKey, CellRun> p : driver.run()) {
      CellRun run = p.getSecond();
      shown.add(RunCursorTest.show(run) + (run.hasOrder() ? " order " + run.order() : ""));
    }
    assertEquals(
        List.of(
            "o0@1700000000000[d:user=ann]",
            "o1@1700000000000[d:id=1]",
            "o0@1700000000000[d:note=hi d:user=bob] order 7",
            "o1@1700000000000[d:id=2]",
            "o2@1700000000000[e:note=hi] order 7"),
        shown);
  }

  @Test
  void underMissingFieldsAbsentAShortLineLoadsAndItsMissingCellsAreCounted() throws Exception {
    useSpec("[csv]\nmissing-fields = absent\n" + SPEC);
    add(0, 1, "1,ann");
    add(6, 2, "2,bob,");
    add(13, 3, "3");
    List<String> out = show(driver.run());
    assertEquals(
        List.of(
            "t;ann|1 d:user @1700000000000 o0@1700000000000[d:user=ann]",
            "t;bob|2 d:user @1700000000000 o0@1700000000000[d:user=bob]"),
        out);
    assertEquals(3, driver.getCounters().findCounter(HbulkCounter.RECORDS_READ).getValue());
    assertEquals(2, driver.getCounters().findCounter(HbulkCounter.RECORDS_LOADED).getValue());
    assertEquals(1, driver.getCounters().findCounter(RejectReason.FIELD_COUNT).getValue());
    assertEquals(
        1, driver.getCounters().findCounter(HbulkCounter.MISSING_VALUES_SKIPPED).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.EMPTY_VALUES_SKIPPED).getValue());
  }

  @Test
  void eachKindOfBadLineIsRejectedWithReasonCounterAndItsText() throws Exception {
    String[][] bad = {
      {"3,carl,\"open quote", "MALFORMED_CSV"},
      {"4,dora", "FIELD_COUNT"},
      {"x,eve,n", "BAD_VALUE"},
      {"5,,n", "EMPTY_KEY_PART"},
    };
    long offset = 0;
    for (String[] b : bad) {
      add(offset, offset / 10 + 1, b[0]);
      offset += 10;
    }
    add(100, 9, "");
    assertTrue(driver.run().isEmpty(), "no cells from bad lines");
    assertEquals(4, driver.getCounters().findCounter(HbulkCounter.RECORDS_READ).getValue());
    assertEquals(4, driver.getCounters().findCounter(HbulkCounter.RECORDS_REJECTED).getValue());
    assertEquals(1, driver.getCounters().findCounter(HbulkCounter.BLANK_LINES_SKIPPED).getValue());
    assertEquals(4, mapper.rejected.size());
    for (int i = 0; i < bad.length; i++) {
      RejectReason reason = RejectReason.valueOf(bad[i][1]);
      assertEquals(1, driver.getCounters().findCounter(reason).getValue(), reason.name());
      String json = mapper.rejected.get(i);
      assertTrue(json.contains("\"reason\":\"" + reason + "\""), json);
      assertTrue(json.contains("\"offset\":" + (i * 10)), json);
      assertTrue(json.contains("\"line\":" + (i + 1)), json);
      assertTrue(json.contains("\"record\":" + org.hbulk.mappers.Json.quote(bad[i][0])), json);
    }
    assertTrue(mapper.rejected.get(0).contains("unbalanced quote"), mapper.rejected.get(0));
  }

  @Test
  void overlongRecordIsRejectedAsTooLong() throws Exception {
    RawRecord cut = new RawRecord().set("1,ann,xxxx".getBytes(StandardCharsets.UTF_8), 4);
    cut.set(4, true);
    driver.withInput(new LongWritable(0), cut);
    assertTrue(driver.run().isEmpty());
    assertEquals(1, driver.getCounters().findCounter(RejectReason.RECORD_TOO_LONG).getValue());
    assertTrue(mapper.rejected.get(0).contains("\"reason\":\"RECORD_TOO_LONG\""));
  }

  @Test
  void byNameEachTaskPlacesColumnsByItsOwnFilesHeaderWhereverItsSplitStarts(
      @TempDir java.nio.file.Path tmp) throws Exception {
    LoadSpec byName = LoadSpec.parse("t.spec", "[csv]\nheader = true\ncolumns = by-name\n" + SPEC);
    java.nio.file.Path file =
        java.nio.file.Files.writeString(
            tmp.resolve("reordered.csv"), "note,extra,user,id\nhi,x,ann,1\nyo,y,bob,2\n");
    byName.toConfiguration(driver.getConfiguration());
    // MRUnit gives the task a split of this file; the record is one from its middle.
    driver.withMapInputPath(new org.apache.hadoop.fs.Path(file.toUri()));
    add(29, -1, "yo,y,bob,2");
    assertEquals(
        List.of("t;bob|2 d:note @1700000000000 o0@1700000000000[d:note=yo d:user=bob]"),
        show(driver.run()));
  }

  @Test
  void byNameAFileWhoseHeaderLacksAColumnFailsTheTask(@TempDir java.nio.file.Path tmp)
      throws Exception {
    LoadSpec byName = LoadSpec.parse("t.spec", "[csv]\nheader = true\ncolumns = by-name\n" + SPEC);
    java.nio.file.Path file =
        java.nio.file.Files.writeString(tmp.resolve("short.csv"), "note,id\nhi,1\n");
    byName.toConfiguration(driver.getConfiguration());
    driver.withMapInputPath(new org.apache.hadoop.fs.Path(file.toUri()));
    add(8, 2, "hi,1");
    java.io.IOException e =
        org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, driver::run);
    assertTrue(
        e.getMessage().contains("short.csv: the header does not hold every column")
            && e.getMessage().contains("missing user"),
        e.getMessage());
  }
}
