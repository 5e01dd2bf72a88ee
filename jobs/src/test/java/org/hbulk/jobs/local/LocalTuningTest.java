package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.security.UserGroupInformation;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.junit.jupiter.api.Test;

/** How a local run shares out the machine: splits in whole waves of equal size, bounded buffers. */
class LocalTuningTest {
  private static final long MB = 1L << 20;

  private static Configuration local(int cores, String... userSettings) {
    // Loading JobConf puts Hadoop's mapred-default.xml under every configuration, as a job does.
    new JobConf();
    Configuration conf = new Configuration();
    conf.setInt(HbulkConf.LOCAL_PARALLELISM, cores);
    for (int i = 0; i < userSettings.length; i += 2) {
      conf.set(userSettings[i], userSettings[i + 1]);
    }
    return conf;
  }

  @Test
  void splitsComeInWholeWavesOfEqualSize() {
    Configuration conf = local(2);
    LocalTuning.apply(conf, 108 * MB);
    // 108 MB over 2 cores in splits of at most about 32 MB: 2 waves of 2, 27 MB each.
    assertEquals(27 * MB, conf.getLong("mapreduce.input.fileinputformat.split.maxsize", 0));
    assertEquals(27 * MB, conf.getLong("mapreduce.input.fileinputformat.split.minsize", 0));
    assertEquals(2, conf.getInt("mapreduce.local.map.tasks.maximum", 0));

    Configuration big = local(2);
    LocalTuning.apply(big, 434 * MB);
    long split = big.getLong("mapreduce.input.fileinputformat.split.maxsize", 0);
    assertEquals(14, (434 * MB + split - 1) / split, "7 waves of 2");

    Configuration small = local(2);
    LocalTuning.apply(small, MB);
    assertEquals(
        2 * MB,
        small.getLong("mapreduce.input.fileinputformat.split.maxsize", 0),
        "no split below 2 MB");
  }

  @Test
  void theSortBufferHoldsASplitsCellsWithinAQuarterOfTheHeapAndTheUserWins() {
    Configuration conf = local(2);
    LocalTuning.apply(conf, 108 * MB);
    long perTask = (Runtime.getRuntime().maxMemory() >> 20) / 8;
    assertEquals(Math.max(32, Math.min(108, perTask)), conf.getInt("mapreduce.task.io.sort.mb", 0));
    assertEquals(
        Runtime.getRuntime().maxMemory() / 4,
        conf.getLong("mapreduce.reduce.memory.totalbytes", 0));

    Configuration user =
        local(
            2,
            "mapreduce.task.io.sort.mb",
            "64",
            "mapreduce.input.fileinputformat.split.maxsize",
            String.valueOf(5 * MB));
    LocalTuning.apply(user, 108 * MB);
    assertEquals(64, user.getInt("mapreduce.task.io.sort.mb", 0));
    assertEquals(5 * MB, user.getLong("mapreduce.input.fileinputformat.split.maxsize", 0));
    assertEquals(0, user.getLong("mapreduce.input.fileinputformat.split.minsize", 0));
  }

  @Test
  void reducersKeepWhatTheirShuffleHoldsInMemoryAndTheUserWins() {
    Configuration conf = local(2);
    LocalTuning.apply(conf, 108 * MB);
    // A quarter of the heap per reducer, 70 % of it for the shuffle: 17.5 % of the heap.
    assertEquals(0.175f, conf.getFloat("mapreduce.reduce.input.buffer.percent", 0), 0.001f);

    long heap = Runtime.getRuntime().maxMemory();
    Configuration bigger =
        local(
            2,
            "mapreduce.reduce.memory.totalbytes",
            String.valueOf(heap / 2),
            "mapreduce.reduce.shuffle.input.buffer.percent",
            "0.5");
    LocalTuning.apply(bigger, 108 * MB);
    assertEquals(0.25f, bigger.getFloat("mapreduce.reduce.input.buffer.percent", 0), 0.001f);

    Configuration user = local(2, "mapreduce.reduce.input.buffer.percent", "0.0");
    LocalTuning.apply(user, 108 * MB);
    assertEquals(0f, user.getFloat("mapreduce.reduce.input.buffer.percent", 1), 0f);
  }

  @Test
  void onlyHadoopsOwnDefaultsCountAsUnset() throws Exception {
    Configuration conf = local(2, "mapreduce.map.sort.spill.percent", "0.9");
    assertEquals("100", conf.get("mapreduce.task.io.sort.mb"), "mapred-default.xml is loaded");
    assertFalse(HbulkConf.setByUser(conf, "mapreduce.task.io.sort.mb"));
    assertFalse(HbulkConf.setByUser(conf, "hbulk.no.such.key"));
    assertTrue(HbulkConf.setByUser(conf, "mapreduce.map.sort.spill.percent"));

    // Written out whole, as job.xml and some client configuration directories are, and read back
    // as a site file: each value keeps where it came from.
    ByteArrayOutputStream xml = new ByteArrayOutputStream();
    conf.writeXml(xml);
    Configuration site = new Configuration();
    site.addResource(new ByteArrayInputStream(xml.toByteArray()), "core-site.xml");
    assertEquals("0.9", site.get("mapreduce.map.sort.spill.percent"));
    assertFalse(HbulkConf.setByUser(site, "mapreduce.task.io.sort.mb"), "still Hadoop's default");
    assertTrue(HbulkConf.setByUser(site, "mapreduce.map.sort.spill.percent"));
    site.set("mapreduce.task.io.sort.mb", "200");
    assertTrue(HbulkConf.setByUser(site, "mapreduce.task.io.sort.mb"));

    // Such a file edited by hand: the value changed, its origin still named.
    String edited =
        xml.toString(StandardCharsets.UTF_8)
            .replaceFirst(
                "(<name>mapreduce.task.io.sort.mb</name><value>)100(</value>)", "$1300$2");
    Configuration handEdited = new Configuration();
    handEdited.addResource(
        new ByteArrayInputStream(edited.getBytes(StandardCharsets.UTF_8)), "mapred-site.xml");
    assertEquals("300", handEdited.get("mapreduce.task.io.sort.mb"), "the edit took: " + edited);
    assertTrue(HbulkConf.setByUser(handEdited, "mapreduce.task.io.sort.mb"));
  }

  @Test
  void switchedOffEachLeavesHadoopsDefaultsAndTheJobSaysSo() throws Exception {
    Configuration conf =
        local(
            1,
            HbulkConf.LOCAL_TASK_SIZING,
            "false",
            HbulkConf.LOCAL_REDUCE_INPUT_IN_MEMORY,
            "false",
            "mapreduce.framework.name",
            "local");
    List<Shortcut> done = LocalTuning.apply(conf, 108 * MB);
    assertEquals(
        List.of(Shortcut.State.OFF, Shortcut.State.OFF, Shortcut.State.OFF),
        done.stream().map(Shortcut::state).toList());
    for (String key :
        List.of(
            "mapreduce.local.map.tasks.maximum",
            "mapreduce.input.fileinputformat.split.maxsize",
            "mapreduce.task.io.sort.mb",
            "mapreduce.reduce.memory.totalbytes",
            "mapreduce.reduce.input.buffer.percent")) {
      assertFalse(HbulkConf.setByUser(conf, key), key + " left to Hadoop");
    }
    List<Shortcut> read = LocalTuning.outcome(conf);
    assertEquals(LocalRunnerFileSystem.NAME, read.get(0).name());
    assertEquals(done, read.subList(1, 4), "what apply did, read back from the job");
  }

  @Test
  void switchedOnEachSaysWhatItSet() throws Exception {
    Configuration conf = local(2);
    List<Shortcut> done = LocalTuning.apply(conf, 108 * MB);
    assertEquals(
        List.of(
            LocalTuning.PARALLELISM, LocalTuning.TASK_SIZING, LocalTuning.REDUCE_INPUT_IN_MEMORY),
        done.stream().map(Shortcut::name).toList());
    assertTrue(done.stream().allMatch(s -> s.state() == Shortcut.State.RAN), done.toString());
    assertTrue(
        done.get(1).detail().startsWith("splits of 27.0 MB, sort buffers of "),
        done.get(1).detail());

    Configuration user = local(2, "mapreduce.reduce.input.buffer.percent", "0.0");
    assertEquals(Shortcut.State.NOT_USED, LocalTuning.apply(user, MB).get(2).state());
  }

  @Test
  void localFileStreamsBufferMoreThanHadoopsFourKilobytesUnlessTheUserSaysOtherwise()
      throws Exception {
    String key = "io.file.buffer.size";
    Configuration conf = local(2);
    assertEquals(4096, conf.getInt(key, 0), "Hadoop's default");
    LocalTuning.chooseFileBuffers(conf);
    assertEquals(128 * 1024, conf.getInt(key, 0));
    // The job's configuration is a copy made later: the task sizing still says it chose them,
    // and whether the local file system Hadoop keeps (one per user) writes with them. Each case
    // runs as a user of its own, so no file system another test made is in the way.
    Configuration job = new JobConf(conf);
    assertEquals(
        "file buffers of 128 KB",
        asNewUser(() -> lastPart(LocalTuning.apply(new JobConf(job), 108 * MB).get(1))));
    assertEquals(
        "file buffers of 4096 bytes, not 128 KB: this process made its local file system before"
            + " hbulk chose them",
        asNewUser(
            () -> {
              FileSystem.getLocal(local(2)); // made first, with Hadoop's buffer
              return lastPart(LocalTuning.apply(new JobConf(job), 108 * MB).get(1));
            }));

    Configuration user = local(2, key, "65536");
    LocalTuning.chooseFileBuffers(user);
    assertEquals(65536, user.getInt(key, 0));
    assertFalse(LocalTuning.apply(user, 108 * MB).get(1).detail().contains("file buffers"));

    Configuration off = local(2, HbulkConf.LOCAL_TASK_SIZING, "false");
    LocalTuning.chooseFileBuffers(off);
    assertFalse(HbulkConf.setByUser(off, key), "switched off: Hadoop's buffer");

    Configuration cluster = local(2, "mapreduce.framework.name", "yarn");
    LocalTuning.chooseFileBuffers(cluster);
    assertFalse(HbulkConf.setByUser(cluster, key), "a cluster's own setting stands");
  }

  /** What the task sizing says of the file buffers, its last part. */
  private static String lastPart(Shortcut shortcut) {
    String detail = shortcut.detail();
    return detail.substring(detail.indexOf(", file buffers") + 2);
  }

  private static <T> T asNewUser(PrivilegedExceptionAction<T> action) throws Exception {
    return UserGroupInformation.createRemoteUser("buffers-" + System.nanoTime()).doAs(action);
  }

  @Test
  void aJobThatDidNotRunLocallyUsedNone() throws Exception {
    List<Shortcut> none = LocalTuning.outcome(new Configuration(false));
    assertEquals(4, none.size());
    assertTrue(none.stream().allMatch(s -> s.state() == Shortcut.State.NOT_USED), none.toString());
  }
}
