package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The command line without a cluster: help, usage errors, spec errors, exit codes. */
class MainTest extends CommandLineTest {
  /** Every command the README documents; the first test holds it equal to what Main registers. */
  static final List<String> COMMANDS =
      List.of(
          "load",
          "prepare",
          "complete",
          "resume",
          "nightly",
          "verify",
          "create-table",
          "analyze",
          "explain",
          "importtsv",
          "scan",
          "get",
          "count",
          "describe",
          "ping",
          "sample-data",
          "completion");

  @TempDir Path tmp;

  @Test
  void theCommandsAreExactlyTheDocumentedOnes() {
    TreeSet<String> registered =
        new TreeSet<>(
            Main.commandLine(new Configuration(false), System.out, System.err)
                .getSubcommands()
                .keySet());
    registered.remove("help");
    assertEquals(new TreeSet<>(COMMANDS), registered);
  }

  @Test
  void topLevelHelpListsEveryCommandAndTheExitCodes() {
    assertEquals(0, hbulk("--help"));
    for (String command : COMMANDS) {
      assertTrue(out.contains("  " + command + " "), command + " in\n" + out);
    }
    for (ExitCode c : ExitCode.values()) {
      assertTrue(out.contains(c.code() + "   " + c.meaning()), c + " in\n" + out);
    }
  }

  static List<String> commands() {
    return COMMANDS;
  }

  @ParameterizedTest
  @MethodSource("commands")
  void everyCommandHelpHasExamplesAndExitCodes(String command) {
    assertEquals(0, hbulk(command, "--help"));
    assertTrue(out.contains("Examples:"), out);
    assertTrue(out.contains("hbulk " + command), out);
    assertTrue(out.contains("Exit codes:"), out);
    assertTrue(out.contains("--verbose"), out);
  }

  @Test
  void unknownOptionIsAUsageError() {
    assertEquals(
        ExitCode.USAGE.code(), hbulk("load", "--spec", "x.spec", "--input", "a.csv", "--bogus"));
    assertTrue(err.contains("Unknown option: '--bogus'"), err);
  }

  @Test
  void aSpecOverrideGivenToACommandOnAPreparedRunIsRefusedNotIgnored() {
    String runDir = tmp.resolve("run").toString();
    for (String[] call :
        new String[][] {
          {"complete", "--run-dir", runDir, "-D", "hbulk.spec.output.o.table=t2"},
          {"resume", "--run-dir", runDir, "-D", "hbulk.spec.output.o.table=t2"},
          {"verify", "--run-dir", runDir, "-D", "hbulk.spec.rejects.max=5"}
        }) {
      assertEquals(ExitCode.USAGE.code(), hbulk(call), String.join(" ", call));
      assertTrue(
          err.contains("goes on with the spec and overrides its run saved when it was prepared"),
          err);
    }
  }

  @Test
  void aMisspelledHbulkKeyIsRefusedNotIgnored() throws Exception {
    Path spec = tmp.resolve("ok.spec");
    Files.writeString(spec, "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:a = id\n");
    String[] explain = {"explain", "--spec", spec.toString(), "--line", "5"};
    assertEquals(0, hbulk(explain), err);
    // An override whose prefix is misspelled would leave the output in the spec's own table.
    String[] typo = {"-D", "hbulk.sepc.output.o.table=t2"};
    assertEquals(ExitCode.USAGE.code(), hbulk(concat(explain, typo)));
    assertTrue(
        err.contains(
            "unknown configuration key hbulk.sepc.output.o.table"
                + " (did you mean hbulk.spec.output.o.table?)"),
        err);
    assertEquals(ExitCode.USAGE.code(), hbulk(concat(explain, "-D", "hbulk.strcit=true")));
    assertTrue(err.contains("hbulk.strcit (did you mean hbulk.strict?)"), err);
    // Before the command, and in a -conf file, as Hadoop's generic options give them.
    assertEquals(
        ExitCode.USAGE.code(), launch(concat(new String[] {"-D", "hbulk.strcit=true"}, explain)));
    assertTrue(err.contains("unknown configuration key hbulk.strcit"), err);
    Path site =
        Files.writeString(
            tmp.resolve("site.xml"),
            "<configuration><property><name>hbulk.progres</name><value>none</value></property>"
                + "</configuration>");
    assertEquals(
        ExitCode.USAGE.code(), launch(concat(new String[] {"-conf", site.toString()}, explain)));
    assertTrue(
        err.contains("unknown configuration key hbulk.progres (did you mean hbulk.progress?)"),
        err);
    // Keys hbulk reads, and the families of keys under a prefix, pass.
    assertEquals(
        0,
        hbulk(
            concat(
                explain,
                "-D",
                "hbulk.strict=true",
                "-D",
                "hbulk.spec.output.o.table=t2",
                "-D",
                "hbulk.hfile.regions.t=x",
                "-D",
                "hbulk.work.dir=/tmp/w")),
        err);
  }

  @Test
  void aSwitchSetToNeitherTrueNorFalseIsRefusedNotReadAsItsDefault() throws Exception {
    Path spec = tmp.resolve("ok.spec");
    Files.writeString(spec, "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:a = id\n");
    String[] explain = {"explain", "--spec", spec.toString(), "--line", "5"};
    assertEquals(ExitCode.USAGE.code(), hbulk(concat(explain, "-D", "hbulk.strict=yes")));
    assertTrue(err.contains("hbulk.strict = 'yes': expected true or false"), err);
    assertEquals(ExitCode.USAGE.code(), hbulk(concat(explain, "-D", "hbulk.sort.prefix=off")));
    assertTrue(err.contains("hbulk.sort.prefix = 'off': expected true or false"), err);
    assertEquals(
        0,
        hbulk(concat(explain, "-D", "hbulk.strict=TRUE", "-D", "hbulk.sort.prefix= false")),
        err);
  }

  @Test
  void aWholeNumberKeySetToSomethingElseIsAUsageErrorNamingTheKey() throws Exception {
    Path spec = tmp.resolve("ok.spec");
    Files.writeString(spec, "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:a = id\n");
    String[] explain = {"explain", "--spec", spec.toString(), "--line", "5"};
    for (String value : List.of("three", "-5", "1.5", "3000000000")) {
      assertEquals(
          ExitCode.USAGE.code(), hbulk(concat(explain, "-D", "hbulk.complete.attempts=" + value)));
      assertTrue(
          err.contains(
              "hbulk.complete.attempts = '" + value + "': expected a whole number from 0 up"),
          err);
    }
    assertEquals(
        0,
        hbulk(concat(explain, "-D", "hbulk.complete.attempts=5", "-D", "hbulk.cluster.reducers=0")),
        err);
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  @Test
  void missingRequiredOptionIsAUsageError() {
    assertEquals(ExitCode.USAGE.code(), hbulk("load", "--spec", "x.spec"));
    assertTrue(err.contains("Missing required option: '--input=PATH'"), err);
  }

  @Test
  void missingSpecFileIsAUsageErrorNamingIt() {
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("load", "--spec", tmp.resolve("nope.spec").toString(), "--input", "a.csv"));
    assertTrue(err.contains("spec file " + tmp.resolve("nope.spec") + " not found"), err);
  }

  @Test
  void specErrorIsOneLineNamingFileAndLineWithoutStackTrace() throws Exception {
    Path spec = tmp.resolve("bad.spec");
    Files.writeString(spec, "[columns]\nid = long\nwhen = timestamp(yyyy-MM-dd, Mars/Olympus)\n");
    assertEquals(
        ExitCode.BAD_SPEC.code(), hbulk("prepare", "--spec", spec.toString(), "--input", "a.csv"));
    assertTrue(err.contains("bad.spec:3: when: unknown time zone 'Mars/Olympus'"), err);
    assertEquals(1, err.strip().lines().count(), err);
  }

  @Test
  void verboseAddsTheStackTrace() throws Exception {
    Path spec = tmp.resolve("bad.spec");
    Files.writeString(spec, "[columns]\nid = lng\n");
    assertEquals(
        ExitCode.BAD_SPEC.code(),
        hbulk("load", "--verbose", "--spec", spec.toString(), "--input", "a.csv"));
    assertTrue(err.contains("unknown type 'lng'"), err);
    assertTrue(err.contains("\tat org.hbulk"), err);
  }

  @Test
  void overrideOfTheCommandLineIsValidatedLikeTheFile() throws Exception {
    Path spec = tmp.resolve("ok.spec");
    Files.writeString(spec, "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:a = id\n");
    assertEquals(
        ExitCode.BAD_SPEC.code(),
        hbulk("load", "--spec", spec.toString(), "--input", "a.csv", "--max-reject-ratio", "2"));
    assertTrue(err.contains("max-ratio: expected a share between 0 and 1"), err);
    assertEquals(
        ExitCode.BAD_SPEC.code(),
        hbulk(
            "load",
            "-D",
            "hbulk.spec.csv.delimiter=;;",
            "--spec",
            spec.toString(),
            "--input",
            "a.csv"));
    assertTrue(err.contains("(override): delimiter: expected one character"), err);
  }

  @Test
  void createTableNeedsSplitPointsForAnUnsaltedKey() throws Exception {
    Path spec = tmp.resolve("plain.spec");
    Files.writeString(spec, "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:a = id\n");
    assertEquals(ExitCode.USAGE.code(), hbulk("create-table", "--spec", spec.toString()));
    assertTrue(err.contains("starts with neither salt(...) nor a hash"), err);
  }

  @Test
  void createTableRefusesTwoKindsOfSplitPoints() {
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk(
            "create-table",
            "--table",
            "t",
            "--family",
            "f",
            "--split-points",
            "a",
            "--single-region"));
    assertTrue(err.contains("mutually exclusive"), err);
  }

  @Test
  void explainShowsKeyPartsWarningsGetKeysAndDecodes() throws Exception {
    Path spec = tmp.resolve("events.spec");
    Files.writeString(
        spec,
        "[columns]\nts = long\nuser = string\n[output e]\ntable = t\n"
            + "key = ts + \"|\" + user\nf:u = user\n");
    assertEquals(
        0,
        hbulk(
            "explain",
            "--spec",
            spec.toString(),
            "--line",
            "1454557429,ann",
            "--line",
            "1454557429,ann",
            "--line",
            "oops,bob",
            "--get",
            "ts=5,user=zed",
            "--decode",
            "77|x"));
    assertTrue(
        out.contains("warning: [output e] the key starts with ts, which grows with time"), out);
    assertTrue(
        out.contains("[output e] key 1454557429|ann  (14 bytes, hex 313435343535373432397c616e6e)"),
        out);
    assertTrue(out.contains("duplicate: record 2 has the same row key as record 1"), out);
    assertTrue(
        out.contains("record 3: rejected, BAD_VALUE: column 'ts': 'oops' is not a valid long"),
        out);
    assertTrue(out.contains("[output e] Get 5|zed"), out);
    assertTrue(out.matches("(?s).*user\\s+x\\s+x.*"), out);
    assertEquals(
        ExitCode.USAGE.code(), hbulk("explain", "--spec", spec.toString(), "--get", "ts=5"));
    assertTrue(err.contains("a Get needs every column of the key; missing: user"), err);
  }

  @Test
  void unreachableHBaseIsOneLineAndExitCode4() throws Exception {
    int port;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Path spec = tmp.resolve("ok.spec");
    Files.writeString(spec, "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:a = id\n");
    assertEquals(
        ExitCode.HBASE.code(),
        hbulk(
            "load",
            "-D",
            "hbase.zookeeper.quorum=127.0.0.1",
            "-D",
            "hbase.zookeeper.property.clientPort=" + port,
            "--spec",
            spec.toString(),
            "--input",
            "a.csv"));
    assertTrue(err.startsWith("hbulk: cannot reach HBase (ZooKeeper 127.0.0.1:" + port + ")"), err);
    assertEquals(1, err.strip().lines().count(), err);
  }

  @Test
  void confFileThatDoesNotExistIsOneLineAndExit2() throws Exception {
    Path missing = tmp.resolve("no-such-site.xml");
    for (String given : List.of(missing.toString(), missing.toUri().toString())) {
      assertEquals(ExitCode.USAGE.code(), launch("-D", "a=b", "-conf", given, "--version"));
      assertEquals("hbulk: -conf " + given + ": no such file (" + missing + ")", err.strip());
    }
    assertEquals(ExitCode.USAGE.code(), launch("-conf", tmp.toString(), "--version"));
    assertTrue(err.contains("not a file"), err);
    Path site = Files.writeString(tmp.resolve("site.xml"), "<configuration/>");
    assertEquals(0, launch("-conf", site.toString(), "--version"), err);
    assertTrue(out.startsWith("hbulk "), out);
  }

  @Test
  void libjarsFilesAndArchivesThatDoNotExistAreOneLineAndExit2() throws Exception {
    Path jar = Files.writeString(tmp.resolve("there.jar"), "");
    Path missing = tmp.resolve("gone.jar");
    for (String option : List.of("-libjars", "-files", "-archives")) {
      assertEquals(ExitCode.USAGE.code(), launch(option, jar + "," + missing, "--version"), option);
      assertEquals(
          "hbulk: " + option + " " + missing + ": no such file (" + missing + ")", err.strip());
    }
    assertEquals(
        ExitCode.USAGE.code(), launch("-libjars", tmp.resolve("nodir") + "/*", "--version"));
    assertEquals(0, launch("-libjars", tmp + "/*", "-files", jar.toString(), "--version"), err);
    assertTrue(out.startsWith("hbulk "), out);
  }

  @Test
  void aBadTableNameIsExit3BeforeHBaseIsAsked() {
    assertEquals(
        ExitCode.BAD_SPEC.code(),
        hbulk("create-table", "--table", "no good", "--family", "f", "--single-region"));
    assertTrue(err.startsWith("hbulk: --table 'no good' is not a valid HBase table name"), err);
    assertEquals(1, err.strip().lines().count(), err);
    assertEquals(ExitCode.BAD_SPEC.code(), hbulk("scan", "--table", "-bad"));
    assertTrue(err.startsWith("hbulk: --table '-bad' is not a valid HBase table name"), err);
  }

  @Test
  void sampleDataWritesTheRequestedRows() throws Exception {
    Path csv = tmp.resolve("d/orders.csv");
    assertEquals(0, hbulk("sample-data", "--rows", "25", "--out", csv.toString()));
    assertEquals(26, Files.readAllLines(csv).size(), "header + 25 rows");
    assertFalse(err.contains("Exception"), err);
  }

  private static final String TWO_OUTPUTS =
      "[columns]\nid = long\nuser = string\n"
          + "[output main]\ntable = t\nkey = id\nf:u = user\n"
          + "[output by_user]\ntable = t_idx\nkey = user\nf:i = id\n";

  @Test
  void plainTableForASpecOfSeveralOutputsIsRefusedNamingTheOutputs() throws Exception {
    Path spec = Files.writeString(tmp.resolve("two.spec"), TWO_OUTPUTS);
    for (String command : List.of("load", "prepare")) {
      assertEquals(
          ExitCode.USAGE.code(),
          hbulk(command, "--spec", spec.toString(), "--input", "a.csv", "--table", "x"));
      assertTrue(
          err.contains(
              "--table x would send every output of "
                  + spec
                  + " (main, by_user) into one table:"
                  + " say which output goes where, e.g. --table main=x"),
          err);
    }
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("prepare", "--spec", spec.toString(), "--input", "a.csv", "--table", "nope=x"));
    assertTrue(
        err.contains("--table nope=x: " + spec + " has no [output nope] (outputs: main, by_user)"),
        err);
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("create-table", "--spec", spec.toString(), "--table", "x", "--single-region"));
    assertTrue(err.contains("--table x would send every output"), err);
  }

  @Test
  void analyzeAndExplainRefuseAReorderedHeaderWithExit14() throws Exception {
    Path spec = Files.writeString(tmp.resolve("h.spec"), "[csv]\nheader = true\n" + TWO_OUTPUTS);
    Path csv = Files.writeString(tmp.resolve("swapped.csv"), "user,id\nann,1\n");
    assertEquals(
        ExitCode.HEADER_MISMATCH.code(),
        hbulk("analyze", "--spec", spec.toString(), "--input", csv.toString()));
    assertTrue(
        err.contains(
            "swapped.csv: the header does not match [columns] (columns = by-position): expected id,user,"
                + " found user,id; position 1: expected 'id', found 'user'; 2: expected 'user', found 'id'"),
        err);
    assertEquals(
        ExitCode.HEADER_MISMATCH.code(),
        hbulk("explain", "--spec", spec.toString(), "--input", csv.toString()));
    assertTrue(err.contains("swapped.csv: the header does not match [columns]"), err);
  }

  @Test
  void analyzeExits15WhenEverySampledRecordWouldBeRejected() throws Exception {
    Path spec = Files.writeString(tmp.resolve("a.spec"), TWO_OUTPUTS);
    Path bad = Files.writeString(tmp.resolve("bad.csv"), "1,ann,extra\n2,bob,extra\nx,carl\n");
    assertEquals(
        ExitCode.ALL_REJECTED.code(),
        hbulk("analyze", "--spec", spec.toString(), "--input", bad.toString()));
    assertTrue(out.contains("3 would be rejected"), out);
    assertTrue(
        err.contains(
            "every one of the 3 sampled record(s) would be rejected: FIELD_COUNT 2 (e.g. expected 2"
                + " fields, found 3); BAD_VALUE 1 (e.g. column 'id': 'x' is not a valid long)"),
        err);
    assertEquals(
        ExitCode.ALL_REJECTED.code(),
        hbulk("analyze", "--json", "--spec", spec.toString(), "--input", bad.toString()));
    assertTrue(out.contains("\"rejects_preview\""), out);
    Path mixed = Files.writeString(tmp.resolve("mixed.csv"), "1,ann,extra\n2,bob\n");
    assertEquals(0, hbulk("analyze", "--spec", spec.toString(), "--input", mixed.toString()), err);
  }

  @Test
  void regionsOutsideOneTo65536AreRefusedNotPlannedAsOneRegion() throws Exception {
    Path spec =
        Files.writeString(
            tmp.resolve("hash.spec"),
            "[columns]\nid = long\n[output o]\ntable = t\nkey = md5(id) + id\nf:a = id\n");
    Path csv = Files.writeString(tmp.resolve("r.csv"), "1\n2\n3\n");
    String[] analyze = {"analyze", "--spec", spec.toString(), "--input", csv.toString()};
    assertEquals(0, hbulk(concat(analyze, "--regions", "4")), err);
    assertTrue(out.contains("4 even slices of the hash space"), out);
    // 0 planned one region, described as "0 even slices"; 70000 repeated split points.
    for (String regions : List.of("0", "-3", "70000")) {
      assertEquals(ExitCode.USAGE.code(), hbulk(concat(analyze, "--regions", regions)), regions);
      assertTrue(
          err.contains("--regions " + regions + ": expected a whole number from 1 to 65536"), err);
    }
  }

  @Test
  void regionsAskedForASaltedKeyAreSaidNotToBeUsed() throws Exception {
    String salted =
        "[columns]\nid = long\n[output o]\ntable = t\nkey = salt(id, 8) + id\nf:a = id\n";
    Path spec = Files.writeString(tmp.resolve("salted.spec"), salted);
    Path csv = Files.writeString(tmp.resolve("s.csv"), "1\n2\n3\n");
    String[] analyze = {"analyze", "--spec", spec.toString(), "--input", csv.toString()};
    assertEquals(0, hbulk(concat(analyze, "--regions", "32")), err);
    assertTrue(
        out.contains(
            "one region per salt bucket (8); --regions 32 is for keys without a salt and was not"
                + " used"),
        out);
    Path withSection =
        Files.writeString(tmp.resolve("section.spec"), salted + "[table t]\nregions = 32\n");
    assertEquals(
        0, hbulk("analyze", "--spec", withSection.toString(), "--input", csv.toString()), err);
    assertTrue(out.contains("; [table t] regions = 32 is for keys without a salt"), out);
    assertEquals(0, hbulk(concat(analyze, "--regions", "8")), err);
    assertFalse(out.contains("was not used"), out);
  }

  @Test
  void analyzeAndExplainReadByNameFilesWhereTheirHeadersPlaceTheColumns() throws Exception {
    Path spec =
        Files.writeString(
            tmp.resolve("n.spec"), "[csv]\nheader = true\ncolumns = by-name\n" + TWO_OUTPUTS);
    Path dir = Files.createDirectories(tmp.resolve("n"));
    Files.writeString(dir.resolve("a.csv"), "id,user\n1,ann\n2,bob\n");
    Files.writeString(dir.resolve("b.csv"), "user,note,id\n\"carl, jr\",hi,3\n");
    assertEquals(0, hbulk("analyze", "--spec", spec.toString(), "--input", dir.toString()), err);
    assertTrue(out.contains("sampled 3 record(s)") && out.contains("0 would be rejected"), out);
    assertTrue(
        err.contains("b.csv: column(s) note of the header are not in [columns] and are not read"),
        err);
    assertEquals(
        0,
        hbulk(
            "explain",
            "--spec",
            spec.toString(),
            "--input",
            dir.resolve("b.csv").toString(),
            "--output",
            "by_user"),
        err);
    assertTrue(out.contains("[output by_user] key carl, jr  (8 bytes"), out);
  }
}
