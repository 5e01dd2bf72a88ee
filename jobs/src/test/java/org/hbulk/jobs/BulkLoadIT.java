package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.hbulk.mappers.Shortcut;
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

    StringBuilder csv =
        new StringBuilder(Files.readString(java.nio.file.Path.of(resource("tricky-orders.csv"))));
    for (int i = 100; i < 140; i++) {
      csv.append(i)
          .append(",user-")
          .append(i)
          .append(String.format(",2026-11-22 09:00:%02d", i - 100))
          .append(",city ")
          .append(i)
          .append(',')
          .append(i)
          .append(".25,note ")
          .append(i)
          .append('\n');
    }
    java.nio.file.Path input = tmp.resolve("orders.csv");
    Files.writeString(input, csv, StandardCharsets.UTF_8);

    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec,
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/orders"),
        err);

    Map<String, Map<String, Cell>> rows = scan(table);
    assertEquals(45, rows.size(), "every record is a row");
    assertRow(
        rows,
        "alice",
        1,
        at(2026, 11, 22, 8, 0, 0),
        Map.of(
            "user",
            text("alice"),
            "city",
            text("北京"),
            "amount",
            Bytes.toBytes(12.5),
            "note",
            text("gift wrap, please")));
    assertRow(
        rows,
        "bob",
        2,
        at(2026, 11, 22, 8, 0, 1),
        Map.of(
            "user",
            text("bob"),
            "city",
            text("São Paulo"),
            "amount",
            Bytes.toBytes(3.25),
            "note",
            text("says \"hi\", twice")));
    assertRow(
        rows,
        "carol",
        3,
        at(2026, 11, 22, 8, 0, 2),
        Map.of("user", text("carol"), "amount", Bytes.toBytes(7.0)));
    assertRow(
        rows,
        "dave",
        4,
        at(2026, 11, 22, 8, 0, 3),
        Map.of(
            "user",
            text("dave"),
            "city",
            text("Zürich, CH"),
            "amount",
            Bytes.toBytes(0.5),
            "note",
            text("multi \"quoted\" \"words\"")));
    assertRow(
        rows,
        "erin",
        5,
        at(2026, 11, 22, 8, 0, 4),
        Map.of(
            "user",
            text("erin"),
            "city",
            text("東京"),
            "amount",
            Bytes.toBytes(100.0),
            "note",
            text("crlf line")));
    for (int i = 100; i < 140; i++) {
      assertRow(
          rows,
          "user-" + i,
          i,
          at(2026, 11, 22, 9, 0, i - 100),
          Map.of(
              "user",
              text("user-" + i),
              "city",
              text("city " + i),
              "amount",
              Bytes.toBytes(i + 0.25),
              "note",
              text("note " + i)));
    }

    RunState state = RunDirectory.at(util.getConfiguration(), new Path("/runs/orders")).readState();
    assertEquals(RunState.Stage.LOADED, state.stage());
    assertEquals(4, state.reducers(), "one reducer per region");
    assertEquals(45, state.counts().read());
    assertEquals(45, state.counts().loaded());
    assertEquals(2, state.counts().emptyValues(), "carol's city and note");
    // The local run's shortcuts really ran: the prefix sort sorted spills, the tuning applied.
    Map<String, Shortcut> shortcuts = new HashMap<>();
    state.shortcuts().all().forEach(s -> shortcuts.put(s.name(), s));
    assertEquals(Shortcut.State.RAN, shortcuts.get("prefix-sort").state(), shortcuts.toString());
    assertEquals(
        Shortcut.State.RAN, shortcuts.get("local-task-sizing").state(), shortcuts.toString());
    assertEquals(
        Shortcut.State.RAN,
        shortcuts.get("local-reduce-input-in-memory").state(),
        shortcuts.toString());
    assertEquals(
        Shortcut.State.RAN, shortcuts.get("fast-hfile-writer").state(), shortcuts.toString());
    assertTrue(out.contains("  shortcuts ran: prefix-sort, fast-hfile-writer"), out);

    List<HRegion> regions = util.getHBaseCluster().getRegions(table);
    assertEquals(4, regions.size());
    for (HRegion region : regions) {
      assertEquals(0, region.getMemStoreDataSize(), "nothing went through the memstore");
      List<HStoreFile> files = new ArrayList<>();
      for (HStore store : region.getStores()) {
        files.addAll(store.getStorefiles());
      }
      assertFalse(
          files.isEmpty(),
          "region " + region.getRegionInfo().getRegionNameAsString() + " got an HFile");
      for (HStoreFile f : files) {
        assertTrue(f.isBulkLoadResult(), f + " arrived by bulk load");
      }
    }
    assertTrue(
        FileSystem.get(util.getConfiguration()).exists(new Path("/runs/orders/report.json")));
  }

  @Test
  void rejectsOverBudgetStopTheLoadWithNothingLoadedAndEveryBadLineKept() throws Exception {
    assertEquals(
        0,
        hbulk("create-table", "--table", "it_budget", "--family", "f", "--split-points", "g,p"),
        err);
    String spec = resource("budget-it.spec");
    String input = java.nio.file.Path.of(resource("three-bad-lines.csv")).toUri().toString();

    assertEquals(
        ExitCode.REJECTS_OVER_BUDGET.code(),
        hbulk("load", "--spec", spec, "--input", input, "--run-dir", "/runs/budget", "--json"),
        err);
    assertTrue(err.contains("3 rejected records exceed the budget of 1"), err);
    // The report of a run that stops is the one JSON document on stdout.
    JsonSchemas.assertValid("load", out);
    JsonNode stopped = new ObjectMapper().readTree(out);
    assertEquals("OVER_BUDGET", stopped.get("stage").asText());
    assertEquals(3, stopped.at("/records/rejected").asLong());
    TableName table = TableName.valueOf("it_budget");
    assertEquals(0, scan(table).size(), "nothing reached the table");

    List<String> rejects = readLines(new Path("/runs/budget/rejects"));
    assertEquals(3, rejects.size(), String.join("\n", rejects));
    String all = String.join("\n", rejects);
    assertTrue(
        all.contains("\"reason\":\"MALFORMED_CSV\"")
            && all.contains("\"line\":2")
            && all.contains("\"record\":\"2,\\\"unbalanced quote\""),
        all);
    assertTrue(
        all.contains("\"reason\":\"BAD_VALUE\"")
            && all.contains("column 'id'")
            && all.contains("\"line\":3"),
        all);
    assertTrue(all.contains("\"reason\":\"FIELD_COUNT\"") && all.contains("\"line\":5"), all);

    assertEquals(
        ExitCode.REJECTS_OVER_BUDGET.code(), hbulk("complete", "--run-dir", "/runs/budget"));
    assertEquals(0, scan(table).size());
    assertEquals(0, hbulk("complete", "--run-dir", "/runs/budget", "--accept-rejects"), err);
    assertEquals(3, scan(table).size(), "the good records, when the user accepts the rejects");
  }

  /**
   * The run's report.html in a real browser: every figure on it is report.json's, the counts and
   * rows per region are those of the table, each reject reason has its examples, and the charts
   * render with the skewed region marked. The screenshot stays in target/browser/.
   */
  @Test
  void theReportPageShowsInABrowserWhatReportJsonSays() throws Exception {
    assertEquals(
        0,
        hbulk("create-table", "--table", "it_page", "--family", "f", "--split-points", "g,n,t"),
        err);
    // Region [ , g) gets most of the rows: a skew the page must mark. The file's three good
    // records (good-one...) go to [g, n).
    StringBuilder csv =
        new StringBuilder(Files.readString(java.nio.file.Path.of(resource("three-bad-lines.csv"))));
    int good = 3;
    for (String prefix : new String[] {"a", "b", "c", "d", "h", "p", "x"}) {
      for (int i = 0; i < 50; i++) {
        csv.append(1000 + good).append(',').append(prefix).append("-user-").append(i).append('\n');
        good++;
      }
    }
    java.nio.file.Path input = tmp.resolve("page.csv");
    Files.writeString(input, csv, StandardCharsets.UTF_8);
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            resource("budget-it.spec"),
            "--table",
            "it_page",
            "--max-rejects",
            "10",
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/page"),
        err);
    assertTrue(out.contains("/runs/page/report.html"), out);

    java.nio.file.Path local = tmp.resolve("page-run");
    FileSystem fs = FileSystem.get(util.getConfiguration());
    fs.copyToLocalFile(
        new Path("/runs/page/report.json"), new Path(local.resolve("report.json").toUri()));
    fs.copyToLocalFile(
        new Path("/runs/page/report.html"), new Path(local.resolve("report.html").toUri()));
    java.nio.file.Path page = local.resolve("report.html");
    String json = Files.readString(local.resolve("report.json"));

    HeadlessChromium chromium = HeadlessChromium.find(tmp);
    String dom = chromium.dom(page);
    Map<String, Long> figures = ReportPageFigures.checkedAgainst(dom, json);
    assertEquals(356L, figures.get("/records/read"), figures.toString());
    assertEquals(353L, figures.get("/records/loaded"));
    assertEquals(3L, figures.get("/records/rejected"));
    for (String reason : new String[] {"MALFORMED_CSV", "BAD_VALUE", "FIELD_COUNT"}) {
      assertEquals(1L, figures.get("/rejects/by_reason/" + reason), reason);
    }
    assertTrue(dom.contains("adds up"), "the page says the counts add up");
    assertTrue(
        dom.contains("unbalanced quote")
            && dom.contains("not-a-number")
            && dom.contains("too,many,fields"),
        "an example of every reason");
    // Rows per region from the HFiles equal the table's own, region by region.
    long[] expected = {200, 53, 50, 50};
    for (int i = 0; i < 4; i++) {
      assertEquals(expected[i], figures.get("/by_table/0/regions/" + i + "/rows"), "region " + i);
      assertTrue(figures.containsKey("/by_table/0/regions/" + i + "/bytes"), "bytes of " + i);
      assertTrue(
          figures.containsKey("/by_table/0/regions/" + i + "/family_hfiles/f"), "files " + i);
    }
    assertEquals(353, scan(TableName.valueOf("it_page")).size());
    assertTrue(figures.containsKey("/phases_ms/job"), figures.toString());
    assertTrue(dom.contains("data-skew=\"2.266\""), "skew: 200 rows against a mean of 88.25");

    java.nio.file.Path png =
        java.nio.file.Path.of("target", "browser", "bulkload-report.png").toAbsolutePath();
    chromium.screenshot(page, png, 1280, 1800);
    long plain = ReportPageFigures.pixels(png, 0x4e79a7);
    long marked = ReportPageFigures.pixels(png, 0xe15759);
    assertTrue(plain > 2000, "regions' bars drawn: " + plain + " pixels in " + png);
    assertTrue(marked > 2000, "the skewed region's bars drawn in red: " + marked + " in " + png);
  }

  @Test
  void prepareReadsDirectoriesAndGzipLeavesTheTableAloneAndCompleteLoadsOnce() throws Exception {
    assertEquals(
        0, hbulk("create-table", "--table", "it_two", "--family", "f", "--split-points", "m"), err);
    String spec = resource("budget-it.spec");
    // A directory holding a gzip-compressed file and a plain one.
    java.nio.file.Path input = Files.createDirectories(tmp.resolve("names"));
    try (java.io.OutputStream gz =
        new java.util.zip.GZIPOutputStream(Files.newOutputStream(input.resolve("part-1.csv.gz")))) {
      gz.write("1,ann\n2,zoe\n\n".getBytes(StandardCharsets.UTF_8));
    }
    Files.writeString(input.resolve("part-2.csv"), "3,max\n");

    assertEquals(
        0,
        hbulk(
            "prepare",
            "--spec",
            spec,
            "--table",
            "it_two",
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/two"),
        err);
    assertTrue(out.contains("next: hbulk complete --run-dir"), out);
    TableName table = TableName.valueOf("it_two");
    assertEquals(0, scan(table).size(), "prepare loads nothing");
    RunState prepared = RunDirectory.at(util.getConfiguration(), new Path("/runs/two")).readState();
    assertEquals(RunState.Stage.PREPARED, prepared.stage());
    assertEquals(1, prepared.counts().blankLines());

    assertEquals(0, hbulk("complete", "--run-dir", "/runs/two", "--json"), err);
    JsonSchemas.assertValid("complete", out);
    assertEquals("LOADED", new ObjectMapper().readTree(out).get("stage").asText());
    assertEquals(3, scan(table).size());
    assertEquals(0, hbulk("complete", "--run-dir", "/runs/two"), err);
    assertTrue(err.contains("already loaded"), err);
    assertEquals(3, scan(table).size());
  }

  /**
   * A second load whose field is empty: under {@code absent} (the default) no cell is written and a
   * Get still reads the first load's value; under {@code empty-value} an empty cell masks it, while
   * a line that ends before the field ({@code missing-fields = absent}) writes no cell at all.
   */
  @Test
  void aLaterEmptyFieldReadsBackAsTheOlderValueWhenAbsentAndEmptyWhenEmptyValue() throws Exception {
    assertEquals(
        0, hbulk("create-table", "--table", "it_empty", "--family", "f", "--single-region"), err);
    java.nio.file.Path spec = tmp.resolve("empty.spec");
    Files.writeString(
        spec,
        "[columns]\nid = long\nnote = string\n[output o]\ntable = it_empty\nkey = id\n"
            + "f:id = id\nf:note = note\n");
    java.nio.file.Path first = Files.writeString(tmp.resolve("empty-1.csv"), "1,first\n2,first\n");
    java.nio.file.Path secondOfRow1 = Files.writeString(tmp.resolve("empty-2.csv"), "1,\n");
    java.nio.file.Path secondOfRow2 = Files.writeString(tmp.resolve("empty-3.csv"), "2,\n3\n");
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec.toString(),
            "--input",
            first.toUri().toString(),
            "--run-dir",
            "/runs/empty-1"),
        err);
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec.toString(),
            "--input",
            secondOfRow1.toUri().toString(),
            "--run-dir",
            "/runs/empty-2"),
        err);
    assertEquals(
        0,
        hbulk(
            "load",
            "-D",
            "hbulk.spec.output.o.empty=empty-value",
            "-D",
            "hbulk.spec.csv.missing-fields=absent",
            "--spec",
            spec.toString(),
            "--input",
            secondOfRow2.toUri().toString(),
            "--run-dir",
            "/runs/empty-3"),
        err);
    assertTrue(out.contains("written empty 1, missing values skipped 1"), out);
    RunState absent =
        RunDirectory.at(util.getConfiguration(), new Path("/runs/empty-2")).readState();
    assertEquals(1, absent.counts().emptyValues());
    RunState written =
        RunDirectory.at(util.getConfiguration(), new Path("/runs/empty-3")).readState();
    assertEquals(1, written.counts().emptyValuesWritten());
    assertEquals(0, written.counts().emptyValues());
    assertEquals(1, written.counts().missingValues());
    assertEquals(2, written.counts().loaded());
    try (java.io.InputStream in =
        FileSystem.get(util.getConfiguration()).open(new Path("/runs/empty-3/report.json"))) {
      String json = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(json.contains("\"missing_values_skipped\": 1"), json);
    }
    try (Table t = util.getConnection().getTable(TableName.valueOf("it_empty"))) {
      byte[] f = Bytes.toBytes("f");
      byte[] note = Bytes.toBytes("note");
      Result row1 = t.get(new org.apache.hadoop.hbase.client.Get(Bytes.toBytes("1")));
      assertEquals(
          "first",
          Bytes.toString(row1.getValue(f, note)),
          "absent: the older version shows through");
      Result row2 = t.get(new org.apache.hadoop.hbase.client.Get(Bytes.toBytes("2")));
      assertArrayEquals(
          new byte[0], row2.getValue(f, note), "empty-value: an empty value masks the older one");
      Result row3 = t.get(new org.apache.hadoop.hbase.client.Get(Bytes.toBytes("3")));
      assertEquals("3", Bytes.toString(row3.getValue(f, Bytes.toBytes("id"))));
      assertFalse(row3.containsColumn(f, note), "a missing field writes no cell, not an empty one");
    }
  }

  /**
   * keep-last-record: the same two files loaded with tiny splits and with one split a file give the
   * same cells, and every row is exactly the last record of its key in input order (files by path,
   * then offset), with none of an earlier record's cells where the last one's field was empty.
   */
  @Test
  void keepLastRecordKeepsTheSameWholeRecordWhateverTheSplitSize() throws Exception {
    java.nio.file.Path spec = tmp.resolve("last.spec");
    Files.writeString(
        spec,
        "[columns]\nid = string\nseq = long\na = string\nb = string\n"
            + "[output o]\ntable = it_last\nkey = \"k\" + id\ntimestamp = 1700000000000\n"
            + "f:seq = seq\nf:a = a\nf:b = b\n[load]\ncollisions = keep-last-record\n");
    java.nio.file.Path dir = Files.createDirectories(tmp.resolve("last"));
    java.util.Random random = new java.util.Random(18);
    Map<String, List<String>> lastByKey = new java.util.TreeMap<>();
    Map<String, java.util.Set<String>> records = new HashMap<>();
    StringBuilder[] parts = {new StringBuilder(), new StringBuilder()};
    for (int seq = 0; seq < 4000; seq++) {
      String id = Integer.toString(random.nextInt(300));
      boolean emptyB = random.nextInt(5) == 0;
      parts[seq < 2000 ? 0 : 1]
          .append(id)
          .append(',')
          .append(seq)
          .append(",a")
          .append(seq)
          .append(',')
          .append(emptyB ? "" : "b" + seq)
          .append('\n');
      List<String> cells = new ArrayList<>(List.of("a=a" + seq));
      if (!emptyB) {
        cells.add("b=b" + seq);
      }
      cells.add("seq=" + seq);
      lastByKey.put("k" + id, cells);
      records.computeIfAbsent("k" + id, k -> new java.util.HashSet<>()).add(Integer.toString(seq));
    }
    // Named so that path order (the input order) is the order written in.
    Files.writeString(dir.resolve("part-1.csv"), parts[0]);
    Files.writeString(dir.resolve("part-2.csv"), parts[1]);
    String input = dir.toUri().toString();
    Map<String, Map<String, List<String>>> tables = new HashMap<>();
    for (String split : new String[] {"5000", "100000000"}) {
      String table = "it_last_" + split;
      assertEquals(
          0,
          hbulk("create-table", "--table", table, "--family", "f", "--split-points", "k2,k5"),
          err);
      assertEquals(
          0,
          hbulk(
              "load",
              "-D",
              "mapreduce.input.fileinputformat.split.maxsize=" + split,
              "--spec",
              spec.toString(),
              "--table",
              table,
              "--input",
              input,
              "--run-dir",
              "/runs/last-" + split),
          err);
      tables.put(split, cellsByRow(TableName.valueOf(table)));
      RunState state =
          RunDirectory.at(util.getConfiguration(), new Path("/runs/last-" + split)).readState();
      long collidedKeys = records.values().stream().filter(r -> r.size() > 1).count();
      assertEquals(collidedKeys, state.counts().collisions().rows(), "rows given different values");
      assertEquals(
          4000 - lastByKey.size(),
          state.counts().collisions().recordRowsDropped(),
          "every record but the last of its key");
    }
    assertEquals(
        List.of(),
        differences(lastByKey, tables.get("100000000")),
        "each row is its key's last record, whole");
    assertEquals(
        List.of(),
        differences(tables.get("100000000"), tables.get("5000")),
        "the same cells at every split size");
    // verify reads every record again: the records the policy dropped differ by design, counted
    // apart.
    assertEquals(0, hbulk("verify", "--run-dir", "/runs/last-5000"), out + err);
    assertTrue(
        out.contains("row(s) hold another record's cells, as the spec's collisions policy chose"),
        out);
    assertEquals(0, hbulk("verify", "--run-dir", "/runs/last-5000", "--json"), out + err);
    JsonSchemas.assertValid("verify", out);
    JsonNode verified = new ObjectMapper().readTree(out);
    assertTrue(verified.get("passed").asBoolean(), out);
    assertTrue(verified.get("collision_rows").asLong() > 0, out);
    // A kept record's cell changed: no record of that row is in the table whole any more.
    String victim = lastByKey.keySet().iterator().next();
    try (Table t = util.getConnection().getTable(TableName.valueOf("it_last_5000"))) {
      t.put(
          new org.apache.hadoop.hbase.client.Put(Bytes.toBytes(victim))
              .addColumn(
                  Bytes.toBytes("f"),
                  Bytes.toBytes("a"),
                  1700000000000L,
                  Bytes.toBytes("tampered")));
    }
    assertEquals(
        ExitCode.VERIFY_FAILED.code(), hbulk("verify", "--run-dir", "/runs/last-5000"), out + err);
    assertTrue(out.contains("row " + victim + " f:a @1700000000000 holds tampered"), out);
    assertEquals(
        ExitCode.VERIFY_FAILED.code(),
        hbulk("verify", "--run-dir", "/runs/last-5000", "--json"),
        out + err);
    JsonSchemas.assertValid("verify", out);
    JsonNode failed = new ObjectMapper().readTree(out);
    assertFalse(failed.get("passed").asBoolean(), out);
    assertTrue(failed.get("differences").toString().contains("holds tampered"), out);
  }

  /** The first rows (at most 5) whose cells differ, as {@code row: want != got}. */
  private static List<String> differences(
      Map<String, List<String>> want, Map<String, List<String>> got) {
    java.util.Set<String> rows = new java.util.TreeSet<>(want.keySet());
    rows.addAll(got.keySet());
    return rows.stream()
        .filter(r -> !java.util.Objects.equals(want.get(r), got.get(r)))
        .map(r -> r + ": " + want.get(r) + " != " + got.get(r))
        .limit(5)
        .toList();
  }

  /** Every row's cells as {@code qualifier=value}, in HBase's order. */
  private static Map<String, List<String>> cellsByRow(TableName table) throws IOException {
    Map<String, List<String>> rows = new java.util.TreeMap<>();
    try (Table t = util.getConnection().getTable(table);
        ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        List<String> cells = new ArrayList<>();
        for (Cell c : r.rawCells()) {
          cells.add(
              Bytes.toString(CellUtil.cloneQualifier(c))
                  + "="
                  + Bytes.toString(CellUtil.cloneValue(c)));
        }
        rows.put(Bytes.toString(r.getRow()), cells);
      }
    }
    return rows;
  }

  @Test
  void missingTableIsRefusedBeforeAnyJob() throws Exception {
    String input = java.nio.file.Path.of(resource("three-bad-lines.csv")).toUri().toString();
    assertEquals(
        ExitCode.HBASE.code(),
        hbulk(
            "load",
            "--spec",
            resource("budget-it.spec"),
            "--table",
            "no_such_table",
            "--input",
            input,
            "--run-dir",
            "/runs/missing"));
    assertTrue(err.contains("table no_such_table does not exist"), err);
    assertFalse(FileSystem.get(util.getConfiguration()).exists(new Path("/runs/missing")));
  }

  @Test
  void everyCommandThatNamesAMissingTableSaysSoInOneLineWithExit4() throws Exception {
    java.nio.file.Path spec =
        Files.writeString(
            tmp.resolve("gone.spec"),
            "[columns]\nid = long\nname = string\n"
                + "[output main]\ntable = it_gone\nkey = name + \"#\" + id\ntimestamp = 1700000000000\nf:name = name\n");
    java.nio.file.Path csv =
        Files.writeString(tmp.resolve("gone-2026-11-22.csv"), "1,ann\n2,bob\n");
    String input = csv.toUri().toString();
    assertEquals(
        0, hbulk("create-table", "--table", "it_gone", "--family", "f", "--single-region"), err);
    assertEquals(
        0,
        hbulk(
            "prepare",
            "--spec",
            spec.toString(),
            "--input",
            input,
            "--run-dir",
            "/runs/gone-p",
            "--json"),
        err);
    JsonSchemas.assertValid("prepare", out);
    assertEquals("PREPARED", new ObjectMapper().readTree(out).get("stage").asText());
    assertEquals(
        0,
        hbulk("load", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/gone-l"),
        err);
    util.deleteTable(TableName.valueOf("it_gone"));

    List<String[]> commands =
        List.of(
            new String[] {"scan", "--table", "it_gone"},
            new String[] {"verify", "--run-dir", "/runs/gone-l"},
            new String[] {"complete", "--run-dir", "/runs/gone-p"},
            new String[] {
              "load", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/gone-again"
            },
            new String[] {
              "prepare",
              "--spec",
              spec.toString(),
              "--input",
              input,
              "--run-dir",
              "/runs/gone-again"
            },
            new String[] {"analyze", "--spec", spec.toString(), "--input", input, "--current"},
            new String[] {
              "nightly",
              "--spec",
              spec.toString(),
              "--input-template",
              "file://" + tmp.resolve("gone-") + "{date}.csv",
              "--date",
              "2026-11-22"
            });
    List<String> wrong = new ArrayList<>();
    for (String[] command : commands) {
      int code = hbulk(command);
      // Progress lines may come first (load's phases); the error is the last line, and the only one
      // without --verbose.
      List<String> lines = err.strip().lines().toList();
      String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
      if (code != ExitCode.HBASE.code()
          || !last.startsWith("hbulk: table it_gone ")
          || !last.contains(" exist")
          || err.contains("\tat ")
          || err.contains("Exception")) {
        wrong.add(String.join(" ", command) + " -> exit " + code + ": " + err);
      }
    }
    assertEquals(List.of(), wrong);
  }

  /**
   * Hadoop's local runner failed its shuffle (exit 6) when its local folder's path held a space.
   */
  @Test
  void aLoadRunsWhereThePathsHoldASpace() throws Exception {
    java.nio.file.Path spaced = Files.createDirectories(tmp.resolve("My Projects/var"));
    java.nio.file.Path csv =
        Files.writeString(spaced.resolve("names 1.csv"), "1,ann\n2,bob\n3,cy\n");
    assertEquals(
        0,
        hbulk("create-table", "--table", "it_space", "--family", "f", "--split-points", "b"),
        err);
    assertEquals(
        0,
        hbulk(
            "load",
            "-D",
            "mapreduce.cluster.local.dir=" + spaced.resolve("mapred local"),
            "--spec",
            resource("budget-it.spec"),
            "--table",
            "it_space",
            "--input",
            "file://" + csv,
            "--run-dir",
            "/runs/with space"),
        err);
    assertEquals(3, scan(TableName.valueOf("it_space")).size());
  }

  @Test
  void familyMissingFromTheTableIsASpecError() throws Exception {
    assertEquals(
        0, hbulk("create-table", "--table", "it_family", "--family", "x", "--single-region"), err);
    String input = java.nio.file.Path.of(resource("tricky-orders.csv")).toUri().toString();
    assertEquals(
        ExitCode.BAD_SPEC.code(),
        hbulk(
            "load",
            "--spec",
            resource("orders-it.spec"),
            "--table",
            "it_family",
            "--input",
            input,
            "--run-dir",
            "/runs/family"));
    assertTrue(
        err.contains("[output main] writes family 'd', which table it_family does not have"), err);
  }

  @Test
  void specErrorNamesFileLineAndColumn() throws Exception {
    java.nio.file.Path spec = tmp.resolve("broken.spec");
    Files.writeString(
        spec, "[columns]\nid = long\n\n[output o]\ntable = t\nkey = salt(idd, 4)\nf:a = id\n");
    assertEquals(
        ExitCode.BAD_SPEC.code(), hbulk("load", "--spec", spec.toString(), "--input", "x.csv"));
    assertTrue(err.contains("broken.spec:6: key") && err.contains("unknown column 'idd'"), err);
    assertFalse(err.contains("\tat "), "no stack trace without --verbose");
  }

  @Test
  void aReorderedHeaderStopsPrepareWithExit14BeforeAnyJob() throws Exception {
    String spec = resource("orders-it.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec), err);
    java.nio.file.Path dir = Files.createDirectories(tmp.resolve("drift"));
    Files.writeString(
        dir.resolve("a.csv"),
        "id,user,ts,city,amount,note\n1,ann,2026-11-22 08:00:00,Oslo,1.5,x\n");
    Files.writeString(
        dir.resolve("b.csv"),
        "id,user,ts,amount,city,note\n2,bob,2026-11-22 08:00:00,2.5,Rome,y\n");
    assertEquals(
        ExitCode.HEADER_MISMATCH.code(),
        hbulk(
            "prepare",
            "--spec",
            spec,
            "--input",
            dir.toUri().toString(),
            "--run-dir",
            "/runs/drift"));
    assertTrue(
        err.contains(
            "b.csv: the header does not match [columns] (columns = by-position): expected"
                + " id,user,ts,city,amount,note, found id,user,ts,amount,city,note; position 4: expected 'city', found"
                + " 'amount'; 5: expected 'amount', found 'city'"),
        err);
    assertFalse(err.contains("[job]"), "no job started: " + err);
    assertFalse(FileSystem.get(util.getConfiguration()).exists(new Path("/runs/drift")));
  }

  @Test
  void byNameLoadsFilesOfDifferentColumnOrdersIntoTheSameCellsFromSplitsInsideTheFiles()
      throws Exception {
    java.nio.file.Path spec = tmp.resolve("by-name.spec");
    Files.writeString(
        spec,
        Files.readString(java.nio.file.Path.of(resource("orders-it.spec")))
            .replace("header = true", "header = true\ncolumns = by-name")
            .replace("note   = string", "note   = string\nlegacy = skip")
            .replace("table     = it_orders", "table     = it_by_name"));
    assertEquals(0, hbulk("create-table", "--spec", spec.toString()), err);
    java.nio.file.Path dir = Files.createDirectories(tmp.resolve("by-name"));
    StringBuilder a = new StringBuilder("note,amount,legacy,city,ts,user,id\n");
    StringBuilder b = new StringBuilder("id,user,ts,city,amount,note,extra\n");
    for (int i = 0; i < 80; i++) {
      a.append("\"note, ")
          .append(i)
          .append("\",")
          .append(i)
          .append(".5,old,city ")
          .append(i)
          .append(String.format(",2026-11-22 10:00:%02d,", i % 60))
          .append("a-")
          .append(i)
          .append(',')
          .append(i)
          .append('\n');
      b.append(1000 + i)
          .append(",b-")
          .append(i)
          .append(String.format(",2026-11-22 11:00:%02d,", i % 60))
          .append("town ")
          .append(i)
          .append(',')
          .append(i)
          .append(".75,memo ")
          .append(i)
          .append(",unused\n");
    }
    Files.writeString(dir.resolve("a.csv"), a);
    Files.writeString(dir.resolve("b.csv"), b);
    assertTrue(
        Files.size(dir.resolve("a.csv")) > 3 * 1024 && Files.size(dir.resolve("b.csv")) > 3 * 1024);

    // 1 KB splits: most map tasks start inside a file, far from its header line.
    org.apache.hadoop.conf.Configuration splitConf =
        new org.apache.hadoop.conf.Configuration(util.getConfiguration());
    org.hbulk.mappers.spec.LoadSpec.parse(spec.toString(), Files.readString(spec))
        .toConfiguration(splitConf);
    splitConf.setLong("mapreduce.input.fileinputformat.split.maxsize", 1024);
    org.apache.hadoop.mapreduce.Job splitJob =
        org.apache.hadoop.mapreduce.Job.getInstance(splitConf);
    org.apache.hadoop.mapreduce.lib.input.FileInputFormat.setInputPaths(
        splitJob, new Path(dir.toUri()));
    assertTrue(
        new org.hbulk.mappers.input.CsvInputFormat()
                .getSplits(splitJob).stream()
                    .filter(sp -> org.hbulk.mappers.input.CsvSplit.fileOf(sp).getStart() > 0)
                    .count()
            >= 4);
    assertEquals(
        0,
        hbulk(
            "load",
            "-D",
            "mapreduce.input.fileinputformat.split.maxsize=1024",
            "--spec",
            spec.toString(),
            "--input",
            dir.toUri().toString(),
            "--run-dir",
            "/runs/by-name"),
        err);
    assertTrue(
        err.contains("b.csv: column(s) extra of the header are not in [columns] and are not read"),
        err);
    Map<String, Map<String, Cell>> rows = scan(TableName.valueOf("it_by_name"));
    assertEquals(160, rows.size());
    for (int i = 0; i < 80; i++) {
      assertRow(
          rows,
          "a-" + i,
          i,
          at(2026, 11, 22, 10, 0, i % 60),
          Map.of(
              "user",
              text("a-" + i),
              "city",
              text("city " + i),
              "amount",
              Bytes.toBytes(i + 0.5),
              "note",
              text("note, " + i)));
      assertRow(
          rows,
          "b-" + i,
          1000 + i,
          at(2026, 11, 22, 11, 0, i % 60),
          Map.of(
              "user",
              text("b-" + i),
              "city",
              text("town " + i),
              "amount",
              Bytes.toBytes(i + 0.75),
              "note",
              text("memo " + i)));
    }
    RunState state =
        RunDirectory.at(util.getConfiguration(), new Path("/runs/by-name")).readState();
    assertEquals(160, state.counts().loaded());
    assertEquals(0, state.counts().rejected());
  }

  @Test
  void tableOutputEqualsTableSendsOnlyThatOutputThere() throws Exception {
    java.nio.file.Path spec = tmp.resolve("two-outputs.spec");
    Files.writeString(
        spec,
        "[columns]\nid = long\nuser = string\n"
            + "[output main]\ntable = it_t_main\nkey = \"m\" + id\ntimestamp = 5\nd:user = user\n"
            + "[output by_user]\ntable = it_t_idx\nkey = user\ntimestamp = 5\nd:id = id\n");
    assertEquals(
        0,
        hbulk(
            "create-table",
            "--spec",
            spec.toString(),
            "--table",
            "main=it_t_alt",
            "--table",
            "it_t_idx",
            "--single-region"),
        err);
    assertFalse(util.getAdmin().tableExists(TableName.valueOf("it_t_main")));
    java.nio.file.Path input = Files.writeString(tmp.resolve("two.csv"), "1,ann\n2,bob\n");
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec.toString(),
            "--table",
            "main=it_t_alt",
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/two-outputs"),
        err);
    assertEquals(java.util.Set.of("m1", "m2"), scan(TableName.valueOf("it_t_alt")).keySet());
    assertEquals(java.util.Set.of("ann", "bob"), scan(TableName.valueOf("it_t_idx")).keySet());
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk(
            "load",
            "--spec",
            spec.toString(),
            "--table",
            "it_t_alt",
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/two-outputs-plain"));
    assertTrue(err.contains("would send every output"), err);
  }

  private static void assertRow(
      Map<String, Map<String, Cell>> rows,
      String user,
      long id,
      long ts,
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
    try (Table t = util.getConnection().getTable(table);
        ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        Map<String, Cell> cells = new HashMap<>();
        for (Cell c : r.rawCells()) {
          assertNull(
              cells.put(Bytes.toString(CellUtil.cloneQualifier(c)), c), "one version per cell");
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
