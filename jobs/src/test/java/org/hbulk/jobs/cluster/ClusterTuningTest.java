package org.hbulk.jobs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.JobConf;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.junit.jupiter.api.Test;

/** The defaults a cluster job gets, and that a Hadoop setting of the user's always wins. */
class ClusterTuningTest {
  private static final long MB = 1L << 20;
  private static final String COMPRESS = "mapreduce.map.output.compress";
  private static final String CODEC = "mapreduce.map.output.compress.codec";
  private static final String REDUCE_MB = "mapreduce.reduce.memory.mb";
  private static final String SPLIT_MAX = "mapreduce.input.fileinputformat.split.maxsize";
  private static final String SPLIT_MIN = "mapreduce.input.fileinputformat.split.minsize";
  private static final String SORT_MB = "mapreduce.task.io.sort.mb";
  private static final String MAP_OPTS = "mapreduce.map.java.opts";
  private static final String REDUCE_OPTS = "mapreduce.reduce.java.opts";
  private static final String REDUCE_INPUT = "mapreduce.reduce.input.buffer.percent";

  private static Configuration cluster(String... userSettings) {
    // Loading JobConf puts Hadoop's mapred-default.xml under every configuration, as a job does.
    new JobConf();
    Configuration conf = new Configuration();
    for (int i = 0; i < userSettings.length; i += 2) {
      conf.set(userSettings[i], userSettings[i + 1]);
    }
    return conf;
  }

  private static Map<String, Shortcut> applied(Configuration conf, long input, int reducers)
      throws Exception {
    Map<String, Shortcut> byName = new HashMap<>();
    ClusterTuning.apply(conf, input, reducers).forEach(s -> byName.put(s.name(), s));
    return byName;
  }

  @Test
  void aClusterJobCompressesItsMapOutputWithPureJavaLz4AndShipsItsJar() throws Exception {
    Configuration conf = cluster();
    Map<String, Shortcut> done = applied(conf, 108 * MB, 16);
    assertTrue(conf.getBoolean(COMPRESS, false));
    assertEquals("io.airlift.compress.lz4.Lz4Codec", conf.get(CODEC));
    assertEquals(Shortcut.State.RAN, done.get(ClusterTuning.CODEC).state());
    assertTrue(
        conf.get("tmpjars", "").contains("aircompressor"),
        "a cluster's Hadoop need not carry the codec: " + conf.get("tmpjars"));
    assertEquals(HbulkConf.CLUSTER_REDUCE_MEMORY_MB_DEFAULT, conf.getInt(REDUCE_MB, 0));
    assertEquals("-XX:+UseParallelGC", conf.get(MAP_OPTS));
    assertEquals("-XX:+UseParallelGC", conf.get(REDUCE_OPTS));
    assertEquals(
        Shortcut.State.RAN, done.get(ClusterTuning.REDUCE_MEMORY).state(), "not the user's");
    assertEquals(Shortcut.State.RAN, done.get(ClusterTuning.TASK_JVM).state());
  }

  @Test
  void hadoopsOwnCodecNeedsNoJarShipped() throws Exception {
    Configuration conf = cluster(HbulkConf.CLUSTER_MAP_OUTPUT_CODEC, DefaultCodec.class.getName());
    applied(conf, 108 * MB, 16);
    assertEquals(DefaultCodec.class.getName(), conf.get(CODEC));
    assertEquals("", conf.get("tmpjars", ""), "Hadoop's own codec is on every cluster");
  }

  @Test
  void theUsersOwnHadoopSettingsWinAndAreLeftAsTheyAre() throws Exception {
    Configuration conf =
        cluster(
            COMPRESS,
            "false",
            REDUCE_MB,
            "3072",
            SPLIT_MIN,
            String.valueOf(64 * MB),
            SORT_MB,
            "50",
            "mapred.child.java.opts",
            "-Xmx900m",
            REDUCE_INPUT,
            "0.25");
    Map<String, Shortcut> done = applied(conf, 108 * MB, 16);
    assertFalse(conf.getBoolean(COMPRESS, true));
    assertNull(conf.get(CODEC + ".unused"));
    assertEquals(3072, conf.getInt(REDUCE_MB, 0));
    assertEquals(64 * MB, conf.getLong(SPLIT_MIN, 0));
    assertEquals(Long.MAX_VALUE, conf.getLong(SPLIT_MAX, Long.MAX_VALUE), "left unset");
    assertEquals(50, conf.getInt(SORT_MB, 0));
    assertEquals(0.25f, conf.getFloat(REDUCE_INPUT, 0));
    assertEquals(new JobConf().get(MAP_OPTS), conf.get(MAP_OPTS), "the user's child options rule");
    for (Shortcut s : done.values()) {
      assertEquals(Shortcut.State.NOT_USED, s.state(), s.toString());
    }

    Configuration codecOnly = cluster(CODEC, DefaultCodec.class.getName());
    applied(codecOnly, MB, 1);
    assertFalse(codecOnly.getBoolean(COMPRESS, false), "a codec alone does not switch it on");
  }

  @Test
  void aHeapInTheUsersChildOptionsKeepsTheReducersContainerHadoops() throws Exception {
    Configuration conf = cluster("mapred.child.java.opts", "-Xmx2g");
    Map<String, Shortcut> done = applied(conf, 108 * MB, 16);
    assertEquals(
        new JobConf().get(REDUCE_MB), conf.get(REDUCE_MB), "a 2 GB heap in no 1 GB container");
    assertEquals(Shortcut.State.NOT_USED, done.get(ClusterTuning.REDUCE_MEMORY).state());
    assertEquals(Shortcut.State.RAN, done.get(ClusterTuning.CODEC).state(), "the others still run");
  }

  @Test
  void eachDefaultHasItsOwnKeyAndZeroOrNoneSwitchesItOff() throws Exception {
    Configuration conf =
        cluster(
            HbulkConf.CLUSTER_MAP_OUTPUT_CODEC, "none",
            HbulkConf.CLUSTER_REDUCE_MEMORY_MB, "0",
            HbulkConf.CLUSTER_SPLIT_MAX_BYTES, "0",
            HbulkConf.CLUSTER_SORT_BUFFER_MAX_MB, "0",
            HbulkConf.CLUSTER_TASK_JAVA_OPTS, "",
            HbulkConf.CLUSTER_REDUCE_INPUT_IN_MEMORY, "false");
    Map<String, Shortcut> done = applied(conf, 108 * MB, 16);
    assertFalse(conf.getBoolean(COMPRESS, false));
    assertEquals(new JobConf().get(REDUCE_MB), conf.get(REDUCE_MB), "Hadoop's default");
    assertEquals(new JobConf().get(SPLIT_MIN), conf.get(SPLIT_MIN), "Hadoop's default");
    assertEquals(new JobConf().get(SORT_MB), conf.get(SORT_MB), "Hadoop's default");
    assertEquals(new JobConf().get(REDUCE_OPTS), conf.get(REDUCE_OPTS), "Hadoop's default");
    assertEquals(new JobConf().get(MAP_OPTS), conf.get(MAP_OPTS), "Hadoop's default");
    assertEquals(new JobConf().get(REDUCE_INPUT), conf.get(REDUCE_INPUT), "Hadoop's default");
    for (Shortcut s : done.values()) {
      assertEquals(Shortcut.State.OFF, s.state(), s.toString());
    }

    Configuration chosen =
        cluster(
            HbulkConf.CLUSTER_MAP_OUTPUT_CODEC,
            "org.apache.hadoop.io.compress.GzipCodec",
            HbulkConf.CLUSTER_REDUCE_MEMORY_MB,
            "2048");
    applied(chosen, MB, 1);
    assertEquals("org.apache.hadoop.io.compress.GzipCodec", chosen.get(CODEC));
    assertFalse(chosen.get("tmpjars", "").contains("hadoop-common"), "Hadoop's own is there");
    assertEquals(2048, chosen.getInt(REDUCE_MB, 0));
  }

  @Test
  void aCodecTheDriverCannotLoadFallsBackToHadoopsPureJavaDefault() throws Exception {
    Configuration conf = cluster(HbulkConf.CLUSTER_MAP_OUTPUT_CODEC, "com.example.NoSuchCodec");
    Shortcut codec = applied(conf, MB, 1).get(ClusterTuning.CODEC);
    assertEquals(Shortcut.State.FELL_BACK, codec.state());
    assertEquals(DefaultCodec.class.getName(), conf.get(CODEC));
    assertTrue(codec.detail().contains("com.example.NoSuchCodec"), codec.detail());
  }

  @Test
  void splitsFollowTheReducersWithinTheirBounds() {
    long max = HbulkConf.CLUSTER_SPLIT_MAX_BYTES_DEFAULT;
    assertEquals(32 * MB, ClusterTuning.splitBytes(108 * MB, 16, max), "no split below 32 MB");
    assertEquals(64 * MB, ClusterTuning.splitBytes(1024 * MB, 16, max));
    assertEquals(128 * MB, ClusterTuning.splitBytes(1L << 40, 256, max), "none above the max");
    assertEquals(108 * MB, ClusterTuning.splitBytes(432 * MB, 4, max), "below the max: as before");
    assertEquals(8 * MB, ClusterTuning.splitBytes(108 * MB, 16, 8 * MB), "a smaller max wins");
  }

  @Test
  void aMapTasksSortBufferHoldsItsSplitsOutputWithinHalfItsHeap() throws Exception {
    // 433 MB of CSV over 4 reducers: splits of 108 MB, whose output fits 433 MB under the spill
    // mark; Hadoop's 1 GB map container (heap 820 MB) caps it at 410 MB.
    Configuration conf = cluster();
    Shortcut done = applied(conf, 433 * MB, 4).get(ClusterTuning.SORT_BUFFER);
    assertEquals(410, conf.getInt(SORT_MB, 0), done.toString());
    assertEquals(Shortcut.State.RAN, done.state());
    assertTrue(done.detail().contains("map heap 820 MB"), done.detail());

    Configuration bigger = cluster("mapreduce.map.memory.mb", "4096");
    applied(bigger, 433 * MB, 4);
    assertEquals(433, bigger.getInt(SORT_MB, 0), "a larger container holds the whole split's");

    Configuration capped =
        cluster(
            "mapreduce.map.java.opts", "-Xmx3000m", HbulkConf.CLUSTER_SORT_BUFFER_MAX_MB, "384");
    applied(capped, 1L << 40, 256);
    assertEquals(384, capped.getInt(SORT_MB, 0), "the largest, though the split wants 512");

    Configuration child =
        cluster("mapreduce.map.memory.mb", "4096", "mapred.child.java.opts", "-Xmx600m");
    applied(child, 433 * MB, 4);
    assertEquals(300, child.getInt(SORT_MB, 0), "half the -Xmx the task starts with");

    Configuration ownHeap = cluster(HbulkConf.CLUSTER_TASK_JAVA_OPTS, "-Xmx500m");
    applied(ownHeap, 433 * MB, 4);
    assertEquals(250, ownHeap.getInt(SORT_MB, 0), "half the heap hbulk's own options give");

    Configuration userSplit = cluster(SPLIT_MIN, String.valueOf(64 * MB));
    applied(userSplit, 433 * MB, 4);
    assertEquals(
        410, userSplit.getInt(SORT_MB, 0), "Hadoop's rule: a 128 MB block within 64 MB to any");
    Configuration smallSplit = cluster(SPLIT_MAX, String.valueOf(40 * MB));
    applied(smallSplit, 433 * MB, 4);
    assertEquals(160, smallSplit.getInt(SORT_MB, 0), "the user's 40 MB splits");

    Configuration small = cluster("mapreduce.map.memory.mb", "200");
    Shortcut hadoops = applied(small, 433 * MB, 4).get(ClusterTuning.SORT_BUFFER);
    assertEquals(Shortcut.State.NOT_USED, hadoops.state(), "half a 160 MB heap is below 100 MB");
    assertEquals(new JobConf().get(SORT_MB), small.get(SORT_MB));
  }

  @Test
  void aCollectorChosenByTheClusterOrTheUserIsNotDoubled() throws Exception {
    for (String key :
        List.of(
            "mapreduce.admin.map.child.java.opts",
            "mapreduce.admin.reduce.child.java.opts",
            "mapreduce.map.env",
            "mapreduce.reduce.env",
            "mapreduce.map.env.JAVA_TOOL_OPTIONS",
            "mapreduce.reduce.env.JAVA_TOOL_OPTIONS",
            "mapred.child.env")) {
      String value =
          key.endsWith("env")
              ? "JAVA_TOOL_OPTIONS=-XX:+UseG1GC"
              : key.endsWith("OPTIONS") ? "-XX:+UseG1GC" : "-Xss1m -XX:+UseG1GC";
      Configuration conf = cluster(key, value);
      Shortcut done = applied(conf, 433 * MB, 4).get(ClusterTuning.TASK_JVM);
      boolean maps = !key.contains(".reduce.");
      boolean reducers = !key.contains(".map.");
      assertEquals(
          maps && reducers ? Shortcut.State.NOT_USED : Shortcut.State.RAN, done.state(), key);
      assertEquals(maps ? new JobConf().get(MAP_OPTS) : "-XX:+UseParallelGC", conf.get(MAP_OPTS));
      assertEquals(
          reducers ? new JobConf().get(REDUCE_OPTS) : "-XX:+UseParallelGC", conf.get(REDUCE_OPTS));
      assertTrue(done.detail().contains(key), done.detail());
    }
    Configuration other = cluster("mapreduce.admin.map.child.java.opts", "-Xss1m");
    applied(other, 433 * MB, 4);
    assertEquals("-XX:+UseParallelGC", other.get(MAP_OPTS), "other admin options do not stop it");
  }

  @Test
  void theUsersOptionsForOneKindOfTaskLeaveTheOtherKindsDefault() throws Exception {
    Configuration maps = cluster(MAP_OPTS, "-Xmx3000m");
    Shortcut done = applied(maps, 433 * MB, 4).get(ClusterTuning.TASK_JVM);
    assertEquals("-Xmx3000m", maps.get(MAP_OPTS));
    assertEquals("-XX:+UseParallelGC", maps.get(REDUCE_OPTS), "the reducers' default stays");
    assertEquals(Shortcut.State.RAN, done.state());
    assertEquals(
        "maps keep mapreduce.map.java.opts, set by the user; reducers start with -XX:+UseParallelGC",
        done.detail());

    Configuration reducers = cluster(REDUCE_OPTS, "-XX:+UseG1GC");
    done = applied(reducers, 433 * MB, 4).get(ClusterTuning.TASK_JVM);
    assertEquals("-XX:+UseParallelGC", reducers.get(MAP_OPTS), "the maps' default stays");
    assertEquals("-XX:+UseG1GC", reducers.get(REDUCE_OPTS));
    assertEquals(Shortcut.State.RAN, done.state());
    assertTrue(done.detail().startsWith("maps start with -XX:+UseParallelGC;"), done.detail());

    Configuration child = cluster("mapred.child.java.opts", "-XX:+UseSerialGC");
    done = applied(child, 433 * MB, 4).get(ClusterTuning.TASK_JVM);
    assertEquals(new JobConf().get(MAP_OPTS), child.get(MAP_OPTS), "the child options rule both");
    assertEquals(new JobConf().get(REDUCE_OPTS), child.get(REDUCE_OPTS));
    assertEquals(Shortcut.State.NOT_USED, done.state());
    assertEquals("maps and reducers keep mapred.child.java.opts, set by the user", done.detail());
  }

  @Test
  void theSortBufferStaysWithinHadoopsLimitAndTheHeap() {
    assertEquals(100, ClusterTuning.sortBufferMb(10 * MB, 819, 1024), "never below Hadoop's");
    assertEquals(2047, ClusterTuning.sortBufferMb(1L << 40, 100_000, 4096), "Hadoop's largest");
    assertEquals(60, ClusterTuning.sortBufferMb(256 * MB, 120, 1024), "half a small heap");
  }

  @Test
  void reducersKeepInMemoryWhatTheirShuffleHoldsOfTheHeapHadoopGivesThem() throws Exception {
    Configuration conf = cluster();
    Map<String, Shortcut> done = applied(conf, 433 * MB, 4);
    assertEquals(0.70f * 0.66f, conf.getFloat(REDUCE_INPUT, 0), 1e-6, "below the shuffle's merge");
    Shortcut kept = done.get(ClusterTuning.REDUCE_INPUT_IN_MEMORY);
    assertEquals(Shortcut.State.RAN, kept.state());
    assertTrue(kept.detail().endsWith("(reduce heap 820 MB)"), kept.detail());

    // After the reduce containers are sized: 0.8 of hbulk's 2 GB, not of Hadoop's 1 GB.
    Configuration bigger = cluster(HbulkConf.CLUSTER_REDUCE_MEMORY_MB, "2048");
    Shortcut sized = applied(bigger, 433 * MB, 4).get(ClusterTuning.REDUCE_INPUT_IN_MEMORY);
    assertTrue(sized.detail().endsWith("(reduce heap 1639 MB)"), sized.detail());

    // A heap Hadoop cannot read from the options: nothing is kept.
    Configuration unknown = cluster(REDUCE_OPTS, "-Xmx2t");
    Shortcut none = applied(unknown, 433 * MB, 4).get(ClusterTuning.REDUCE_INPUT_IN_MEMORY);
    assertEquals(Shortcut.State.NOT_USED, none.state(), none.toString());
    assertEquals(new JobConf().get(REDUCE_INPUT), unknown.get(REDUCE_INPUT), "Hadoop's default");

    // The shuffle sized from 300 MB of an 800 MB heap holds 0.7 * 300 MB, 0.2625 of the heap, and
    // merges onto disk from 0.5 of that here.
    Configuration total =
        cluster(
            "mapreduce.reduce.memory.totalbytes",
            String.valueOf(300 * MB),
            "mapreduce.reduce.memory.mb",
            "1000",
            REDUCE_OPTS,
            "-Xmx800m",
            "mapreduce.reduce.shuffle.merge.percent",
            "0.5");
    applied(total, 433 * MB, 4);
    assertEquals(0.13125f, total.getFloat(REDUCE_INPUT, 0), 1e-6);
  }

  @Test
  void whatWasAppliedIsReadBackForTheReportAndALocalJobHasNone() throws Exception {
    Configuration conf = cluster();
    List<Shortcut> done = ClusterTuning.apply(conf, 108 * MB, 16);
    assertEquals(done, ClusterTuning.outcome(conf));
    assertEquals(List.of(), ClusterTuning.outcome(cluster()));
  }

  @Test
  void reducersFillTheClusterOrFollowTheInputButNeverOutnumberTheRegions() {
    Configuration conf = cluster();
    assertEquals(2, ClusterTuning.reducers(conf, 108 * MB, 16, 2), "what the cluster runs at once");
    Shortcut done = ClusterTuning.outcome(conf).get(0);
    assertEquals(ClusterTuning.REDUCERS, done.name());
    assertEquals(Shortcut.State.RAN, done.state());
    assertTrue(done.detail().startsWith("2 reducer(s) for 16 region(s)"), done.detail());
    assertEquals(8, ClusterTuning.reducers(cluster(), 2048 * MB, 16, 2), "one per 256 MB of input");
    assertEquals(16, ClusterTuning.reducers(cluster(), 1L << 40, 16, 2), "never above the regions");
    assertEquals(3, ClusterTuning.reducers(cluster(), MB, 3, 40));
    assertEquals(1, ClusterTuning.reducers(cluster(), MB, 16, 0), "capacity unknown, small input");
    Configuration regionsOnly = cluster();
    assertEquals(4, ClusterTuning.reducers(regionsOnly, MB, 4, 8));
    assertEquals(
        Shortcut.State.NOT_USED,
        ClusterTuning.outcome(regionsOnly).get(0).state(),
        "one reducer per region is HBase's own way");
  }

  @Test
  void theUserChoosesTheReducersWithinTheRegions() {
    Configuration conf = cluster(HbulkConf.CLUSTER_REDUCERS, "5");
    assertEquals(5, ClusterTuning.reducers(conf, 1L << 40, 16, 2));
    assertTrue(ClusterTuning.outcome(conf).get(0).detail().contains(HbulkConf.CLUSTER_REDUCERS));
    assertEquals(
        16, ClusterTuning.reducers(cluster(HbulkConf.CLUSTER_REDUCERS, "1000"), MB, 16, 2));
  }
}
