package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.hfile.HFileWriters;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** complete loads the HFiles its prepare wrote, and refuses a run directory that holds others. */
class CompleteChecksHFilesTest {
  @TempDir Path tmp;

  private static final LoadSpec SPEC =
      LoadSpec.parse(
          "t.spec",
          "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\n"
              + "timestamp = 1000\nd:v = v\n");

  /** A prepared run of table t (one region) whose prepare wrote {@code files} of them. */
  private RunDirectory prepared(RunState.Stage stage, RegionFiles files) throws Exception {
    RunDirectory run =
        RunDirectory.at(
            new Configuration(false), new org.apache.hadoop.fs.Path(tmp.resolve("run").toString()));
    run.create();
    RunState state =
        RunState.begin(
            "r1",
            SPEC,
            List.of("in"),
            List.of(new org.apache.hadoop.fs.Path("in")),
            1000,
            RunState.Mode.LOAD);
    state.startKeys("t", new byte[][] {new byte[0]});
    Map<String, List<RegionFiles>> tables = new LinkedHashMap<>();
    tables.put("t", List.of(files));
    state.preparedFiles(tables);
    state.stage(stage);
    run.writeText(run.spec(), SPEC.text());
    run.writeState(state);
    return run;
  }

  private static HbulkException completeFails(RunDirectory run) throws Exception {
    PrintStream log = new PrintStream(new ByteArrayOutputStream());
    BulkLoad load =
        new BulkLoad(
            new Configuration(false),
            LocalRuns.oneRegionTable("t", "d"),
            log,
            log,
            ReportFormat.TEXT);
    return assertThrows(HbulkException.class, () -> load.complete(run.root(), false));
  }

  @Test
  void aPreparedRunWhoseHFilesWereDeletedIsNotReportedLoaded() throws Exception {
    RunDirectory run =
        prepared(
            RunState.Stage.PREPARED,
            new RegionFiles(new byte[0], new byte[0], 1, 4_096, 2, 2, Map.of("d", 1)));
    HbulkException e = completeFails(run);
    assertEquals(ExitCode.USAGE, e.exitCode());
    assertTrue(
        e.getMessage()
            .contains("t: prepared 1 HFile(s) of 2 cell(s), 4096 bytes, found 0 HFile(s)"),
        e.getMessage());
    assertEquals(RunState.Stage.PREPARED, run.readState().stage(), "nothing began loading");
  }

  @Test
  void aRunThatDiesWritingItsReportIsNotLeftLoadedWithoutIt() throws Exception {
    RunDirectory run =
        prepared(
            RunState.Stage.PREPARED,
            new RegionFiles(new byte[0], new byte[0], 0, 0, 0, 0, Map.of()));
    // The page cannot be written (as when the process is killed while it is).
    java.nio.file.Files.createDirectories(Path.of(run.reportPage().toUri()));
    PrintStream log = new PrintStream(new ByteArrayOutputStream());
    BulkLoad load =
        new BulkLoad(
            new Configuration(false),
            LocalRuns.oneRegionTable("t", "d"),
            log,
            log,
            ReportFormat.TEXT);
    assertThrows(java.io.IOException.class, () -> load.complete(run.root(), false));
    assertEquals(RunState.Stage.LOADING, run.readState().stage(), "finished by resume");

    java.nio.file.Files.delete(Path.of(run.reportPage().toUri()));
    assertEquals(RunState.Stage.LOADED, load.resume(run.root()).state().stage());
    assertEquals(RunState.Stage.LOADED, run.readState().stage());
    assertTrue(java.nio.file.Files.isRegularFile(Path.of(run.reportPage().toUri())));
  }

  @Test
  void completeOnALoadedRunReportsTheHFilesItLoadedNotNone() throws Exception {
    RunDirectory run =
        prepared(
            RunState.Stage.LOADED,
            new RegionFiles(new byte[0], new byte[0], 1, 4_096, 2, 2, Map.of("d", 1)));
    PrintStream log = new PrintStream(new ByteArrayOutputStream());
    LoadReport report =
        new BulkLoad(
                new Configuration(false),
                LocalRuns.oneRegionTable("t", "d"),
                log,
                log,
                ReportFormat.TEXT)
            .complete(run.root(), false);
    assertEquals(
        List.of(1L, 4_096L, 2L),
        List.of(report.hfiles(), report.hfileBytes(), report.hfileCells()));
  }

  @Test
  void aRunWithAnHFileItsPrepareDidNotWriteIsNotLoaded() throws Exception {
    for (RunState.Stage stage : List.of(RunState.Stage.PREPARED, RunState.Stage.LOADING)) {
      RunDirectory run =
          prepared(stage, new RegionFiles(new byte[0], new byte[0], 0, 0, 0, 0, Map.of()));
      // An HFile of another run, copied in.
      FileSystem fs = run.fs();
      org.apache.hadoop.fs.Path family =
          new org.apache.hadoop.fs.Path(HFileWriters.tableDirectory(run.hfiles(), "t"), "d");
      try (HFile.Writer w =
          HFile.getWriterFactoryNoCache(new Configuration(false))
              .withPath(fs, new org.apache.hadoop.fs.Path(family, "other"))
              .withFileContext(new HFileContextBuilder().build())
              .create()) {
        w.append(
            new KeyValue(
                Bytes.toBytes("x"), Bytes.toBytes("d"), Bytes.toBytes("v"), 1, Bytes.toBytes("1")));
      }
      HbulkException e = completeFails(run);
      assertEquals(ExitCode.USAGE, e.exitCode());
      assertTrue(
          e.getMessage().contains("holds other HFiles than its prepare wrote"),
          stage + ": " + e.getMessage());
      assertEquals(stage, run.readState().stage());
      fs.delete(run.root(), true);
    }
  }
}
