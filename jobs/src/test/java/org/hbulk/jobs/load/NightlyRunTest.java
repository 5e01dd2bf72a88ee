package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A nightly run of a date that another command left unfinished, with the local job runner and a
 * table that exists only in mocks (an input without records: nothing to hand to HBase).
 */
class NightlyRunTest {
  @TempDir Path tmp;

  private static final LocalDate DATE = LocalDate.of(2026, 11, 22);

  private static final LoadSpec SPEC =
      LoadSpec.parse(
          "t.spec",
          "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\nd:v = v\n");

  private Configuration conf() {
    Configuration conf = LocalRuns.conf(tmp);
    conf.set(HbulkConf.WORK_DIR, tmp.resolve("work").toUri().toString());
    return conf;
  }

  @Test
  void aDateWhoseHbulkPrepareDiedInItsJobIsPreparedAgainAndLoaded() throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("2026-11-22.csv"), "");
    Configuration conf = conf();
    NightlyIdentity identity = NightlyIdentity.of(SPEC);
    String template = in.resolve("{date}.csv").toString();
    String input = NightlyRun.expand(template, DATE);
    // What 'hbulk prepare --run-dir <work>/t@t/2026-11-22' leaves when killed in its job.
    RunDirectory run = RunDirectory.at(conf, identity.runDir(conf, DATE));
    run.createNew();
    run.writeText(run.spec(), SPEC.text());
    run.writeState(
        RunState.begin(
            run.root().getName(),
            SPEC,
            List.of(input),
            List.of(new org.apache.hadoop.fs.Path(input)),
            DATE.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli(),
            RunState.Mode.PREPARE));

    PrintStream log = new PrintStream(new ByteArrayOutputStream(), true);
    LoadReport report =
        new NightlyRun(conf, LocalRuns.oneRegionTable("t", "d"), log, log, ReportFormat.TEXT)
            .run(new NightlyRun.Request(SPEC, identity, template, DATE, ZoneOffset.UTC, false, 0));
    assertEquals(RunState.Stage.LOADED, report.state().stage());
    assertEquals(RunState.Stage.LOADED, run.readState().stage());
    assertEquals(
        List.of("t"),
        List.copyOf(run.readState().preparedFiles().keySet()),
        "prepare kept its HFile counts for a later resume's report");
  }

  @Test
  void aDateWhoseInputDirectoryHoldsNoFileIsNoInputNotAnEmptyLoad() throws Exception {
    // The dump's folder made, its files not there yet (or only one still being copied, hidden).
    Path day = Files.createDirectories(tmp.resolve("in/2026-11-22"));
    Files.createDirectories(day.resolve("part"));
    Files.writeString(day.resolve("_orders.csv.COPYING"), "a,1\n");
    Configuration conf = conf();
    NightlyIdentity identity = NightlyIdentity.of(SPEC);
    PrintStream log = new PrintStream(new ByteArrayOutputStream(), true);
    NightlyRun nightly =
        new NightlyRun(conf, LocalRuns.oneRegionTable("t", "d"), log, log, ReportFormat.TEXT);
    HbulkException e =
        assertThrows(
            HbulkException.class,
            () ->
                nightly.run(
                    new NightlyRun.Request(
                        SPEC,
                        identity,
                        tmp.resolve("in/{date}").toString(),
                        DATE,
                        ZoneOffset.UTC,
                        false,
                        0)));
    assertEquals(ExitCode.NO_INPUT, e.exitCode());
    assertTrue(e.getMessage().contains("no file"), e.getMessage());
    assertTrue(
        !RunDirectory.at(conf, identity.runDir(conf, DATE)).hasState(),
        "the date is not marked loaded, so the dump is loaded when it arrives");
  }

  @Test
  void aNightlyReportOfADateNotLoadedIsAnErrorNamingTheCommandThatFinishesIt() {
    RunState state =
        RunState.begin(
            "2026-11-22",
            SPEC,
            List.of("in.csv"),
            List.of(new org.apache.hadoop.fs.Path("in.csv")),
            0,
            RunState.Mode.PREPARE);
    state.stage(RunState.Stage.PREPARED);
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/work/t@t/2026-11-22");
    HbulkException e =
        assertThrows(
            HbulkException.class,
            () ->
                NightlyRun.loaded(new LoadReport(state, Map.of(), dir.toString(), ""), DATE, dir));
    assertEquals(ExitCode.INTERNAL, e.exitCode());
    assertTrue(
        e.getMessage().contains("hbulk complete --run-dir /work/t@t/2026-11-22"), e.getMessage());
  }
}
