package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.junit.jupiter.api.Test;

/**
 * hbulk nightly and verify on the mini cluster: two nights, re-runs, resume, a split mid-run, empty
 * input.
 */
class NightlyIT extends MiniClusterSupport {
  private Path spec(String table) throws Exception {
    return spec(tmp.resolve(table + ".spec"), table, "name");
  }

  /** A spec at {@code p} writing {@code d:n = VALUE} into {@code table}, which it creates. */
  private Path spec(Path p, String table, String value) throws Exception {
    Files.createDirectories(p.getParent());
    Files.writeString(
        p,
        "[columns]\nid = long\nname = string\n[output o]\ntable = "
            + table
            + "\nkey = salt(id, 4) + \"|\" + id\nd:n = "
            + value
            + "\n[family d]\nversions = 5\n");
    assertEquals(0, hbulk("create-table", "--spec", p.toString()), err);
    return p;
  }

  private String input(String name, int rows) throws Exception {
    return input(name, "2026-11-22", 0, rows, "name ");
  }

  /** One date's file of records {@code from..to-1}, each named {@code prefix + id}. */
  private String input(String name, String date, int from, int to, String prefix) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("in").resolve(name).resolve(date));
    StringBuilder b = new StringBuilder();
    for (int i = from; i < to; i++) {
      b.append(i).append(',').append(prefix).append(i).append('\n');
    }
    Files.writeString(dir.resolve("part.csv"), b);
    return tmp.resolve("in").resolve(name).toUri() + "/{date}/part.csv";
  }

  private int nightly(Path spec, String template, String... more) {
    return nightlyOn("2026-11-22", spec, template, more);
  }

  private int nightlyOn(String date, Path spec, String template, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "nightly",
                "-D",
                "hbulk.work.dir=/nightly",
                "-D",
                "hbulk.nightly.lock.dir=" + tmp.resolve("locks"),
                "--spec",
                spec.toString(),
                "--input-template",
                template,
                "--date",
                date,
                "--zone",
                "Asia/Shanghai"));
    args.addAll(List.of(more));
    return hbulk(args.toArray(new String[0]));
  }

  /** Every cell of the table, every version, as {@link CellView} prints it. */
  private static List<String> cells(String table) throws Exception {
    return CellView.texts(cellViews(TableName.valueOf(table)));
  }

  @Test
  void sameDateTwiceIsANoOpAndForceWritesTheSameCellsWithoutNewVersions() throws Exception {
    Path spec = spec("n_twice");
    String in = input("twice", 300);
    assertEquals(0, nightly(spec, in), err);
    List<String> first = cells("n_twice");
    assertEquals(300, first.size());
    assertTrue(
        first.get(0).contains("/d:n/1795276800000/Put="),
        "run-start is the date's start in Shanghai: " + first.get(0));

    assertEquals(ExitCode.NOTHING_TO_DO.code(), nightly(spec, in));
    assertTrue(err.contains("2026-11-22 is already loaded"), err);
    assertEquals(0, nightly(spec, in, "--force"), err);
    assertEquals(
        first, cells("n_twice"), "identical cells, one version each, though the family keeps 5");
    assertTrue(err.contains("--force: keeping the earlier run as"), err);
    String log =
        new String(
            org.apache.hadoop.fs.FileSystem.get(util.getConfiguration())
                .open(
                    new org.apache.hadoop.fs.Path(
                        "/nightly/n_twice@n_twice/2026-11-22/nightly.log"))
                .readAllBytes(),
            java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(log.contains("hbulk: nightly") && log.contains("read 300 = loaded 300"), log);
  }

  @Test
  void twoNightsAppendNewRowsAndNewVersionsOfRowsThatCameBack() throws Exception {
    Path spec = spec("n_append");
    String in = input("append", "2026-11-22", 0, 200, "first ");
    input("append", "2026-11-23", 100, 300, "second ");
    assertEquals(0, nightlyOn("2026-11-22", spec, in), err);
    assertEquals(0, nightlyOn("2026-11-23", spec, in, "--json"), err);
    JsonSchemas.assertValid("nightly", out);
    assertEquals(
        200,
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(out)
            .at("/records/loaded")
            .asLong());

    List<String> cells = cells("n_append");
    assertEquals(
        400, cells.size(), "200 rows of the first night, 200 of the second, 100 of them in both");
    long night1 = 1795276800000L;
    long night2 = night1 + 86_400_000L;
    assertTrue(
        cells.stream().anyMatch(c -> c.endsWith("|0/d:n/" + night1 + "/Put=first 0")),
        "a row of the first night only");
    for (int id : new int[] {100, 150, 199}) {
      List<String> versions = cells.stream().filter(c -> c.matches("\\d\\|" + id + "/.*")).toList();
      assertEquals(2, versions.size(), id + ": " + versions);
      assertTrue(
          versions.get(0).endsWith("/" + night2 + "/Put=second " + id),
          "newest first: " + versions);
      assertTrue(versions.get(1).endsWith("/" + night1 + "/Put=first " + id), versions.toString());
    }
    assertTrue(
        cells.stream().anyMatch(c -> c.endsWith("|299/d:n/" + night2 + "/Put=second 299")),
        "a new row");
    for (String date : new String[] {"2026-11-22", "2026-11-23"}) {
      RunState state =
          RunDirectory.at(
                  util.getConfiguration(),
                  new org.apache.hadoop.fs.Path("/nightly/n_append@n_append/" + date))
              .readState();
      assertEquals(RunState.Stage.LOADED, state.stage(), date);
      assertEquals(200, state.counts().read(), date);
    }
    String index =
        new String(
            org.apache.hadoop.fs.FileSystem.get(util.getConfiguration())
                .open(new org.apache.hadoop.fs.Path("/nightly/n_append@n_append/index.html"))
                .readAllBytes(),
            java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(
        index.indexOf("data-date=\"2026-11-23\" data-stage=\"LOADED\"")
                < index.indexOf("data-date=\"2026-11-22\" data-stage=\"LOADED\"")
            && index.contains("data-date=\"2026-11-22\""),
        "both nights, the latest first: " + index);
    assertEquals(2, index.split("data-loaded=\"200\"", -1).length - 1, index);
    assertTrue(index.contains("<a href=\"2026-11-23/report.html\">"), index);
  }

  @Test
  void aRunKilledAfterPrepareOnlyCompletesAndARegionSplitInBetweenLosesNothing() throws Exception {
    Path spec = spec("n_resume");
    String in = input("resume", 2000);
    assertEquals(
        0,
        hbulk(
            "prepare",
            "--spec",
            spec.toString(),
            "--input",
            in.replace("{date}", "2026-11-22"),
            "--run-dir",
            "/nightly/n_resume@n_resume/2026-11-22"),
        err);
    assertEquals(0, cells("n_resume").size(), "prepared, not loaded: as if the process died here");

    TableName table = TableName.valueOf("n_resume");
    int before = util.getAdmin().getRegions(table).size();
    util.getAdmin().split(table, Bytes.toBytes("1|5"));
    util.waitFor(60_000, 200, () -> util.getAdmin().getRegions(table).size() > before);

    assertEquals(0, nightly(spec, in), err);
    assertTrue(err.contains("2026-11-22 was prepared (not loaded yet): finishing that run"), err);
    assertTrue(err.contains("regions of n_resume changed since prepare (4 -> 5 regions)"), err);
    assertEquals(2000, cells("n_resume").size(), "every row is there after the split");
    RunState state =
        RunDirectory.at(
                util.getConfiguration(),
                new org.apache.hadoop.fs.Path("/nightly/n_resume@n_resume/2026-11-22"))
            .readState();
    assertEquals(RunState.Stage.LOADED, state.stage());
    assertNotNull(state.regionChange());
  }

  @Test
  void emptyInputIsASuccessThatLoadsZeroRecordsAndNoInputIsItsOwnFailure() throws Exception {
    Path spec = spec("n_empty");
    assertEquals(ExitCode.NO_INPUT.code(), nightly(spec, tmp.toUri() + "/nowhere/{date}.csv"));
    assertEquals(12, ExitCode.NO_INPUT.code());
    assertTrue(
        err.contains(
            "no input for 2026-11-22: " + tmp.toUri() + "/nowhere/2026-11-22.csv matches no file"),
        err);
    String in = input("empty", 0);
    assertEquals(0, nightly(spec, in), err);
    assertTrue(out.contains("read 0 = loaded 0 + rejected 0"), out);
    RunState state =
        RunDirectory.at(
                util.getConfiguration(),
                new org.apache.hadoop.fs.Path("/nightly/n_empty@n_empty/2026-11-22"))
            .readState();
    assertEquals(RunState.Stage.LOADED, state.stage());
    assertEquals(0, state.counts().read());
  }

  @Test
  void aSpecOfTheSameFileNameWritingAnotherTableIsAnotherRun() throws Exception {
    Path a = spec(tmp.resolve("east").resolve("same.spec"), "n_same_a", "name");
    Path b = spec(tmp.resolve("west").resolve("same.spec"), "n_same_b", "name");
    String in = input("same", 50);
    assertEquals(0, nightly(a, in), err);
    assertEquals(0, nightly(b, in), "not 'already loaded': another table is another load\n" + err);
    assertEquals(50, cells("n_same_a").size());
    assertEquals(50, cells("n_same_b").size());
    assertTrue(err.contains("hbulk: nightly same@n_same_b ("), err);
    for (String id : new String[] {"same@n_same_a", "same@n_same_b"}) {
      assertEquals(
          RunState.Stage.LOADED,
          RunDirectory.at(
                  util.getConfiguration(),
                  new org.apache.hadoop.fs.Path("/nightly/" + id + "/2026-11-22"))
              .readState()
              .stage(),
          id);
    }
  }

  @Test
  void aTableOverriddenWithDashDIsAnotherRun() throws Exception {
    Path spec = spec("n_over");
    spec(tmp.resolve("n_over_test.spec"), "n_over_test", "name");
    String in = input("over", 40);
    assertEquals(0, nightly(spec, in), err);
    assertEquals(0, nightly(spec, in, "-D", "hbulk.spec.output.o.table=n_over_test"), err);
    assertEquals(40, cells("n_over_test").size(), "loaded into the table the override names");
    assertEquals(
        ExitCode.NOTHING_TO_DO.code(),
        nightly(spec, in, "-D", "hbulk.spec.output.o.table=n_over_test"));
    assertTrue(
        err.contains("2026-11-22 is already loaded (")
            && err.contains("/nightly/n_over@n_over_test/2026-11-22"),
        err);
  }

  @Test
  void aDateLoadedOrPreparedFromAnotherSpecIsRefusedWith13AndForceReplacesIt() throws Exception {
    Path spec = spec(tmp.resolve("v1").resolve("changed.spec"), "n_changed", "name");
    String in = input("changed", 30);
    assertEquals(0, nightly(spec, in, "--name", "changed"), err);
    List<String> before = cells("n_changed");
    Path edited = spec(tmp.resolve("v2").resolve("changed.spec"), "n_changed", "\"v2 \" + name");
    assertEquals(13, ExitCode.RUN_CHANGED.code());
    assertEquals(ExitCode.RUN_CHANGED.code(), nightly(edited, in, "--name", "changed"));
    assertTrue(
        err.contains("2026-11-22 of nightly changed was loaded from another spec than this run's")
            && err.contains(
                "first difference at line 7: 'd:n = name' then, 'd:n = \"v2 \" + name' now")
            && err.contains("add --force to replace that run"),
        err);
    assertEquals(before, cells("n_changed"), "refused: the table is as the first run left it");
    assertEquals(
        ExitCode.RUN_CHANGED.code(),
        nightly(spec, in, "--name", "changed", "-D", "hbulk.spec.rejects.max=3"));
    assertTrue(err.contains("overrides {} then, {rejects.max=3} now"), err);
    assertEquals(
        ExitCode.NOTHING_TO_DO.code(),
        nightly(spec, in, "--name", "changed"),
        "the same spec again: " + err);

    assertEquals(0, nightly(edited, in, "--name", "changed", "--force"), err);
    List<String> after = cells("n_changed");
    assertEquals(30, after.size(), "the same cells, replaced, no extra versions: " + after);
    assertTrue(
        after.stream()
            .allMatch(
                c -> c.endsWith("=v2 name " + c.substring(c.indexOf('|') + 1, c.indexOf('/')))),
        after.toString());

    // Prepared, not loaded, by another spec: resuming would load the other spec's HFiles.
    String prepared = "/nightly/changed/2026-11-23";
    input("changed", "2026-11-23", 0, 10, "next ");
    assertEquals(
        0,
        hbulk(
            "prepare",
            "--spec",
            spec.toString(),
            "--input",
            in.replace("{date}", "2026-11-23"),
            "--run-dir",
            prepared),
        err);
    assertEquals(
        ExitCode.RUN_CHANGED.code(), nightlyOn("2026-11-23", edited, in, "--name", "changed"));
    assertTrue(err.contains("was prepared (not loaded yet) from another spec"), err);
    assertEquals(
        RunState.Stage.PREPARED,
        RunDirectory.at(util.getConfiguration(), new org.apache.hadoop.fs.Path(prepared))
            .readState()
            .stage(),
        "left as it was");
  }

  @Test
  void verifyCatchesADeletedRow() throws Exception {
    Path spec = spec("n_verify");
    String in = input("verify", 500);
    assertEquals(0, nightly(spec, in), err);
    String run = "/nightly/n_verify@n_verify/2026-11-22";
    assertEquals(0, hbulk("verify", "--run-dir", run), err);
    assertTrue(
        out.contains(
            "verified 500 record(s) (of 500 loaded): 500 row(s), 500 cell(s), 0 older version(s) of them; 0 difference(s)"),
        out);

    byte[] victim;
    try (Table t = util.getConnection().getTable(TableName.valueOf("n_verify"));
        ResultScanner s = t.getScanner(new Scan().setLimit(1))) {
      victim = s.next().getRow();
      t.delete(new Delete(victim));
    }
    assertEquals(ExitCode.VERIFY_FAILED.code(), hbulk("verify", "--run-dir", run));
    assertTrue(out.contains("n_verify: row " + Bytes.toStringBinary(victim) + " is missing"), out);
    assertTrue(out.contains("1 difference(s)"), out);
  }
}
