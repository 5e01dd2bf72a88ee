package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.local.QuietExit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * get, scan, count and describe on a small table loaded through a spec: three rows keyed {@code
 * user#reverse_ts(ts)} over two regions (split at {@code b}), plus one newer version of a cell.
 */
class ReadCommandsIT extends MiniClusterSupport {
  private static final TableName PAYS = TableName.valueOf("pays");

  /** ann at 2000 and at 1000 (newest first), then bob at 3000. */
  private static final String ANN_2000 = "ann#\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xF8/";

  private static final String ANN_1000 = "ann#\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xFC\\x17";
  private static final String BOB_3000 = "bob#\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xF4G";

  private static String spec;

  @BeforeAll
  static void loadTable() throws Exception {
    spec = Path.of(ReadCommandsIT.class.getResource("/pays-reverse-ts.spec").toURI()).toString();
    Path csv = Path.of(ReadCommandsIT.class.getResource("/pays-reverse-ts.csv").toURI());
    ReadCommandsIT setup = new ReadCommandsIT();
    assertEquals(0, setup.hbulk("create-table", "--spec", spec, "--split-points", "b"), setup.err);
    assertEquals(
        0,
        setup.hbulk(
            "load", "--spec", spec, "--input", csv.toUri().toString(), "--run-dir", "/runs/pays"),
        setup.err);
    try (Table t = util.getConnection().getTable(PAYS)) {
      byte[] row = Bytes.add(Bytes.toBytes("ann#"), Bytes.toBytes(Long.MAX_VALUE - 2000));
      t.put(
          new Put(row)
              .addColumn(Bytes.toBytes("d"), Bytes.toBytes("amount"), 2500L, Bytes.toBytes(2.5)));
    }
  }

  @Test
  void getByRawKeyPrintsTheNewestVersionOfEachCellRaw() {
    assertEquals(0, hbulk("get", "--table", "pays", "--key", ANN_2000), err);
    assertEquals(
        String.join(
            "\n",
            ANN_2000 + "  d:amount @2500 = @\\x04\\x00\\x00\\x00\\x00\\x00\\x00",
            ANN_2000 + "  d:user @2000 = ann",
            "(1 row)",
            ""),
        out);
  }

  @Test
  void getByKeyPartsThroughTheSpecDecodesKeyAndValues() {
    assertEquals(
        0, hbulk("get", "--spec", spec, "--key", "user=ann,ts=2000", "--versions", "2"), err);
    assertEquals(
        String.join(
            "\n",
            ANN_2000 + "  key: user=ann, reverse_ts(ts)=1970-01-01T00:00:02Z",
            ANN_2000 + "  d:amount @2500 = 2.5",
            ANN_2000 + "  d:amount @2000 = 2.25",
            ANN_2000 + "  d:user @2000 = ann",
            "(1 row)",
            ""),
        out);
  }

  @Test
  void getNarrowsByColumnTimeRangeAndTimestamp() {
    assertEquals(
        0,
        hbulk(
            "get",
            "--spec",
            spec,
            "--key",
            "user=ann,ts=2000",
            "--columns",
            "d:amount",
            "--time-range",
            "0..2500"),
        err);
    assertEquals(
        String.join(
            "\n",
            ANN_2000 + "  key: user=ann, reverse_ts(ts)=1970-01-01T00:00:02Z",
            ANN_2000 + "  d:amount @2000 = 2.25",
            "(1 row)",
            ""),
        out);
    assertEquals(0, hbulk("get", "--table", "pays", "--key", ANN_2000, "--timestamp", "2500"), err);
    assertEquals(
        ANN_2000 + "  d:amount @2500 = @\\x04\\x00\\x00\\x00\\x00\\x00\\x00\n(1 row)\n", out);
    assertEquals(0, hbulk("get", "--table", "pays", "--key", "nobody"), err);
    assertEquals("(0 rows)\n", out);
  }

  @Test
  void scanThroughTheSpecTakesKeyPartsAndReadsReversed() {
    assertEquals(
        0,
        hbulk(
            "scan", "--spec", spec, "--prefix", "user=ann", "--columns", "d:amount", "--reversed"),
        err);
    assertEquals(
        String.join(
            "\n",
            ANN_1000 + "  key: user=ann, reverse_ts(ts)=1970-01-01T00:00:01Z",
            ANN_1000 + "  d:amount @1000 = 1.5",
            ANN_2000 + "  key: user=ann, reverse_ts(ts)=1970-01-01T00:00:02Z",
            ANN_2000 + "  d:amount @2500 = 2.5",
            "(2 rows)",
            ""),
        out);
  }

  @Test
  void scanRawKeepsItsFormatAndTakesVersionsTimeRangeAndLimit() {
    assertEquals(
        0,
        hbulk(
            "scan",
            "--table",
            "pays",
            "--columns",
            "d:amount",
            "--versions",
            "3",
            "--time-range",
            "2000..",
            "--limit",
            "2"),
        err);
    assertEquals(
        String.join(
            "\n",
            ANN_2000 + "  d:amount @2500 = @\\x04\\x00\\x00\\x00\\x00\\x00\\x00",
            ANN_2000 + "  d:amount @2000 = @\\x02\\x00\\x00\\x00\\x00\\x00\\x00",
            BOB_3000 + "  d:amount @3000 = @$\\x00\\x00\\x00\\x00\\x00\\x00",
            "(2 rows)",
            ""),
        out);
    assertEquals(
        0, hbulk("scan", "--table", "pays", "--start-row", "b", "--columns", "d:user"), err);
    assertEquals(BOB_3000 + "  d:user @3000 = bob\n(1 row)\n", out);
  }

  @Test
  void countByTableAndRegionAsTextAndJson() throws Exception {
    List<HRegionLocation> regions = regions();
    String first = regions.get(0).getRegion().getEncodedName();
    String second = regions.get(1).getRegion().getEncodedName();
    assertEquals(0, hbulk("count", "--table", "pays"), err);
    assertEquals("pays: 3 rows\n", out);
    assertEquals(0, hbulk("count", "--table", "pays", "--regions"), err);
    assertEquals(
        String.join(
            "\n",
            "pays: 3 rows",
            "  region " + first + "  start ''  end 'b'  2 rows",
            "  region " + second + "  start 'b'  end ''  1 row",
            ""),
        out);

    assertEquals(0, hbulk("count", "--table", "pays", "--regions", "--json"), err);
    JsonSchemas.assertValid("count", out);
    JsonNode json = new ObjectMapper().readTree(out);
    assertEquals("pays", json.get("table").asText());
    assertEquals(3, json.get("rows").asLong());
    assertEquals(2, json.get("regions").size());
    JsonNode r0 = json.get("regions").get(0);
    assertEquals(first, r0.get("name").asText());
    assertEquals("", r0.get("start").asText());
    assertEquals("b", r0.get("end").asText());
    assertEquals(2, r0.get("rows").asLong());
    assertEquals(1, json.get("regions").get(1).get("rows").asLong());
  }

  @Test
  void describeListsFamilySettingsAndRegionsAsTextAndJson() throws Exception {
    util.flush(PAYS);
    List<HRegionLocation> regions = regions();
    String server = regions.get(0).getServerName().toString();
    assertEquals(0, hbulk("describe", "--table", "pays"), err);
    assertEquals(
        String.join(
            "\n",
            "table pays (enabled)",
            "families:",
            "  {NAME => 'd', VERSIONS => '3', MIN_VERSIONS => '0', TTL => 'FOREVER',"
                + " COMPRESSION => 'SNAPPY', DATA_BLOCK_ENCODING => 'FAST_DIFF', BLOOMFILTER => 'ROW',"
                + " BLOCKSIZE => '65536', IN_MEMORY => 'false', BLOCKCACHE => 'true',"
                + " REPLICATION_SCOPE => '0', KEEP_DELETED_CELLS => 'FALSE'}",
            "regions: 2",
            "  "
                + regions.get(0).getRegion().getEncodedName()
                + "  start ''  end 'b'  server "
                + server
                + "  store files 2  store file size 1 MB  memstore 0 MB",
            "  "
                + regions.get(1).getRegion().getEncodedName()
                + "  start 'b'  end ''  server "
                + server
                + "  store files 1  store file size 1 MB  memstore 0 MB",
            ""),
        out);

    assertEquals(0, hbulk("describe", "--table", "pays", "--json"), err);
    JsonSchemas.assertValid("describe", out);
    JsonNode json = new ObjectMapper().readTree(out);
    assertEquals("pays", json.get("table").asText());
    assertTrue(json.get("enabled").asBoolean());
    JsonNode d = json.get("families").get(0);
    assertEquals("d", d.get("name").asText());
    assertEquals(3, d.get("versions").asInt());
    assertTrue(d.get("ttl_seconds").isNull());
    assertEquals("SNAPPY", d.get("compression").asText());
    assertEquals("ROW", d.get("bloom_filter").asText());
    assertEquals(65536, d.get("block_size").asInt());
    assertEquals(0, d.get("replication_scope").asInt());
    JsonNode r1 = json.get("regions").get(1);
    assertEquals("b", r1.get("start").asText());
    assertEquals("", r1.get("end").asText());
    assertEquals(server, r1.get("server").asText());
    assertEquals(1, r1.get("store_files").asInt());
    assertEquals(1, r1.get("store_file_size_mb").asInt(), "a few kilobytes show as 1 MB");
  }

  @Test
  void everyReadCommandSaysATableIsMissingWithExit4AndABadOptionWithExit2() {
    for (List<String> args :
        List.of(
            List.of("get", "--table", "nope", "--key", "a"),
            List.of("scan", "--table", "nope"),
            List.of("count", "--table", "nope"),
            List.of("describe", "--table", "nope"))) {
      assertEquals(ExitCode.HBASE.code(), hbulk(args.toArray(String[]::new)), args + ": " + err);
      assertTrue(err.startsWith("hbulk: table nope does not exist in HBase"), err);
      List<String> bad = new java.util.ArrayList<>(args);
      bad.add("--no-such-option");
      assertEquals(ExitCode.USAGE.code(), hbulk(bad.toArray(String[]::new)), bad + ": " + err);
    }
    assertEquals(ExitCode.USAGE.code(), hbulk("get", "--spec", spec, "--key", "user=ann"), err);
    assertTrue(err.contains("a Get needs every column of the key; missing: ts"), err);
  }

  @Test
  void scanThroughTheSpecFansAPrefixOutOverTheSaltBucketsAndReversesTheWholeRead()
      throws Exception {
    Path specFile = tmp.resolve("buckets.spec");
    Files.writeString(
        specFile,
        String.join(
            "\n",
            "[columns]",
            "day = long",
            "id = string",
            "[output buckets]",
            "table = buckets",
            "key = salt(id, 4) + \"|\" + day + \"|\" + id",
            "timestamp = 1000",
            "b:id = id",
            ""),
        StandardCharsets.UTF_8);
    Path csv = tmp.resolve("buckets.csv");
    StringBuilder rows = new StringBuilder();
    for (char id = 'a'; id <= 'l'; id++) {
      rows.append(id % 2 == 0 ? 5 : 6).append(',').append(id).append('\n');
    }
    Files.writeString(csv, rows.toString(), StandardCharsets.UTF_8);
    String s = specFile.toString();
    assertEquals(0, hbulk("create-table", "--spec", s), err);
    assertEquals(
        0,
        hbulk("load", "--spec", s, "--input", csv.toUri().toString(), "--run-dir", "/runs/b"),
        err);

    assertEquals(0, hbulk("scan", "--spec", s, "--prefix", "day=6", "--limit", "0"), err);
    List<String> forward = out.lines().filter(l -> l.contains("  b:id @1000 = ")).toList();
    assertEquals(
        List.of("a", "c", "e", "g", "i", "k"),
        forward.stream().map(l -> l.substring(l.length() - 1)).sorted().toList(),
        out);
    for (int i = 1; i < forward.size(); i++) {
      assertTrue(forward.get(i - 1).compareTo(forward.get(i)) < 0, "key order: " + out);
    }
    assertTrue(out.endsWith("(6 rows)\n"), out);

    assertEquals(
        0, hbulk("scan", "--spec", s, "--prefix", "day=6", "--limit", "0", "--reversed"), err);
    List<String> backward = out.lines().filter(l -> l.contains("  b:id @1000 = ")).toList();
    List<String> reversed = new java.util.ArrayList<>(forward);
    java.util.Collections.reverse(reversed);
    assertEquals(reversed, backward);

    assertEquals(0, hbulk("scan", "--spec", s, "--prefix", "day=6", "--limit", "4"), err);
    assertEquals(forward.subList(0, 4), out.lines().filter(l -> l.contains(" b:id ")).toList());
    assertTrue(
        out.endsWith("(4 rows, --limit 4 reached: more rows follow; --limit 0 prints all)\n"),
        "a scan cut short by its limit says so: " + out);
    // Exactly as many rows as the buckets' scans hold: the last scans are looked into, none is
    // left.
    assertEquals(0, hbulk("scan", "--spec", s, "--prefix", "day=6", "--limit", "6"), err);
    assertTrue(out.endsWith("\n(6 rows)\n"), out);
  }

  private static List<HRegionLocation> regions() throws Exception {
    try (RegionLocator locator = util.getConnection().getRegionLocator(PAYS)) {
      return locator.getAllRegionLocations();
    }
  }

  /**
   * The guard of the quiet-exit shortcut ({@code QuietExit}): a command's connections run on
   * hbulk's event loop, which its exit stops (HBase's own, shared by the JVM, would hold the exit
   * 0.3 s).
   */
  @Test
  void aCommandsConnectionsRunOnHbulksEventLoop() {
    long handedOut = QuietExit.loopsHandedOut();
    assertEquals(0, hbulk("scan", "--table", "pays", "--limit", "1"), err);
    assertTrue(
        QuietExit.loopsHandedOut() > handedOut,
        "the command's connections did not use hbulk's event loop");
  }

  /**
   * The same guard: an open connection of a command's configuration closes its ZooKeeper session
   * once unused for a second (HBase's default keeps it a minute), so a command that ran a job has
   * no session left to close when it ends (its thread would hold the exit 0.3 s).
   */
  @Test
  void anIdleConnectionsZooKeeperSessionCloses() throws Exception {
    Configuration conf = new Configuration(util.getConfiguration());
    QuietExit.configure(conf);
    Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
    try (Connection connection = ConnectionFactory.createConnection(conf)) {
      // The connection read the cluster's id from ZooKeeper as it opened, through HBase's client
      // (the cluster's servers, in this JVM too, watch ZooKeeper through clients named otherwise).
      List<Thread> session =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> !before.contains(t))
              .filter(t -> t.getName().startsWith("ReadOnlyZKClient-"))
              .filter(t -> t.getName().contains("-SendThread("))
              .toList();
      assertFalse(session.isEmpty(), "no ZooKeeper session thread of the connection");
      for (Thread t : session) {
        t.join(20_000);
        assertFalse(t.isAlive(), t.getName() + " still open 20 s after its last use");
      }
    }
  }
}
