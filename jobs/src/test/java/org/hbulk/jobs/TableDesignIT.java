package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * create-table from a spec's settings and key design, idempotence, and split points that hold up
 * under a load.
 */
class TableDesignIT extends MiniClusterSupport {
  private static final String SETTINGS =
      """
      [table %s]
      split-policy     = KeyPrefix(4)
      max-filesize     = 20g
      major-compaction = off

      [family d]
      versions     = 3
      min-versions = 1
      ttl          = 3650d
      block-size   = 32k
      block-cache  = true
      in-memory    = true
      compression  = %s
      bloom        = ROW
      encoding     = FAST_DIFF
      """;

  private Path spec(String table, String compression) throws Exception {
    Path p = tmp.resolve(table + "-" + compression + ".spec");
    Files.writeString(
        p,
        "[columns]\nid = long\nuser = string\n[output o]\ntable = "
            + table
            + "\nkey = salt(user, 4) + user + \"|\" + id\ntimestamp = 1700000000000\nd:u = user\n\n"
            + SETTINGS.formatted(table, compression));
    return p;
  }

  @Test
  void zstdRowBloomTableHasEverySettingTakesABulkLoadAndReadsBack() throws Exception {
    Path spec = spec("design_zstd", "ZSTD");
    assertEquals(0, hbulk("create-table", "--spec", spec.toString()), err);
    TableDescriptor t = util.getAdmin().getDescriptor(TableName.valueOf("design_zstd"));
    ColumnFamilyDescriptor d = t.getColumnFamily(Bytes.toBytes("d"));
    assertEquals(Compression.Algorithm.ZSTD, d.getCompressionType());
    assertEquals(BloomType.ROW, d.getBloomFilterType());
    assertEquals(DataBlockEncoding.FAST_DIFF, d.getDataBlockEncoding());
    assertEquals(3, d.getMaxVersions());
    assertEquals(1, d.getMinVersions());
    assertEquals(3650 * 86400, d.getTimeToLive());
    assertEquals(32 * 1024, d.getBlocksize());
    assertTrue(d.isBlockCacheEnabled() && d.isInMemory());
    assertEquals(
        "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy",
        t.getRegionSplitPolicyClassName());
    assertEquals("4", t.getValue("KeyPrefixRegionSplitPolicy.prefix_length"));
    assertEquals(20L << 30, t.getMaxFileSize());
    assertEquals("0", t.getValue("hbase.hregion.majorcompaction"));
    assertEquals(4, util.getAdmin().getRegions(TableName.valueOf("design_zstd")).size());

    Path csv = tmp.resolve("zstd.csv");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      b.append(i).append(",user").append(i % 97).append('\n');
    }
    Files.writeString(csv, b);
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec.toString(),
            "--input",
            csv.toUri().toString(),
            "--run-dir",
            "/runs/zstd"),
        err);
    assertEquals(2000, count("design_zstd"));
  }

  @Test
  void createTableIsIdempotentAndRefusesAChangedSpecUnlessAsked() throws Exception {
    Path spec = spec("design_idem", "GZ");
    assertEquals(0, hbulk("create-table", "--spec", spec.toString()), err);
    assertEquals(0, hbulk("create-table", "--spec", spec.toString()), err);
    assertTrue(out.contains("exists and matches the spec; nothing to do"), out);
    assertEquals(0, hbulk("create-table", "--spec", spec.toString(), "--json"), err);
    JsonSchemas.assertValid("create-table", out);
    JsonNode same = new ObjectMapper().readTree(out);
    assertEquals("UNCHANGED", same.at("/tables/0/outcome").asText(), out);
    assertFalse(same.get("refused").asBoolean(), out);

    Path changed = spec("design_idem", "SNAPPY");
    Files.writeString(
        changed, Files.readString(changed).replace("versions     = 3", "versions     = 5"));
    assertEquals(ExitCode.HBASE.code(), hbulk("create-table", "--spec", changed.toString()));
    assertTrue(out.contains("family d: COMPRESSION GZ -> SNAPPY"), out);
    assertTrue(out.contains("family d: VERSIONS 3 -> 5"), out);
    assertTrue(err.contains("run again with --alter"), err);
    assertEquals(
        ExitCode.HBASE.code(), hbulk("create-table", "--spec", changed.toString(), "--json"));
    JsonSchemas.assertValid("create-table", out);
    JsonNode differs = new ObjectMapper().readTree(out);
    assertEquals("DIFFERS", differs.at("/tables/0/outcome").asText(), out);
    assertTrue(differs.get("refused").asBoolean(), out);
    assertTrue(
        differs.at("/tables/0/differences").toString().contains("COMPRESSION GZ -> SNAPPY"), out);
    assertEquals(
        Compression.Algorithm.GZ,
        util.getAdmin()
            .getDescriptor(TableName.valueOf("design_idem"))
            .getColumnFamily(Bytes.toBytes("d"))
            .getCompressionType(),
        "nothing changed");

    assertEquals(0, hbulk("create-table", "--spec", changed.toString(), "--alter"), err);
    ColumnFamilyDescriptor d =
        util.getAdmin()
            .getDescriptor(TableName.valueOf("design_idem"))
            .getColumnFamily(Bytes.toBytes("d"));
    assertEquals(Compression.Algorithm.SNAPPY, d.getCompressionType());
    assertEquals(5, d.getMaxVersions());
    assertEquals(0, hbulk("create-table", "--spec", changed.toString()), err);
    assertTrue(out.contains("nothing to do"), out);
  }

  @Test
  void sequentialIdsWithSampledSplitPointsLoadEvenlyAndATimeFirstKeyPilesIntoTheLastRegion()
      throws Exception {
    Path spec = tmp.resolve("seq.spec");
    Files.writeString(
        spec,
        "[columns]\nid = long\nts = timestamp(epoch-millis)\n[output o]\ntable = seq\n"
            + "key = dec(ts, 13) + dec(id, 10)\ntimestamp = 1700000000000\nd:i = id\n[family d]\ncompression = NONE\n");
    Path day1 = tmp.resolve("day1.csv");
    Path day2 = tmp.resolve("day2.csv");
    StringBuilder b1 = new StringBuilder();
    StringBuilder b2 = new StringBuilder();
    long ts = 1_795_334_400_000L;
    for (int i = 0; i < 40_000; i++) {
      (i < 20_000 ? b1 : b2).append(i).append(',').append(ts + 1000L * i).append('\n');
    }
    Files.writeString(day1, b1);
    Files.writeString(day2, b2);
    assertEquals(
        0,
        hbulk(
            "create-table",
            "--spec",
            spec.toString(),
            "--input",
            day1.toUri().toString(),
            "--regions",
            "16"),
        err);
    assertTrue(out.contains("16 regions cut at byte quantiles"), out);
    assertEquals(
        0,
        hbulk(
            "load",
            "--spec",
            spec.toString(),
            "--input",
            day1.toUri().toString(),
            "--run-dir",
            "/runs/seq1"),
        err);
    List<Long> rows = rowsPerRegion("seq");
    assertEquals(16, rows.size());
    long max = rows.stream().mapToLong(Long::longValue).max().orElseThrow();
    double mean = rows.stream().mapToLong(Long::longValue).sum() / 16.0;
    assertTrue(max / mean <= 1.20, "rows per region " + rows + ": max/mean " + max / mean);
    System.out.printf(
        "sampled split points, 16 regions, 20,000 sequential rows loaded: max/mean %.3f %s%n",
        max / mean, rows);

    // The next day's keys all sort after the last split point: analyze shows it against the table.
    assertEquals(
        0,
        hbulk(
            "analyze", "--spec", spec.toString(), "--input", day2.toUri().toString(), "--current"),
        err);
    assertTrue(out.contains("skew (max/mean) rows 16.00"), out);
    assertTrue(out.contains("HOTSPOT"), out);
  }

  private static List<Long> rowsPerRegion(String table) throws Exception {
    List<Long> rows = new ArrayList<>();
    try (Table t = util.getConnection().getTable(TableName.valueOf(table))) {
      for (RegionInfo r : util.getAdmin().getRegions(TableName.valueOf(table))) {
        long n = 0;
        try (ResultScanner s =
            t.getScanner(new Scan().withStartRow(r.getStartKey()).withStopRow(r.getEndKey()))) {
          while (s.next() != null) {
            n++;
          }
        }
        rows.add(n);
      }
    }
    return rows;
  }

  /**
   * This cluster's region servers do not replicate bulk loads (HBase's default), so a family with
   * replication scope on would get the load here and never on a peer: a warning before anything is
   * written, exit 18 with --strict, checked again by a separate complete.
   */
  @Test
  void aReplicatedFamilyIsWarnedOfAndStrictStopsBeforeAnythingIsWritten() throws Exception {
    Path spec = spec("design_repl", "NONE");
    assertEquals(0, hbulk("create-table", "--spec", spec.toString()), err);
    TableName table = TableName.valueOf("design_repl");
    scope(table, HConstants.REPLICATION_SCOPE_GLOBAL);
    Path csv = tmp.resolve("repl.csv");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 500; i++) {
      b.append(i).append(",user").append(i % 31).append('\n');
    }
    Files.writeString(csv, b);
    String input = csv.toUri().toString();
    String warning =
        "table design_repl replicates family d (REPLICATION_SCOPE on), but region server(s) ";
    FileSystem fs = util.getTestFileSystem();

    assertEquals(ExitCode.STRICT.code(), strictLoad(spec, input, "/runs/repl-strict"));
    assertTrue(err.contains(warning) && err.contains("do not replicate bulk loads"), err);
    assertTrue(err.contains("Stopped before writing or loading anything (--strict)"), err);
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/runs/repl-strict")), "no run directory");
    assertEquals(0, count("design_repl"));

    assertEquals(
        0,
        hbulk("prepare", "--spec", spec.toString(), "--input", input, "--run-dir", "/runs/repl"));
    assertTrue(err.contains("hbulk: WARNING: " + warning), err);
    assertEquals(ExitCode.STRICT.code(), hbulk("complete", "--strict", "--run-dir", "/runs/repl"));
    assertTrue(err.contains(warning), err);
    assertEquals(0, count("design_repl"), "complete --strict loaded nothing");
    assertEquals(0, hbulk("complete", "--run-dir", "/runs/repl"), err);
    assertTrue(err.contains("hbulk: WARNING: " + warning), err);
    assertEquals(500, count("design_repl"), "without --strict the load goes on, warned");

    scope(table, HConstants.REPLICATION_SCOPE_LOCAL);
    assertEquals(0, strictLoad(spec, input, "/runs/repl-local"), err);
    assertFalse(err.contains("replicates famil"), "a family that does not replicate: " + err);
  }

  private int strictLoad(Path spec, String input, String runDir) {
    return hbulk(
        "load", "--strict", "--spec", spec.toString(), "--input", input, "--run-dir", runDir);
  }

  private static void scope(TableName table, int scope) throws Exception {
    ColumnFamilyDescriptor d =
        util.getAdmin().getDescriptor(table).getColumnFamily(Bytes.toBytes("d"));
    util.getAdmin()
        .modifyColumnFamily(
            table, ColumnFamilyDescriptorBuilder.newBuilder(d).setScope(scope).build());
  }

  private static long count(String table) throws Exception {
    return rowsPerRegion(table).stream().mapToLong(Long::longValue).sum();
  }
}
