package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.mapreduce.MRConfig;
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
    Configuration conf = HBaseConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
    conf.set(MRConfig.LOCAL_DIR, tmp.resolve("local").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", tmp.resolve("staging").toString());
    conf.set(HbulkConf.WORK_DIR, tmp.resolve("work").toUri().toString());
    return conf;
  }

  private static Connection table() throws Exception {
    Admin admin = mock(Admin.class);
    when(admin.tableExists(any(TableName.class))).thenReturn(true);
    when(admin.isTableEnabled(any(TableName.class))).thenReturn(true);
    when(admin.getDescriptor(any(TableName.class)))
        .thenReturn(
            TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
                .build());
    RegionLocator locator = mock(RegionLocator.class);
    when(locator.getStartKeys()).thenReturn(new byte[][] {new byte[0]});
    Connection c = mock(Connection.class);
    when(c.getAdmin()).thenReturn(admin);
    when(c.getRegionLocator(any(TableName.class))).thenReturn(locator);
    return c;
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
        new NightlyRun(conf, table(), log, log, ReportFormat.TEXT)
            .run(new NightlyRun.Request(SPEC, identity, template, DATE, ZoneOffset.UTC, false, 0));
    assertEquals(RunState.Stage.LOADED, report.state().stage());
    assertEquals(RunState.Stage.LOADED, run.readState().stage());
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
