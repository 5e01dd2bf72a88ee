package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of a run finished after it stopped while loading counts every HFile it loaded. */
class ResumedReportTest {
  @TempDir Path tmp;

  private static final LoadSpec SPEC =
      LoadSpec.parse(
          "t.spec",
          "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\n"
              + "timestamp = 1000\nd:v = v\n");

  /** What prepare counted: one region of table t, one HFile of family d, two cells in two rows. */
  private static Map<String, List<RegionFiles>> prepared() {
    Map<String, List<RegionFiles>> tables = new LinkedHashMap<>();
    tables.put(
        "t", List.of(new RegionFiles(new byte[0], new byte[0], 1, 4_096, 2, 2, Map.of("d", 1))));
    return tables;
  }

  /** A load's state from its start, of the input {@code input}. */
  private static RunState begin(String input) {
    return RunState.begin(
        "r1",
        SPEC,
        List.of(input),
        List.of(new org.apache.hadoop.fs.Path(input)),
        1000,
        RunState.Mode.LOAD);
  }

  private RunDirectory run() throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("a.csv"), "a,1\nb,2\n");
    RunDirectory run =
        RunDirectory.at(
            new Configuration(false), new org.apache.hadoop.fs.Path(tmp.resolve("run").toString()));
    run.create();
    return run;
  }

  @Test
  void thePreparedHFilesSurviveTheStateFile() throws Exception {
    RunDirectory run = run();
    RunState state = begin("in");
    assertEquals(Map.of(), state.preparedFiles(), "none kept yet");
    Map<String, List<RegionFiles>> tables = new LinkedHashMap<>();
    tables.put(
        "ns:t.x",
        List.of(
            new RegionFiles(
                new byte[0], Bytes.toBytes("m,="), 3, 10, 20, 5, Map.of("d", 2, "e=,f", 1)),
            new RegionFiles(Bytes.toBytes("m,="), new byte[0], 0, 0, 0, -1, Map.of())));
    state.preparedFiles(tables);
    run.writeState(state);
    Map<String, List<RegionFiles>> read = run.readState().preparedFiles();
    assertEquals(List.of("ns:t.x"), List.copyOf(read.keySet()));
    List<RegionFiles> regions = read.get("ns:t.x");
    assertEquals(2, regions.size());
    assertArrayEquals(Bytes.toBytes("m,="), regions.get(0).endKey());
    assertArrayEquals(Bytes.toBytes("m,="), regions.get(1).startKey());
    assertEquals(
        List.of(3, 10L, 20L, 5L, Map.of("d", 2, "e=,f", 1)),
        List.of(
            regions.get(0).files(),
            regions.get(0).bytes(),
            regions.get(0).cells(),
            regions.get(0).rows(),
            regions.get(0).familyFiles()));
    assertEquals(-1, regions.get(1).rows());
  }

  @Test
  void aRunResumedAfterItsHFilesLeftTheRunDirectoryReportsThePreparedOnes() throws Exception {
    RunDirectory run = run();
    RunState state = begin(tmp.resolve("in").toString());
    state.startKeys("t", new byte[][] {new byte[0]});
    state.counts(
        new PrepareCounts(
            2,
            2,
            0,
            2,
            0,
            0,
            0,
            0,
            0,
            Map.of(),
            0,
            0,
            new PrepareCounts.Collisions(0, 0, 0),
            0,
            0,
            Map.of(),
            Map.of("t", 2L),
            new PrepareCounts.Deletions(0, 0, 0, 0),
            PrepareCounts.Tagged.NONE,
            0));
    state.preparedFiles(prepared());
    // complete wrote LOADING, BulkLoadHFiles moved the table's one HFile into its region, and the
    // process died before it wrote that down.
    state.stage(RunState.Stage.LOADING);
    run.writeText(run.spec(), SPEC.text());
    run.writeState(state);

    Connection c = LocalRuns.oneRegionTable("t", "d");

    PrintStream log = new PrintStream(new ByteArrayOutputStream());
    LoadReport report =
        new BulkLoad(new Configuration(false), c, log, log, ReportFormat.TEXT).resume(run.root());
    assertEquals(RunState.Stage.LOADED, report.state().stage());
    assertEquals(
        List.of(1L, 4_096L, 2L),
        List.of(report.hfiles(), report.hfileBytes(), report.hfileCells()));
    String json = Files.readString(Path.of(run.report().toUri()));
    assertTrue(json.contains("\"in_hfiles\": 2"), json);
    // The HFile left before the process died was handed to HBase all the same.
    assertTrue(json.contains("\"loaded\": 1,"), json);
    assertEquals(1, report.state().hfilesInLoad());
  }
}
