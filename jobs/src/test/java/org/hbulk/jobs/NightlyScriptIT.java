package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's scripts end to end, as cron would run them: a standalone HBase started by
 * scripts/hbase-local.sh (in a temporary var/), scripts/create-table.sh, scripts/nightly-load.sh
 * twice, its lock, runs at once in processes of their own, the scheduler examples of its --help,
 * and verify. Uses the jar and classpath that `mvn package` just built. The checkout (through a
 * link) and var/ are reached by paths with a space, as under "My Projects".
 */
class NightlyScriptIT {
  @TempDir static Path tmp;

  static Path var;

  /** The project's root, through a link whose path has a space. */
  static Path root;

  record Run(int code, String output) {}

  private static ProcessBuilder builder(List<String> command) {
    ProcessBuilder pb =
        new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.put("HBULK_VAR", var.toString());
    env.put("HBULK_HEAP", "1g");
    env.put("HBASE_HEAP", "1g");
    return pb;
  }

  private static List<String> scriptCommand(String name, String... args) {
    List<String> command =
        new ArrayList<>(List.of("bash", root.resolve("scripts").resolve(name).toString()));
    command.addAll(List.of(args));
    return command;
  }

  private static Run script(String name, String... args) throws Exception {
    return run(builder(scriptCommand(name, args)));
  }

  private static Run run(ProcessBuilder pb) throws Exception {
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), pb.command() + " did not end");
    return new Run(p.exitValue(), output);
  }

  /**
   * A process of its own whose output is read line by line as it comes, so a test can wait for a
   * line.
   */
  private static final class Running {
    final Process process;
    private final StringBuffer output = new StringBuffer();
    private final Thread reader;

    Running(String name, String... args) throws Exception {
      process = builder(scriptCommand(name, args)).start();
      reader =
          new Thread(
              () -> {
                try (BufferedReader r =
                    new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                  for (String line; (line = r.readLine()) != null; ) {
                    output.append(line).append('\n');
                  }
                } catch (java.io.IOException ended) {
                  // the process is gone; what it said is in output
                }
              });
      reader.start();
    }

    /** Waits until the process has printed {@code text}; fails if it ends first. */
    void awaitOutput(String text) throws InterruptedException {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (!output.toString().contains(text)) {
        assertTrue(
            process.isAlive() || reader.isAlive(),
            "ended without printing '" + text + "':\n" + output);
        assertTrue(System.nanoTime() < deadline, "no '" + text + "' after 3 minutes:\n" + output);
        Thread.sleep(20);
      }
    }

    Run await() throws InterruptedException {
      assertTrue(process.waitFor(5, TimeUnit.MINUTES), "did not end:\n" + output);
      reader.join();
      return new Run(process.exitValue(), output.toString());
    }
  }

  @BeforeAll
  static void startHBase() throws Exception {
    var = Files.createDirectories(tmp.resolve("my var"));
    root =
        Files.createSymbolicLink(
            tmp.resolve("check out"), Path.of("..").toAbsolutePath().normalize());
    Run start = script("hbase-local.sh", "start");
    assertEquals(0, start.code(), start.output());
  }

  @AfterAll
  static void stopHBase() throws Exception {
    script("hbase-local.sh", "stop");
  }

  /**
   * A file of the example orders spec's records, ids {@code firstId..firstId+n-1}, created on
   * {@code day}.
   */
  private static void orders(Path file, long firstId, int n, String day) throws Exception {
    Files.createDirectories(file.getParent());
    StringBuilder csv =
        new StringBuilder("order_id,user_id,created,city,amount,status,paid,note\n");
    for (int i = 0; i < n; i++) {
      csv.append(firstId + i)
          .append(",u")
          .append(String.format("%05d", i % 37))
          .append(",")
          .append(day)
          .append(" 08:00:00,\"Zürich, CH\",")
          .append(i)
          .append(".5,paid,true,\"note \"\"")
          .append(i)
          .append("\"\"\"\n");
    }
    Files.writeString(file, csv);
  }

  /** The example spec's table (create-table.sh leaves an equal table alone); returns the spec. */
  private static String createOrdersTable() throws Exception {
    String spec = root.resolve("conf/examples/orders.spec").toString();
    Run create = script("create-table.sh", spec);
    assertEquals(0, create.code(), create.output());
    return spec;
  }

  @Test
  void nightlyLoadRunsOnceIsANoOpTheSecondTimeAndVerifies() throws Exception {
    orders(var.resolve("dumps/2026-11-22/orders.csv"), 201101000000L, 1000, "2026-11-22");
    String spec = createOrdersTable();
    String template = var.resolve("dumps").toString() + "/{date}/orders.csv";

    Run first =
        script(
            "nightly-load.sh",
            "--spec",
            spec,
            "--input-template",
            template,
            "--date",
            "2026-11-22");
    assertEquals(0, first.code(), first.output());
    assertTrue(first.output().contains("read 1,000 = loaded 1,000 + rejected 0"), first.output());
    assertFalse(
        first.output().contains("VM warning"),
        "the launcher's JVM flags (biased locking among them) draw no warning: " + first.output());
    int jdk = Runtime.version().feature();
    if (jdk >= 15 && jdk <= 17) {
      // The scripts run the java on PATH, the JDK this test runs on.
      // The run directory's name may hold spaces (this test's folders do): it ends at " (if".
      String runRoot = line(first.output(), "hbulk: run directory (.+) \\(if this run .*").group(1);
      Path runDir = Path.of(new org.apache.hadoop.fs.Path(runRoot).toUri().getPath());
      String report = Files.readString(runDir.resolve("report.json"));
      Matcher tuning =
          Pattern.compile(
                  "\"name\": \"jvm-tuning\"[^}]*\"state\": \"ran\", \"detail\": \"([^\"]*)\"")
              .matcher(report);
      assertTrue(tuning.find(), report);
      assertTrue(tuning.group(1).contains("biased locking"), tuning.group(1));
      assertTrue(tuning.group(1).contains("later JIT compilation"), tuning.group(1));
    }
    Run again =
        script(
            "nightly-load.sh",
            "--spec",
            spec,
            "--input-template",
            template,
            "--date",
            "2026-11-22");
    assertEquals(10, again.code(), again.output());
    assertTrue(again.output().contains("already loaded"), again.output());

    Run verify =
        script(
            "hbulk",
            "verify",
            "--run-dir",
            var.resolve("runs/orders@orders/2026-11-22").toString());
    assertEquals(0, verify.code(), verify.output());
    assertTrue(verify.output().contains("verified 1,000 record(s)"), verify.output());

    // The bulk load went through HBase's secure bulk load, which asks for 0777 on its staging
    // folders and on the HFiles it moves into the regions: the server keeps them its owner's.
    Run loaded =
        run(
            "find",
            var.resolve("hbase/data/data/default/orders").toString(),
            "-type",
            "f",
            "-path",
            "*/o/*",
            "-not",
            "-name",
            ".*");
    assertTrue(
        loaded.code() == 0 && !loaded.output().isBlank(),
        "bulk-loaded HFiles in the regions: " + loaded.output());
    Run open = run("find", var.resolve("hbase").toString(), "-perm", "/077");
    assertEquals(0, open.code(), open.output());
    assertEquals("", open.output(), "files of the standalone HBase that other users can use");
  }

  @Test
  void aSecondRunWhileTheFirstHoldsTheLockExitsAtOnceWithTheLockCode() throws Exception {
    Path lock = Files.createDirectories(var.resolve("locks")).resolve("orders@orders.lock");
    // This JVM holds the identity's lock as a running hbulk nightly would.
    try (FileChannel channel =
            FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock held = channel.lock()) {
      long started = System.nanoTime();
      Run second =
          script(
              "nightly-load.sh",
              "--spec",
              root.resolve("conf/examples/orders.spec").toString(),
              "--input-template",
              "/nowhere/{date}.csv");
      assertEquals(11, second.code(), second.output());
      assertTrue(
          second.output().contains("another run of nightly orders@orders holds " + lock),
          second.output());
      // Waiting for the lock would take until the 5-minute limit of script(); a JVM start takes
      // seconds.
      assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(60), "exits at once");
    }
  }

  /**
   * A spec in {@code dir} writing {@code d:COLUMN = name} into {@code table}, created with
   * create-table.sh.
   */
  private static String spec(Path file, String table, String column) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(
        file,
        "[columns]\nid = long\nname = string\n[output o]\ntable = "
            + table
            + "\nkey = salt(id, 4) + \"|\" + id\nd:"
            + column
            + " = name\n[family d]\nversions = 5\n");
    Run create = script("create-table.sh", file.toString());
    assertEquals(0, create.code(), create.output());
    return file.toString();
  }

  private static String records(String name, String date, int n) throws Exception {
    Path file =
        Files.createDirectories(var.resolve("in").resolve(name).resolve(date)).resolve("part.csv");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i).append(",name ").append(i).append('\n');
    }
    Files.writeString(file, b);
    return var.resolve("in").resolve(name) + "/{date}/part.csv";
  }

  /** Every cell of the table, every version. */
  private static List<CellView> cells(String table) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(
        new org.apache.hadoop.fs.Path(var.resolve("hbase/conf/hbase-site.xml").toUri()));
    try (Connection c = ConnectionFactory.createConnection(conf);
        Table t = c.getTable(TableName.valueOf(table));
        ResultScanner s = t.getScanner(new Scan().readAllVersions())) {
      return CellView.all(s);
    }
  }

  /**
   * The cells a load of records 0..n-1 into {@code d:column} on {@code date} (UTC) makes, rows
   * without their salt.
   */
  private static List<CellView> expected(int n, String column, String date) {
    long ts = LocalDate.parse(date).atStartOfDay(ZoneId.of("UTC")).toInstant().toEpochMilli();
    List<CellView> cells = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      cells.add(new CellView(Integer.toString(i), "d", column, ts, "Put", "name " + i, ""));
    }
    return cells;
  }

  /** The table's cells with the salt (one digit of salt(id, 4)) taken off their rows, sorted. */
  private static List<CellView> unsalted(String table) throws Exception {
    List<CellView> cells = new ArrayList<>();
    for (CellView c : cells(table)) {
      assertTrue(c.row().matches("[0-3]\\|.*"), c.toString());
      cells.add(
          new CellView(
              c.row().substring(2),
              c.family(),
              c.qualifier(),
              c.ts(),
              c.type(),
              c.value(),
              c.tags()));
    }
    return CellView.sorted(cells);
  }

  @Test
  void twoRunsOfOneSpecAtOnceLoadOnceAndTheSecondExits11AtOnceLeavingTheFirstAlone()
      throws Exception {
    String spec = spec(var.resolve("specs/conc.spec"), "nc_same", "n");
    int n = 200_000;
    String in = records("conc", "2026-11-22", n);
    Running first =
        new Running(
            "nightly-load.sh", "--spec", spec, "--input-template", in, "--date", "2026-11-22");
    first.awaitOutput("hbulk: nightly conc@nc_same (");
    Run second =
        script("nightly-load.sh", "--spec", spec, "--input-template", in, "--date", "2026-11-22");
    // The second ended while the first still ran: it did not wait for the lock (a time limit here
    // would only measure how busy the machine is).
    assertTrue(
        first.process.isAlive(),
        "the first run ended before the second tried the lock: this test needs more"
            + " rows to show anything");
    assertEquals(11, second.code(), second.output());
    assertTrue(
        second.output().contains("another run of nightly conc@nc_same holds ")
            && second.output().contains("(pid " + first.process.pid() + " since "),
        second.output());

    Run one = first.await();
    assertEquals(0, one.code(), one.output());
    assertTrue(one.output().contains("read 200,000 = loaded 200,000 + rejected 0"), one.output());
    assertEquals(
        CellView.sorted(expected(n, "n", "2026-11-22")),
        unsalted("nc_same"),
        "each cell once, one version, from the first run");
    String log = Files.readString(var.resolve("runs/conc@nc_same/2026-11-22/nightly.log"));
    assertFalse(
        log.contains("holds"), "the second run wrote nothing into the first's log:\n" + log);
  }

  @Test
  void twoSpecsIntoTheSameTableAtOnceBothLoad() throws Exception {
    String a = spec(var.resolve("specs/shared_a.spec"), "nc_shared", "a");
    String b = spec(var.resolve("specs/shared_b.spec"), "nc_shared", "b");
    int n = 50_000;
    String in = records("shared", "2026-11-22", n);
    Running first =
        new Running("nightly-load.sh", "--spec", a, "--input-template", in, "--date", "2026-11-22");
    Running second =
        new Running("nightly-load.sh", "--spec", b, "--input-template", in, "--date", "2026-11-22");
    // At once: each holds its own identity's lock while the other runs.
    first.awaitOutput("hbulk: nightly shared_a@nc_shared (");
    second.awaitOutput("hbulk: nightly shared_b@nc_shared (");
    assertTrue(
        first.process.isAlive(),
        "the runs did not overlap: this test needs more rows to show anything");
    Run ra = first.await();
    Run rb = second.await();
    assertEquals(0, ra.code(), ra.output());
    assertEquals(0, rb.code(), rb.output());
    List<CellView> expected = new ArrayList<>(expected(n, "a", "2026-11-22"));
    expected.addAll(expected(n, "b", "2026-11-22"));
    assertEquals(
        CellView.sorted(expected), unsalted("nc_shared"), "both columns of every row, once each");
  }

  /** The first line of {@code text} that {@code regex} matches whole (trimmed), as its groups. */
  private static Matcher line(String text, String regex) {
    Pattern p = Pattern.compile(regex);
    for (String l : text.split("\n")) {
      Matcher m = p.matcher(l.strip());
      if (m.matches()) {
        return m;
      }
    }
    throw new AssertionError("no line matching " + regex + " in\n" + text);
  }

  @Test
  void theCrontabExampleOfTheHelpRunsAsWritten() throws Exception {
    Run help = script("nightly-load.sh", "--help");
    assertEquals(0, help.code(), help.output());
    String cron = line(help.output(), "30 2 \\* \\* \\* (.*)").group(1);
    assertFalse(cron.endsWith("\\"), "one line, no continuation: " + cron);
    assertFalse(cron.contains("%"), "cron turns % into a newline: " + cron);
    // The crontab line is a shell line written for /opt/hbulk: its paths are unquoted, so they
    // stand in
    // here for paths without a space (the checkout itself, not the spaced link the other tests
    // use).
    Path logs = tmp.resolve("cron/logs");
    orders(tmp.resolve("cron/dumps/2026-11-20/orders.csv"), 301101000000L, 50, "2026-11-20");
    createOrdersTable();
    String command =
        cron.replace("/opt/hbulk/var/logs", logs.toString())
            .replace("var/logs", logs.toString())
            .replace("/opt/hbulk", Path.of("..").toAbsolutePath().normalize().toString())
            .replace("hdfs:///dumps", tmp.resolve("cron/dumps").toUri().toString());
    assertTrue(command.contains(" --zone Asia/Shanghai "), command);
    String[] dates = {"2026-11-20", "2026-11-20", "2026-11-21"};
    int i = 0;
    for (String date : dates) {
      Run r =
          run(
              builder(
                  List.of(
                      "sh",
                      "-c",
                      command.replace(
                          " --zone Asia/Shanghai ",
                          " --zone Asia/Shanghai --date " + date + " "))));
      String said = r.output();
      switch (i++) {
        case 0 -> assertEquals("", said, "a load is quiet for cron");
        case 1 -> assertEquals("", said, "10, already loaded, is quiet too");
        default ->
            assertTrue(
                said.contains("failed with exit 12: see " + logs.resolve("orders.log")),
                "a missing dump is mailed, naming the log: " + said);
      }
      assertEquals(0, r.code(), said);
    }
    String log = Files.readString(logs.resolve("orders.log"));
    assertTrue(
        log.contains("read 50 = loaded 50")
            && log.contains("already loaded")
            && log.contains("no input for 2026-11-21"),
        log);
  }

  @Test
  void theSystemdExampleOfTheHelpRunsAsWrittenAndCountsTenAsSuccess() throws Exception {
    Run help = script("nightly-load.sh", "--help");
    String text = help.output();
    String units = text.substring(text.indexOf("systemd:"));
    String service = units.substring(0, units.indexOf("timer"));
    String timer = units.substring(units.indexOf("timer"));
    assertEquals("oneshot", line(service, "Type=(.*)").group(1));
    String workDir = line(service, "WorkingDirectory=(.*)").group(1);
    String execStart = line(service, "ExecStart=(.*)").group(1);
    List<String> success =
        Arrays.asList(line(service, "SuccessExitStatus=(.*)").group(1).split("\\s+"));
    assertEquals(
        List.of("10"), success, "10 (already loaded) is a success; 12 (no input) must not be");
    assertEquals("*-*-* 02:30:00", line(timer, "OnCalendar=(.*)").group(1));
    assertEquals("true", line(timer, "Persistent=(.*)").group(1));
    assertEquals("timers.target", line(timer, "WantedBy=(.*)").group(1));
    assertTrue(execStart.startsWith("/"), "systemd wants an absolute path: " + execStart);

    // ExecStart's words as systemd splits them: on spaces, quotes grouping, no shell, no globbing.
    List<String> words = new ArrayList<>();
    Matcher w = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(execStart);
    while (w.find()) {
      String word = w.group(1) != null ? w.group(1) : w.group(2) != null ? w.group(2) : w.group(3);
      words.add(
          word.replace("/opt/hbulk", root.toString())
              .replace("hdfs:///dumps", var.resolve("systemd/dumps").toString()));
    }
    assertTrue(Files.isExecutable(Path.of(words.get(0))), words.get(0));
    createOrdersTable();
    orders(var.resolve("systemd/dumps/2026-11-19/orders.csv"), 401101000000L, 40, "2026-11-19");
    int[] codes = new int[3];
    String[] dates = {"2026-11-19", "2026-11-19", "2026-11-18"};
    for (int i = 0; i < dates.length; i++) {
      List<String> command = new ArrayList<>(words);
      command.addAll(List.of("--date", dates[i]));
      ProcessBuilder pb =
          builder(command)
              .directory(Path.of(workDir.replace("/opt/hbulk", root.toString())).toFile());
      Run r = run(pb);
      codes[i] = r.code();
      assertNotNull(r.output());
    }
    assertEquals(List.of(0, 10, 12), List.of(codes[0], codes[1], codes[2]));
    assertTrue(
        success.contains("10") && !success.contains("12"),
        "the unit succeeds on 0 and 10 and fails on 12");
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
    assertTrue(
        status.output().contains("no longer running"),
        status.output() + run("ps", "-o", "pid,ppid,stat,args", "-p", Long.toString(pid)).output());
    Files.writeString(var.resolve("hbase/hbase.pid"), pid + "\n");
    Run start = script("hbase-local.sh", "start");
    assertEquals(0, start.code(), start.output());
    assertTrue(
        start.output().contains("stale pid file") && start.output().contains("HBase is up"),
        start.output());
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
}
