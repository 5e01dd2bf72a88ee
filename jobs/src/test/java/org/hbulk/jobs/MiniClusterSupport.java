package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbulk.jobs.cli.Main;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * One HBase mini cluster (HDFS, ZooKeeper, master, region server) per test class, with hbulk's
 * command line run against it in-process; jobs run under the local job runner.
 */
abstract class MiniClusterSupport {
  @TempDir static Path tmp;

  static HBaseTestingUtility util;

  /** What the last {@link #hbulk} call printed. */
  String out;

  String err;

  /** Throws Throwable as a hiding {@code startCluster()} may (HBase's visibility client does). */
  @BeforeAll
  static void startCluster() throws Throwable {
    startCluster(conf -> {});
  }

  /**
   * Starts the class's cluster with {@code settings} applied before it starts: a class whose
   * cluster needs more (a coprocessor) declares its own {@code startCluster()}, which hides this
   * class's, and calls this.
   */
  static void startCluster(Consumer<Configuration> settings) throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    settings.accept(conf);
    conf.set("mapreduce.cluster.local.dir", tmp.resolve("mapred-local").toString());
    conf.setLong(HbulkConf.PROGRESS_INTERVAL_MS, 1000);
    // Not the default, relative to the working directory: the tests' nightly locks stay in their
    // temp dir.
    conf.set(HbulkConf.NIGHTLY_LOCK_DIR, tmp.resolve("nightly-locks").toString());
    util.startMiniCluster(1);
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (util != null) {
      util.shutdownMiniCluster();
      util = null;
    }
  }

  /** Runs one hbulk command line against the cluster; returns its exit code. */
  int hbulk(String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    int code =
        new Main(
                new Configuration(util.getConfiguration()),
                new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8))
            .run(args);
    out = o.toString(StandardCharsets.UTF_8);
    err = e.toString(StandardCharsets.UTF_8);
    return code;
  }

  /** Every cell of the table, every version, in the scan's order. */
  static List<CellView> cellViews(TableName name) throws IOException {
    try (Table table = util.getConnection().getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().readAllVersions())) {
      return CellView.all(scanner);
    }
  }

  /**
   * Every cell of the table, every version, as {@link CellView} prints it with the timestamp left
   * out (0), so that the same cells of two runs compare equal; fails on a cell whose timestamp is
   * not {@code runStart} (unless -1).
   */
  static List<String> cells(TableName name, long runStart) throws IOException {
    List<String> cells = new ArrayList<>();
    for (CellView c : cellViews(name)) {
      if (runStart >= 0) {
        assertEquals(runStart, c.ts(), "a cell of another run: " + c);
      }
      cells.add(c.withTs(0).toString());
    }
    return cells;
  }

  static int hfileCount(FileSystem fs, org.apache.hadoop.fs.Path hfiles) throws IOException {
    return files(fs, hfiles, path -> !path.contains("/_")).size();
  }

  static List<String> files(FileSystem fs, org.apache.hadoop.fs.Path dir, Predicate<String> wanted)
      throws IOException {
    List<String> found = new ArrayList<>();
    if (!fs.exists(dir)) {
      return found;
    }
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      String path = it.next().getPath().toString();
      if (wanted.test(path)) {
        found.add(path);
      }
    }
    return found;
  }
}
