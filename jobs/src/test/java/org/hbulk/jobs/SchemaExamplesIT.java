package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.load.PrepareCounts;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.mappers.expr.KeyText;
import org.junit.jupiter.api.Test;

/**
 * The seeds' schemas of conf/examples, each loaded in one job (several rows and tables per record),
 * every expected cell read back, and the report's per-table counts checked against scans. Expected
 * keys are built here with the JDK alone, not with hbulk's own expressions.
 */
class SchemaExamplesIT extends MiniClusterSupport {
  private static final Path EXAMPLES = Path.of("..", "conf", "examples");

  @Test
  void followGraphStoresEveryEdgeBothWaysAndExplainAnswersTheThreeQuestions() throws Exception {
    String spec = example("follow-graph.spec");
    assertEquals(
        0, hbulk("create-table", "--spec", spec, "--split-points", "\\x40,\\x80,\\xC0"), err);
    PrepareCounts counts = load(spec, "follow-graph.csv", "/runs/follow");
    List<String[]> edges =
        List.of(
            new String[] {"alice", "bob"},
            new String[] {"alice", "carol"},
            new String[] {"bob", "alice"},
            new String[] {"carol", "alice"},
            new String[] {"dave", "alice"},
            new String[] {"user, with comma", "bob"},
            new String[] {"李雷", "韩梅梅"});
    Map<String, Map<String, byte[]>> rows = scan("follows");
    assertEquals(2 * edges.size(), rows.size());
    for (String[] e : edges) {
      assertEquals(
          e[1],
          text(rows.get(hex(Bytes.add(md5(e[0]), Bytes.toBytes(">"), md5(e[1])))).get("f:u")));
      assertEquals(
          e[0],
          text(rows.get(hex(Bytes.add(md5(e[1]), Bytes.toBytes("<"), md5(e[0])))).get("f:u")));
    }
    assertEquals(Map.of("follows", 14L), counts.rowsByTable());
    assertEquals(Map.of("follows", 7L, "followed_by", 7L), counts.rowsByOutput());

    assertEquals(
        0, hbulk("explain", "--spec", spec, "--output", "follows", "--prefix", "a=alice"), err);
    assertEquals(new TreeSet<>(List.of("bob", "carol")), values("follows", "f:u"));
    assertEquals(
        0, hbulk("explain", "--spec", spec, "--output", "followed_by", "--prefix", "b=alice"), err);
    assertEquals(new TreeSet<>(List.of("bob", "carol", "dave")), values("follows", "f:u"));
    assertEquals(
        0, hbulk("explain", "--spec", spec, "--output", "follows", "--get", "a=alice,b=bob"), err);
    String get = out.lines().filter(l -> l.contains(" Get ")).findFirst().orElseThrow();
    byte[] key =
        Bytes.toBytesBinary(get.substring(get.indexOf(" Get ") + 5, get.indexOf("  (hex")));
    try (Table t = table("follows")) {
      assertTrue(t.exists(new Get(key)), "alice follows bob");
    }
  }

  @Test
  void metricsPackAnHourOfReadingsIntoOneRowWithOffsetQualifiers() throws Exception {
    String spec = example("metrics.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--split-points", "002"), err);
    PrepareCounts counts = load(spec, "metrics.csv", "/runs/metrics");
    Map<String, Map<String, byte[]>> rows = scan("tsdb");
    assertEquals(4, rows.size(), rows.keySet().toString());
    assertEquals(0, counts.duplicateKeyRows(), "shared rows are not duplicates");
    long[][] userdbReadings = {
      {1454557429L, 100}, {1454557489L, 120}, {1454558000L, 90}, {1454561000L, 5}
    };
    for (long[] r : userdbReadings) {
      long hour = r[0] - r[0] % 3600;
      Map<String, byte[]> row =
          rows.get(
              hex(
                  Bytes.add(
                      Bytes.toBytes("001"),
                      Bytes.toBytes((int) hour),
                      Bytes.toBytes("schema=userdb"))));
      assertArrayEquals(
          Bytes.toBytes((double) r[1]),
          row.get("t:" + Bytes.toStringBinary(Bytes.toBytes((short) (r[0] - hour)))),
          "reading at " + r[0]);
    }
    assertEquals(
        3,
        rows.get(
                hex(
                    Bytes.add(
                        Bytes.toBytes("001"),
                        Bytes.toBytes((int) 1454554800L),
                        Bytes.toBytes("schema=userdb"))))
            .size(),
        "three readings in the first hour, one row");
    assertArrayEquals(
        Bytes.toBytes(7.0),
        rows.get(
                hex(
                    Bytes.add(
                        Bytes.toBytes("001"),
                        Bytes.toBytes((int) 1454554800L),
                        Bytes.toBytes("schema=logdb"))))
            .get("t:" + Bytes.toStringBinary(Bytes.toBytes((short) 2629))));
    Map<String, byte[]> cpu =
        rows.get(
            hex(
                Bytes.add(
                    Bytes.toBytes("002"),
                    Bytes.toBytes((int) 1454554800L),
                    Bytes.toBytes("host=web01"))));
    assertArrayEquals(
        Bytes.toBytes(0.25), cpu.get("t:" + Bytes.toStringBinary(Bytes.toBytes((short) 2629))));
    assertArrayEquals(
        Bytes.toBytes(0.5), cpu.get("t:" + Bytes.toStringBinary(Bytes.toBytes((short) 2630))));
    assertEquals(Map.of("tsdb", 4L), counts.rowsByTable());
  }

  @Test
  void ordersAndTheirIndexTableInOneJob() throws Exception {
    String spec = example("orders-index.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--single-region"), err);
    PrepareCounts counts = load(spec, "orders-index.csv", "/runs/orders-index");
    Map<String, Map<String, byte[]>> main = scan("orders_main");
    Map<String, Map<String, byte[]>> index = scan("orders_index");
    String[][] orders = {
      {"201101", "u1", "10", "99.5", "20110101100000"},
      {"201102", "u2", "20", "5", "20110101100001"},
      {"201103", "u1", "10", "12.25", "20110101100002"},
      {"201104", "u3", "30", "7", "20110101100003"}
    };
    for (String[] o : orders) {
      Map<String, byte[]> row =
          main.get(hex(Bytes.toBytes(new StringBuilder(o[0]).reverse().toString())));
      assertEquals(o[1], text(row.get("info:user_id")));
      assertArrayEquals(Bytes.toBytes(Integer.parseInt(o[2])), row.get("info:city_id"));
      assertArrayEquals(Bytes.toBytes(Double.parseDouble(o[3])), row.get("info:amount"));
      assertEquals(
          o[0],
          text(index.get(hex(Bytes.toBytes(o[4] + "_" + o[0] + "_" + o[2]))).get("info:order_id")));
    }
    assertEquals(
        Map.of("orders_main", (long) main.size(), "orders_index", (long) index.size()),
        counts.rowsByTable());
    assertEquals(4, main.size());
  }

  @Test
  void studentsAndCoursesReferenceEachOther() throws Exception {
    String spec = example("students-courses.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--single-region"), err);
    PrepareCounts counts = load(spec, "students-courses.csv", "/runs/students");
    Map<String, Map<String, byte[]>> students = scan("students");
    Map<String, Map<String, byte[]>> courses = scan("courses");
    assertEquals(
        Map.of(
            "info:name", "王芳", "course:c02", "Distributed Systems, Part 1", "course:c03", "HBase"),
        texts(students.get(hex(Bytes.toBytes("3001s")))));
    assertEquals(
        Map.of(
            "info:name",
            "Ann",
            "course:c01",
            "Databases",
            "course:c02",
            "Distributed Systems, Part 1"),
        texts(students.get(hex(Bytes.toBytes("1001s")))));
    assertEquals(
        Map.of("info:name", "Bo", "course:c01", "Databases"),
        texts(students.get(hex(Bytes.toBytes("2001s")))));
    assertEquals(
        Map.of("info:title", "Databases", "student:s1001", "Ann", "student:s1002", "Bo"),
        texts(courses.get(hex(Bytes.toBytes("10c")))));
    assertEquals(
        Map.of(
            "info:title",
            "Distributed Systems, Part 1",
            "student:s1001",
            "Ann",
            "student:s1003",
            "王芳"),
        texts(courses.get(hex(Bytes.toBytes("20c")))));
    assertEquals(
        Map.of("info:title", "HBase", "student:s1003", "王芳"),
        texts(courses.get(hex(Bytes.toBytes("30c")))));
    assertEquals(Map.of("students", 3L, "courses", 3L), counts.rowsByTable());
    assertEquals(
        0, counts.collisions().cells(), "a repeated name with the same value is no collision");
  }

  @Test
  void logsByTimeAndByHostHourRows() throws Exception {
    String spec = example("logs-timeseries.spec");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--split-points", "04,08,12"), err);
    PrepareCounts counts = load(spec, "logs-timeseries.csv", "/runs/logs");
    List<String> lines =
        Files.readAllLines(EXAMPLES.resolve("data/logs-timeseries.csv"), StandardCharsets.UTF_8);
    Map<String, Map<String, byte[]>> byTime = scan("logs_by_time");
    Map<String, Map<String, byte[]>> byHost = scan("logs_by_host");
    Map<String, String> codes = Map.of("login", "1", "logout", "2", "error", "3");
    int cells = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", 5);
      long ts = Instant.parse(f[0]).toEpochMilli();
      String code = codes.getOrDefault(f[2], "9");
      String detail =
          f[4].startsWith("\"") ? f[4].substring(1, f[4].length() - 1).replace("\"\"", "\"") : f[4];
      Map<String, byte[]> row =
          byTime.get(hex(Bytes.toBytes(String.format("%02d%013d%s|%s", ts % 16, ts, f[1], code))));
      if (!detail.isEmpty()) {
        assertEquals(detail, text(row.get("l:detail")), line);
        cells++;
      }
      String[] ip = f[3].split("\\.");
      assertArrayEquals(
          new byte[] {
            (byte) Integer.parseInt(ip[0]),
            (byte) Integer.parseInt(ip[1]),
            (byte) Integer.parseInt(ip[2]),
            (byte) Integer.parseInt(ip[3])
          },
          row.get("l:ip"),
          line);
      long hour = ts / 3_600_000L * 3_600_000L;
      Map<String, byte[]> hourRow =
          byHost.get(
              hex(
                  Bytes.add(
                      Bytes.toBytes(f[1] + "|" + code + "|"), Bytes.toBytes((int) (hour / 1000)))));
      if (!detail.isEmpty()) {
        assertEquals(
            detail,
            text(hourRow.get("r:" + Bytes.toStringBinary(Bytes.toBytes((int) (ts - hour))))),
            line);
        cells++;
      }
    }
    assertEquals(6, byTime.size());
    assertEquals(
        8,
        RunDirectory.at(util.getConfiguration(), new org.apache.hadoop.fs.Path("/runs/logs"))
            .readState()
            .reducers(),
        "one reducer per region of both tables (4 + 4)");
    assertEquals(
        Map.of("logs_by_time", 6L, "logs_by_host", (long) byHost.size()), counts.rowsByTable());
    assertEquals(
        cells + byTime.size(), (int) (counts.cellsEmitted()), "detail cells + one ip per line");
  }

  @Test
  void aWideRowOfOneHundredThousandReadingsLoads() throws Exception {
    Path specFile = tmp.resolve("wide.spec");
    Files.writeString(
        specFile,
        "[columns]\nmetric = string\nts = timestamp(epoch-millis)\nvalue = long\n"
            + "[output points]\ntable = wide\nkey = metric + time_floor(ts, hour, seconds)\nshared-rows = true\n"
            + "timestamp = 1700000000000\nt:{time_offset(ts, hour, millis)} = binary(value)\n");
    Path csv = tmp.resolve("wide.csv");
    long hour = 1795334400000L;
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 100_000; i++) {
      b.append("m1,").append(hour + 36L * i).append(',').append(i).append('\n');
    }
    Files.writeString(csv, b);
    assertEquals(
        0, hbulk("create-table", "--table", "wide", "--family", "t", "--single-region"), err);
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            specFile.toString(),
            "--input",
            csv.toUri().toString(),
            "--run-dir",
            "/runs/wide"),
        err);
    try (Table t = table("wide")) {
      Result r =
          t.get(
              new Get(Bytes.add(Bytes.toBytes("m1"), Bytes.toBytes((int) (hour / 1000))))
                  .readAllVersions());
      assertEquals(100_000, r.size());
      NavigableMap<byte[], byte[]> cols = r.getFamilyMap(Bytes.toBytes("t"));
      for (int i = 0; i < 100_000; i += 997) {
        assertArrayEquals(Bytes.toBytes((long) i), cols.get(Bytes.toBytes(36 * i)), "reading " + i);
      }
    }
  }

  private PrepareCounts load(String spec, String data, String runDir) throws Exception {
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
    return RunDirectory.at(util.getConfiguration(), new org.apache.hadoop.fs.Path(runDir))
        .readState()
        .counts();
  }

  /** Every row as hex key -> "family:qualifier" (qualifier as Bytes.toStringBinary) -> value. */
  private static Map<String, Map<String, byte[]>> scan(String table) throws Exception {
    Map<String, Map<String, byte[]>> rows = new TreeMap<>();
    try (Table t = table(table);
        ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        Map<String, byte[]> cells = new TreeMap<>();
        for (Cell c : r.rawCells()) {
          cells.put(
              Bytes.toString(CellUtil.cloneFamily(c))
                  + ":"
                  + Bytes.toStringBinary(CellUtil.cloneQualifier(c)),
              CellUtil.cloneValue(c));
        }
        rows.put(hex(r.getRow()), cells);
      }
    }
    return rows;
  }

  /** The values of a column in the rows of the scans explain printed last. */
  private TreeSet<String> values(String table, String column) throws Exception {
    TreeSet<String> found = new TreeSet<>();
    String[] fq = column.split(":");
    try (Table t = table(table)) {
      for (String line : out.split("\n")) {
        String l = line.strip();
        if (l.startsWith("scan start ")) {
          String[] p = l.substring("scan start ".length()).split("  stop ");
          try (ResultScanner s =
              t.getScanner(
                  new Scan().withStartRow(KeyText.parse(p[0])).withStopRow(KeyText.parse(p[1])))) {
            for (Result r : s) {
              found.add(Bytes.toString(r.getValue(Bytes.toBytes(fq[0]), Bytes.toBytes(fq[1]))));
            }
          }
        }
      }
    }
    return found;
  }

  private static Map<String, String> texts(Map<String, byte[]> cells) {
    Map<String, String> t = new TreeMap<>();
    cells.forEach((k, v) -> t.put(k, text(v)));
    return t;
  }

  private static Table table(String name) throws Exception {
    return util.getConnection().getTable(TableName.valueOf(name));
  }

  private static byte[] md5(String s) throws Exception {
    return MessageDigest.getInstance("MD5").digest(s.getBytes(StandardCharsets.UTF_8));
  }

  private static String hex(byte[] b) {
    return Bytes.toHex(b);
  }

  private static String text(byte[] b) {
    return b == null ? null : Bytes.toString(b);
  }

  private static String example(String name) {
    return EXAMPLES.resolve(name).toAbsolutePath().toString();
  }
}
