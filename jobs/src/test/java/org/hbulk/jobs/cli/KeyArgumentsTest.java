package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.mappers.expr.KeyText;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row keys on the command line (\xHH in either case, bad escapes refused) and the explain scans
 * that cannot be exact, without a cluster: printed scans are checked against the keys in memory.
 */
class KeyArgumentsTest extends CommandLineTest {
  @TempDir Path tmp;

  private String spec(String columns, String key) throws Exception {
    Path spec = tmp.resolve("k" + Math.abs(key.hashCode()) + ".spec");
    Files.writeString(
        spec,
        "[columns]\n"
            + columns
            + "\n[output o]\ntable = t\nkey = "
            + key
            + "\nf:a = "
            + columns.split(" ")[0]
            + "\n");
    return spec.toString();
  }

  /** Where nothing listens: a command that reaches for HBase fails with 4 instead of hanging. */
  private static String[] noHBase() throws Exception {
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return new String[] {
        "-D",
        "hbase.zookeeper.quorum=127.0.0.1",
        "-D",
        "hbase.zookeeper.property.clientPort=" + s.getLocalPort()
      };
    }
  }

  @Test
  void explainDecodeReadsHexInEitherCase() throws Exception {
    String spec = spec("id = int\nu = string", "binary(id) + u");
    for (String key : List.of("\\x00\\x00\\x00\\x0abob", "\\x00\\x00\\x00\\x0Abob")) {
      assertEquals(0, hbulk("explain", "--spec", spec, "--decode", key), err);
      assertTrue(
          out.matches("(?s).*binary\\(id\\)\\s+\\\\x00\\\\x00\\\\x00\\\\x0A\\s+10\\n.*"), out);
      assertTrue(out.matches("(?s).*\\n\\s+u\\s+bob\\s+bob\\n.*"), out);
    }
  }

  @Test
  void aBadEscapeInAnyKeyOptionIsAUsageErrorNamingTheOptionAndPosition() throws Exception {
    String spec = spec("id = int\nu = string", "binary(id) + u");
    assertEquals(ExitCode.USAGE.code(), hbulk("explain", "--spec", spec, "--decode", "ab\\xzz"));
    assertEquals(
        "hbulk: --decode 'ab\\xzz': \\x at character 3 must be followed by two hex digits"
            + " (0-9, a-f or A-F), not 'zz'; write \\\\ for a backslash",
        err.strip());
    String[] d = noHBase();
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("scan", d[0], d[1], d[2], d[3], "--table", "t", "--prefix", "u\\x0g"));
    assertTrue(err.startsWith("hbulk: --prefix 'u\\x0g': \\x at character 2"), err);
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("scan", d[0], d[1], d[2], d[3], "--table", "t", "--stop-row", "a\\b"));
    assertTrue(
        err.startsWith("hbulk: --stop-row 'a\\b': the backslash at character 2 must start \\xHH"),
        err);
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk(
            "create-table",
            d[0],
            d[1],
            d[2],
            d[3],
            "--table",
            "t",
            "--family",
            "f",
            "--split-points",
            "a,\\xZ1"));
    assertTrue(
        err.startsWith(
            "hbulk: bad split points: --split-points entry 2 '\\xZ1': \\x at character 1"),
        err);
    Path points = tmp.resolve("points.txt");
    Files.writeString(points, "a\n\nb\\x4\n");
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk(
            "create-table",
            d[0],
            d[1],
            d[2],
            d[3],
            "--table",
            "t",
            "--family",
            "f",
            "--split-points-file",
            points.toString()));
    assertTrue(
        err.startsWith("hbulk: bad split points: --split-points-file " + points + ":3 'b\\x4'"),
        err);
  }

  /** The row keys of records whose first column takes each value, sorted as HBase stores them. */
  private static TreeSet<byte[]> keys(String spec, List<String> firstColumns) throws Exception {
    LoadSpec loaded = LoadSpec.parse("t.spec", Files.readString(Path.of(spec)));
    TreeSet<byte[]> keys = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    for (String first : firstColumns) {
      Record r = new Record(loaded.columns());
      r.load(List.of(first.split(",", -1)));
      ByteBuilder b = new ByteBuilder();
      loaded.outputs().get(0).key().appendTo(r, b);
      keys.add(b.toArray());
    }
    return keys;
  }

  /** The rows among {@code keys} that the scans explain printed return. */
  private TreeSet<String> scanned(TreeSet<byte[]> keys) {
    TreeSet<String> found = new TreeSet<>();
    for (String line : out.split("\n")) {
      if (line.startsWith("  scan start ")) {
        String[] ends = line.substring("  scan start ".length()).split("  stop ");
        byte[] start = ends[0].equals("(start of table)") ? new byte[0] : KeyText.parse(ends[0]);
        byte[] stop = KeyText.parse(ends[1]);
        assertTrue(Bytes.compareTo(start, stop) < 0, line);
        keys.subSet(start, stop).forEach(k -> found.add(KeyText.format(k)));
      }
    }
    return found;
  }

  @Test
  void aTimeRangeOverNumbersWrittenAsTextWarnsAndItsScansFindEveryRow() throws Exception {
    String spec = spec("ts = long", "salt(ts, 8) + \"|\" + ts");
    List<String> values = new java.util.ArrayList<>();
    for (int ts = 1; ts <= 20; ts++) {
      values.add(Integer.toString(ts));
    }
    TreeSet<byte[]> keys = keys(spec, values);
    assertEquals(0, hbulk("explain", "--spec", spec, "--time-range", "ts=5..15"), err);
    assertTrue(
        out.contains("warning: [output o] the key writes ts as decimal text of varying width"),
        out);
    assertTrue(
        out.contains("[output o] time range ts=5..15: 16 scan(s), not exact (see the warnings)"),
        out);
    assertTrue(
        out.contains(
            "warning: [output o] time range ts=5..15: not exact: ts is written as decimal text of varying"
                + " width"),
        out);
    assertTrue(out.contains("dec(ts, 19) or sortable(ts)"), out);
    TreeSet<String> found = new TreeSet<>();
    for (String k : scanned(keys)) {
      found.add(k.substring(k.indexOf('|') + 1));
    }
    assertEquals(
        new TreeSet<>(List.of("5", "6", "7", "8", "9", "10", "11", "12", "13", "14")), found);
  }

  @Test
  void aPrefixOverTextWithNoSeparatorWarnsOfOtherUsersRows() throws Exception {
    String spec = spec("user = string\nts = long", "user + reverse_ts(ts)");
    TreeSet<byte[]> keys = keys(spec, List.of("TheFakeMT,3", "TheFakeMT2,4", "TheRealMT,1"));
    assertEquals(0, hbulk("explain", "--spec", spec, "--prefix", "user=TheFakeMT"), err);
    assertTrue(
        out.contains(
            "warning: [output o] user has no fixed width and is followed by reverse_ts(ts) with no"
                + " separator"),
        out);
    assertTrue(
        out.contains(
            "warning: [output o] prefix {user=TheFakeMT}: not exact: user is text of varying width"
                + " with no separator after it, so these scans also return the rows of every user that starts with"
                + " 'TheFakeMT' (such as 'TheFakeMT2')"),
        out);
    assertEquals(2, scanned(keys).size(), "the warning is true: TheFakeMT2's row is in the scan");

    String separated = spec("user = string\nts = long", "user + \"#\" + reverse_ts(ts)");
    assertEquals(0, hbulk("explain", "--spec", separated, "--prefix", "user=TheFakeMT"), err);
    assertTrue(out.contains("prefix {user=TheFakeMT}: 1 scan(s), exact"), out);
    assertTrue(!out.contains("warning"), out);
  }
}
