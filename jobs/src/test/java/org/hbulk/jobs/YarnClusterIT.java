package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskType;
import org.hbulk.jobs.cluster.ClusterTuning;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunPaths;
import org.hbulk.jobs.load.RunState;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.FastHFileWriting;
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
    // These region servers replicate bulk loads, so a family with replication scope on loads
    // without ReplicationCheck's warning (TableDesignIT has servers that do not).
    util.getConfiguration().setBoolean("hbase.replication.bulkload.enabled", true);
    util.getConfiguration().set("hbase.replication.cluster.id", "hbulk-yarn-it");
    util.startMiniCluster(1);
    util.startMiniMapReduceCluster();
    Configuration conf = util.getConfiguration();
    // Containers run on JDK 17 too: HBase in the tasks needs the same opens as everywhere else.
    // They go where a cluster's administrators put them (after Hadoop's own admin options), so
    // that the task options and the reduce containers are hbulk's cluster defaults, as on a
    // cluster whose users set neither.
    String opens = System.getProperty("hbulk.jdk17.opens", "");
    String admin = MRJobConfig.DEFAULT_MAPRED_ADMIN_JAVA_OPTS + " " + opens;
    conf.set(MRJobConfig.MAPRED_MAP_ADMIN_JAVA_OPTS, admin);
    conf.set(MRJobConfig.MAPRED_REDUCE_ADMIN_JAVA_OPTS, admin);
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, "-Xmx512m " + opens);
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
            // Fewer reducers than the 3 regions: one of them writes two regions.
            "-D",
            "hbulk.cluster.reducers=2",
            "prepare",
            "--spec",
            spec.toString(),
            "--input",
            "/dumps/2026-11-22",
            "--run-dir",
            "/runs/yarn");
    assertEquals(0, prepare.code(), prepare.err());
    Set<String> ran = shortcutsRan(prepare.out());
    for (String shortcut :
        List.of(
            ClusterTuning.REDUCERS,
            ClusterTuning.CODEC,
            ClusterTuning.REDUCE_MEMORY,
            ClusterTuning.SPLIT_SIZE,
            ClusterTuning.TASK_JVM,
            ClusterTuning.REDUCE_INPUT_IN_MEMORY,
            // The HFile writer in HBase's package works in a task JVM started from the job jar.
            FastHFileWriting.NAME)) {
      assertTrue(ran.contains(shortcut), shortcut + " ran: " + prepare.out());
    }

    RunState state = RunDirectory.at(conf, new org.apache.hadoop.fs.Path("/runs/yarn")).readState();
    assertEquals(ROWS, state.counts().read());
    assertEquals(ROWS, state.counts().loaded());
    assertFalse(
        state.jobId().contains("local"), "a YARN job id, not the local runner's: " + state.jobId());
    Job job = new Cluster(conf).getJob(JobID.forName(state.jobId()));
    assertEquals(JobStatus.State.SUCCEEDED, job.getStatus().getState());
    assertEquals(2, job.getTaskReports(TaskType.REDUCE).length, "two reducers, run by YARN");
    // The job as YARN ran it: hbulk's cluster defaults reached the tasks' containers.
    Configuration ranWith = jobConfiguration(conf, JobID.forName(state.jobId()));
    assertEquals(
        HbulkConf.CLUSTER_REDUCE_MEMORY_MB_DEFAULT,
        ranWith.getInt(MRJobConfig.REDUCE_MEMORY_MB, 0));
    for (String opts : List.of(MRJobConfig.MAP_JAVA_OPTS, MRJobConfig.REDUCE_JAVA_OPTS)) {
      assertEquals(HbulkConf.CLUSTER_TASK_JAVA_OPTS_DEFAULT, ranWith.get(opts), opts);
    }
    assertEquals("true", ranWith.get(MRJobConfig.MAP_OUTPUT_COMPRESS), "map output compressed");
    Counters counters = job.getCounters();
    assertEquals(
        counters.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
        counters.findCounter(TaskCounter.SPILLED_RECORDS).getValue(),
        "each record written to disk once, by its map: the reducers kept their input in memory"
            + " (hbulk.cluster.reduce-input-in-memory)");

    List<FileStatus> hfiles =
        files(hdfs, new org.apache.hadoop.fs.Path("/runs/yarn/hfiles/yarn_orders/d"));
    assertEquals(3, hfiles.size(), "one HFile per region on HDFS: " + hfiles);
    byte[][] starts;
    try (RegionLocator locator = util.getConnection().getRegionLocator(table)) {
      starts = locator.getStartKeys();
    }
    Set<Integer> regionsWritten = new HashSet<>();
    for (FileStatus f : hfiles) {
      assertEquals("etl", f.getGroup(), f.toString());
      assertEquals("rw-rw----", f.getPermission().toString(), f.toString());
      try (HFile.Reader reader =
          HFile.createReader(hdfs, f.getPath(), CacheConfig.DISABLED, true, conf)) {
        int first = regionOf(starts, reader.getFirstRowKey().get());
        assertEquals(
            first,
            regionOf(starts, reader.getLastRowKey().get()),
            f.getPath() + " spans two regions: BulkLoadHFiles would have to split it");
        regionsWritten.add(first);
      }
    }
    assertEquals(Set.of(0, 1, 2), regionsWritten, "a file in each region");
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
   * ImportTsv's command line, with only the program changed, through the job jar on YARN: a missing
   * table created for the bulk output, the HFiles left on HDFS for completebulkload.
   */
  @Test
  void importTsvsOptionsRunThroughTheJobJarOnYarn() throws Exception {
    Configuration conf = util.getConfiguration();
    FileSystem hdfs = FileSystem.get(conf);
    org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("/dumps/itsv/users.tsv");
    StringBuilder tsv = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      tsv.append(String.format(Locale.ROOT, "u%04d\t%d\tname %d%n", i, 1000 + i, i));
    }
    try (OutputStream o = hdfs.create(input)) {
      o.write(tsv.toString().getBytes(StandardCharsets.UTF_8));
    }
    JobJarProcess hbulk = new JobJarProcess(conf, tmp, "1g");
    JobJarProcess.Run run =
        hbulk.run(
            "importtsv",
            "-Dimporttsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:name",
            "-Dimporttsv.bulk.output=/itsv/hfiles",
            "yarn_users",
            "/dumps/itsv");
    assertEquals(0, run.code(), run.err());
    TableName table = TableName.valueOf("yarn_users");
    assertTrue(util.getAdmin().getRegions(table).size() > 1, "pre-split from a sample");
    assertFalse(files(hdfs, new org.apache.hadoop.fs.Path("/itsv/hfiles/d")).isEmpty());
    BulkLoadHFiles.create(conf).bulkLoad(table, new org.apache.hadoop.fs.Path("/itsv/hfiles"));
    int cells = 0;
    try (Table t = util.getConnection().getTable(table);
        ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result r : scanner) {
        int i = Integer.parseInt(Bytes.toString(r.getRow()).substring(1));
        Cell c = r.getColumnLatestCell(D, Bytes.toBytes("name"));
        assertEquals(1000 + i, c.getTimestamp());
        assertEquals("name " + i, Bytes.toString(CellUtil.cloneValue(c)));
        cells += r.size();
      }
    }
    assertEquals(300, cells);
  }

  /**
   * What an operator schedules on an edge node, through the scripts and the job jar: {@code
   * create-table.sh}, {@code nightly-load.sh} for a date, the same date again (already loaded: 10),
   * then {@code hadoop jar ... verify}. The scripts find a Hadoop client on PATH and choose {@code
   * hadoop jar} themselves. This machine has no Hadoop distribution, so {@code bin/hadoop} and
   * {@code bin/hbase} are stand-ins: {@code hadoop jar} runs Hadoop's own {@code RunJar} (what the
   * real launcher runs) on the cluster's jars, configuration directory and {@code
   * HADOOP_CLASSPATH}; {@code hbase mapredcp} prints HBase's jars, which the stand-in hadoop does
   * not have.
   */
  @Test
  void theOperatorsSequenceRunsThroughHadoopJarFromTheScripts() throws Exception {
    Configuration conf = util.getConfiguration();
    FileSystem hdfs = FileSystem.get(conf);
    Map<Long, List<String>> expected = new HashMap<>();
    try (OutputStream o =
        hdfs.create(new org.apache.hadoop.fs.Path("/nightly/2026-11-23/orders.csv"))) {
      o.write(csv(expected).getBytes(StandardCharsets.UTF_8));
    }
    Path spec = tmp.resolve("ops.spec");
    Files.writeString(
        spec,
        Files.readString(Path.of("src/test/resources/yarn-it.spec"))
            .replace("yarn_orders", "yarn_nightly"));
    Path work = Files.createDirectories(tmp.resolve("edge-node"));
    JobJarProcess cluster = new JobJarProcess(conf, work, "1g");
    ClientStandIns client = clientStandIns(cluster, work);
    Map<String, String> env =
        Map.of(
            "PATH", client.bin() + File.pathSeparator + System.getenv("PATH"),
            "HADOOP_CONF_DIR", cluster.confDir().toString(),
            "HBASE_CONF_DIR", cluster.confDir().toString(),
            "HBULK_VAR", work.resolve("var").toString());

    ScriptRun create = script(env, "create-table.sh", spec.toString());
    assertEquals(0, create.code(), create.output());
    assertTrue(
        create.output().contains("runner hadoop: a Hadoop client is installed"), create.output());
    TableName table = TableName.valueOf("yarn_nightly");
    assertEquals(3, util.getAdmin().getRegions(table).size(), "one region per salt bucket");
    ColumnFamilyDescriptor d = util.getAdmin().getDescriptor(table).getColumnFamily(D);
    util.getAdmin()
        .modifyColumnFamily(
            table,
            ColumnFamilyDescriptorBuilder.newBuilder(d)
                .setScope(HConstants.REPLICATION_SCOPE_GLOBAL)
                .build());
    for (ServerMetrics server :
        util.getAdmin().getClusterMetrics().getLiveServerMetrics().values()) {
      assertTrue(
          server.getCoprocessorNames().contains("ReplicationObserver"),
          "what ReplicationCheck looks for: " + server.getCoprocessorNames());
    }

    String[] nightly = {
      "--spec",
      spec.toString(),
      "--name",
      "ops",
      "--date",
      "2026-11-23",
      "--input-template",
      "/nightly/{date}/orders.csv"
    };
    ScriptRun first = script(env, "nightly-load.sh", nightly);
    assertEquals(0, first.code(), first.output());
    assertTrue(first.output().contains("runner hadoop"), first.output());
    assertFalse(first.output().contains("replicates famil"), "bulk loads replicate here");
    org.apache.hadoop.fs.Path runDir = RunPaths.nightlyRun(conf, "ops", LocalDate.of(2026, 11, 23));
    RunState state = RunDirectory.at(conf, runDir).readState();
    assertEquals(ROWS, state.counts().loaded());
    assertFalse(state.jobId().contains("local"), "a YARN job: " + state.jobId());
    assertEquals(
        JobStatus.State.SUCCEEDED,
        new Cluster(conf).getJob(JobID.forName(state.jobId())).getStatus().getState());
    assertTrue(
        Files.isRegularFile(work.resolve("var/locks/ops.lock")),
        "the lock is taken on the edge node, in HBULK_VAR");

    ScriptRun again = script(env, "nightly-load.sh", nightly);
    assertEquals(10, again.code(), again.output());
    assertTrue(again.output().contains("already loaded"), again.output());
    assertEquals(
        state.jobId(), RunDirectory.at(conf, runDir).readState().jobId(), "no second job ran");

    ScriptRun verify =
        run(
            env,
            List.of(
                client.bin().resolve("hadoop").toString(),
                "jar",
                JobJarProcess.JOB_JAR.toAbsolutePath().toString(),
                "verify",
                "--run-dir",
                hdfs.makeQualified(runDir).toString()),
            // As an operator would set it: HADOOP_CLASSPATH=$(hbase mapredcp).
            Map.of("HADOOP_CLASSPATH", client.mapredcp()));
    assertEquals(0, verify.code(), verify.output());
    assertEquals(expected, readBack(table), "every row, every cell");
  }

  /**
   * A finished job's configuration, from its job file. For a moment after the job is done its
   * application master may still answer for it, naming the staging job.xml it deletes as it ends;
   * then the history server answers with its own copy. So this reads until one read succeeds.
   */
  private static Configuration jobConfiguration(Configuration conf, JobID id) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (true) {
      org.apache.hadoop.fs.Path jobFile;
      Cluster cluster = new Cluster(conf); // not Closeable in Hadoop 3.3
      try {
        jobFile = new org.apache.hadoop.fs.Path(cluster.getJob(id).getStatus().getJobFile());
      } finally {
        cluster.close();
      }
      try (InputStream in = jobFile.getFileSystem(conf).open(jobFile)) {
        Configuration ran = new Configuration(false);
        ran.addResource(in, jobFile.toString());
        // Configuration reads a stream resource lazily: read it while the stream is open.
        assertTrue(ran.size() > 0, "the job's configuration in " + jobFile);
        return ran;
      } catch (FileNotFoundException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

  /** The shortcuts a run's report lists as ran ({@code shortcuts ran: a, b; not-used: ...}). */
  private static Set<String> shortcutsRan(String report) {
    String prefix = "  shortcuts ran: ";
    for (String line : report.split("\n")) {
      if (line.startsWith(prefix)) {
        return Set.of(line.substring(prefix.length()).split(";")[0].split(", "));
      }
    }
    throw new AssertionError("no shortcuts ran in the report: " + report);
  }

  record ScriptRun(int code, String output) {}

  private static ScriptRun script(Map<String, String> env, String name, String... args)
      throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "../scripts/" + name));
    command.addAll(List.of(args));
    return run(env, command, Map.of());
  }

  private static ScriptRun run(
      Map<String, String> env, List<String> command, Map<String, String> more) throws Exception {
    Path out = Files.createTempFile(tmp, "script-", ".out");
    ProcessBuilder pb =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
    for (String inherited :
        List.of(
            "HBULK_CONF_DIR",
            "HBULK_RUNNER",
            "HADOOP_HOME",
            "HBASE_HOME",
            "HADOOP_CLASSPATH",
            "HBULK_JOB_JAR",
            "HBULK_HBASE_CLASSPATH")) {
      pb.environment().remove(inherited);
    }
    pb.environment().putAll(env);
    pb.environment().putAll(more);
    Process p = pb.start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(command + " did not finish in 10 minutes");
    }
    return new ScriptRun(p.exitValue(), Files.readString(out));
  }

  /**
   * The stand-ins' folder, and what its {@code hbase mapredcp} prints: the one list of HBase's
   * jars, for the stand-in and for a test that sets HADOOP_CLASSPATH from it.
   */
  record ClientStandIns(Path bin, String mapredcp) {}

  /**
   * Writes {@code bin/hadoop} (only {@code hadoop jar}) and {@code bin/hbase} (only {@code hbase
   * mapredcp}) under {@code work}.
   */
  private static ClientStandIns clientStandIns(JobJarProcess cluster, Path work)
      throws IOException {
    Path bin = Files.createDirectories(work.resolve("bin"));
    List<String> hbase =
        cluster.clusterJars().stream()
            .filter(j -> Path.of(j).getFileName().toString().startsWith("hbase-"))
            .toList();
    List<String> hadoop = cluster.clusterJars().stream().filter(j -> !hbase.contains(j)).toList();
    String mapredcp = String.join(File.pathSeparator, hbase);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String opens = System.getProperty("hbulk.jdk17.opens", "").strip();
    String log4j = Path.of("../conf/log4j.properties").toAbsolutePath().toString();
    writeScript(
        bin.resolve("hadoop"),
        "[[ \"${1:-}\" == jar ]] || { echo \"this stand-in only runs hadoop jar\" >&2; exit 1; }",
        "shift",
        "exec '"
            + java
            + "' -Xmx1g "
            + opens
            + " '-Dlog4j.configuration=file:"
            + log4j
            + "'"
            + " -cp \"${HADOOP_CONF_DIR}:"
            + String.join(File.pathSeparator, hadoop)
            + ":${HADOOP_CLASSPATH:-}\" org.apache.hadoop.util.RunJar \"$@\"");
    writeScript(
        bin.resolve("hbase"),
        "[[ \"${1:-}\" == mapredcp ]] || { echo \"this stand-in only runs hbase mapredcp\" >&2; exit 1; }",
        "printf '%s\\n' '" + mapredcp + "'");
    return new ClientStandIns(bin, mapredcp);
  }

  private static void writeScript(Path file, String... lines) throws IOException {
    Files.writeString(
        file, "#!/usr/bin/env bash\nset -euo pipefail\n" + String.join("\n", lines) + "\n");
    if (!file.toFile().setExecutable(true)) {
      throw new IOException("cannot make " + file + " executable");
    }
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

  private static int regionOf(byte[][] startKeys, byte[] row) {
    int i = Arrays.binarySearch(startKeys, row, Bytes.BYTES_COMPARATOR);
    return i >= 0 ? i : -i - 2;
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
