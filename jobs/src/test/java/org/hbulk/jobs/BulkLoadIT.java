package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HStore;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.hbulk.mappers.expr.Murmur3;
import org.junit.jupiter.api.Test;

/**
 * The whole path on an HBase mini cluster (HDFS, ZooKeeper, master, region server) with the job
 * under the local job runner: command line, spec, CSV, HFiles per region, BulkLoadHFiles.
 */
class BulkLoadIT extends MiniClusterSupport {
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static final byte[] D = Bytes.toBytes("d");

  @Test
  void loadsQuotedUnicodeCsvIntoEveryRegionThroughBulkLoad() throws Exception {
    String spec = resource("orders-it.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec), err);
    TableName table = TableName.valueOf("it_orders");
    assertEquals(4, util.getAdmin().getRegions(table).size(), "one region per salt bucket");

    StringBuilder csv = new StringBuilder(Files.readString(java.nio.file.Path.of(resource("tricky-orders.csv"))));
    for (int i = 100; i < 140; i++) {
      csv.append(i).append(",user-").append(i).append(String.format(",2026-11-22 09:00:%02d", i - 100))
          .append(",city ").append(i).append(',').append(i).append(".25,note ").append(i).append('\n');
    }
    java.nio.file.Path input = tmp.resolve("orders.csv");
    Files.writeString(input, csv, StandardCharsets.UTF_8);

    assertEquals(0, hbulk("load", "--spec", spec, "--input", input.toUri().toString(),
        "--run-dir", "/runs/orders"), err);

    Map<String, Map<String, Cell>> rows = scan(table);
    assertEquals(45, rows.size(), "every record is a row");
    assertRow(rows, "alice", 1, at(2026, 11, 22, 8, 0, 0), Map.of("user", text("alice"),
        "city", text("北京"), "amount", Bytes.toBytes(12.5), "note", text("gift wrap, please")));
    assertRow(rows, "bob", 2, at(2026, 11, 22, 8, 0, 1), Map.of("user", text("bob"),
        "city", text("São Paulo"), "amount", Bytes.toBytes(3.25), "note", text("says \"hi\", twice")));
    assertRow(rows, "carol", 3, at(2026, 11, 22, 8, 0, 2), Map.of("user", text("carol"),
        "amount", Bytes.toBytes(7.0)));
    assertRow(rows, "dave", 4, at(2026, 11, 22, 8, 0, 3), Map.of("user", text("dave"),
        "city", text("Zürich, CH"), "amount", Bytes.toBytes(0.5),
        "note", text("multi \"quoted\" \"words\"")));
    assertRow(rows, "erin", 5, at(2026, 11, 22, 8, 0, 4), Map.of("user", text("erin"),
        "city", text("東京"), "amount", Bytes.toBytes(100.0), "note", text("crlf line")));
    for (int i = 100; i < 140; i++) {
      assertRow(rows, "user-" + i, i, at(2026, 11, 22, 9, 0, i - 100), Map.of("user",
          text("user-" + i), "city", text("city " + i), "amount", Bytes.toBytes(i + 0.25),
          "note", text("note " + i)));
    }

    RunState state = RunDirectory.at(util.getConfiguration(), new Path("/runs/orders")).readState();
    assertEquals(RunState.Stage.LOADED, state.stage());
    assertEquals(4, state.reducers(), "one reducer per region");
    assertEquals(45, state.counts().read());
    assertEquals(45, state.counts().loaded());
    assertEquals(2, state.counts().emptyValues(), "carol's city and note");

    List<HRegion> regions = util.getHBaseCluster().getRegions(table);
    assertEquals(4, regions.size());
    for (HRegion region : regions) {
      assertEquals(0, region.getMemStoreDataSize(), "nothing went through the memstore");
      List<HStoreFile> files = new ArrayList<>();
      for (HStore store : region.getStores()) {
        files.addAll(store.getStorefiles());
      }
      assertFalse(files.isEmpty(), "region " + region.getRegionInfo().getRegionNameAsString()
          + " got an HFile");
      for (HStoreFile f : files) {
        assertTrue(f.isBulkLoadResult(), f + " arrived by bulk load");
      }
    }
    assertTrue(FileSystem.get(util.getConfiguration()).exists(new Path("/runs/orders/report.json")));
  }

  @Test
  void rejectsOverBudgetStopTheLoadWithNothingLoadedAndEveryBadLineKept() throws Exception {
    assertEquals(0, hbulk("create-table", "--table", "it_budget", "--family", "f",
        "--split-points", "g,p"), err);
    String spec = resource("budget-it.spec");
    String input = java.nio.file.Path.of(resource("three-bad-lines.csv")).toUri().toString();

    assertEquals(ExitCode.REJECTS_OVER_BUDGET.code(), hbulk("load", "--spec", spec, "--input", input,
        "--run-dir", "/runs/budget"), err);
    assertTrue(err.contains("3 rejected records exceed the budget of 1"), err);
    TableName table = TableName.valueOf("it_budget");
    assertEquals(0, scan(table).size(), "nothing reached the table");

    List<String> rejects = readLines(new Path("/runs/budget/rejects"));
    assertEquals(3, rejects.size(), String.join("\n", rejects));
    String all = String.join("\n", rejects);
    assertTrue(all.contains("\"reason\":\"MALFORMED_CSV\"") && all.contains("\"line\":2")
        && all.contains("\"record\":\"2,\\\"unbalanced quote\""), all);
    assertTrue(all.contains("\"reason\":\"BAD_VALUE\"") && all.contains("column 'id'")
        && all.contains("\"line\":3"), all);
    assertTrue(all.contains("\"reason\":\"FIELD_COUNT\"") && all.contains("\"line\":5"), all);

    assertEquals(ExitCode.REJECTS_OVER_BUDGET.code(), hbulk("complete", "--run-dir", "/runs/budget"));
    assertEquals(0, scan(table).size());
    assertEquals(0, hbulk("complete", "--run-dir", "/runs/budget", "--accept-rejects"), err);
    assertEquals(3, scan(table).size(), "the good records, when the user accepts the rejects");
  }

  @Test
  void prepareReadsDirectoriesAndGzipLeavesTheTableAloneAndCompleteLoadsOnce() throws Exception {
    assertEquals(0, hbulk("create-table", "--table", "it_two", "--family", "f", "--split-points", "m"), err);
    String spec = resource("budget-it.spec");
    // A directory holding a gzip-compressed file and a plain one.
    java.nio.file.Path input = Files.createDirectories(tmp.resolve("names"));
    try (java.io.OutputStream gz = new java.util.zip.GZIPOutputStream(
        Files.newOutputStream(input.resolve("part-1.csv.gz")))) {
      gz.write("1,ann\n2,zoe\n\n".getBytes(StandardCharsets.UTF_8));
    }
    Files.writeString(input.resolve("part-2.csv"), "3,max\n");

    assertEquals(0, hbulk("prepare", "--spec", spec, "--table", "it_two", "--input",
        input.toUri().toString(), "--run-dir", "/runs/two"), err);
    assertTrue(out.contains("next: hbulk complete --run-dir"), out);
    TableName table = TableName.valueOf("it_two");
    assertEquals(0, scan(table).size(), "prepare loads nothing");
    RunState prepared = RunDirectory.at(util.getConfiguration(), new Path("/runs/two")).readState();
    assertEquals(RunState.Stage.PREPARED, prepared.stage());
    assertEquals(1, prepared.counts().blankLines());

    assertEquals(0, hbulk("complete", "--run-dir", "/runs/two"), err);
    assertEquals(3, scan(table).size());
    assertEquals(0, hbulk("complete", "--run-dir", "/runs/two"), err);
    assertTrue(err.contains("already loaded"), err);
    assertEquals(3, scan(table).size());
  }

  @Test
  void missingTableIsRefusedBeforeAnyJob() throws Exception {
    String input = java.nio.file.Path.of(resource("three-bad-lines.csv")).toUri().toString();
    assertEquals(ExitCode.HBASE.code(), hbulk("load", "--spec", resource("budget-it.spec"),
        "--table", "no_such_table", "--input", input, "--run-dir", "/runs/missing"));
    assertTrue(err.contains("table no_such_table does not exist"), err);
    assertFalse(FileSystem.get(util.getConfiguration()).exists(new Path("/runs/missing")));
  }

  @Test
  void everyCommandThatNamesAMissingTableSaysSoInOneLineWithExit4() throws Exception {
    java.nio.file.Path spec = Files.writeString(tmp.resolve("gone.spec"), "[columns]\nid = long\nname = string\n"
        + "[output main]\ntable = it_gone\nkey = name + \"#\" + id\ntimestamp = 1700000000000\nf:name = name\n");
    java.nio.file.Path csv = Files.writeString(tmp.resolve("gone-2026-11-22.csv"), "1,ann\n2,bob\n");
    String input = csv.toUri().toString();
    assertEquals(0, hbulk("create-table", "--table", "it_gone", "--family", "f", "--single-region"), err);
    assertEquals(0, hbulk("prepare", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/gone-p"), err);
    assertEquals(0, hbulk("load", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/gone-l"), err);
    util.deleteTable(TableName.valueOf("it_gone"));

    List<String[]> commands = List.of(
        new String[] {"scan", "--table", "it_gone"},
        new String[] {"verify", "--run-dir", "/runs/gone-l"},
        new String[] {"complete", "--run-dir", "/runs/gone-p"},
        new String[] {"load", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/gone-again"},
        new String[] {"prepare", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/gone-again"},
        new String[] {"analyze", "--spec", spec.toString(), "--input", input, "--current"},
        new String[] {"nightly", "--spec", spec.toString(), "--input-template",
            "file://" + tmp.resolve("gone-") + "{date}.csv", "--date", "2026-11-22"});
    List<String> wrong = new ArrayList<>();
    for (String[] command : commands) {
      int code = hbulk(command);
      // Progress lines may come first (load's phases); the error is the last line, and the only one
      // without --verbose.
      List<String> lines = err.strip().lines().toList();
      String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
      if (code != ExitCode.HBASE.code() || !last.startsWith("hbulk: table it_gone ") || !last.contains(" exist")
          || err.contains("\tat ") || err.contains("Exception")) {
        wrong.add(String.join(" ", command) + " -> exit " + code + ": " + err);
      }
    }
    assertEquals(List.of(), wrong);
  }

  /** Hadoop's local runner failed its shuffle (exit 6) when its local folder's path held a space. */
  @Test
  void aLoadRunsWhereThePathsHoldASpace() throws Exception {
    java.nio.file.Path spaced = Files.createDirectories(tmp.resolve("My Projects/var"));
    java.nio.file.Path csv = Files.writeString(spaced.resolve("names 1.csv"), "1,ann\n2,bob\n3,cy\n");
    assertEquals(0, hbulk("create-table", "--table", "it_space", "--family", "f", "--split-points", "b"), err);
    assertEquals(0, hbulk("load", "-D", "mapreduce.cluster.local.dir=" + spaced.resolve("mapred local"),
        "--spec", resource("budget-it.spec"), "--table", "it_space", "--input", "file://" + csv,
        "--run-dir", "/runs/with space"), err);
    assertEquals(3, scan(TableName.valueOf("it_space")).size());
  }

  @Test
  void familyMissingFromTheTableIsASpecError() throws Exception {
    assertEquals(0, hbulk("create-table", "--table", "it_family", "--family", "x", "--single-region"), err);
    String input = java.nio.file.Path.of(resource("tricky-orders.csv")).toUri().toString();
    assertEquals(ExitCode.BAD_SPEC.code(), hbulk("load", "--spec", resource("orders-it.spec"),
        "--table", "it_family", "--input", input, "--run-dir", "/runs/family"));
    assertTrue(err.contains("[output main] writes family 'd', which table it_family does not have"), err);
  }

  @Test
  void specErrorNamesFileLineAndColumn() throws Exception {
    java.nio.file.Path spec = tmp.resolve("broken.spec");
    Files.writeString(spec, "[columns]\nid = long\n\n[output o]\ntable = t\nkey = salt(idd, 4)\nf:a = id\n");
    assertEquals(ExitCode.BAD_SPEC.code(), hbulk("load", "--spec", spec.toString(), "--input", "x.csv"));
    assertTrue(err.contains("broken.spec:6: key") && err.contains("unknown column 'idd'"), err);
    assertFalse(err.contains("\tat "), "no stack trace without --verbose");
  }

  private static void assertRow(Map<String, Map<String, Cell>> rows, String user, long id, long ts,
      Map<String, byte[]> cells) {
    int salt = (int) (Integer.toUnsignedLong(Murmur3.hash32(text(user), 0, text(user).length)) % 4);
    String key = salt + "|" + user + "|" + id;
    Map<String, Cell> row = rows.get(key);
    assertNotNull(row, "row " + key + " among " + rows.keySet());
    assertEquals(cells.keySet(), row.keySet(), "qualifiers of " + key);
    for (Map.Entry<String, byte[]> e : cells.entrySet()) {
      Cell c = row.get(e.getKey());
      assertArrayEquals(e.getValue(), CellUtil.cloneValue(c), key + " d:" + e.getKey());
      assertEquals(ts, c.getTimestamp(), key + " d:" + e.getKey() + " timestamp");
      assertArrayEquals(D, CellUtil.cloneFamily(c));
    }
  }

  private static Map<String, Map<String, Cell>> scan(TableName table) throws IOException {
    Map<String, Map<String, Cell>> rows = new HashMap<>();
    try (Table t = util.getConnection().getTable(table); ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        Map<String, Cell> cells = new HashMap<>();
        for (Cell c : r.rawCells()) {
          assertNull(cells.put(Bytes.toString(CellUtil.cloneQualifier(c)), c), "one version per cell");
        }
        rows.put(Bytes.toString(r.getRow()), cells);
      }
    }
    return rows;
  }

  private static List<String> readLines(Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(util.getConfiguration());
    List<String> lines = new ArrayList<>();
    for (FileStatus f : fs.listStatus(dir)) {
      try (InputStream in = fs.open(f.getPath())) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          if (!line.isEmpty()) {
            lines.add(line);
          }
        }
      }
    }
    return lines;
  }

  private static long at(int y, int mo, int d, int h, int mi, int s) {
    return LocalDateTime.of(y, mo, d, h, mi, s).atZone(SHANGHAI).toInstant().toEpochMilli();
  }

  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String resource(String name) throws Exception {
    return java.nio.file.Path.of(BulkLoadIT.class.getResource("/" + name).toURI()).toString();
  }
}
