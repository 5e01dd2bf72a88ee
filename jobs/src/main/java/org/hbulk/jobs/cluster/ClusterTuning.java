package org.hbulk.jobs.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.sort.ReduceInputBuffer;
import org.hbulk.mappers.sort.SortBuffer;

/**
 * The defaults hbulk gives a job that runs on a cluster (not under the local job runner), each with
 * a key of its own: map output compression with a codec the tasks are sure to have ({@link
 * HbulkConf#CLUSTER_MAP_OUTPUT_CODEC}), how many reducers share the regions ({@link
 * HbulkConf#CLUSTER_REDUCERS}), the reducers' container memory ({@link
 * HbulkConf#CLUSTER_REDUCE_MEMORY_MB}), the split size ({@link HbulkConf#CLUSTER_SPLIT_MAX_BYTES}),
 * the map sort buffer ({@link HbulkConf#CLUSTER_SORT_BUFFER_MAX_MB}), the tasks' JVM options
 * ({@link HbulkConf#CLUSTER_TASK_JAVA_OPTS}) and the reduce input kept in memory ({@link
 * HbulkConf#CLUSTER_REDUCE_INPUT_IN_MEMORY}). A Hadoop setting of the user's (-D, or the site
 * files) always wins. The values come from the cluster benchmark; the README has the figures.
 *
 * <p>{@link #apply} records what each did in the job ({@link HbulkConf#CLUSTER_APPLIED}), where
 * {@link #outcome} reads it back for the report.
 */
public final class ClusterTuning {
  public static final String CODEC = "cluster-map-output-codec";
  public static final String REDUCE_MEMORY = "cluster-reduce-memory";
  public static final String SPLIT_SIZE = "cluster-split-size";
  public static final String REDUCERS = "cluster-reducers";
  public static final String SORT_BUFFER = "cluster-sort-buffer";
  public static final String TASK_JVM = "cluster-task-jvm";
  public static final String REDUCE_INPUT_IN_MEMORY = "cluster-reduce-input-in-memory";

  /** Hadoop's largest map sort buffer ({@code mapreduce.task.io.sort.mb}). */
  private static final int MAX_SORT_MB = 2047;

  /**
   * Where the user and the cluster give one kind of task JVM options: its own Java options, the
   * administrators' and its environment (each variable also as a key of its own, {@code
   * mapreduce.map.env.NAME}), besides those both kinds share.
   */
  private record TaskJvmKeys(String tasks, String javaOpts, String adminOpts, String env) {}

  private static final TaskJvmKeys MAP_JVM =
      new TaskJvmKeys(
          "maps",
          MRJobConfig.MAP_JAVA_OPTS,
          MRJobConfig.MAPRED_MAP_ADMIN_JAVA_OPTS,
          MRJobConfig.MAP_ENV);

  private static final TaskJvmKeys REDUCE_JVM =
      new TaskJvmKeys(
          "reducers",
          MRJobConfig.REDUCE_JAVA_OPTS,
          MRJobConfig.MAPRED_REDUCE_ADMIN_JAVA_OPTS,
          MRJobConfig.REDUCE_ENV);

  /** The environment of maps and reducers alike. */
  private static final String CHILD_ENV = "mapred.child.env";

  private static final Pattern CHOOSES_A_COLLECTOR = Pattern.compile("-XX:\\+Use\\w*GC\\b");

  private ClusterTuning() {}

  /**
   * Sets a cluster job's defaults; returns what each did, also recorded in the configuration.
   *
   * @param inputBytes the job's input, in bytes
   * @param reducers the job's reduce tasks ({@link #reducers})
   */
  public static List<Shortcut> apply(Configuration conf, long inputBytes, int reducers)
      throws IOException {
    // The JVM options come after reduceMemory, which would take reduce options set before it for
    // the user's; the buffers last, as they follow the split size and the tasks' heaps.
    List<Shortcut> done =
        List.of(
            codec(conf),
            reduceMemory(conf),
            splitSize(conf, inputBytes, reducers),
            taskJvm(conf),
            sortBuffer(conf),
            reduceInputInMemory(conf));
    done.forEach(s -> record(conf, s));
    return done;
  }

  /**
   * How many reduce tasks write a cluster job's regions, each a run of consecutive regions: {@link
   * HbulkConf#CLUSTER_REDUCERS} when set, else as many as the cluster runs at once ({@code
   * reduceSlots}), more when the input is large ({@link HbulkConf#CLUSTER_REDUCER_INPUT_BYTES}
   * each), never more than the regions. Each reduce task costs a container's start (seconds), and a
   * reducer per region, as HBase's own output has, pays it once per region even where the cluster
   * runs only a few at once. Recorded for the report like {@link #apply}'s.
   *
   * @param reduceSlots the reduce tasks the cluster runs at once ({@link #reduceSlots}); 0 if
   *     unknown
   */
  public static int reducers(Configuration conf, long inputBytes, int regions, int reduceSlots) {
    String key = HbulkConf.CLUSTER_REDUCERS;
    int set = conf.getInt(key, 0);
    int reducers;
    Shortcut.State state = Shortcut.State.RAN;
    String why;
    if (set > 0) {
      reducers = Math.min(set, regions);
      why = key + " = " + set;
    } else {
      long bySize =
          (inputBytes + HbulkConf.CLUSTER_REDUCER_INPUT_BYTES - 1)
              / HbulkConf.CLUSTER_REDUCER_INPUT_BYTES;
      reducers = (int) Math.min(regions, Math.max(1, Math.max(reduceSlots, bySize)));
      why =
          reduceSlots > 0
              ? "the cluster runs " + reduceSlots + " at once"
              : "the cluster's capacity unknown";
    }
    if (reducers == regions) {
      state = Shortcut.State.NOT_USED;
    }
    record(
        conf,
        new Shortcut(
            REDUCERS,
            key,
            state,
            String.format(
                Locale.ROOT,
                "%d reducer(s) for %d region(s) (%s; %s input)",
                reducers,
                regions,
                why,
                bytes(inputBytes))));
    return reducers;
  }

  /**
   * The reduce tasks the cluster runs at once as Hadoop's client reports them (on YARN two per
   * NodeManager); 0 when the cluster cannot be asked.
   */
  public static int reduceSlots(Configuration conf) {
    // A client of its own, asked once per prepare and closed here: the job's cannot be had before
    // submission, which must already know the reducers (Job connects only in submit(), and
    // Job.getInstance(Cluster, Configuration) ignores the cluster it is given).
    try {
      Cluster cluster = new Cluster(conf);
      try {
        return Math.max(0, cluster.getClusterStatus().getReduceSlotCapacity());
      } finally {
        cluster.close();
      }
    } catch (IOException | RuntimeException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  private static void record(Configuration conf, Shortcut s) {
    conf.set(HbulkConf.CLUSTER_APPLIED + "." + s.name(), s.encode());
  }

  private static String bytes(long n) {
    return String.format(Locale.ROOT, "%.1f MB", n / (double) (1 << 20));
  }

  /** What the cluster defaults did in a finished job; none for a job that ran locally. */
  public static List<Shortcut> outcome(Configuration jobConf) {
    Map<String, String> applied = jobConf.getPropsWithPrefix(HbulkConf.CLUSTER_APPLIED + ".");
    List<Shortcut> result = new ArrayList<>();
    for (String name :
        List.of(
            REDUCERS,
            CODEC,
            REDUCE_MEMORY,
            SPLIT_SIZE,
            TASK_JVM,
            SORT_BUFFER,
            REDUCE_INPUT_IN_MEMORY)) {
      if (applied.containsKey(name)) {
        result.add(Shortcut.decode(name, applied.get(name)));
      }
    }
    return result;
  }

  /**
   * Map output compressed with the chosen codec, its jar shipped with the job unless Hadoop's own
   * (a cluster's Hadoop need not carry it). A codec the driver cannot load falls back to Hadoop's
   * DefaultCodec (zlib, on the JDK's own where the native Hadoop library is missing).
   */
  private static Shortcut codec(Configuration conf) throws IOException {
    String key = HbulkConf.CLUSTER_MAP_OUTPUT_CODEC;
    if (anySetByUser(
        conf, MRJobConfig.MAP_OUTPUT_COMPRESS, MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC)) {
      return userWins(CODEC, key, "map output compression");
    }
    String name = conf.getTrimmed(key, HbulkConf.CLUSTER_MAP_OUTPUT_CODEC_DEFAULT);
    if (name.equals("none")) {
      return new Shortcut(CODEC, key, Shortcut.State.OFF, "map output uncompressed, as Hadoop");
    }
    Class<? extends CompressionCodec> codec;
    Shortcut.State state = Shortcut.State.RAN;
    String detail = name;
    try {
      codec = conf.getClassByName(name).asSubclass(CompressionCodec.class);
    } catch (ClassNotFoundException | ClassCastException e) {
      codec = DefaultCodec.class;
      state = Shortcut.State.FELL_BACK;
      detail = name + " is not a codec here; " + DefaultCodec.class.getName();
    }
    conf.setBoolean(MRJobConfig.MAP_OUTPUT_COMPRESS, true);
    conf.setClass(MRJobConfig.MAP_OUTPUT_COMPRESS_CODEC, codec, CompressionCodec.class);
    if (!codec.getName().startsWith("org.apache.hadoop.")) {
      TableMapReduceUtil.addDependencyJarsForClasses(conf, codec);
    }
    return new Shortcut(CODEC, key, state, detail);
  }

  /**
   * The reducers' containers; their heap follows through Hadoop's heap ratio. Task options of the
   * user's count as theirs: an {@code -Xmx} there would not fit a container hbulk sized.
   */
  private static Shortcut reduceMemory(Configuration conf) {
    String key = HbulkConf.CLUSTER_REDUCE_MEMORY_MB;
    if (anySetByUser(
        conf,
        MRJobConfig.REDUCE_MEMORY_MB,
        MRJobConfig.REDUCE_JAVA_OPTS,
        JobConf.MAPRED_TASK_JAVA_OPTS)) {
      return userWins(REDUCE_MEMORY, key, "reduce memory");
    }
    int mb = conf.getInt(key, HbulkConf.CLUSTER_REDUCE_MEMORY_MB_DEFAULT);
    if (mb <= 0) {
      return new Shortcut(REDUCE_MEMORY, key, Shortcut.State.OFF, "Hadoop's reduce memory");
    }
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, mb);
    return new Shortcut(REDUCE_MEMORY, key, Shortcut.State.RAN, mb + " MB reduce containers");
  }

  /**
   * Splits of about the input over the reducers, so the map phase runs as many tasks as the reduce
   * phase, but none below {@link HbulkConf#CLUSTER_SPLIT_MIN_BYTES} (a task's start costs seconds)
   * or above the configured largest.
   */
  private static Shortcut splitSize(Configuration conf, long inputBytes, int reducers) {
    String key = HbulkConf.CLUSTER_SPLIT_MAX_BYTES;
    if (anySetByUser(conf, FileInputFormat.SPLIT_MAXSIZE, FileInputFormat.SPLIT_MINSIZE)) {
      return userWins(SPLIT_SIZE, key, "split size");
    }
    long max = conf.getLong(key, HbulkConf.CLUSTER_SPLIT_MAX_BYTES_DEFAULT);
    if (max <= 0) {
      return new Shortcut(SPLIT_SIZE, key, Shortcut.State.OFF, "Hadoop's split size");
    }
    long split = splitBytes(inputBytes, reducers, max);
    conf.setLong(FileInputFormat.SPLIT_MINSIZE, split);
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, split);
    return new Shortcut(SPLIT_SIZE, key, Shortcut.State.RAN, "splits of " + bytes(split));
  }

  /**
   * A map task's sort buffer sized to hold its split's map output, so that it sorts and writes once
   * instead of spilling several times and merging the spills (decompressing and compressing them
   * again): Hadoop's 100 MB holds about 30 MB of CSV.
   */
  private static Shortcut sortBuffer(Configuration conf) {
    String key = HbulkConf.CLUSTER_SORT_BUFFER_MAX_MB;
    if (anySetByUser(conf, MRJobConfig.IO_SORT_MB)) {
      return userWins(SORT_BUFFER, key, "sort buffer");
    }
    int max = conf.getInt(key, HbulkConf.CLUSTER_SORT_BUFFER_MAX_MB_DEFAULT);
    if (max <= 0) {
      return new Shortcut(SORT_BUFFER, key, Shortcut.State.OFF, "Hadoop's sort buffer");
    }
    // FileInputFormat's own rule: the block size, within the split sizes.
    long split =
        Math.max(
            conf.getLong(FileInputFormat.SPLIT_MINSIZE, 1),
            Math.min(
                conf.getLong(FileInputFormat.SPLIT_MAXSIZE, Long.MAX_VALUE),
                conf.getLongBytes("dfs.blocksize", 128L << 20)));
    int heap = heapMb(conf, TaskType.MAP);
    int mb = sortBufferMb(split, heap, max);
    if (mb <= SortBuffer.HADOOP_DEFAULT_MB) {
      return new Shortcut(
          SORT_BUFFER,
          key,
          Shortcut.State.NOT_USED,
          "Hadoop's "
              + SortBuffer.HADOOP_DEFAULT_MB
              + " MB is enough, or all a "
              + heap
              + " MB map heap allows");
    }
    conf.setInt(MRJobConfig.IO_SORT_MB, mb);
    return new Shortcut(
        SORT_BUFFER,
        key,
        Shortcut.State.RAN,
        mb + " MB map sort buffers (map heap " + heap + " MB)");
  }

  /**
   * {@link ReduceInputBuffer#belowMergePercent}, from the reducer's heap as Hadoop will start it:
   * on a cluster a reducer's input can be many times its heap, and what it keeps stays live through
   * the reduce.
   */
  private static Shortcut reduceInputInMemory(Configuration conf) {
    return ReduceInputBuffer.apply(
        conf,
        REDUCE_INPUT_IN_MEMORY,
        HbulkConf.CLUSTER_REDUCE_INPUT_IN_MEMORY,
        HbulkConf.CLUSTER_REDUCE_INPUT_IN_MEMORY_DEFAULT,
        (long) heapMb(conf, TaskType.REDUCE) << 20,
        ReduceInputBuffer::belowMergePercent);
  }

  /**
   * The map and reduce tasks' JVM options; Hadoop adds their heap from the container memory. Each
   * kind of task is decided alone: options the user gave the maps say nothing about the reducers.
   */
  private static Shortcut taskJvm(Configuration conf) {
    String key = HbulkConf.CLUSTER_TASK_JAVA_OPTS;
    String maps = taskJvmTaken(conf, MAP_JVM);
    String reducers = taskJvmTaken(conf, REDUCE_JVM);
    if (maps != null && reducers != null) {
      return new Shortcut(TASK_JVM, key, Shortcut.State.NOT_USED, bothKinds(maps, reducers));
    }
    String opts = conf.getTrimmed(key, HbulkConf.CLUSTER_TASK_JAVA_OPTS_DEFAULT);
    if (opts.isEmpty()) {
      return new Shortcut(TASK_JVM, key, Shortcut.State.OFF, "the JDK's defaults");
    }
    maps = maps != null ? maps : startWith(conf, MAP_JVM, opts);
    reducers = reducers != null ? reducers : startWith(conf, REDUCE_JVM, opts);
    return new Shortcut(TASK_JVM, key, Shortcut.State.RAN, bothKinds(maps, reducers));
  }

  /**
   * What keeps hbulk's options from one kind of task, or null: options of the user's ({@code
   * mapred.child.java.opts} too, which Hadoop uses where the kind's own are unset), or a collector
   * chosen elsewhere, as a JVM given two refuses to start.
   */
  private static String taskJvmTaken(Configuration conf, TaskJvmKeys kind) {
    for (String k : List.of(kind.javaOpts(), JobConf.MAPRED_TASK_JAVA_OPTS)) {
      if (HbulkConf.setByUser(conf, k)) {
        return "keep " + k + ", set by the user";
      }
    }
    String chooser = collectorChooser(conf, kind);
    return chooser == null ? null : "keep the garbage collector " + chooser + " chooses";
  }

  /** The first key that gives one kind of task a garbage collector, or null. */
  private static String collectorChooser(Configuration conf, TaskJvmKeys kind) {
    for (String k : List.of(kind.adminOpts(), kind.env(), CHILD_ENV)) {
      if (CHOOSES_A_COLLECTOR.matcher(conf.get(k, "")).find()) {
        return k;
      }
    }
    for (Map.Entry<String, String> e : conf.getPropsWithPrefix(kind.env() + ".").entrySet()) {
      if (CHOOSES_A_COLLECTOR.matcher(e.getValue()).find()) {
        return kind.env() + "." + e.getKey();
      }
    }
    return null;
  }

  private static String startWith(Configuration conf, TaskJvmKeys kind, String opts) {
    conf.set(kind.javaOpts(), opts);
    return "start with " + opts;
  }

  /** The report's detail: what each kind of task got, once where both got the same. */
  private static String bothKinds(String maps, String reducers) {
    if (maps.equals(reducers)) {
      return MAP_JVM.tasks() + " and " + REDUCE_JVM.tasks() + " " + maps;
    }
    return MAP_JVM.tasks() + " " + maps + "; " + REDUCE_JVM.tasks() + " " + reducers;
  }

  /**
   * {@link SortBuffer#wantedMb}, at most half the heap (the buffer is allocated whole when the task
   * starts), the given largest, and Hadoop's own limit.
   */
  static int sortBufferMb(long splitBytes, int mapHeapMb, int maxMb) {
    long wanted = SortBuffer.wantedMb(splitBytes);
    return (int) Math.min(wanted, Math.min(Math.min(maxMb, MAX_SORT_MB), mapHeapMb / 2));
  }

  /**
   * A map or reduce task's heap as Hadoop will start it (its own rule, from the options or the
   * container).
   */
  static int heapMb(Configuration conf, TaskType type) {
    return JobConf.parseMaximumHeapSizeMB(new JobConf(conf).getTaskJavaOpts(type));
  }

  private static boolean anySetByUser(Configuration conf, String... hadoopKeys) {
    for (String k : hadoopKeys) {
      if (HbulkConf.setByUser(conf, k)) {
        return true;
      }
    }
    return false;
  }

  private static Shortcut userWins(String name, String key, String what) {
    return new Shortcut(name, key, Shortcut.State.NOT_USED, what + " set by the user");
  }

  /** The split size for this input and these reducers, within the bounds. */
  static long splitBytes(long inputBytes, int reducers, long max) {
    long min = Math.min(HbulkConf.CLUSTER_SPLIT_MIN_BYTES, max);
    long even = (inputBytes + Math.max(1, reducers) - 1) / Math.max(1, reducers);
    return Math.max(min, Math.min(max, even));
  }
}
