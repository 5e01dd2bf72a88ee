package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator scripts' refusals and their pid file, none of which needs HBase or a build: a pid
 * file naming somebody else's process, a configuration folder that is not there, a path with a
 * space.
 */
class LocalScriptsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @TempDir Path tmp;

  record Run(int code, String output) {}

  private Run script(Map<String, String> env, String name, String... args) throws Exception {
    return script(ROOT, env, name, args);
  }

  /** Runs one of the scripts of the checkout at {@code root}. */
  private Run script(Path root, Map<String, String> env, String name, String... args)
      throws Exception {
    List<String> command =
        new ArrayList<>(List.of("bash", root.resolve("scripts").resolve(name).toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
    pb.environment().remove("HBULK_CONF_DIR");
    pb.environment().put("HBULK_VAR", tmp.resolve("var").toString());
    pb.environment().putAll(env);
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(1, TimeUnit.MINUTES), name + " did not end");
    return new Run(p.exitValue(), output);
  }

  /** A process that is not HBase, its pid written where hbase-local.sh keeps its own. */
  private Process strangerInThePidFile() throws Exception {
    Process sleeper = new ProcessBuilder("sleep", "300").start();
    Path pidFile = Files.createDirectories(tmp.resolve("var/hbase")).resolve("hbase.pid");
    Files.writeString(pidFile, sleeper.pid() + "\n");
    return sleeper;
  }

  @Test
  void stopLeavesAProcessThatIsNotThisCheckoutsHBaseAliveAndDropsTheStalePidFile()
      throws Exception {
    Process stranger = strangerInThePidFile();
    try {
      Run stop = script(Map.of(), "hbase-local.sh", "stop");
      assertEquals(0, stop.code(), stop.output());
      assertTrue(
          stop.output().contains("stale pid file")
              && stop.output()
                  .contains("process " + stranger.pid() + ", which is not this checkout's HBase")
              && stop.output().contains("left alone"),
          stop.output());
      assertTrue(stop.output().contains("HBase is not running"), stop.output());
      assertFalse(stop.output().contains("stopping"), stop.output());
      assertTrue(stranger.isAlive(), "stop must not signal a process that is not its HBase");
      assertFalse(Files.exists(tmp.resolve("var/hbase/hbase.pid")));
    } finally {
      stranger.destroyForcibly().waitFor();
    }
  }

  @Test
  void statusCallsAStalePidNotRunningWithExit3() throws Exception {
    Process stranger = strangerInThePidFile();
    try {
      Run status = script(Map.of(), "hbase-local.sh", "status");
      assertEquals(3, status.code(), status.output());
      assertTrue(status.output().contains("not this checkout's HBase"), status.output());
      assertTrue(stranger.isAlive());
    } finally {
      stranger.destroyForcibly().waitFor();
    }
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Files.writeString(tmp.resolve("var/hbase/hbase.pid"), gone.pid() + "\n");
    Run status = script(Map.of(), "hbase-local.sh", "status");
    assertEquals(3, status.code(), status.output());
    assertTrue(
        status.output().contains("process '" + gone.pid() + "', which is no longer running"),
        status.output());
    assertTrue(status.output().contains("HBase is not running"), status.output());
    assertFalse(Files.exists(tmp.resolve("var/hbase/hbase.pid")));
  }

  /** A server killed -9 whose parent has not reaped it yet: in /proc, but dead (state Z). */
  @Test
  void aZombieIsNotRunning() throws Exception {
    // The child exits after its parent became sleep 30, which never reaps it (a child that exits
    // at once can be reaped by bash before the exec, on a busy machine).
    Process parent = new ProcessBuilder("bash", "-c", "sleep 1 & echo $!; exec sleep 30").start();
    try {
      String zombie =
          new java.io.BufferedReader(
                  new java.io.InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))
              .readLine();
      Path stat = Path.of("/proc", zombie, "stat");
      for (int i = 0; i < 1000 && !Files.readString(stat).contains(") Z "); i++) {
        Thread.sleep(20);
      }
      assertTrue(Files.readString(stat).contains(") Z "), Files.readString(stat));
      Files.writeString(
          Files.createDirectories(tmp.resolve("var/hbase")).resolve("hbase.pid"), zombie + "\n");
      Run status = script(Map.of(), "hbase-local.sh", "status");
      assertEquals(3, status.code(), status.output());
      assertTrue(
          status.output().contains("process '" + zombie + "', which is no longer running"),
          status.output());
    } finally {
      parent.destroyForcibly().waitFor();
    }
  }

  @Test
  void statusHelpDocumentsEveryExitCode() throws Exception {
    Run help = script(Map.of(), "hbase-local.sh", "--help");
    assertEquals(0, help.code(), help.output());
    assertTrue(
        help.output().contains("exit 0 running and answering, 3 not running, 4 running but not"),
        help.output());
  }

  @Test
  void aConfigurationFolderThatIsNotThereIsRefusedInOneLine() throws Exception {
    Path none = tmp.resolve("no-such-conf");
    Run run = script(Map.of("HBULK_CONF_DIR", none.toString()), "hbulk", "--version");
    assertEquals(2, run.code(), run.output());
    assertTrue(
        run.output().startsWith("hbulk: HBULK_CONF_DIR=" + none + " is not a directory"),
        run.output());
    assertEquals(1, run.output().strip().lines().count(), run.output());
    Path empty = Files.createDirectories(tmp.resolve("empty-conf"));
    run = script(Map.of("HBULK_CONF_DIR", empty.toString()), "hbulk", "--version");
    assertEquals(2, run.code(), run.output());
    assertTrue(
        run.output().startsWith("hbulk: HBULK_CONF_DIR=" + empty + " holds no *-site.xml"),
        run.output());
  }

  /**
   * A space is fine (NightlyScriptIT runs in one); characters that mean something in a URI or to
   * sed are not.
   */
  @Test
  void aVarPathThatCannotBeAUriIsRefusedBeforeAnythingStarts() throws Exception {
    Path odd = tmp.resolve("var#1");
    for (String name : List.of("hbulk", "hbase-local.sh", "nightly-load.sh", "create-table.sh")) {
      Run run = script(Map.of("HBULK_VAR", odd.toString()), name, "status");
      assertEquals(2, run.code(), name + ": " + run.output());
      assertTrue(
          run.output()
              .startsWith(
                  name + ": HBULK_VAR is " + odd + ": hbulk cannot run with any of # % ? & \\"),
          name + ": " + run.output());
      assertTrue(run.output().contains("set HBULK_VAR to a folder without them"), run.output());
      assertFalse(Files.exists(odd), name + " created nothing");
    }
  }

  /** A stand-in {@code java} in a JDK folder whose release file says {@code version}. */
  private Path jdk(String version) throws Exception {
    return jdk(version, "exit 0");
  }

  /** The same, its {@code java} running {@code body}. */
  private Path jdk(String version, String body) throws Exception {
    Path home = tmp.resolve("jdk-" + version);
    Files.writeString(
        Files.createDirectories(home).resolve("release"),
        "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\""
            + version
            + "\"\nJAVA_VERSION_DATE=\"2025-04-15\"\n");
    return executable(home.resolve("bin/java"), body);
  }

  /** A copy of the scripts {@code names} in a checkout of their own, which nothing has built. */
  private Path checkoutOf(String... names) throws Exception {
    Path scripts = Files.createDirectories(tmp.resolve("checkout/scripts"));
    for (String name : names) {
      Files.copy(ROOT.resolve("scripts").resolve(name), scripts.resolve(name));
    }
    return scripts.getParent();
  }

  private static Path executable(Path file, String body) throws Exception {
    Files.createDirectories(file.getParent());
    Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
    assertTrue(file.toFile().setExecutable(true));
    return file;
  }

  /**
   * What the launcher's {@code biased_locking_flags} (lib.sh) prints for the JVM {@code java} and
   * the user's {@code HBULK_JAVA_OPTS}, one flag a line.
   */
  private List<String> biasedLockingFlags(Path java, String userOpts) throws Exception {
    return libFlags("biased_locking_flags", java, userOpts, "");
  }

  /**
   * What lib.sh's {@code function} prints for the JVM {@code java}, the user's {@code
   * HBULK_JAVA_OPTS} and {@code JDK_JAVA_OPTIONS}, one flag a line.
   */
  private List<String> libFlags(String function, Path java, String userOpts, String jdkJavaOptions)
      throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(
                "bash",
                "-c",
                "source \"$1\" && " + function + " \"$2\"",
                "test",
                ROOT.resolve("scripts/lib.sh").toString(),
                userOpts)
            .redirectErrorStream(true);
    pb.environment().put("JAVA", java.toString());
    pb.environment().put("HBULK_VAR", tmp.resolve("var").toString());
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().remove("JDK_JAVA_OPTIONS");
    if (!jdkJavaOptions.isEmpty()) {
      pb.environment().put("JDK_JAVA_OPTIONS", jdkJavaOptions);
    }
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(1, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), output);
    return output.lines().toList();
  }

  @Test
  void biasedLockingOnlyWhereTheJdkHasItAndTheUsersSettingWins() throws Exception {
    List<String> on = List.of("-XX:-PrintWarnings", "-XX:+UseBiasedLocking", "-XX:+PrintWarnings");
    assertEquals(on, biasedLockingFlags(jdk("17.0.15"), ""), "JDK 17 has it, off by default");
    assertEquals(on, biasedLockingFlags(jdk("15"), ""));
    // 18 dropped it, and a JVM from 19 on refuses to start with the flag.
    assertEquals(List.of(), biasedLockingFlags(jdk("18.0.2"), ""));
    assertEquals(List.of(), biasedLockingFlags(jdk("21.0.4"), ""));
    assertEquals(List.of(), biasedLockingFlags(jdk("1.8.0_292"), ""), "on by default there");
    assertEquals(List.of(), biasedLockingFlags(jdk("17.0.15"), "-XX:-UseBiasedLocking"));
    assertEquals(List.of(), biasedLockingFlags(jdk("17.0.15"), "-XX:+UseBiasedLocking"));
    assertEquals(
        on,
        biasedLockingFlags(jdk("17.0.15"), "-XX:BiasedLockingStartupDelay=0"),
        "tuning the lock is not choosing it");
    assertEquals(
        List.of("-XX:-PrintWarnings", "-XX:+UseBiasedLocking"),
        biasedLockingFlags(jdk("17.0.15"), "-Xss2m -XX:-PrintWarnings"),
        "the user's silenced warnings stay silenced");

    // The JDK found through a link to its java, as Debian's alternatives do.
    Path link = Files.createDirectories(tmp.resolve("alternatives")).resolve("java");
    Files.createSymbolicLink(link, jdk("17.0.9"));
    assertEquals(on, biasedLockingFlags(link, ""));
    // A wrapper outside any JDK (no release file beside it): what it says to -version.
    Path wrapper =
        executable(
            tmp.resolve("wrapper/bin/java"),
            "[[ \"$1\" == -version ]] && echo 'openjdk version \"17.0.15\" 2025-04-15' >&2");
    assertEquals(on, biasedLockingFlags(wrapper, ""));
    Path old =
        executable(
            tmp.resolve("old/bin/java"),
            "[[ \"$1\" == -version ]] && echo 'java version \"1.8.0_292\"' >&2");
    assertEquals(List.of(), biasedLockingFlags(old, ""));
    assertEquals(
        List.of(), biasedLockingFlags(executable(tmp.resolve("mute/bin/java"), "exit 1"), ""));
  }

  @Test
  void laterJitCompilationUnlessTheUserChoosesCompileThresholdsOrTiers() throws Exception {
    Path java = jdk("17.0.15");
    List<String> later = List.of("-XX:CompileThresholdScaling=2");
    assertEquals(later, libFlags("later_jit_flags", java, "", ""));
    assertEquals(later, libFlags("later_jit_flags", java, "-Xss2m -XX:+UseG1GC", ""));
    assertEquals(
        later,
        libFlags("later_jit_flags", java, "-XX:+PrintTieredEvents -Dapp.Tier=gold", ""),
        "only an -XX option whose name starts with Tier or CompileThreshold is the user's choice");
    for (String own :
        List.of(
            "-XX:CompileThresholdScaling=1",
            "-XX:Tier4InvocationThreshold=20000",
            "-XX:TieredStopAtLevel=1",
            "-XX:-TieredCompilation",
            "-XX:CompileThreshold=5000")) {
      assertEquals(List.of(), libFlags("later_jit_flags", java, own, ""), own);
    }
    assertEquals(
        List.of(),
        libFlags("later_jit_flags", java, "", "-XX:CompileThresholdScaling=1"),
        "JDK_JAVA_OPTIONS counts as the user's too");
  }

  @Test
  void aCheckoutNotBuiltSaysTheCommandThatBuildsItAndRunsNoMaven() throws Exception {
    Path checkout =
        checkoutOf("hbulk", "lib.sh", "hbase-local.sh", "create-table.sh", "nightly-load.sh");
    String built =
        "not built: run cd " + checkout + " && mvn -B -q -Dmaven.test.skip=true install\n";
    for (String[] call :
        new String[][] {
          {"hbulk", "--version"}, {"hbase-local.sh", "start"}, {"create-table.sh", "some.spec"}
        }) {
      Files.writeString(checkout.resolve("some.spec"), "");
      Run run = script(checkout, Map.of(), call[0], call[1]);
      assertEquals(2, run.code(), run.output());
      assertTrue(run.output().endsWith(built), run.output());
      assertFalse(Files.exists(checkout.resolve("jobs")), "nothing was built");
    }
  }

  /**
   * A checkout of the scripts whose build is stood in for by empty jars (the tests run before the
   * project's own jars are packaged); {@code listed} are the runtime classpath's jars.
   */
  private Path fakeBuild(Path... listed) throws Exception {
    Path checkout = checkoutOf("hbulk", "lib.sh", "create-table.sh");
    Path target = Files.createDirectories(checkout.resolve("jobs/target"));
    Files.writeString(target.resolve("hbulk-jobs-1.jar"), "");
    // As Maven writes the list: one line, no line break at its end.
    Files.writeString(
        target.resolve("runtime-classpath.txt"),
        String.join(":", java.util.Arrays.stream(listed).map(Path::toString).toList()));
    return checkout;
  }

  @Test
  void aJarTheBuildListedThatIsGoneSinceIsNamedWithTheCommandThatBuildsIt() throws Exception {
    Path kept = Files.writeString(tmp.resolve("kept.jar"), "");
    Path gone = tmp.resolve("m2/gone.jar");
    Run run = script(fakeBuild(kept, gone), Map.of(), "hbulk", "--version");
    assertEquals(2, run.code(), run.output());
    assertTrue(
        run.output().contains("a jar of the build is missing (" + gone + "): run cd "),
        run.output());
  }

  /** A JDK whose java writes its arguments, one a line, to {@code java.args}. */
  private Path recordingJdk() throws Exception {
    return jdk("17.0.15", "printf '%s\\n' \"$@\" > \"" + tmp.resolve("java.args") + "\"");
  }

  @Test
  void aCollectorChosenInTheJvmsOwnVariablesGetsNoSecondOneNorAYoungGeneration() throws Exception {
    Path java = recordingJdk();
    Path checkout = fakeBuild(Files.writeString(tmp.resolve("kept.jar"), ""));
    for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS")) {
      Files.deleteIfExists(tmp.resolve("java.args"));
      Run run =
          script(
              checkout,
              Map.of("JAVA", java.toString(), variable, "-XX:+UseG1GC"),
              "hbulk",
              "--version");
      assertEquals(0, run.code(), run.output());
      List<String> args = Files.readAllLines(tmp.resolve("java.args"));
      assertFalse(args.contains("-XX:+UseParallelGC"), variable + ": " + args);
      assertFalse(args.stream().anyMatch(a -> a.startsWith("-Xmn")), variable + ": " + args);
    }
    Files.deleteIfExists(tmp.resolve("java.args"));
    script(checkout, Map.of("JAVA", java.toString()), "hbulk", "--version");
    assertTrue(
        Files.readAllLines(tmp.resolve("java.args")).contains("-XX:+UseParallelGC"),
        "the launcher's own choice otherwise");
  }

  @Test
  void createTableTakesASpecOnAFileSystemForTheDriverToRead() throws Exception {
    Path checkout = fakeBuild(Files.writeString(tmp.resolve("kept.jar"), ""));
    Run run =
        script(
            checkout,
            Map.of("JAVA", recordingJdk().toString(), "HBULK_RUNNER", "local"),
            "create-table.sh",
            "hdfs:///specs/orders.spec");
    assertEquals(0, run.code(), run.output());
    List<String> args = Files.readAllLines(tmp.resolve("java.args"));
    assertTrue(args.contains("hdfs:///specs/orders.spec"), args.toString());
    Run missing =
        script(checkout, Map.of(), "create-table.sh", tmp.resolve("none.spec").toString());
    assertEquals(2, missing.code(), missing.output());
  }

  /**
   * A stand-in {@code hadoop} that writes its arguments and HADOOP_CLASSPATH to {@code
   * hadoop.args}, and an {@code hbase} that prints one jar for {@code mapredcp}.
   */
  private Path fakeClient() throws Exception {
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Files.writeString(
        bin.resolve("hadoop"),
        "#!/usr/bin/env bash\n{ printf '%s\\n' \"$@\"; printf 'HADOOP_CLASSPATH=%s\\n'"
            + " \"${HADOOP_CLASSPATH}\"; } > \""
            + tmp.resolve("hadoop.args")
            + "\"\nexit 10\n");
    Files.writeString(
        bin.resolve("hbase"), "#!/usr/bin/env bash\necho /opt/hbase/lib/hbase-client.jar\n");
    for (String name : List.of("hadoop", "hbase")) {
      assertTrue(bin.resolve(name).toFile().setExecutable(true));
    }
    return bin;
  }

  private Map<String, String> edgeNode(Path bin, Path jar, Path hbaseConf) {
    return Map.of(
        "PATH", bin + ":/usr/bin:/bin",
        "HBULK_JOB_JAR", jar.toString(),
        "HBASE_CONF_DIR", hbaseConf.toString());
  }

  @Test
  void withAHadoopClientTheScriptsRunTheJobJarThroughHadoopJarAndSaySo() throws Exception {
    Path bin = fakeClient();
    Path jar = Files.writeString(tmp.resolve("hbulk-job.jar"), "");
    Path hbaseConf = Files.createDirectories(tmp.resolve("hbase-conf"));
    Files.writeString(hbaseConf.resolve("hbase-site.xml"), "<configuration/>");
    Path spec = Files.writeString(tmp.resolve("o.spec"), "");

    Run nightly =
        script(
            edgeNode(bin, jar, hbaseConf),
            "nightly-load.sh",
            "--spec",
            spec.toString(),
            "--runner",
            "auto",
            "--input-template",
            "/dumps/{date}/o.csv");
    assertEquals(10, nightly.code(), "hadoop's exit code is the script's: " + nightly.output());
    assertTrue(
        nightly
            .output()
            .startsWith(
                "nightly-load.sh: running "
                    + bin.resolve("hadoop")
                    + " jar "
                    + jar
                    + " (runner hadoop: a Hadoop client is installed"),
        nightly.output());
    assertEquals(
        List.of(
            "jar",
            jar.toString(),
            "-D",
            "hbulk.nightly.lock.dir=" + tmp.resolve("var/locks"),
            "nightly",
            "--spec",
            spec.toString(),
            "--input-template",
            "/dumps/{date}/o.csv",
            "HADOOP_CLASSPATH=" + hbaseConf + ":/opt/hbase/lib/hbase-client.jar"),
        Files.readAllLines(tmp.resolve("hadoop.args")),
        "--runner is the script's, the rest goes to hbulk");

    Run create =
        script(edgeNode(bin, jar, hbaseConf), "create-table.sh", spec.toString(), "--regions", "4");
    assertEquals(10, create.code(), create.output());
    assertEquals(
        List.of("jar", jar.toString()),
        Files.readAllLines(tmp.resolve("hadoop.args")).subList(0, 2));
    assertTrue(
        Files.readAllLines(tmp.resolve("hadoop.args"))
            .containsAll(List.of("create-table", "--spec", spec.toString(), "--regions", "4")));
  }

  @Test
  void aRunnerThatCannotRunIsRefusedWithWhatToDo() throws Exception {
    Path bin = fakeClient();
    Path jar = Files.writeString(tmp.resolve("hbulk-job.jar"), "");
    Path noSite = Files.createDirectories(tmp.resolve("empty-conf"));
    Path spec = Files.writeString(tmp.resolve("o.spec"), "");
    String[] nightly = {"--spec", spec.toString(), "--input-template", "/d/{date}.csv"};

    Run noHbaseSite = script(edgeNode(bin, jar, noSite), "nightly-load.sh", nightly);
    assertEquals(2, noHbaseSite.code(), noHbaseSite.output());
    assertTrue(
        noHbaseSite.output().contains("no hbase-site.xml in " + noSite), noHbaseSite.output());

    Run noJar =
        script(
            edgeNode(bin, tmp.resolve("missing.jar"), noSite), "create-table.sh", spec.toString());
    assertEquals(2, noJar.code(), noJar.output());
    assertTrue(noJar.output().contains("no job jar for hadoop jar"), noJar.output());

    Map<String, String> noClient = Map.of("PATH", "/usr/bin:/bin", "HADOOP_HOME", "");
    List<String> hadoop = new ArrayList<>(List.of(nightly));
    hadoop.addAll(List.of("--runner", "hadoop"));
    Run asked = script(noClient, "nightly-load.sh", hadoop.toArray(String[]::new));
    assertEquals(2, asked.code(), asked.output());
    assertTrue(
        asked.output().contains("--runner hadoop (or HBULK_RUNNER=hadoop), but there is no hadoop"),
        asked.output());

    Run unknown = script(Map.of("HBULK_RUNNER", "yarn"), "create-table.sh", spec.toString());
    assertEquals(2, unknown.code(), unknown.output());
    assertTrue(
        unknown.output().contains("is 'yarn': expected hadoop, local or auto"), unknown.output());
    assertFalse(Files.exists(tmp.resolve("hadoop.args")), "hadoop never ran");
  }
}
