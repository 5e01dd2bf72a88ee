package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.hbulk.mappers.expr.KeyText;
import org.junit.jupiter.api.Test;

/**
 * The key designs of conf/examples loaded on a mini cluster and read back with exactly the scans
 * {@code hbulk explain} prints.
 */
class KeyDesignIT extends MiniClusterSupport {
  private static final Path EXAMPLES = Path.of("..", "conf", "examples");
  private static final List<byte[][]> WHOLE_TABLE =
      List.<byte[][]>of(new byte[][] {new byte[0], new byte[0]});

  @Test
  void saltedEventsTimeRangeIsOneScanPerBucketAndFindsExactlyTheRangesRows() throws Exception {
    String spec = example("salted-events.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec), err);
    assertEquals(8, util.getAdmin().getRegions(TableName.valueOf("salted_events")).size());
    load(spec, "salted-events.csv", "/runs/salted");

    assertEquals(
        0, hbulk("explain", "--spec", spec, "--time-range", "ts=1454557420..1454557430"), err);
    List<byte[][]> scans = printedScans();
    assertEquals(8, scans.size(), out);
    List<String> rows = scanAll("salted_events", scans);

    TreeSet<String> expected = new TreeSet<>();
    for (String line : csv("salted-events.csv")) {
      String[] f = line.split(",");
      long ts = Long.parseLong(f[0]);
      if (ts >= 1454557420L && ts < 1454557430L) {
        expected.add(f[0] + "|" + f[1]);
      }
    }
    TreeSet<String> found = new TreeSet<>();
    for (String row : rows) {
      found.add(row.substring(row.indexOf('|') + 1));
    }
    assertEquals(30, expected.size());
    assertEquals(expected, found);
    assertEquals(rows.size(), found.size(), "no row twice");
  }

  @Test
  void reverseTimestampTimelineReadsNewestFirstWithThePrintedScans() throws Exception {
    String spec = example("user-timeline.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--split-points", "TheF,TheR"), err);
    load(spec, "user-timeline.csv", "/runs/timeline");

    assertEquals(0, hbulk("explain", "--spec", spec, "--prefix", "user=TheFakeMT"), err);
    assertEquals(
        List.of("last one", "and again", "again", "still me", "impostor here"),
        texts("timeline", printedScans()));

    assertEquals(
        0,
        hbulk(
            "explain",
            "--spec",
            spec,
            "--prefix",
            "user=Olivia",
            "--time-range",
            "ts=1454557422..1454557428"),
        err);
    assertEquals(List.of("walk", "reading", "tea"), texts("timeline", printedScans()));

    // Keys on the command line: \xHH in either case (lower case used to find 0 rows), and a row
    // key as scan prints it reads back to that row.
    for (String prefix : List.of("TheFakeMT#\\x7f", "TheFakeMT#\\x7F")) {
      assertEquals(
          0, hbulk("scan", "--table", "timeline", "--prefix", prefix, "--limit", "100"), err);
      assertTrue(out.strip().endsWith("(5 rows)"), prefix + ": " + out);
    }
    String printedRow =
        out.lines()
            .filter(l -> l.startsWith("TheFakeMT#"))
            .reduce((a, b) -> b)
            .orElseThrow()
            .split("  ")[0];
    assertEquals(
        0, hbulk("scan", "--table", "timeline", "--start-row", printedRow, "--limit", "1"), err);
    // The timeline holds more rows after it: the limit says so.
    assertTrue(
        out.startsWith(printedRow + "  ")
            && out.strip()
                .endsWith("(1 row, --limit 1 reached: more rows follow; --limit 0 prints all)"),
        out);
    assertEquals(
        ExitCode.USAGE.code(), hbulk("scan", "--table", "timeline", "--prefix", "TheFakeMT#\\x7"));
    assertTrue(err.startsWith("hbulk: --prefix 'TheFakeMT#\\x7': \\x at character 11"), err);
  }

  @Test
  void seed000DailyScanFromADateOn() throws Exception {
    String spec = example("md5-daily.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--split-points", "4,8,c"), err);
    load(spec, "md5-daily.csv", "/runs/daily");
    assertEquals(
        0,
        hbulk("explain", "--spec", spec, "--prefix", "user=aaa", "--time-range", "day=20190103.."),
        err);
    List<String> rows = scanAll("daily", printedScans());
    assertEquals(3, rows.size(), rows.toString());
    assertTrue(
        rows.get(0).endsWith("#20190103#101") && rows.get(2).endsWith("#20190105#431"),
        rows.toString());
  }

  @Test
  void duplicateKeysAreCountedInTheReport() throws Exception {
    String spec = example("letter-salt.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec), err);
    Path input = tmp.resolve("dupes.csv");
    Files.writeString(input, "foo0001,one\nfoo0002,two\nfoo0001,uno\nfoo0001,eins\n");
    assertEquals(
        ExitCode.COLLISIONS.code(),
        hbulk(
            "load",
            "--spec",
            spec,
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/dupes-fail"),
        err);
    assertTrue(err.contains("1 cell(s) in 1 row(s) collided"), err);
    assertEquals(
        0, scanAll("items", WHOLE_TABLE).size(), "collisions = fail (the default): nothing loaded");
    assertEquals(
        0,
        hbulk(
            "load",
            "-D",
            "hbulk.spec.load.collisions=keep-max-value",
            "--spec",
            spec,
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/dupes"),
        err);
    assertTrue(out.contains("1 row(s) written by more than one record (2 extra record(s))"), out);
    RunState state =
        RunDirectory.at(util.getConfiguration(), new org.apache.hadoop.fs.Path("/runs/dupes"))
            .readState();
    assertEquals(1, state.counts().duplicateKeyRows());
    assertEquals(2, state.counts().duplicateKeyRecords());
    assertEquals(
        1,
        state.counts().collisions().cells(),
        "three values for one cell are one conflicting cell");
    assertEquals(1, state.counts().collisions().rows());
    try (Table t = util.getConnection().getTable(TableName.valueOf("items"))) {
      byte[] row =
          scanAll("items", WHOLE_TABLE).stream()
              .filter(r -> r.endsWith("foo0001"))
              .map(Bytes::toBytesBinary)
              .findFirst()
              .orElseThrow();
      assertEquals(
          "uno",
          Bytes.toString(
              t.get(new org.apache.hadoop.hbase.client.Get(row))
                  .getValue(Bytes.toBytes("v"), Bytes.toBytes("value"))),
          "the greatest value: uno > one > eins");
    }
    assertEquals(
        0,
        hbulk(
            "load",
            "-D",
            "hbulk.spec.load.collisions=keep-min-value",
            "--spec",
            spec,
            "--input",
            input.toUri().toString(),
            "--run-dir",
            "/runs/dupes-min"),
        err);
    try (Table t = util.getConnection().getTable(TableName.valueOf("items"))) {
      byte[] row =
          scanAll("items", WHOLE_TABLE).stream()
              .filter(r -> r.endsWith("foo0001"))
              .map(Bytes::toBytesBinary)
              .findFirst()
              .orElseThrow();
      assertEquals(
          "eins",
          Bytes.toString(
              t.get(new org.apache.hadoop.hbase.client.Get(row))
                  .getValue(Bytes.toBytes("v"), Bytes.toBytes("value"))),
          "the smallest value, same timestamp: it replaces uno");
    }
  }

  private void load(String spec, String data, String runDir) {
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec,
            "--input",
            EXAMPLES.resolve("data").resolve(data).toAbsolutePath().toUri().toString(),
            "--run-dir",
            runDir),
        err);
  }

  /** The "scan start X stop Y" lines explain printed, as row keys. */
  private List<byte[][]> printedScans() {
    List<byte[][]> scans = new ArrayList<>();
    for (String line : out.split("\n")) {
      String l = line.strip();
      if (l.startsWith("scan start ")) {
        String[] parts = l.substring("scan start ".length()).split("  stop ");
        byte[] stop = parts[1].equals("(end of table)") ? new byte[0] : KeyText.parse(parts[1]);
        scans.add(
            new byte[][] {
              parts[0].equals("(start of table)") ? new byte[0] : KeyText.parse(parts[0]), stop
            });
      }
    }
    return scans;
  }

  private static List<String> scanAll(String table, List<byte[][]> scans) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Table t = util.getConnection().getTable(TableName.valueOf(table))) {
      for (byte[][] s : scans) {
        try (ResultScanner r = t.getScanner(new Scan().withStartRow(s[0]).withStopRow(s[1]))) {
          for (Result result : r) {
            rows.add(Bytes.toStringBinary(result.getRow()));
          }
        }
      }
    }
    return rows;
  }

  private static List<String> texts(String table, List<byte[][]> scans) throws Exception {
    List<String> texts = new ArrayList<>();
    try (Table t = util.getConnection().getTable(TableName.valueOf(table))) {
      for (byte[][] s : scans) {
        try (ResultScanner r = t.getScanner(new Scan().withStartRow(s[0]).withStopRow(s[1]))) {
          for (Result result : r) {
            texts.add(Bytes.toString(result.getValue(Bytes.toBytes("p"), Bytes.toBytes("text"))));
          }
        }
      }
    }
    return texts;
  }

  private static List<String> csv(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(EXAMPLES.resolve("data").resolve(name), StandardCharsets.UTF_8);
    return lines.subList(1, lines.size());
  }

  private static String example(String name) {
    return EXAMPLES.resolve(name).toAbsolutePath().toString();
  }
}
