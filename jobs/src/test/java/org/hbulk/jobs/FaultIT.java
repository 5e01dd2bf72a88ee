package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fault suite: each test injects a fault for real (the client JVM killed with SIGKILL in each
 * phase, a region server aborted, the run directory's disk full), runs the documented recovery
 * ({@code hbulk resume --run-dir}), and checks the table cell by cell against a load of the same
 * input that met no fault: the same cells, each once, all stamped with the run's own start (the
 * family keeps five versions, so a cell loaded twice by two runs would show), and the report's
 * counts.
 */
class FaultIT extends MiniClusterSupport {
  private static final int RECORDS = 200_000;
  private static final Duration PATIENCE = Duration.ofMinutes(3);

  private static String spec;
  private static String input;

  /** What a load without faults writes: "row/family:qualifier=value" per cell, timestamps apart. */
  private static List<String> expected;

  private static JobJarProcess client;

  @BeforeAll
  static void loadReference() throws Exception {
    spec = java.nio.file.Path.of(FaultIT.class.getResource("/fault-it.spec").toURI()).toString();
    StringBuilder csv = new StringBuilder();
    for (int i = 0; i < RECORDS; i++) {
      csv.append(i)
          .append(",user-")
          .append(i % 977)
          .append(',')
          .append(i)
          .append(".5,")
          .append(i % 3 == 0 ? "" : "note " + i)
          .append('\n');
    }
    java.nio.file.Path file = tmp.resolve("fault-input.csv");
    Files.writeString(file, csv, StandardCharsets.UTF_8);
    input = file.toUri().toString();
    FaultIT loader = new FaultIT();
    assertEquals(0, loader.hbulk("create-table", "--spec", spec), loader.err);
    assertEquals(
        0,
        loader.hbulk(
            "load", "--spec", spec, "--input", input, "--run-dir", "/fault-runs/reference"),
        loader.err);
    RunState state =
        RunDirectory.at(util.getConfiguration(), new Path("/fault-runs/reference")).readState();
    expected = cells(TableName.valueOf("fault_ref"), state.runStartMillis());
    client = new JobJarProcess(util.getConfiguration(), tmp.resolve("client"), "1g");
  }

  @Test
  void clientKilledInTheMapPhaseIsPreparedAgainAndLoadedOnce() throws Exception {
    String table = table("fault_map");
    Child load = start("load", "--spec", spec, "--table", table, "--input", input);
    String runDir = load.runDir();
    // The local runner reports map progress 0 % until every map is done, and runs no reducer
    // before:
    // a progress line below 100 % is the map phase.
    load.await(
        line -> line.matches("hbulk: \\[job: map\\] +map +([0-9]|[1-9][0-9])% +reduce +0%.*"));
    assertTrue(localDirs().stream().anyMatch(d -> d.endsWith("-" + load.pid())));
    load.kill();
    assertEquals(RunState.Stage.PREPARING, state(runDir).stage());
    assertTrue(
        localDirs().stream().anyMatch(d -> d.endsWith("-" + load.pid())),
        "the killed job left its local folder: " + localDirs());

    // Every message points at the command that works.
    assertEquals(ExitCode.INTERRUPTED.code(), hbulk("complete", "--run-dir", runDir), err);
    assertTrue(err.contains("hbulk resume --run-dir " + qualified(runDir)), err);
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("prepare", "--spec", spec, "--table", table, "--input", input, "--run-dir", runDir),
        err);
    assertTrue(err.contains("hbulk resume --run-dir " + qualified(runDir)), err);
    assertEquals(List.of(), cells(TableName.valueOf(table), -1), "nothing reached the table");

    assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    assertTrue(err.contains("left by a run whose process is gone"), err);
    assertLoadedOnce(table, runDir);
    assertEquals(
        List.of(), localDirs(), "the dead run's local folder and the resumed job's are gone");
  }

  @Test
  void clientKilledInTheReducePhaseDropsItsPartialHFilesAndLoadsOnce() throws Exception {
    String table = table("fault_reduce");
    Child load = start("load", "--spec", spec, "--table", table, "--input", input);
    String runDir = load.runDir();
    FileSystem fs = FileSystem.get(util.getConfiguration());
    Path hfiles = new Path(runDir, "hfiles");
    awaitFiles(load, fs, hfiles, path -> path.contains("_r_"));
    load.kill();
    assertEquals(RunState.Stage.PREPARING, state(runDir).stage());
    assertFalse(
        files(fs, hfiles, path -> path.contains("_r_")).isEmpty(),
        "the reducers left partial HFiles");

    assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    assertLoadedOnce(table, runDir);
    assertFalse(fs.exists(hfiles), "no HFile left behind");
  }

  @Test
  void clientKilledBetweenPrepareAndCompleteLoadsOnResume() throws Exception {
    String table = table("fault_between");
    Child load = start("load", "--spec", spec, "--table", table, "--input", input);
    String runDir = load.runDir();
    load.await(line -> line.startsWith("hbulk: [inspect] prepared:"));
    load.pause();
    FileSystem fs = FileSystem.get(util.getConfiguration());
    int prepared =
        Integer.parseInt(
            load.await(l -> l.startsWith("hbulk: [inspect] prepared:"))
                .replaceAll("\\D+", " ")
                .strip()
                .split(" ")[0]);
    // Stopped after the HFiles were prepared and before any of them was loaded (completion may have
    // marked the run LOADING just before its first file).
    RunState.Stage stage = state(runDir).stage();
    assertTrue(stage == RunState.Stage.PREPARED || stage == RunState.Stage.LOADING, stage.name());
    assertEquals(prepared, hfileCount(fs, new Path(runDir, "hfiles")), "no HFile loaded yet");
    load.kill();
    assertEquals(List.of(), cells(TableName.valueOf(table), -1));

    assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    assertLoadedOnce(table, runDir);
  }

  @Test
  void clientKilledWhileLoadingFinishesItsOwnHFilesAndNeverLoadsTwice() throws Exception {
    String table = table("fault_complete");
    // One region at a time, so the kill lands with some regions loaded and others not.
    Child load =
        start(
            "load",
            "--spec",
            spec,
            "--table",
            table,
            "--input",
            input,
            "-D",
            "hbase.loadincremental.threads.max=1");
    String runDir = load.runDir();
    FileSystem fs = FileSystem.get(util.getConfiguration());
    Path hfiles = new Path(runDir, "hfiles");
    load.await(line -> line.startsWith("hbulk: [inspect] prepared:"));
    int prepared = hfileCount(fs, hfiles);
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (hfileCount(fs, hfiles) == prepared) {
      assertTrue(
          System.nanoTime() < deadline && load.process.isAlive(),
          "no HFile was loaded: " + load.err());
      Thread.onSpinWait();
    }
    load.pause();
    int left = hfileCount(fs, hfiles);
    load.kill();
    assertTrue(
        left > 0 && left < prepared,
        left + " of " + prepared + " HFiles left: the kill must land mid-way");
    assertEquals(RunState.Stage.LOADING, state(runDir).stage());

    // Loading the same input again would load the loaded part a second time: refused.
    assertEquals(
        ExitCode.INTERRUPTED.code(),
        hbulk(
            "load",
            "--spec",
            spec,
            "--table",
            table,
            "--input",
            input,
            "-D",
            "hbulk.work.dir=/fault-runs"),
        err);
    assertTrue(err.contains("hbulk resume --run-dir " + qualified(runDir)), err);

    assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    assertLoadedOnce(table, runDir);
    assertEquals(0, hbulk("verify", "--run-dir", runDir, "--records", "2000"), out + err);

    // What the refused second load would have left: every cell a second version. verify sees it
    // from both runs (before, it compared only the version at the run's own timestamp).
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec,
            "--table",
            table,
            "--input",
            input,
            "--run-dir",
            runDir + "-again"),
        err);
    assertEquals(
        ExitCode.VERIFY_FAILED.code(),
        hbulk("verify", "--run-dir", runDir, "--records", "2000"),
        out + err);
    assertTrue(out.contains("is hidden by a newer version"), out);
    assertEquals(
        ExitCode.VERIFY_FAILED.code(),
        hbulk("verify", "--run-dir", runDir + "-again", "--records", "2000"),
        out + err);
    assertTrue(out.contains("has other version(s)"), out);
    assertEquals(
        0,
        hbulk(
            "verify",
            "--run-dir",
            runDir + "-again",
            "--records",
            "2000",
            "--allow-older-versions"),
        out + err);
  }

  @Test
  void regionServerAbortedDuringCompleteLosesNothing() throws Exception {
    String table = table("fault_server");
    String runDir = "/fault-runs/server";
    assertEquals(
        0,
        hbulk("prepare", "--spec", spec, "--table", table, "--input", input, "--run-dir", runDir),
        err);
    ServerName spare =
        util.getMiniHBaseCluster().startRegionServer().getRegionServer().getServerName();
    util.waitFor(60_000, () -> util.getAdmin().getRegionServers().contains(spare));
    // The table's regions on the server that will die, meta on the one that stays.
    ServerName meta = util.getMiniHBaseCluster().getServerHoldingMeta();
    ServerName doomed = meta.equals(spare) ? firstOtherServer(spare) : spare;
    for (RegionInfo region : util.getAdmin().getRegions(TableName.valueOf(table))) {
      util.getAdmin().move(region.getEncodedNameAsBytes(), doomed);
    }
    util.waitUntilNoRegionsInTransition(60_000);

    FileSystem fs = FileSystem.get(util.getConfiguration());
    Path hfiles = new Path(runDir, "hfiles");
    int prepared = hfileCount(fs, hfiles);
    FaultIT completer = new FaultIT();
    CompletableFuture<Integer> complete =
        CompletableFuture.supplyAsync(
            () ->
                completer.hbulk(
                    "complete",
                    "--run-dir",
                    runDir,
                    "-D",
                    "hbase.loadincremental.threads.max=1",
                    "-D",
                    "hbulk.complete.backoff.ms=500"));
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (hfileCount(fs, hfiles) == prepared && !complete.isDone()) {
      assertTrue(System.nanoTime() < deadline, "no HFile was loaded");
      Thread.onSpinWait();
    }
    int left = hfileCount(fs, hfiles);
    util.getMiniHBaseCluster().abortRegionServer(serverIndex(doomed));
    assertTrue(
        left > 0 && left < prepared,
        left + " of " + prepared + " HFiles left when the server died");
    int code = complete.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
    util.getMiniHBaseCluster().waitForRegionServerToStop(doomed, 60_000);
    util.waitUntilNoRegionsInTransition(120_000);
    // Either BulkLoadHFiles found the regions again, or completion gave up with exit 7 and the run
    // is finished by the documented recovery.
    assertTrue(
        code == 0 || code == ExitCode.LOAD_FAILED.code(), "exit " + code + ": " + completer.err);
    if (code != 0) {
      assertTrue(completer.err.contains("hbulk resume --run-dir"), completer.err);
      assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    }
    assertLoadedOnce(table, runDir);
  }

  @Test
  void diskFullDuringPrepareFailsTheJobAndLoadsOnceTheDiskHasRoom() throws Exception {
    String table = table("fault_disk");
    String runDir = "fulldisk://" + tmp.resolve("disk-run").toAbsolutePath();
    FullDiskFileSystem.ROOM.set(2L << 20); // a fraction of the run's HFiles
    int code;
    try {
      code = hbulk("load", "--spec", spec, "--table", table, "--input", input, "--run-dir", runDir);
    } finally {
      FullDiskFileSystem.ROOM.set(Long.MAX_VALUE);
    }
    assertEquals(ExitCode.JOB_FAILED.code(), code, err);
    assertTrue(err.contains("nothing was loaded") && err.contains("hbulk resume --run-dir"), err);
    assertEquals(RunState.Stage.PREPARING, state(runDir).stage());
    assertEquals(List.of(), cells(TableName.valueOf(table), -1));

    assertEquals(0, hbulk("resume", "--run-dir", runDir), err);
    assertLoadedOnce(table, runDir);
  }

  // --- helpers ---

  /** A table like the reference one, created through the spec. */
  private String table(String name) {
    assertEquals(0, hbulk("create-table", "--spec", spec, "--table", name), err);
    return name;
  }

  /**
   * The table holds the reference's cells, each once, stamped with the run's start; counts add up.
   */
  private void assertLoadedOnce(String table, String runDir) throws Exception {
    RunState state = state(runDir);
    assertEquals(RunState.Stage.LOADED, state.stage());
    List<String> got = cells(TableName.valueOf(table), state.runStartMillis());
    if (!got.equals(expected)) {
      int i = 0;
      while (i < Math.min(got.size(), expected.size()) && got.get(i).equals(expected.get(i))) {
        i++;
      }
      fail(
          table
              + ": "
              + got.size()
              + " cells, expected "
              + expected.size()
              + "; first difference at "
              + i
              + ": "
              + (i < got.size() ? got.get(i) : "(none)")
              + " vs "
              + (i < expected.size() ? expected.get(i) : "(none)"));
    }
    assertEquals(RECORDS, state.counts().read());
    assertEquals(RECORDS, state.counts().loaded());
    assertEquals(0, state.counts().rejected());
  }

  private static RunState state(String runDir) throws IOException {
    return RunDirectory.at(util.getConfiguration(), new Path(runDir)).readState();
  }

  private static String qualified(String runDir) throws IOException {
    return RunDirectory.at(util.getConfiguration(), new Path(runDir)).root().toString();
  }

  /** The per-run folders under the local job runner's local directory. */
  private static List<String> localDirs() throws IOException {
    // The mini cluster points this at a folder of its own when it starts.
    java.nio.file.Path local =
        java.nio.file.Path.of(util.getConfiguration().get("mapreduce.cluster.local.dir"));
    if (!Files.isDirectory(local)) {
      return List.of();
    }
    try (Stream<java.nio.file.Path> dirs = Files.list(local)) {
      return dirs.map(d -> d.getFileName().toString())
          .filter(d -> d.startsWith("hbulk-"))
          .sorted()
          .toList();
    }
  }

  private static void awaitFiles(Child child, FileSystem fs, Path dir, Predicate<String> wanted)
      throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (true) {
      try {
        if (!files(fs, dir, wanted).isEmpty()) {
          return;
        }
      } catch (java.io.FileNotFoundException movedMeanwhile) {
        // the committer renamed a folder while it was listed: look again
      }
      assertTrue(
          System.nanoTime() < deadline && child.process.isAlive(),
          "no such file appeared: " + child.err());
      Thread.sleep(5);
    }
  }

  private static ServerName firstOtherServer(ServerName not) throws IOException {
    return util.getAdmin().getRegionServers().stream()
        .filter(s -> !s.equals(not))
        .findFirst()
        .orElseThrow();
  }

  private static int serverIndex(ServerName server) {
    var threads = util.getMiniHBaseCluster().getRegionServerThreads();
    for (int i = 0; i < threads.size(); i++) {
      if (threads.get(i).getRegionServer().getServerName().equals(server)) {
        return i;
      }
    }
    throw new AssertionError(server + " is not a region server of the cluster");
  }

  private Child start(String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-D", "hbulk.work.dir=/fault-runs", "-D", "hbulk.progress.interval.ms=100"));
    java.nio.file.Path out = Files.createTempFile(tmp, "client-", ".out");
    java.nio.file.Path errFile = Files.createTempFile(tmp, "client-", ".err");
    return new Child(client.start(out, errFile, all.toArray(new String[0])), errFile);
  }

  /** An hbulk client JVM, watched through what it prints, killed for real. */
  private record Child(Process process, java.nio.file.Path errFile) {
    long pid() {
      return process.pid();
    }

    String err() {
      try {
        return Files.readString(errFile);
      } catch (IOException e) {
        return e.toString();
      }
    }

    /** Waits for a line of the client's log; returns it. */
    String await(Predicate<String> wanted) throws Exception {
      long deadline = System.nanoTime() + PATIENCE.toNanos();
      while (true) {
        for (String line : err().split("\n")) {
          if (wanted.test(line)) {
            return line;
          }
        }
        if (!process.isAlive() || System.nanoTime() > deadline) {
          fail(
              "the client "
                  + (process.isAlive()
                      ? "printed no such line in " + PATIENCE
                      : "ended (exit " + process.exitValue() + ")")
                  + ":\n"
                  + err());
        }
        Thread.sleep(5);
      }
    }

    /** The run directory the client names before it writes anything. */
    String runDir() throws Exception {
      String line = await(l -> l.startsWith("hbulk: run directory "));
      return line.substring("hbulk: run directory ".length(), line.indexOf(" (if this run"));
    }

    /** SIGSTOP: the client stands still where it is, so what it did so far can be looked at. */
    void pause() throws Exception {
      assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(pid())).start().waitFor());
    }

    /** SIGKILL, as the OOM killer or a power cut would: no shutdown hook runs. */
    void kill() throws Exception {
      process.destroyForcibly();
      assertTrue(process.waitFor(60, TimeUnit.SECONDS));
      assertEquals(137, process.exitValue(), "killed by SIGKILL");
    }
  }
}
