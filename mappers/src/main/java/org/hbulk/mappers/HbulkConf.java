package org.hbulk.mappers;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;

/**
 * Every configuration key hbulk reads, in one place. Keys are set on the job configuration by the
 * driver (or by the user with {@code -D}) and read back by the tasks.
 */
public final class HbulkConf {
  private HbulkConf() {}

  /** The load spec's text, copied verbatim into the job so every task rebuilds the same spec. */
  public static final String SPEC_TEXT = "hbulk.spec.text";

  /** Where the spec text came from (a file name); used only in error messages. */
  public static final String SPEC_SOURCE = "hbulk.spec.source";

  /**
   * Prefix of spec overrides: {@code hbulk.spec.SECTION.KEY=VALUE} replaces or adds KEY in the
   * spec's section, e.g. {@code -D hbulk.spec.rejects.max=100} or {@code -D
   * hbulk.spec.output.orders.table=o2}. Applied in the driver and again in every task, so both see
   * the same spec.
   */
  public static final String SPEC_OVERRIDE_PREFIX = "hbulk.spec.";

  /**
   * Milliseconds since the epoch at which the run started; the cell timestamp of {@code run-start}.
   */
  public static final String RUN_START_MILLIS = "hbulk.run.start-millis";

  /** The run's identifier (its directory name); written into reject records and reports. */
  public static final String RUN_ID = "hbulk.run.id";

  /**
   * Base directory of run directories (default {@value #WORK_DIR_DEFAULT}, relative to the working
   * directory of the default file system: the user's home on HDFS, the current directory locally).
   */
  public static final String WORK_DIR = "hbulk.work.dir";

  public static final String WORK_DIR_DEFAULT = "hbulk-runs";

  /**
   * A local directory for the lock files of nightly runs, one per nightly identity (default {@value
   * #NIGHTLY_LOCK_DIR_DEFAULT}, relative to the current directory; scripts/nightly-load.sh sets
   * var/locks). Local on purpose: the kernel releases a local lock when its process dies.
   */
  public static final String NIGHTLY_LOCK_DIR = "hbulk.nightly.lock.dir";

  public static final String NIGHTLY_LOCK_DIR_DEFAULT = "hbulk-locks";

  /**
   * Whether a warning that means the load would not reach everyone it should stops the run instead
   * (default false; {@code --strict} sets it). Today: a family with replication scope on, loaded
   * while the region servers do not replicate bulk loads (exit 18, before anything is written).
   */
  public static final String STRICT = "hbulk.strict";

  /**
   * A group that may read and move a run's HFiles besides the user who wrote them (default: none).
   * Without it the HFiles are the writer's alone (directories 0700, files 0600); with it the group
   * gets the same rights (0770, 0660) and the files that group. Nobody else ever gets any.
   */
  public static final String HFILES_GROUP = "hbulk.hfiles.group";

  /**
   * The Kerberos principal the driver logs in as from {@link #KERBEROS_KEYTAB} (default: none, the
   * ticket cache of {@code kinit}); {@code _HOST} stands for this host's canonical name. HBase's
   * own client key (what its {@code AuthUtil} reads), so an existing hbase-site.xml works
   * unchanged; {@code --principal} overrides it. Read by the driver only, and only when {@code
   * hadoop.security.authentication=kerberos}.
   */
  public static final String KERBEROS_PRINCIPAL = "hbase.client.kerberos.principal";

  /**
   * The keytab file of {@link #KERBEROS_PRINCIPAL} (default: none); HBase's own client key, {@code
   * --keytab} overrides it. The two are given together or not at all.
   */
  public static final String KERBEROS_KEYTAB = "hbase.client.keytab.file";

  /**
   * Whether a local job of a Kerberos client without Hadoop's native library reads its map outputs
   * with hbulk's {@code PlainIoLocalShuffle} (default {@value #LOCAL_KERBEROS_SHUFFLE_DEFAULT}):
   * Hadoop's local shuffle needs libhadoop once security is on and fails every reducer without it.
   * A {@code mapreduce.job.reduce.shuffle.consumer.plugin.class} of the user's wins either way.
   */
  public static final String LOCAL_KERBEROS_SHUFFLE = "hbulk.local.kerberos-shuffle";

  public static final boolean LOCAL_KERBEROS_SHUFFLE_DEFAULT = true;

  /**
   * How often the driver prints job progress, in milliseconds (default {@value
   * #PROGRESS_INTERVAL_DEFAULT}).
   */
  public static final String PROGRESS_INTERVAL_MS = "hbulk.progress.interval.ms";

  public static final long PROGRESS_INTERVAL_DEFAULT = 5000;

  /**
   * How job progress is shown: {@code auto} (default: {@code line} when the error stream is a
   * terminal, else {@code plain}), {@code line} (one line rewritten in place), {@code plain} (a
   * line every {@link #PROGRESS_INTERVAL_MS}, for logs and cron) or {@code none} ({@code --quiet}).
   */
  public static final String PROGRESS = "hbulk.progress";

  public static final String PROGRESS_DEFAULT = "auto";

  /**
   * How many times completion tries BulkLoadHFiles before giving up (default {@value
   * #COMPLETE_ATTEMPTS_DEFAULT}).
   */
  public static final String COMPLETE_ATTEMPTS = "hbulk.complete.attempts";

  public static final int COMPLETE_ATTEMPTS_DEFAULT = 3;

  /**
   * The first pause between completion attempts, in ms, doubled each time (default {@value
   * #COMPLETE_BACKOFF_DEFAULT}).
   */
  public static final String COMPLETE_BACKOFF_MS = "hbulk.complete.backoff.ms";

  public static final long COMPLETE_BACKOFF_DEFAULT = 5000;

  /**
   * About how long one completion attempt keeps trying against an HBase that does not answer, in ms
   * (default {@value #COMPLETE_HBASE_TIMEOUT_DEFAULT}): HBase's client, left to its defaults, kept
   * a completion against a dead HBase going for most of an hour. Caps the bulk load's client
   * retries (5) and its {@code hbase:meta} lookups (a sixth of this each). How long a completion
   * takes to give up in practice (HBaseOutageIT measures it) is in the README, under Configuration
   * keys.
   */
  public static final String COMPLETE_HBASE_TIMEOUT_MS = "hbulk.complete.hbase-timeout.ms";

  public static final long COMPLETE_HBASE_TIMEOUT_DEFAULT = 60_000;

  /**
   * Map and reduce tasks the local job runner runs at once (default: the number of cores; 1 is
   * Hadoop's own choice, one task at a time). Ignored on YARN, where the cluster decides. A
   * shortcut of the local room ({@code LocalTuning}), listed in the report.
   */
  public static final String LOCAL_PARALLELISM = "hbulk.local.parallelism";

  // The switches of the shortcuts that rely on framework internals or on local-runner tuning, one
  // each. Switched off, the job takes the framework's plain path. The README's section "Where
  // hbulk relies on internals" lists what each relies on and saves; the report says which ran.

  /**
   * Whether map tasks sort their spills on key prefixes ({@code CellKeySorter}, which reads private
   * fields of Hadoop's map output buffer) rather than with Hadoop's QuickSort (default {@value
   * #SORT_PREFIX_DEFAULT}). A {@code map.sort.class} of the user's wins either way.
   */
  public static final String SORT_PREFIX = "hbulk.sort.prefix";

  public static final boolean SORT_PREFIX_DEFAULT = true;

  /**
   * Whether reducers write a family's HFiles with hbulk's writer ({@code HbulkHFileWriter}, which
   * uses HBase's package-private block writer) where the family's format allows (encoding NONE or
   * FAST_DIFF, a ROW or no bloom filter, no tags), rather than with HBase's {@code StoreFileWriter}
   * (default {@value #HFILE_FAST_WRITER_DEFAULT}). Both write the same bytes.
   */
  public static final String HFILE_FAST_WRITER = "hbulk.hfile.fast-writer";

  public static final boolean HFILE_FAST_WRITER_DEFAULT = true;

  /**
   * Whether a local run's {@code file:} scheme is hbulk's {@code LocalRunnerFileSystem}, which sets
   * permissions through java.nio instead of a {@code chmod} process per call when Hadoop's native
   * library is missing (default {@value #LOCAL_FAST_FILE_SYSTEM_DEFAULT}). It swaps the
   * process-wide {@code fs.file.impl} at start; an {@code fs.file.impl} of the user's wins.
   */
  public static final String LOCAL_FAST_FILE_SYSTEM = "hbulk.local.fast-file-system";

  public static final boolean LOCAL_FAST_FILE_SYSTEM_DEFAULT = true;

  /**
   * Whether a local run sizes its tasks for this machine (default {@value
   * #LOCAL_TASK_SIZING_DEFAULT}): splits of equal size in whole waves of {@link #LOCAL_PARALLELISM}
   * tasks, a sort buffer that holds a split's map output, so each map task sorts and writes once,
   * and file streams that buffer 128 KB ({@code io.file.buffer.size}). Off: Hadoop's split size
   * (the local block, 32 MB), sort buffer (100 MB) and file buffer (4 KB). Settings of the user's
   * win.
   */
  public static final String LOCAL_TASK_SIZING = "hbulk.local.task-sizing";

  public static final boolean LOCAL_TASK_SIZING_DEFAULT = true;

  /**
   * Whether a local run's reducers keep the map outputs their shuffle holds in memory for the
   * reduce, instead of merging them onto disk and reading them back first, as Hadoop's default
   * {@code mapreduce.reduce.input.buffer.percent} of 0 does (default {@value
   * #LOCAL_REDUCE_INPUT_IN_MEMORY_DEFAULT}). A setting of the user's wins.
   */
  public static final String LOCAL_REDUCE_INPUT_IN_MEMORY = "hbulk.local.reduce-input-in-memory";

  public static final boolean LOCAL_REDUCE_INPUT_IN_MEMORY_DEFAULT = true;

  /**
   * Whether the command line's HBase clients run on an event loop of hbulk's own, stopped right
   * before the JVM exits, and close their ZooKeeper session after a second without use, the exit
   * waiting for the sessions still closing ({@code QuietExit}; default {@value
   * #QUIET_EXIT_DEFAULT}). JDK 17's exit waits 300 ms for threads inside native code, as the
   * threads of HBase's shared event loop and of a ZooKeeper session being closed always are. An
   * {@code hbase.rpc.client.event-loop.config} of the user's turns it off; a {@code
   * zookeeper.keep-alive.time} of the user's is kept.
   */
  public static final String QUIET_EXIT = "hbulk.quiet-exit";

  public static final boolean QUIET_EXIT_DEFAULT = true;

  /**
   * Set by the driver: what {@link #QUIET_EXIT} did for the command, as the report lists it. Never
   * set it yourself.
   */
  public static final String QUIET_EXIT_APPLIED = "hbulk.quiet-exit.applied";

  /**
   * Set by the driver on a local job: the local-runner shortcuts it applied, as the report lists
   * them ({@code LocalTuning}). Read back after the job; never set it yourself.
   */
  public static final String LOCAL_APPLIED = "hbulk.local.applied";

  // Defaults for jobs that run on a cluster (not under the local job runner), chosen from the
  // cluster benchmark (scripts/bench.sh --cluster; figures in the README). A mapreduce.* setting of
  // the user's always wins; the local job runner ignores these.

  /**
   * The codec a cluster job compresses its map output with (default {@value
   * #CLUSTER_MAP_OUTPUT_CODEC_DEFAULT}, aircompressor's pure-Java LZ4, which HBase's own SNAPPY,
   * LZ4 and ZSTD families already use, so it needs no native library); a codec outside Hadoop is
   * shipped to the tasks with the job. {@code none} leaves map output uncompressed, as Hadoop does.
   * Ignored when the user sets {@code mapreduce.map.output.compress} or its codec. Measured at 16 M
   * rows on the benchmark's cluster: prepare 135 s with LZ4, 145 s with Snappy, 230 s with Hadoop's
   * zlib (the default until 2026-11-27), whose 0.42 bytes of map output per CSV byte (LZ4 0.72)
   * cost the tasks more CPU than they save.
   */
  public static final String CLUSTER_MAP_OUTPUT_CODEC = "hbulk.cluster.map-output-codec";

  public static final String CLUSTER_MAP_OUTPUT_CODEC_DEFAULT = "io.airlift.compress.lz4.Lz4Codec";

  /**
   * The container memory of a cluster job's reduce tasks, in MB (default {@value
   * #CLUSTER_REDUCE_MEMORY_MB_DEFAULT}; 0: Hadoop's); the heap follows it ({@code
   * mapreduce.job.heap.memory-mb.ratio}). Ignored when the user sets {@code
   * mapreduce.reduce.memory.mb}, {@code mapreduce.reduce.java.opts} or {@code
   * mapred.child.java.opts} (a heap given there would not fit the container).
   */
  public static final String CLUSTER_REDUCE_MEMORY_MB = "hbulk.cluster.reduce.memory.mb";

  public static final int CLUSTER_REDUCE_MEMORY_MB_DEFAULT = 1024;

  /**
   * The largest input split of a cluster job, in bytes (default {@value
   * #CLUSTER_SPLIT_MAX_BYTES_DEFAULT}; 0: Hadoop's, one HDFS block). Splits are cut to about the
   * input over the reducers, so the map phase has as many tasks as the reduce phase, within {@code
   * CLUSTER_SPLIT_MIN_BYTES} and this. Ignored when the user sets either split size. The default,
   * 128 MiB, is the largest split whose map output (2.28 bytes per CSV byte and 16 bytes a record)
   * stays under the spill mark of the sort buffer a default 1 GB map container allows (410 MB): a
   * map task then sorts and writes once. Measured at 16 M rows on the benchmark's cluster, against
   * 256 MiB splits that spilled and merged: maps of 47 s against 121 s, prepare 232 s against 279
   * s.
   */
  public static final String CLUSTER_SPLIT_MAX_BYTES = "hbulk.cluster.split.max-bytes";

  public static final long CLUSTER_SPLIT_MAX_BYTES_DEFAULT = 128L << 20;

  /**
   * How many reduce tasks a cluster job runs (default 0: as many as the cluster runs at once, or
   * one per {@link #CLUSTER_REDUCER_INPUT_BYTES} of input where that is more, never more than the
   * output tables' regions). Each reducer writes a run of consecutive regions, a file per region
   * and family; a number at least the regions' gives one reducer per region, as HBase's own output.
   */
  public static final String CLUSTER_REDUCERS = "hbulk.cluster.reducers";

  /** The input a cluster job's reducer takes by default before another is added: 256 MB. */
  public static final long CLUSTER_REDUCER_INPUT_BYTES = 256L << 20;

  /**
   * The largest map sort buffer a cluster job gets, in MB (default {@value
   * #CLUSTER_SORT_BUFFER_MAX_MB_DEFAULT}; 0: Hadoop's 100 MB). The buffer is sized to hold a
   * split's map output (about four times the split's bytes), so a map task sorts and writes once
   * instead of spilling and merging, within Hadoop's 100 MB and the smaller of this and half the
   * map task's heap as Hadoop starts it. Ignored when the user sets {@code
   * mapreduce.task.io.sort.mb}.
   */
  public static final String CLUSTER_SORT_BUFFER_MAX_MB = "hbulk.cluster.sort-buffer.max-mb";

  public static final int CLUSTER_SORT_BUFFER_MAX_MB_DEFAULT = 1024;

  /**
   * JVM options a cluster job's map and reduce tasks start with (default {@value
   * #CLUSTER_TASK_JAVA_OPTS_DEFAULT}: the throughput collector, whose pauses a batch task does not
   * mind, where G1, the JDK's default, spends cores on concurrent work); Hadoop still adds the heap
   * ({@code -Xmx}) from the container memory unless these options give one. Empty: the JDK's
   * defaults. Decided for maps and reducers apart: ignored for one kind of task when the user sets
   * its options ({@code mapreduce.map.java.opts} or {@code mapreduce.reduce.java.opts}, or {@code
   * mapred.child.java.opts} for both), or when the cluster's admin options or the tasks'
   * environment already choose its collector (a JVM given two will not start).
   */
  public static final String CLUSTER_TASK_JAVA_OPTS = "hbulk.cluster.task.java-opts";

  public static final String CLUSTER_TASK_JAVA_OPTS_DEFAULT = "-XX:+UseParallelGC";

  /**
   * Whether a cluster job's reducers keep the map outputs their shuffle holds in memory for the
   * reduce ({@code mapreduce.reduce.input.buffer.percent} set to what the shuffle may hold of the
   * reducer's heap below its own merge threshold: 0.462 with Hadoop's settings) instead of merging
   * them onto disk through the map output codec and reading them back first, as Hadoop's default of
   * 0 does (default {@value #CLUSTER_REDUCE_INPUT_IN_MEMORY_DEFAULT}). Ignored when the user sets
   * that key.
   */
  public static final String CLUSTER_REDUCE_INPUT_IN_MEMORY =
      "hbulk.cluster.reduce-input-in-memory";

  public static final boolean CLUSTER_REDUCE_INPUT_IN_MEMORY_DEFAULT = true;

  /** The smallest split {@link #CLUSTER_SPLIT_MAX_BYTES} cuts to: a task's start costs seconds. */
  public static final long CLUSTER_SPLIT_MIN_BYTES = 32L << 20;

  /**
   * Set by the driver on a cluster job: the cluster defaults it applied, as the report lists them
   * ({@code ClusterTuning}). Read back after the job; never set it yourself.
   */
  public static final String CLUSTER_APPLIED = "hbulk.cluster.applied";

  /**
   * Bytes of a row's overlapping record runs a reducer holds before merging them to a file in the
   * task's temporary directory (default {@value #ROW_MERGE_BUFFER_DEFAULT}). Only rows whose
   * records overlap in their columns (many versions of the same cells) ever hold more than one
   * record. Under {@code keep-last-record} / {@code keep-first-record} a row made by several
   * records is held whole to choose among them, and a row whose records pass this many bytes fails
   * the task.
   */
  public static final String ROW_MERGE_BUFFER_BYTES = "hbulk.reduce.row-buffer.bytes";

  public static final long ROW_MERGE_BUFFER_DEFAULT = 16L << 20;

  /**
   * Every output table's families and how their HFiles are written (compression, bloom, block size,
   * encoding), read from the tables by the driver: see {@code FamilyFormat}. Set by the driver.
   */
  public static final String HFILE_FAMILIES = "hbulk.hfile.families";

  /**
   * The output families with a TTL: the oldest timestamp HBase still returns at the run's start and
   * the family's MIN_VERSIONS, one {@code FamilyFormat} key a line (see {@code FamilyExpiry}). The
   * reducers count the cells a load writes past it, which the report warns of. Set by the driver.
   */
  public static final String HFILE_FAMILY_EXPIRY = "hbulk.hfile.family-expiry";

  /**
   * Prefix of one key per output table ({@code hbulk.hfile.regions.TABLE}): its regions' start keys
   * and servers, found by the driver before a cluster job or one writing to HDFS. A reducer that
   * writes several regions closes a file where the next region starts, and places each file's first
   * replica on its region's server, without an HBase connection of its own. Set by the driver.
   */
  public static final String HFILE_REGIONS = "hbulk.hfile.regions";

  /**
   * The output families some cell of which gets tags (a TTL or visibility labels): one {@code
   * FamilyFormat} key a line, in hex. Their HFiles are written with tags (HFile v3, {@code
   * MAX_TAGS_LEN} in the file info); the other families' as before. Set by the driver.
   */
  public static final String HFILE_TAGGED_FAMILIES = "hbulk.hfile.tagged-families";

  /**
   * The cluster's visibility labels and ordinals, read from {@code hbase:labels} by the driver
   * before a job whose spec has visibility lines (see {@code LabelOrdinals}): tasks build the
   * cells' visibility tags from them without an HBase connection. Set by the driver.
   */
  public static final String VISIBILITY_LABELS = "hbulk.visibility.labels";

  /**
   * The {@code hbulk.*} keys of a configuration that hbulk does not read, each with the known key
   * nearest to it (or null): a misspelled key ({@code hbulk.strcit}, {@code
   * hbulk.sepc.rejects.max}) would otherwise be ignored without a word, and the run go on without
   * the setting meant.
   */
  public static Map<String, String> unknownKeys(Configuration conf) {
    Map<String, String> unknown = new java.util.TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      String key = e.getKey();
      if (key.startsWith("hbulk.") && !isKnown(key)) {
        unknown.put(key, nearest(key));
      }
    }
    return unknown;
  }

  /**
   * The switches, read with Hadoop's {@code getBoolean}, which takes any value but {@code true} and
   * {@code false} (in any case) for the default: {@code hbulk.strict=yes} would run without it.
   */
  private static final List<String> SWITCHES =
      List.of(
          STRICT,
          LOCAL_KERBEROS_SHUFFLE,
          SORT_PREFIX,
          HFILE_FAST_WRITER,
          LOCAL_FAST_FILE_SYSTEM,
          LOCAL_TASK_SIZING,
          LOCAL_REDUCE_INPUT_IN_MEMORY,
          QUIET_EXIT,
          CLUSTER_REDUCE_INPUT_IN_MEMORY);

  /**
   * The keys read as whole numbers, with the largest each is read as ({@code getInt}, {@code
   * getLong}), none of which means anything below 0: a value that is not one failed the command as
   * an unexpected error naming no key (a NumberFormatException), or, negative, deep in a run (a
   * negative pause between attempts).
   */
  private static final Map<String, Long> COUNTS =
      Map.of(
          PROGRESS_INTERVAL_MS,
          Long.MAX_VALUE,
          COMPLETE_ATTEMPTS,
          (long) Integer.MAX_VALUE,
          COMPLETE_BACKOFF_MS,
          Long.MAX_VALUE,
          COMPLETE_HBASE_TIMEOUT_MS,
          Long.MAX_VALUE,
          LOCAL_PARALLELISM,
          (long) Integer.MAX_VALUE,
          CLUSTER_REDUCE_MEMORY_MB,
          (long) Integer.MAX_VALUE,
          CLUSTER_SPLIT_MAX_BYTES,
          Long.MAX_VALUE,
          CLUSTER_REDUCERS,
          (long) Integer.MAX_VALUE,
          CLUSTER_SORT_BUFFER_MAX_MB,
          (long) Integer.MAX_VALUE,
          ROW_MERGE_BUFFER_BYTES,
          Long.MAX_VALUE);

  /**
   * The whole-number keys of a configuration whose value is not a number from 0 up to what the key
   * is read as (an int or a long).
   */
  public static Map<String, String> notCountValues(Configuration conf) {
    Map<String, String> bad = new java.util.TreeMap<>();
    for (Map.Entry<String, Long> key : COUNTS.entrySet()) {
      String v = conf.getTrimmed(key.getKey());
      if (v != null && !(v.matches("[0-9]{1,19}") && fits(v, key.getValue()))) {
        bad.put(key.getKey(), v);
      }
    }
    return bad;
  }

  /** Whether the digits make a number up to {@code max} (an int's or a long's largest). */
  private static boolean fits(String digits, long max) {
    try {
      return Long.parseLong(digits) <= max;
    } catch (NumberFormatException tooLarge) {
      return false;
    }
  }

  /** The switches of a configuration whose value is neither true nor false, with that value. */
  public static Map<String, String> notSwitchValues(Configuration conf) {
    Map<String, String> bad = new java.util.TreeMap<>();
    for (String key : SWITCHES) {
      String v = conf.getTrimmed(key);
      if (v != null && !v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
        bad.put(key, v);
      }
    }
    return bad;
  }

  /** Whether hbulk reads this key: one of the constants here, or under one of its prefixes. */
  static boolean isKnown(String key) {
    if (KEYS.contains(key)) {
      return true;
    }
    for (String prefix : KEY_PREFIXES) {
      if (key.startsWith(prefix) && key.length() > prefix.length()) {
        return true;
      }
    }
    return false;
  }

  /** The keys that stand for a family of keys, one per table, shortcut or spec setting. */
  private static final List<String> KEY_PREFIXES =
      List.of(
          SPEC_OVERRIDE_PREFIX, HFILE_REGIONS + ".", LOCAL_APPLIED + ".", CLUSTER_APPLIED + ".");

  /**
   * Every key declared above, found by reflection so that a key added here is known without a
   * second list to keep: the constants whose value is an {@code hbulk.} key (not the defaults).
   */
  private static final Set<String> KEYS = declaredKeys();

  private static Set<String> declaredKeys() {
    Set<String> keys = new TreeSet<>();
    for (Field f : HbulkConf.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          String v = (String) f.get(null);
          if (v != null && v.startsWith("hbulk.") && !v.endsWith(".")) {
            keys.add(v);
          }
        } catch (IllegalAccessException ex) {
          throw new IllegalStateException(ex);
        }
      }
    }
    return keys;
  }

  /** The known key (or prefix) fewest edits away from {@code key}, or null when none is near. */
  private static String nearest(String key) {
    List<String> candidates = new ArrayList<>(KEYS);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String prefix : KEY_PREFIXES) {
      // A misspelled prefix (hbulk.sepc.rejects.max): compare what stands in the prefix's place.
      if (key.length() > prefix.length()) {
        int d = distance(key.substring(0, prefix.length()), prefix);
        if (d < bestDistance) {
          bestDistance = d;
          best = prefix + key.substring(prefix.length());
        }
      }
    }
    for (String c : candidates) {
      int d = distance(key, c);
      if (d < bestDistance) {
        bestDistance = d;
        best = c;
      }
    }
    return bestDistance <= 3 ? best : null;
  }

  /** Levenshtein distance. */
  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int same = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + same);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  /**
   * Whether a property was set by the user (the command line, the site files), not only by Hadoop's
   * *-default.xml, which every configuration reads once a JobConf has been loaded. A configuration
   * written out whole ({@code Configuration.writeXml}: job.xml, and client configuration
   * directories made that way) and read back lists where each value came from before the file it
   * was read from, so a default carried through such a file is still Hadoop's default, unless its
   * value was changed there.
   */
  public static boolean setByUser(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null || sources.length == 0) {
      return false;
    }
    if (!sources[0].endsWith("-default.xml")) {
      return true;
    }
    if (sources.length == 1) {
      return false;
    }
    Configuration defaults = DEFAULT_FILES.computeIfAbsent(sources[0], HbulkConf::defaultsOnly);
    return !Objects.equals(defaults.getRaw(key), conf.getRaw(key));
  }

  /** Hadoop's default files that {@link #setByUser} compared against, each read once. */
  private static final Map<String, Configuration> DEFAULT_FILES = new ConcurrentHashMap<>();

  private static Configuration defaultsOnly(String resource) {
    Configuration defaults = new Configuration(false);
    defaults.addResource(resource);
    return defaults;
  }
}
