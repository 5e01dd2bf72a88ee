package org.hbulk.jobs.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.sort.ReduceInputBuffer;
import org.hbulk.mappers.sort.SortBuffer;

/**
 * How a job under the local job runner is tuned for this machine, three shortcuts with a switch
 * each: tasks in parallel ({@link HbulkConf#LOCAL_PARALLELISM}), tasks sized to the input and the
 * heap ({@link HbulkConf#LOCAL_TASK_SIZING}), and reduce input kept in memory ({@link
 * HbulkConf#LOCAL_REDUCE_INPUT_IN_MEMORY}). Switched off, the job keeps Hadoop's defaults; a
 * setting the user made (-D, or the site files) wins either way. The keys are Hadoop's own
 * constants, so an upgrade that drops one fails the build, not the tuning silently.
 *
 * <p>{@link #apply} records what each did in the job ({@link HbulkConf#LOCAL_APPLIED}), where
 * {@link #outcome} reads it back for the report, with the local file system ({@link
 * LocalRunnerFileSystem}), the fourth local shortcut.
 */
public final class LocalTuning {
  public static final String PARALLELISM = "local-parallelism";
  public static final String TASK_SIZING = "local-task-sizing";
  public static final String REDUCE_INPUT_IN_MEMORY = "local-reduce-input-in-memory";

  /** Local splits no smaller than this: below it, task start-up costs more than it saves. */
  private static final long MIN_LOCAL_SPLIT = 2L << 20;

  /**
   * Local splits about this large (the local file system's block size): a map task's output then
   * fits its sort buffer and is sorted once, and there are enough tasks to even out the cores.
   */
  private static final long LOCAL_SPLIT = 32L << 20;

  /** The buffer of a local run's file streams: Hadoop's default is 4 KB. */
  static final int LOCAL_FILE_BUFFER = 128 << 10;

  /** The source {@link #chooseFileBuffers} gives its setting, which says hbulk made it. */
  private static final String FILE_BUFFER_SOURCE = "hbulk " + TASK_SIZING;

  private LocalTuning() {}

  /** Whether a job of {@code conf} runs in this process, under Hadoop's local job runner. */
  static boolean runsLocally(Configuration conf) {
    // JobConf's first use adds mapred-site.xml, which says where jobs run, to every configuration.
    return "local".equals(new JobConf(conf).get("mapreduce.framework.name", "local"));
  }

  /**
   * File streams of a local run that buffer {@link #LOCAL_FILE_BUFFER} bytes, part of the task
   * sizing shortcut: Hadoop's local streams wrote map outputs and HFiles in 4 KB calls that do not
   * start on a page, and ext4 zeroes the part of a new page cache page that a write leaves out, so
   * every page was written about twice (zeroing was 8 % of a 4 M-row prepare's samples; README,
   * "Performance and the benchmark"). Must run before the process makes its local file system,
   * which reads the buffer size once, from the configuration it is made with (as {@link
   * LocalRunnerFileSystem#installIfLocal}); a setting of the user's wins.
   */
  public static void chooseFileBuffers(Configuration conf) {
    String key = CommonConfigurationKeysPublic.IO_FILE_BUFFER_SIZE_KEY;
    if (runsLocally(conf)
        && conf.getBoolean(HbulkConf.LOCAL_TASK_SIZING, HbulkConf.LOCAL_TASK_SIZING_DEFAULT)
        && !HbulkConf.setByUser(conf, key)) {
      conf.set(key, Integer.toString(LOCAL_FILE_BUFFER), FILE_BUFFER_SOURCE);
    }
  }

  /** Tunes a local job's configuration; returns what each shortcut did, also recorded in it. */
  public static List<Shortcut> apply(Configuration conf, long inputBytes) {
    List<Shortcut> done =
        List.of(parallelism(conf), taskSizing(conf, inputBytes), reduceInputInMemory(conf));
    for (Shortcut s : done) {
      conf.set(HbulkConf.LOCAL_APPLIED + "." + s.name(), s.encode());
    }
    return done;
  }

  /**
   * What the local shortcuts did in a finished job: those {@link #apply} recorded and the local
   * file system; for a job that did not run locally, that they were not used.
   */
  public static List<Shortcut> outcome(Configuration jobConf) throws IOException {
    Map<String, String> applied = jobConf.getPropsWithPrefix(HbulkConf.LOCAL_APPLIED + ".");
    List<Shortcut> result = new ArrayList<>();
    if (applied.isEmpty()) {
      for (String[] s :
          new String[][] {
            {LocalRunnerFileSystem.NAME, HbulkConf.LOCAL_FAST_FILE_SYSTEM},
            {PARALLELISM, HbulkConf.LOCAL_PARALLELISM},
            {TASK_SIZING, HbulkConf.LOCAL_TASK_SIZING},
            {REDUCE_INPUT_IN_MEMORY, HbulkConf.LOCAL_REDUCE_INPUT_IN_MEMORY}
          }) {
        result.add(new Shortcut(s[0], s[1], Shortcut.State.NOT_USED, "not a local job"));
      }
      return result;
    }
    result.add(LocalRunnerFileSystem.outcome(jobConf));
    for (String name : List.of(PARALLELISM, TASK_SIZING, REDUCE_INPUT_IN_MEMORY)) {
      result.add(Shortcut.decode(name, applied.get(name)));
    }
    return result;
  }

  private static int cores(Configuration conf) {
    return conf.getInt(HbulkConf.LOCAL_PARALLELISM, Runtime.getRuntime().availableProcessors());
  }

  /**
   * As many map and reduce tasks at once as cores, and each reducer's in-memory shuffle sized by
   * its share of the heap, not by the whole heap, which the other reducers of this JVM share: two
   * of them could fill it. At 1 task, Hadoop's local runner as it comes.
   */
  private static Shortcut parallelism(Configuration conf) {
    int cores = cores(conf);
    if (cores <= 1) {
      return new Shortcut(
          PARALLELISM,
          HbulkConf.LOCAL_PARALLELISM,
          Shortcut.State.OFF,
          "one task at a time, as Hadoop's local job runner");
    }
    conf.setInt(LocalJobRunner.LOCAL_MAX_MAPS, cores);
    conf.setInt(LocalJobRunner.LOCAL_MAX_REDUCES, cores);
    String memory = "";
    if (!HbulkConf.setByUser(conf, MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES)) {
      long share = Runtime.getRuntime().maxMemory() / (2L * cores);
      conf.setLong(MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES, share);
      memory = ", each reducer's shuffle within " + (share >> 20) + " MB";
    }
    return new Shortcut(
        PARALLELISM,
        HbulkConf.LOCAL_PARALLELISM,
        Shortcut.State.RAN,
        cores + " map and " + cores + " reduce tasks at once" + memory);
  }

  /**
   * Splits of equal size in whole waves of tasks (so no core idles behind one last small split),
   * and a sort buffer that holds a split's map output within a quarter of the heap; says whether
   * {@link #chooseFileBuffers} chose the file buffers.
   */
  private static Shortcut taskSizing(Configuration conf, long inputBytes) {
    if (!conf.getBoolean(HbulkConf.LOCAL_TASK_SIZING, HbulkConf.LOCAL_TASK_SIZING_DEFAULT)) {
      return new Shortcut(
          TASK_SIZING,
          HbulkConf.LOCAL_TASK_SIZING,
          Shortcut.State.OFF,
          "Hadoop's split size, sort buffer and file buffer");
    }
    int cores = cores(conf);
    long heap = Runtime.getRuntime().maxMemory();
    List<String> did = new ArrayList<>();
    if (!HbulkConf.setByUser(conf, FileInputFormat.SPLIT_MAXSIZE)
        && !HbulkConf.setByUser(conf, FileInputFormat.SPLIT_MINSIZE)) {
      long waves = Math.max(1, (inputBytes + cores * LOCAL_SPLIT - 1) / (cores * LOCAL_SPLIT));
      long split = Math.max(MIN_LOCAL_SPLIT, (inputBytes + cores * waves - 1) / (cores * waves));
      // Both bounds: the local file system's 32 MB block would otherwise cut a larger split.
      // scripts/bench.sh gives ImportTsv this same rule for its equal-parallelism run.
      conf.setLong(FileInputFormat.SPLIT_MINSIZE, split);
      conf.setLong(FileInputFormat.SPLIT_MAXSIZE, split);
      did.add(String.format(Locale.ROOT, "splits of %.1f MB", split / (double) (1 << 20)));
    }
    if (!HbulkConf.setByUser(conf, MRJobConfig.IO_SORT_MB)) {
      // The in-process tasks take at most a quarter of the heap between them.
      long split = conf.getLong(FileInputFormat.SPLIT_MAXSIZE, LOCAL_SPLIT);
      long wanted = SortBuffer.wantedMb(split);
      long perTask = (heap >> 20) / (4L * cores);
      int mb = (int) Math.max(32, Math.min(wanted, perTask));
      conf.setInt(MRJobConfig.IO_SORT_MB, mb);
      did.add("sort buffers of " + mb + " MB");
    }
    String[] buffer =
        conf.getPropertySources(CommonConfigurationKeysPublic.IO_FILE_BUFFER_SIZE_KEY);
    if (buffer != null && buffer.length > 0 && FILE_BUFFER_SOURCE.equals(buffer[0])) {
      int inEffect = localFileBuffer(conf);
      did.add(
          inEffect == LOCAL_FILE_BUFFER
              ? "file buffers of " + (LOCAL_FILE_BUFFER >> 10) + " KB"
              : "file buffers of "
                  + inEffect
                  + " bytes, not "
                  + (LOCAL_FILE_BUFFER >> 10)
                  + " KB: this process made its local file system before hbulk chose them");
    }
    return did.isEmpty()
        ? new Shortcut(
            TASK_SIZING,
            HbulkConf.LOCAL_TASK_SIZING,
            Shortcut.State.NOT_USED,
            "split size, sort buffer and file buffer set by the user")
        : new Shortcut(
            TASK_SIZING, HbulkConf.LOCAL_TASK_SIZING, Shortcut.State.RAN, String.join(", ", did));
  }

  /**
   * The buffer of the local file system this process really writes through: Hadoop keeps the first
   * one it made, with the configuration it was made with.
   */
  static int localFileBuffer(Configuration conf) {
    try {
      return FileSystem.getLocal(conf)
          .getConf()
          .getInt(
              CommonConfigurationKeysPublic.IO_FILE_BUFFER_SIZE_KEY,
              CommonConfigurationKeysPublic.IO_FILE_BUFFER_SIZE_DEFAULT);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open the local file system", e);
    }
  }

  /** {@link ReduceInputBuffer}: the in-process reducers' heap is this JVM's. */
  private static Shortcut reduceInputInMemory(Configuration conf) {
    return ReduceInputBuffer.apply(
        conf,
        REDUCE_INPUT_IN_MEMORY,
        HbulkConf.LOCAL_REDUCE_INPUT_IN_MEMORY,
        HbulkConf.LOCAL_REDUCE_INPUT_IN_MEMORY_DEFAULT,
        Runtime.getRuntime().maxMemory(),
        ReduceInputBuffer::inMemoryPercent);
  }
}
