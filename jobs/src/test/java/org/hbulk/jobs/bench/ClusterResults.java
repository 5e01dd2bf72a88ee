package org.hbulk.jobs.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * The cluster benchmark's figures: each step's seconds per round, and from its job the bytes the
 * map tasks wrote for the shuffle, the HFile bytes and where the job's time went; printed as
 * medians with the ratios issue 20's targets are about.
 */
final class ClusterResults {
  private static final String[][] STEPS = {
    {"prepare", "hbulk prepare (CSV -> HFiles)"},
    {"complete", "hbulk complete (BulkLoadHFiles)"},
    {"load", "hbulk load (one command, end to end)"},
    {"itsv", "ImportTsv bulk output (its prepare)"},
    {"put", "ImportTsv Put path"}
  };

  private final long rows;
  private final long csvBytes;
  private final Map<String, Step> steps = new LinkedHashMap<>();
  private double loadMin = Double.MAX_VALUE;
  private double loadMax;

  ClusterResults(long rows, long csvBytes) {
    this.rows = rows;
    this.csvBytes = csvBytes;
  }

  /**
   * Step {@code step} of mode {@code mode}, started at {@code startMillis}, took {@code seconds};
   * its job may be null.
   */
  void add(String mode, String step, double seconds, Job job, long hfileBytes, long startMillis)
      throws IOException, InterruptedException {
    double load = loadAverage();
    loadMin = Math.min(loadMin, load);
    loadMax = Math.max(loadMax, load);
    Step s = steps.computeIfAbsent(mode + "/" + step, k -> new Step());
    s.seconds.add(seconds);
    if (job != null) {
      Counters c = job.getCounters();
      s.materialized = c.findCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES).getValue();
      s.serialized = c.findCounter(TaskCounter.MAP_OUTPUT_BYTES).getValue();
      s.hfileBytes = hfileBytes;
      s.timeline = timeline(job, c, startMillis);
      s.reducePeak = c.findCounter(TaskCounter.REDUCE_PHYSICAL_MEMORY_BYTES_MAX).getValue();
    }
    System.out.printf(
        Locale.ROOT,
        "%-8s %-9s %7.1f s  load %.2f  %s%n",
        mode,
        step,
        seconds,
        load,
        s.timeline == null
            ? ""
            : String.format(
                Locale.ROOT,
                "map output %.1f MB, HFiles %.1f MB, reducer peak %.0f MB; %s",
                s.materialized / 1048576.0,
                s.hfileBytes / 1048576.0,
                s.reducePeak / 1048576.0,
                s.timeline));
  }

  /**
   * Where a job's time went: from submission to the first task (the application master's start),
   * the map and reduce phases, each task's average time, and what the driver added around them.
   */
  private static String timeline(Job job, Counters c, long stepStart)
      throws IOException, InterruptedException {
    long submit = job.getStatus().getStartTime();
    long finish = job.getStatus().getFinishTime();
    TaskReport[] maps = job.getTaskReports(TaskType.MAP);
    TaskReport[] reduces = job.getTaskReports(TaskType.REDUCE);
    long mapStart = Long.MAX_VALUE;
    long mapEnd = 0;
    for (TaskReport r : maps) {
      mapStart = Math.min(mapStart, r.getStartTime());
      mapEnd = Math.max(mapEnd, r.getFinishTime());
    }
    long reduceEnd = mapEnd;
    for (TaskReport r : reduces) {
      reduceEnd = Math.max(reduceEnd, r.getFinishTime());
    }
    long mapMs = c.findCounter(JobCounter.MILLIS_MAPS).getValue();
    long reduceMs = c.findCounter(JobCounter.MILLIS_REDUCES).getValue();
    return String.format(
        Locale.ROOT,
        "driver to submission %.1f s; job %.1f s: to first map %.1f s, maps %.1f s (%d x %.1f s),"
            + " reduces to %.1f s (%d x %.1f s)",
        (submit - stepStart) / 1e3,
        (finish - submit) / 1e3,
        (mapStart - submit) / 1e3,
        (mapEnd - mapStart) / 1e3,
        maps.length,
        maps.length == 0 ? 0 : mapMs / 1e3 / maps.length,
        (reduceEnd - mapEnd) / 1e3,
        reduces.length,
        reduces.length == 0 ? 0 : reduceMs / 1e3 / reduces.length);
  }

  void print(PrintStream out, int repeat, long tsvBytes) {
    String modes =
        String.join(", ", steps.keySet().stream().map(k -> k.split("/")[0]).distinct().toList());
    out.printf(
        Locale.ROOT,
        "%n%d rows: CSV %.1f MB, TSV %.1f MB, 16 regions; HDFS + YARN + HBase mini clusters in one"
            + " JVM, tasks in YARN containers (AM + 4 containers of 1 GB at once), %d cores;"
            + " median of %d round(s); load average %.2f to %.2f%n",
        rows,
        csvBytes / 1048576.0,
        tsvBytes / 1048576.0,
        Runtime.getRuntime().availableProcessors(),
        repeat,
        loadMin,
        loadMax);
    for (String mode : modes.split(", ")) {
      out.printf(Locale.ROOT, " map output compression: %s%n", describe(mode));
      for (String[] s : STEPS) {
        Step step = steps.get(mode + "/" + s[0]);
        if (step != null) {
          double m = step.median();
          out.printf(
              Locale.ROOT,
              "  %-40s %7.1f s %9.0f rows/s%s%n",
              s[1],
              m,
              rows / m,
              step.seconds.size() > 1 ? "   (rounds: " + step.rounds() + ")" : "");
        }
      }
      Step prepare = steps.get(mode + "/prepare");
      Step load = steps.get(mode + "/load");
      Step itsv = steps.get(mode + "/itsv");
      Step put = steps.get(mode + "/put");
      if (prepare != null && itsv != null) {
        out.printf(
            Locale.ROOT,
            "  hbulk prepare vs ImportTsv bulk output: %.2fx (target >= 2.5)%n",
            itsv.median() / prepare.median());
      }
      if (load != null && put != null) {
        out.printf(
            Locale.ROOT,
            "  hbulk load vs ImportTsv Put path:       %.2fx (target >= 4)%n",
            put.median() / load.median());
      }
      if (prepare != null) {
        out.printf(
            Locale.ROOT,
            "  hbulk map output: %.1f MB materialized (%.2f per CSV byte; target with compression"
                + " <= 1.5), %.1f MB serialized (%.2f)%n",
            prepare.materialized / 1048576.0,
            prepare.materialized / (double) csvBytes,
            prepare.serialized / 1048576.0,
            prepare.serialized / (double) csvBytes);
        out.printf(
            Locale.ROOT,
            "  hbulk HFiles: %.1f MB (%.2f per CSV byte); reduce tasks' peak physical memory"
                + " %.0f MB%n",
            prepare.hfileBytes / 1048576.0,
            prepare.hfileBytes / (double) csvBytes,
            prepare.reducePeak / 1048576.0);
      }
      if (itsv != null) {
        out.printf(
            Locale.ROOT,
            "  ImportTsv map output: %.1f MB materialized (%.2f per TSV byte, %.2f per CSV byte),"
                + " HFiles %.1f MB%n",
            itsv.materialized / 1048576.0,
            itsv.materialized / (double) tsvBytes,
            itsv.materialized / (double) csvBytes,
            itsv.hfileBytes / 1048576.0);
      }
      for (String[] s : STEPS) {
        Step step = steps.get(mode + "/" + s[0]);
        if (step != null && step.timeline != null) {
          out.printf(Locale.ROOT, "  %-9s last round's %s%n", s[0], step.timeline);
        }
      }
    }
  }

  private static String describe(String mode) {
    return switch (mode) {
      case "off" -> "off (both tools)";
      case "on" -> "on (hbulk's cluster default; ImportTsv given the same codec)";
      default -> mode + " (both tools)";
    };
  }

  private static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  private static final class Step {
    final List<Double> seconds = new ArrayList<>();
    long materialized;
    long serialized;
    long hfileBytes;
    long reducePeak;
    String timeline;

    double median() {
      List<Double> s = new ArrayList<>(seconds);
      s.sort(null);
      int n = s.size();
      return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    String rounds() {
      return String.join(
          " ", seconds.stream().map(x -> String.format(Locale.ROOT, "%.1f", x)).toList());
    }
  }
}
