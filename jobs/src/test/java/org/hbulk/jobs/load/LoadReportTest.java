package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.record.RejectReason;
import org.junit.jupiter.api.Test;

class LoadReportTest {
  static LoadReport report() {
    RunState state =
        RunState.create(
            "20261123-020000-000",
            "conf/\"odd\" name.spec",
            List.of("ns:orders", "index"),
            1L,
            RunState.Mode.LOAD);
    state.stage(RunState.Stage.OVER_BUDGET);
    state.budget("at most 1");
    state.budgetViolation("3 rejected records exceed the budget of 1");
    state.reducers(2);
    state.counts(
        new PrepareCounts(
            10,
            7,
            3,
            40,
            2,
            6,
            12,
            1,
            1,
            Map.of(RejectReason.BAD_VALUE, 2L, RejectReason.FIELD_COUNT, 1L),
            1,
            2,
            new PrepareCounts.Collisions(3, 1, 8),
            4,
            5,
            Map.of("main", 7L, "index", 7L),
            Map.of("ns:orders", 6L, "index", 7L),
            new PrepareCounts.Deletions(2, 3, 4, 5),
            new PrepareCounts.Tagged(9, 11),
            13));
    state.shortcuts(
        new JobShortcuts(
            List.of(
                new Shortcut(
                    "prefix-sort",
                    "hbulk.sort.prefix",
                    Shortcut.State.FELL_BACK,
                    "Hadoop's QuickSort sorted 2 of 6 spills: the buffer changed"),
                new Shortcut(
                    "local-fast-file-system",
                    "hbulk.local.fast-file-system",
                    Shortcut.State.RAN,
                    "nio"),
                new Shortcut(
                    "local-task-sizing", "hbulk.local.task-sizing", Shortcut.State.OFF, "Hadoop's"),
                new Shortcut(
                    "jvm-tuning",
                    "HBULK_JVM_TUNING",
                    Shortcut.State.NOT_USED,
                    "not the launcher"))));
    state.phase("validate", 100);
    state.phase("job", 2000);
    Map<String, List<RegionFiles>> regions = new java.util.LinkedHashMap<>();
    regions.put(
        "ns:orders",
        List.of(
            new RegionFiles(new byte[0], Bytes.toBytes("m"), 1, 1000, 25, 4, Map.of("d", 1)),
            new RegionFiles(
                Bytes.toBytes("m"), new byte[] {(byte) 0xff}, 2, 800, 15, -1, Map.of("d", 2))));
    regions.put("index", List.of(new RegionFiles(new byte[0], new byte[0], 0, 0, 0, 0, Map.of())));
    return new LoadReport(state, regions, "hdfs:///runs/x", "hdfs:///runs/x/rejects");
  }

  @Test
  void jsonParsesAndCarriesTheCounts() throws Exception {
    JsonNode json = new ObjectMapper().readTree(report().toJson());
    assertEquals("conf/\"odd\" name.spec", json.get("spec").asText());
    assertEquals(10, json.at("/records/read").asLong());
    assertEquals(7, json.at("/records/loaded").asLong());
    assertEquals(3, json.at("/records/rejected").asLong());
    assertEquals(2, json.at("/rejects/by_reason/BAD_VALUE").asLong());
    assertEquals(40, json.at("/cells/in_hfiles").asLong());
    assertEquals(3, json.at("/hfiles/files").asLong());
    assertEquals("\\xFF", json.at("/by_table/0/regions/1/end_key").asText());
    assertEquals(4, json.at("/by_table/0/regions/0/rows").asLong());
    assertTrue(json.at("/by_table/0/regions/1/rows").isNull(), "rows a file does not record");
    assertEquals(2, json.at("/by_table/0/regions/1/family_hfiles/d").asInt());
    assertEquals("index", json.at("/by_table/1/table").asText());
    assertEquals(40, json.at("/by_table/0/cells").asLong());
    assertEquals(7, json.at("/outputs/index/rows").asLong());
    assertEquals(6, json.at("/by_table/0/rows").asLong());
    assertEquals("ns:orders", json.at("/tables/0").asText());
    assertEquals(2, json.get("reducers").asInt());
    assertEquals(2000, json.at("/phases_ms/job").asLong());
    assertEquals(1, json.at("/keys/duplicate_rows").asLong());
    assertEquals(2, json.at("/keys/duplicate_records").asLong());
    assertEquals(6, json.at("/cells/empty_values_written").asLong());
    assertEquals(12, json.at("/cells/missing_values_skipped").asLong());
    assertEquals(3, json.at("/conflicts/cells").asLong());
    assertEquals(1, json.at("/conflicts/rows").asLong());
    assertEquals(8, json.at("/conflicts/record_rows_dropped").asLong());
    assertEquals(5, json.at("/cells/row_spill_files").asLong());
    assertEquals(9, json.at("/cells/with_ttl").asLong());
    assertEquals(13, json.at("/cells/past_family_ttl").asLong());
    assertEquals(11, json.at("/cells/with_labels").asLong());
    assertEquals(2, json.at("/deletions/records").asLong());
    assertEquals(3, json.at("/deletions/empty_values_deleted").asLong());
    assertEquals(4, json.at("/deletions/markers/DeleteFamily").asLong());
    assertEquals(5, json.at("/deletions/markers/DeleteColumn").asLong());
    String text = report().toText();
    assertTrue(
        text.contains(
            "  deletes   records 2, cleared fields 3; markers written: DeleteFamily 4,"
                + " DeleteColumn 5\n"),
        text);
  }

  @Test
  void eachShortcutSaysWhetherItRanAndAFallBackIsAWarning() throws Exception {
    JsonNode json = new ObjectMapper().readTree(report().toJson());
    assertEquals(4, json.get("shortcuts").size());
    assertEquals("prefix-sort", json.at("/shortcuts/0/name").asText());
    assertEquals("hbulk.sort.prefix", json.at("/shortcuts/0/switch").asText());
    assertEquals("fell-back", json.at("/shortcuts/0/state").asText());
    assertEquals(
        "Hadoop's QuickSort sorted 2 of 6 spills: the buffer changed",
        json.at("/shortcuts/0/detail").asText());
    assertEquals("ran", json.at("/shortcuts/1/state").asText());
    assertEquals("not-used", json.at("/shortcuts/3/state").asText());

    String text = report().toText();
    assertTrue(
        text.contains(
            "  shortcuts ran: local-fast-file-system; fell-back: prefix-sort; off:"
                + " local-task-sizing; not-used: jvm-tuning\n"),
        text);
    assertTrue(
        text.contains(
            "  shortcuts WARNING: prefix-sort fell back (Hadoop's QuickSort sorted 2 of"
                + " 6 spills: the buffer changed); hbulk.sort.prefix switches it off\n"),
        text);
  }

  @Test
  void aRunWithoutShortcutsListsNone() throws Exception {
    RunState state = RunState.create("r", "s.spec", List.of("t"), 1L, RunState.Mode.LOAD);
    LoadReport report = new LoadReport(state, Map.of(), "/runs/r", "/runs/r/rejects");
    assertEquals(0, new ObjectMapper().readTree(report.toJson()).get("shortcuts").size());
    assertTrue(!report.toText().contains("shortcuts"), report.toText());
  }

  @Test
  void textSaysNothingWasLoadedAndWhy() {
    String text = report().toText();
    assertTrue(text.contains("NOT LOADED: rejects over budget"), text);
    assertTrue(text.contains("read 10 = loaded 7 + rejected 3"), text);
    assertTrue(text.contains("BAD_VALUE 2"), text);
    assertTrue(text.contains("3 rejected records exceed the budget of 1"), text);
    assertTrue(text.contains("5 temporary file(s) for rows"), text);
    assertTrue(text.contains("cells with a TTL 9, with visibility labels 11"), text);
    assertTrue(text.contains("ttl       WARNING: 13 cell(s) older than their family's TTL"), text);
    assertTrue(text.contains("3 conflicting cell(s) in 1 row(s)"), text);
    assertTrue(text.contains("8 record row(s) dropped whole"), text);
    assertTrue(text.contains("written empty 6, missing values skipped 12\n"), text);
  }

  @Test
  void stateSurvivesItsPropertiesFile() throws Exception {
    RunState state = report().state();
    java.io.StringWriter w = new java.io.StringWriter();
    state.properties().store(w, null);
    java.util.Properties p = new java.util.Properties();
    p.load(new java.io.StringReader(w.toString()));
    RunState back = new RunState(p);
    assertEquals(state.counts(), back.counts());
    assertEquals(state.phases(), back.phases());
    assertEquals(state.shortcuts(), back.shortcuts());
    assertEquals(4, back.shortcuts().all().size());
    assertEquals(RunState.Stage.OVER_BUDGET, back.stage());
    assertEquals(state.budgetViolation(), back.budgetViolation());
  }

  @Test
  void regionOfFindsTheRangeHoldingARow() {
    byte[][] starts = {new byte[0], Bytes.toBytes("1"), Bytes.toBytes("2")};
    assertEquals(0, HFileInventory.regionOf(starts, Bytes.toBytes("0|a")));
    assertEquals(1, HFileInventory.regionOf(starts, Bytes.toBytes("1")));
    assertEquals(1, HFileInventory.regionOf(starts, Bytes.toBytes("1|zzz")));
    assertEquals(2, HFileInventory.regionOf(starts, Bytes.toBytes("9")));
  }

  @Test
  void theJsonMatchesTheRunReportSchemaOfEveryRunCommand() {
    String json = report().toJson();
    for (String command :
        List.of("load", "prepare", "complete", "resume", "nightly", "importtsv")) {
      org.hbulk.jobs.JsonSchemas.assertValid(command, json);
    }
  }
}
