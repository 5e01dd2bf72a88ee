package org.hbulk.jobs;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
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
  @TempDir
  static Path tmp;

  static HBaseTestingUtility util;

  /** What the last {@link #hbulk} call printed. */
  String out;
  String err;

  @BeforeAll
  static void startCluster() throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set("mapreduce.cluster.local.dir", tmp.resolve("mapred-local").toString());
    conf.setLong(HbulkConf.PROGRESS_INTERVAL_MS, 1000);
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
    int code = new Main(new Configuration(util.getConfiguration()),
        new PrintStream(o, true, StandardCharsets.UTF_8), new PrintStream(e, true, StandardCharsets.UTF_8))
        .run(args);
    out = o.toString(StandardCharsets.UTF_8);
    err = e.toString(StandardCharsets.UTF_8);
    return code;
  }
}
