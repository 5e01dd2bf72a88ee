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
 * twice, its lock, and verify. Uses the jar and classpath that `mvn package` just built.
 */
class NightlyScriptIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  static Path var;

  record Run(int code, String output) {}

  private static Run script(String name, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("scripts").resolve(name).toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
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
    String spec = ROOT.resolve("conf/examples/orders.spec").toString();
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
  }

  @Test
  void aSecondRunWhileTheFirstHoldsTheLockExitsAtOnceWithTheLockCode() throws Exception {
    Path locks = Files.createDirectories(var.resolve("locks"));
    Path lock = locks.resolve("orders.lock");
    Process holder = new ProcessBuilder("flock", lock.toString(), "sleep", "120").start();
    try {
      waitUntilLocked(lock);
      long started = System.nanoTime();
      Run second = script("nightly-load.sh", "--spec", ROOT.resolve("conf/examples/orders.spec").toString(),
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
