package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's scripts end to end, as cron would run them: a standalone HBase started by
 * scripts/hbase-local.sh (in a temporary var/), scripts/create-table.sh, scripts/nightly-load.sh
 * twice, its lock, and verify. Uses the jar and classpath that `mvn package` just built. The
 * checkout (through a link) and var/ are reached by paths with a space, as under "My Projects".
 */
class NightlyScriptIT {
  @TempDir
  static Path tmp;

  static Path var;
  /** The project's root, through a link whose path has a space. */
  static Path root;

  record Run(int code, String output) {}

  private static Run script(String name, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", root.resolve("scripts").resolve(name).toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.put("HBULK_VAR", var.toString());
    env.put("HBULK_HEAP", "1g");
    env.put("HBASE_HEAP", "1g");
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " did not end");
    return new Run(p.exitValue(), output);
  }

  @BeforeAll
  static void startHBase() throws Exception {
    var = Files.createDirectories(tmp.resolve("my var"));
    root = Files.createSymbolicLink(tmp.resolve("check out"), Path.of("..").toAbsolutePath().normalize());
    Run start = script("hbase-local.sh", "start");
    assertEquals(0, start.code(), start.output());
  }

  @AfterAll
  static void stopHBase() throws Exception {
    script("hbase-local.sh", "stop");
  }

  @Test
  void nightlyLoadRunsOnceIsANoOpTheSecondTimeAndVerifies() throws Exception {
    Path input = Files.createDirectories(var.resolve("dumps/2026-11-22"));
    StringBuilder csv = new StringBuilder("order_id,user_id,created,city,amount,status,paid,note\n");
    for (int i = 0; i < 1000; i++) {
      csv.append(201101000000L + i).append(",u").append(String.format("%05d", i % 37))
          .append(",2026-11-22 08:00:00,\"Zürich, CH\",").append(i).append(".5,paid,true,\"note \"\"").append(i).append("\"\"\"\n");
    }
    Files.writeString(input.resolve("orders.csv"), csv);
    String spec = root.resolve("conf/examples/orders.spec").toString();
    Run create = script("create-table.sh", spec);
    assertEquals(0, create.code(), create.output());
    String template = var.resolve("dumps").toString() + "/{date}/orders.csv";

    Run first = script("nightly-load.sh", "--spec", spec, "--input-template", template, "--date", "2026-11-22");
    assertEquals(0, first.code(), first.output());
    assertTrue(first.output().contains("read 1,000 = loaded 1,000 + rejected 0"), first.output());
    Run again = script("nightly-load.sh", "--spec", spec, "--input-template", template, "--date", "2026-11-22");
    assertEquals(10, again.code(), again.output());
    assertTrue(again.output().contains("already loaded"), again.output());

    Run verify = script("hbulk", "verify", "--run-dir", var.resolve("runs/orders/2026-11-22").toString());
    assertEquals(0, verify.code(), verify.output());
    assertTrue(verify.output().contains("verified 1,000 record(s)"), verify.output());

    // The bulk load went through HBase's secure bulk load, which asks for 0777 on its staging
    // folders and on the HFiles it moves into the regions: the server keeps them its owner's.
    Run loaded = run("find", var.resolve("hbase/data/data/default/orders").toString(), "-type", "f",
        "-path", "*/o/*", "-not", "-name", ".*");
    assertTrue(loaded.code() == 0 && !loaded.output().isBlank(), "bulk-loaded HFiles in the regions: " + loaded.output());
    Run open = run("find", var.resolve("hbase").toString(), "-perm", "/077");
    assertEquals(0, open.code(), open.output());
    assertEquals("", open.output(), "files of the standalone HBase that other users can use");
  }

  /** Kill -9, as a crash or a reboot would: status sees it dead, start starts it again. */
  @Test
  void aKilledServerIsSeenDeadAndStartsAgain() throws Exception {
    long pid = Long.parseLong(Files.readString(var.resolve("hbase/hbase.pid")).strip());
    ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
    server.destroyForcibly();
    server.onExit().get(1, TimeUnit.MINUTES);
    Run status = script("hbase-local.sh", "status");
    assertEquals(3, status.code(), status.output());
    assertTrue(status.output().contains("no longer running"), status.output() + run("ps", "-o", "pid,ppid,stat,args", "-p", Long.toString(pid)).output());
    Files.writeString(var.resolve("hbase/hbase.pid"), pid + "\n");
    Run start = script("hbase-local.sh", "start");
    assertEquals(0, start.code(), start.output());
    assertTrue(start.output().contains("stale pid file") && start.output().contains("HBase is up"), start.output());
    status = script("hbase-local.sh", "status");
    assertEquals(0, status.code(), status.output());
    assertTrue(status.output().contains("HBase is running"), status.output());
  }

  private static Run run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(1, TimeUnit.MINUTES), command[0] + " did not end");
    return new Run(p.exitValue(), output);
  }

  @Test
  void aSecondRunWhileTheFirstHoldsTheLockExitsAtOnceWithTheLockCode() throws Exception {
    Path locks = Files.createDirectories(var.resolve("locks"));
    Path lock = locks.resolve("orders.lock");
    Process holder = new ProcessBuilder("flock", lock.toString(), "sleep", "120").start();
    try {
      waitUntilLocked(lock);
      long started = System.nanoTime();
      Run second = script("nightly-load.sh", "--spec", root.resolve("conf/examples/orders.spec").toString(),
          "--input-template", "/nowhere/{date}.csv");
      assertEquals(11, second.code(), second.output());
      assertTrue(second.output().contains("holds"), second.output());
      assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10), "exits at once");
    } finally {
      holder.destroyForcibly().waitFor();
    }
  }

  /** Polls flock -n until the holder has the lock (it starts asynchronously). */
  private static void waitUntilLocked(Path lock) throws IOException, InterruptedException {
    for (int i = 0; i < 200; i++) {
      Process probe = new ProcessBuilder("flock", "-n", lock.toString(), "true").start();
      if (probe.waitFor() != 0) {
        return;
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("the lock holder never took " + lock);
  }
}
