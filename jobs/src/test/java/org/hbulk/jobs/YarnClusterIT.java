package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.TaskType;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster path: HDFS, YARN (MiniMRYarnCluster: an application master and tasks in their own
 * JVMs) and HBase mini clusters, with hbulk started from the built job jar the way {@code hadoop
 * jar} starts it ({@link JobJarProcess}). Slow on two cores, so this is the one test class on YARN;
 * the others use the local job runner.
 */
class YarnClusterIT {
  private static final byte[] D = Bytes.toBytes("d");
  private static final int ROWS = 3000;

  @TempDir static Path tmp;

  static HBaseTestingUtility util;

  @BeforeAll
  static void startClusters() throws Exception {
    util = new HBaseTestingUtility();
    util.getConfiguration()
        .set("mapreduce.cluster.local.dir", tmp.resolve("mapred-local").toString());
    util.startMiniCluster(1);
    util.startMiniMapReduceCluster();
    Configuration conf = util.getConfiguration();
    // Containers run on JDK 17 too: HBase in the tasks needs the same opens as everywhere else.
    String opts = "-Xmx512m " + System.getProperty("hbulk.jdk17.opens", "");
    conf.set("mapreduce.map.java.opts", opts);
    conf.set("mapreduce.reduce.java.opts", opts);
    conf.set("yarn.app.mapreduce.am.command-opts", opts);
  }

  @AfterAll
  static void stopClusters() throws Exception {
    if (util != null) {
      util.shutdownMiniMapReduceCluster();
      util.shutdownMiniCluster();
      util = null;
    }
  }

  @Test
  void aLoadRunsAsAYarnJobFromTheJobJarWritesHFilesOnHdfsAndEveryRowReadsBack() throws Exception {
    assertTrue(
        Files.isRegularFile(JobJarProcess.JOB_JAR), JobJarProcess.JOB_JAR + " was not built");
    Configuration conf = util.getConfiguration();
    assertEquals("yarn", conf.get("mapreduce.framework.name"));
    assertFalse(
        conf.getBoolean("mapreduce.job.ubertask.enable", false), "tasks get JVMs of their own");
    FileSystem hdfs = FileSystem.get(conf);
    assertEquals("hdfs", hdfs.getUri().getScheme());

    Map<Long, List<String>> expected = new HashMap<>();
    org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("/dumps/2026-11-22/orders.csv");
    try (OutputStream o = hdfs.create(input)) {
      o.write(csv(expected).getBytes(StandardCharsets.UTF_8));
    }
    Path spec = tmp.resolve("yarn-it.spec");
    Files.copy(Path.of("src/test/resources/yarn-it.spec"), spec);
    JobJarProcess hbulk = new JobJarProcess(conf, tmp, "1g");

    JobJarProcess.Run create = hbulk.run("create-table", "--spec", spec.toString());
    assertEquals(0, create.code(), create.err());
    TableName table = TableName.valueOf("yarn_orders");
    assertEquals(3, util.getAdmin().getRegions(table).size(), "one region per salt bucket");

    JobJarProcess.Run prepare =
        hbulk.run(
            "-D",
            "hbulk.hfiles.group=etl",
            "prepare",
            "--spec",
            spec.toString(),
            "--input",
            "/dumps/2026-11-22",
            "--run-dir",
            "/runs/yarn");
    assertEquals(0, prepare.code(), prepare.err());

    RunState state = RunDirectory.at(conf, new org.apache.hadoop.fs.Path("/runs/yarn")).readState();
    assertEquals(ROWS, state.counts().read());
    assertEquals(ROWS, state.counts().loaded());
    assertFalse(
        state.jobId().contains("local"), "a YARN job id, not the local runner's: " + state.jobId());
    Job job = new Cluster(conf).getJob(JobID.forName(state.jobId()));
    assertEquals(JobStatus.State.SUCCEEDED, job.getStatus().getState());
    assertEquals(
        3, job.getTaskReports(TaskType.REDUCE).length, "one reducer per region, run by YARN");

    List<FileStatus> hfiles =
        files(hdfs, new org.apache.hadoop.fs.Path("/runs/yarn/hfiles/yarn_orders/d"));
    assertEquals(3, hfiles.size(), "one HFile per region on HDFS: " + hfiles);
    for (FileStatus f : hfiles) {
      assertEquals("etl", f.getGroup(), f.toString());
      assertEquals("rw-rw----", f.getPermission().toString(), f.toString());
    }
    FileStatus dir = hdfs.getFileStatus(new org.apache.hadoop.fs.Path("/runs/yarn/hfiles"));
    assertEquals(
        "rwxrwx---",
        dir.getPermission().toString(),
        "group may move them, others may not even look");

    JobJarProcess.Run complete = hbulk.run("complete", "--run-dir", "/runs/yarn");
    assertEquals(0, complete.code(), complete.err());
    assertEquals(expected, readBack(table), "every row, every cell");
  }

  /**
   * ROWS records with quotes, commas, line breaks and non-ASCII text; their expected cells in
   * {@code expected}.
   */
  private static String csv(Map<Long, List<String>> expected) {
    StringBuilder b = new StringBuilder();
    String[] cities = {"Hangzhou", "北京", "São Paulo", "Zürich, CH"};
    for (long id = 1; id <= ROWS; id++) {
      String user = "u" + (id % 97);
      String city = cities[(int) (id % cities.length)];
      String note = id % 5 == 0 ? "said \"fragile\"" : id % 7 == 0 ? "two\nlines" : "n" + id;
      expected.put(id, List.of(user, city, note));
      b.append(id)
          .append(',')
          .append(user)
          .append(',')
          .append(quote(city))
          .append(',')
          .append(quote(note))
          .append('\n');
    }
    return b.toString();
  }

  private static String quote(String s) {
    return "\"" + s.replace("\"", "\"\"") + "\"";
  }

  private static Map<Long, List<String>> readBack(TableName name) throws IOException {
    Map<Long, List<String>> rows = new HashMap<>();
    try (Table t = util.getConnection().getTable(name);
        ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result r : scanner) {
        String key = Bytes.toString(r.getRow());
        long id = Long.parseLong(key.substring(key.lastIndexOf('|') + 1));
        rows.put(id, List.of(text(r, "user"), text(r, "city"), text(r, "note")));
      }
    }
    return rows;
  }

  private static String text(Result r, String qualifier) {
    return Bytes.toString(r.getValue(D, Bytes.toBytes(qualifier)));
  }

  private static List<FileStatus> files(FileSystem fs, org.apache.hadoop.fs.Path dir)
      throws IOException {
    List<FileStatus> out = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(dir, true);
    while (it.hasNext()) {
      out.add(it.next());
    }
    return out;
  }
}
