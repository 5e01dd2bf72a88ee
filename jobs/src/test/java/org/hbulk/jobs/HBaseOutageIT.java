package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.junit.jupiter.api.Test;

/**
 * HBase going away under a load: the whole of HBase (master and region server) killed while a
 * client completes a run, one region at a time. The client must give up within a bounded time with
 * exit 7, a few lines and the command that finishes the run; while HBase is down a new load must
 * stop at once with exit 4; once HBase is back, {@code hbulk resume} loads the rest, every cell
 * once. A class of its own: the cluster it kills is not shared with other tests.
 */
class HBaseOutageIT extends MiniClusterSupport {
  private static final int RECORDS = 50_000;

  @Test
  void hbaseKilledDuringCompleteFailsInBoundedTimeAndResumeLoadsEverythingOnce() throws Exception {
    String spec =
        java.nio.file.Path.of(getClass().getResource("/fault-it.spec").toURI()).toString();
    StringBuilder csv = new StringBuilder();
    for (int i = 0; i < RECORDS; i++) {
      csv.append(i)
          .append(",user-")
          .append(i % 97)
          .append(',')
          .append(i)
          .append(".25,note ")
          .append(i)
          .append('\n');
    }
    java.nio.file.Path file = tmp.resolve("outage.csv");
    Files.writeString(file, csv, StandardCharsets.UTF_8);
    String input = file.toUri().toString();
    assertEquals(0, hbulk("create-table", "--spec", spec, "--table", "outage_ref"), err);
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec,
            "--table",
            "outage_ref",
            "--input",
            input,
            "--run-dir",
            "/outage/reference"),
        err);
    long refStart =
        RunDirectory.at(util.getConfiguration(), new Path("/outage/reference"))
            .readState()
            .runStartMillis();
    assertEquals(0, hbulk("create-table", "--spec", spec, "--table", "outage"), err);
    String runDir = "/outage/run";
    assertEquals(
        0,
        hbulk(
            "prepare", "--spec", spec, "--table", "outage", "--input", input, "--run-dir", runDir),
        err);

    FileSystem fs = FileSystem.get(util.getConfiguration());
    Path hfiles = new Path(runDir, "hfiles");
    int prepared = hfileCount(fs, hfiles);
    JobJarProcess client = new JobJarProcess(util.getConfiguration(), tmp.resolve("client"), "1g");
    java.nio.file.Path out = Files.createTempFile(tmp, "complete-", ".out");
    java.nio.file.Path errFile = Files.createTempFile(tmp, "complete-", ".err");
    Process complete =
        client.start(
            out,
            errFile,
            "complete",
            "--run-dir",
            runDir,
            "-D",
            "hbase.loadincremental.threads.max=1",
            "-D",
            "hbulk.complete.attempts=2",
            "-D",
            "hbulk.complete.backoff.ms=1000",
            "-D",
            "hbulk.complete.hbase-timeout.ms=15000");
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (hfileCount(fs, hfiles) == prepared) {
      assertTrue(
          System.nanoTime() < deadline && complete.isAlive(),
          "no HFile was loaded: " + Files.readString(errFile));
      Thread.onSpinWait();
    }
    util.getMiniHBaseCluster().killAll();
    long killed = System.nanoTime();
    assertTrue(
        complete.waitFor(8, TimeUnit.MINUTES),
        "complete still retrying 8 minutes after HBase died");
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
    String said = Files.readString(errFile);
    assertEquals(ExitCode.LOAD_FAILED.code(), complete.exitValue(), said);
    assertTrue(said.contains("hbulk resume --run-dir"), said);
    // HBase's client still prints the stack trace of each region lookup it gives up (about 45 lines
    // a
    // try); hbulk's own lines are one per attempt. Before: over 6,000 lines for one completion.
    assertTrue(
        said.lines().count() < 600,
        "not every retry's stack trace: "
            + said.lines().count()
            + " lines, "
            + seconds
            + " s\n"
            + said);
    System.out.println(
        "HBaseOutageIT: complete gave up "
            + seconds
            + " s after HBase died, in "
            + said.lines().count()
            + " lines");
    assertEquals(
        RunState.Stage.LOADING,
        RunDirectory.at(util.getConfiguration(), new Path(runDir)).readState().stage());

    // HBase down: a new load stops at once, before any job.
    long t0 = System.nanoTime();
    assertEquals(
        ExitCode.HBASE.code(),
        hbulk("load", "--spec", spec, "--table", "outage", "--input", input),
        err);
    assertTrue(err.startsWith("hbulk: cannot reach HBase"), err);
    assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60), "exit 4 within a minute");

    util.shutdownMiniHBaseCluster();
    util.startMiniHBaseCluster(StartMiniClusterOption.builder().numRegionServers(1).build());
    util.waitTableAvailable(TableName.valueOf("outage"), 120_000);

    assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    RunState state = RunDirectory.at(util.getConfiguration(), new Path(runDir)).readState();
    assertEquals(RunState.Stage.LOADED, state.stage());
    assertEquals(
        cells(TableName.valueOf("outage_ref"), refStart),
        cells(TableName.valueOf("outage"), state.runStartMillis()));
    assertEquals(RECORDS, state.counts().loaded());
  }
}
