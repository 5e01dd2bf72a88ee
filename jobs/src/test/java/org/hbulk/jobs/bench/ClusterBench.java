package org.hbulk.jobs.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.mapreduce.ImportTsv;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ToolRunner;
import org.hbulk.jobs.cli.Main;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.hbulk.mappers.HbulkConf;

/**
 * The benchmark on the cluster path ({@code scripts/bench.sh --cluster}): the local benchmark's
 * rows ({@link BenchData}) loaded by hbulk and by HBase's ImportTsv on HDFS, YARN and HBase mini
 * clusters in this JVM ({@link MiniClusterPath}), into one 16-region table, truncated (its splits
 * kept) before every step. Both tools' drivers run in this JVM, their tasks in YARN containers.
 *
 * <p>Each mode sets map output compression: {@code off} (both without), {@code on} (hbulk at its
 * cluster defaults, ImportTsv given hbulk's default codec), or a codec class; after a colon, {@code
 * KEY=VALUE,...} settings for hbulk alone. A codec class or settings make a candidate for a
 * default, measured on hbulk's prepare alone.
 *
 * <p>Usage: {@code ClusterBench SPEC DATA_DIR WORK_DIR REPEAT STEPS MODE...}, STEPS a comma list of
 * {@code prepare,load,itsv,put}; DATA_DIR holds BenchData's events.csv and events.tsv.
 */
public final class ClusterBench {
  private static final String TABLE = "bench";
  private static final String COLUMNS =
      "HBASE_ROW_KEY,d:event_id,d:ts,d:user_id,d:session,d:country,d:device,d:url,d:amount,"
          + "d:status,d:note";
  private static final org.apache.hadoop.fs.Path CSV =
      new org.apache.hadoop.fs.Path("/bench/csv/events.csv");
  private static final org.apache.hadoop.fs.Path TSV =
      new org.apache.hadoop.fs.Path("/bench/tsv/events.tsv");

  private final MiniClusterPath clusters;
  private final Path spec;
  private final Path logs;
  private final long rows;
  private final ClusterResults results;

  /** When the last step started (epoch ms). */
  private long started;

  private ClusterBench(MiniClusterPath clusters, Path spec, Path logs, long rows, long csvBytes) {
    this.clusters = clusters;
    this.spec = spec;
    this.logs = logs;
    this.rows = rows;
    this.results = new ClusterResults(rows, csvBytes);
  }

  public static void main(String[] args) throws Exception {
    Path spec = Path.of(args[0]);
    Path data = Path.of(args[1]);
    Path work = Path.of(args[2]);
    int repeat = Integer.parseInt(args[3]);
    List<String> steps = Arrays.asList(args[4].split(","));
    List<String> modes = Arrays.asList(args).subList(5, args.length);
    Path csv = data.resolve("events.csv");
    long rows;
    try (var lines = Files.lines(data.resolve("events.tsv"), StandardCharsets.UTF_8)) {
      rows = lines.count();
    }
    String opens =
        MRJobConfig.DEFAULT_MAPRED_ADMIN_JAVA_OPTS + System.getProperty("hbulk.jdk17.opens", "");
    long t0 = System.nanoTime();
    try (MiniClusterPath clusters = MiniClusterPath.start(work, opens)) {
      System.out.printf(
          Locale.ROOT, "clusters started in %.1f s%n", (System.nanoTime() - t0) / 1e9);
      ClusterBench bench =
          new ClusterBench(
              clusters, spec, Files.createDirectories(work.resolve("logs")), rows, Files.size(csv));
      bench.upload(csv, data.resolve("events.tsv"));
      bench.hbulk(
          "create-table", List.of(), "create-table", "--spec", spec.toString(), "--table", TABLE);
      try {
        for (int round = 1; round <= repeat; round++) {
          for (String mode : modes) {
            bench.round(new BenchMode(mode), steps, round);
          }
        }
      } finally {
        // What was measured before a failing step is printed all the same.
        bench.results.print(System.out, repeat, Files.size(data.resolve("events.tsv")));
      }
    }
  }

  private void upload(Path csv, Path tsv) throws IOException {
    FileSystem fs = FileSystem.get(clusters.conf());
    fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(csv.toUri()), CSV);
    fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(tsv.toUri()), TSV);
  }

  private void round(BenchMode mode, List<String> allSteps, int round) throws Exception {
    // The tag names HDFS paths, where a colon is not allowed.
    String tag = mode.label().replaceAll("[^A-Za-z0-9.-]", "_") + "-r" + round;
    // A candidate (a codec, or hbulk settings to try) is measured on hbulk's prepare alone.
    List<String> steps = mode.candidate() ? List.of("prepare") : allSteps;
    if (steps.contains("prepare")) {
      String run = "/bench/runs/prepare-" + tag;
      truncate();
      double s = hbulkLoad("prepare", tag, mode, run);
      Job job = hbulkJob(run, true);
      long hfiles = bytes(run + "/hfiles");
      results.add(mode.label(), "prepare", s, job, hfiles, started);
      results.add(
          mode.label(),
          "complete",
          hbulk("complete-" + tag, mode.hbulk(), "complete", "--run-dir", run),
          null,
          0,
          started);
      delete(run);
    }
    if (steps.contains("load")) {
      String run = "/bench/runs/load-" + tag;
      truncate();
      double s = hbulkLoad("load", tag, mode, run);
      results.add(mode.label(), "load", s, hbulkJob(run, false), 0, started);
      delete(run);
    }
    if (steps.contains("itsv")) {
      String out = "/bench/itsv-out-" + tag;
      truncate();
      Timed<Job> job = importTsv("importtsv-bulk-" + tag, mode.importTsv(), out);
      results.add(mode.label(), "itsv", job.seconds(), job.value(), bytes(out), started);
      delete(out);
    }
    if (steps.contains("put")) {
      truncate();
      Timed<Job> job = importTsv("importtsv-put-" + tag, mode.importTsv(), null);
      results.add(mode.label(), "put", job.seconds(), job.value(), 0, started);
    }
  }

  /** hbulk prepare or load of the CSV into the table; returns its seconds. */
  private double hbulkLoad(String command, String tag, BenchMode mode, String run)
      throws Exception {
    return hbulk(
        command + "-" + tag,
        mode.hbulk(),
        command,
        "--spec",
        spec.toString(),
        "--table",
        TABLE,
        "--input",
        CSV.toString(),
        "--run-dir",
        run);
  }

  /** Runs one hbulk command in this JVM, its output in the step's log; returns its seconds. */
  private double hbulk(String step, List<String> defines, String... command) throws Exception {
    List<String> args = new ArrayList<>();
    for (String d : defines) {
      args.add("-D");
      args.add(d);
    }
    args.addAll(Arrays.asList(command));
    Configuration conf = clusters.conf();
    try (PrintStream log = log(step)) {
      started = System.currentTimeMillis();
      long t0 = System.nanoTime();
      int code = ToolRunner.run(conf, new Main(conf, log, log), args.toArray(new String[0]));
      double s = (System.nanoTime() - t0) / 1e9;
      if (code != 0) {
        throw new IllegalStateException(step + " exited " + code + "; see " + logs);
      }
      return s;
    }
  }

  /** The finished YARN job of an hbulk run directory, checked to have loaded every row. */
  private Job hbulkJob(String run, boolean checkRows) throws Exception {
    Configuration conf = clusters.conf();
    RunState state = RunDirectory.at(conf, new org.apache.hadoop.fs.Path(run)).readState();
    if (checkRows && state.counts().loaded() != rows) {
      throw new IllegalStateException(run + " loaded " + state.counts().loaded() + " of " + rows);
    }
    return new Cluster(conf).getJob(JobID.forName(state.jobId()));
  }

  private Timed<Job> importTsv(String step, List<String> defines, String bulkOutput)
      throws Exception {
    Configuration conf = clusters.conf();
    for (String d : defines) {
      String[] kv = d.split("=", 2);
      conf.set(kv[0], kv[1]);
    }
    conf.set(ImportTsv.COLUMNS_CONF_KEY, COLUMNS);
    // waitForCompletion looks every 5 s by default; hbulk's driver every 200 ms.
    conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 200);
    if (bulkOutput != null) {
      conf.set(ImportTsv.BULK_OUTPUT_CONF_KEY, bulkOutput);
    }
    try (PrintStream log = log(step)) {
      started = System.currentTimeMillis();
      long t0 = System.nanoTime();
      Job job = ImportTsvJob.create(conf, TABLE, TSV.toString());
      if (!job.waitForCompletion(false)) {
        throw new IllegalStateException(step + " failed: " + job.getStatus().getFailureInfo());
      }
      double s = (System.nanoTime() - t0) / 1e9;
      long bad = job.getCounters().findCounter("ImportTsv", "Bad Lines").getValue();
      if (bad != 0) {
        throw new IllegalStateException(step + ": " + bad + " bad lines");
      }
      log.println(step + " " + job.getJobID() + " " + s + " s");
      return new Timed<>(s, job);
    }
  }

  private void truncate() throws IOException {
    try (Admin admin = clusters.util().getConnection().getAdmin()) {
      TableName t = TableName.valueOf(TABLE);
      admin.disableTable(t);
      admin.truncateTable(t, true);
    }
  }

  private long bytes(String dir) throws IOException {
    return FileSystem.get(clusters.conf())
        .getContentSummary(new org.apache.hadoop.fs.Path(dir))
        .getLength();
  }

  private void delete(String dir) throws IOException {
    FileSystem.get(clusters.conf()).delete(new org.apache.hadoop.fs.Path(dir), true);
  }

  private PrintStream log(String step) throws IOException {
    return new PrintStream(
        Files.newOutputStream(logs.resolve(step + ".log")), true, StandardCharsets.UTF_8);
  }

  record Timed<T>(double seconds, T value) {}

  /** ImportTsv's own job, built as its {@code run} builds it, so its counters can be read. */
  private static final class ImportTsvJob extends ImportTsv {
    static Job create(Configuration conf, String table, String input) throws Exception {
      return createSubmittableJob(conf, new String[] {table, input});
    }
  }

  /** One mode of a round: what map output compression both tools get, and hbulk's own settings. */
  record BenchMode(String label, List<String> hbulk, List<String> importTsv) {
    BenchMode(String text) {
      this(text, hbulkOf(text), importTsvOf(text.split(":", 2)[0]));
    }

    boolean candidate() {
      return !label.equals("off") && !label.equals("on");
    }

    private static List<String> hbulkOf(String text) {
      String[] parts = text.split(":", 2);
      List<String> d = new ArrayList<>(compression(parts[0], false));
      if (parts.length == 2) {
        d.addAll(Arrays.asList(parts[1].split(",")));
      }
      return d;
    }

    private static List<String> importTsvOf(String name) {
      return compression(name, true);
    }

    private static List<String> compression(String name, boolean importTsv) {
      String on = MRJobConfig.MAP_OUTPUT_COMPRESS + "=true";
      String codec = MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC + "=";
      return switch (name) {
        case "off" -> List.of(MRJobConfig.MAP_OUTPUT_COMPRESS + "=false");
        case "on" ->
            importTsv ? List.of(on, codec + HbulkConf.CLUSTER_MAP_OUTPUT_CODEC_DEFAULT) : List.of();
        default -> List.of(on, codec + name);
      };
    }
  }
}
