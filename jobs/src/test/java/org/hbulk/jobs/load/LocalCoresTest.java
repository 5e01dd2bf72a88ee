package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;

/** How a local run shares out the machine: splits in whole waves of equal size, bounded buffers. */
class LocalCoresTest {
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
    JobSetup.useLocalCores(conf, 108 * MB);
    // 108 MB over 2 cores in splits of at most about 32 MB: 2 waves of 2, 27 MB each.
    assertEquals(27 * MB, conf.getLong("mapreduce.input.fileinputformat.split.maxsize", 0));
    assertEquals(27 * MB, conf.getLong("mapreduce.input.fileinputformat.split.minsize", 0));
    assertEquals(2, conf.getInt("mapreduce.local.map.tasks.maximum", 0));

    Configuration big = local(2);
    JobSetup.useLocalCores(big, 434 * MB);
    long split = big.getLong("mapreduce.input.fileinputformat.split.maxsize", 0);
    assertEquals(14, (434 * MB + split - 1) / split, "7 waves of 2");

    Configuration small = local(2);
    JobSetup.useLocalCores(small, MB);
    assertEquals(2 * MB, small.getLong("mapreduce.input.fileinputformat.split.maxsize", 0),
        "no split below 2 MB");
  }

  @Test
  void theSortBufferHoldsASplitsCellsWithinAQuarterOfTheHeapAndTheUserWins() {
    Configuration conf = local(2);
    JobSetup.useLocalCores(conf, 108 * MB);
    long perTask = (Runtime.getRuntime().maxMemory() >> 20) / 8;
    assertEquals(Math.max(32, Math.min(108, perTask)), conf.getInt("mapreduce.task.io.sort.mb", 0));
    assertEquals(Runtime.getRuntime().maxMemory() / 4,
        conf.getLong("mapreduce.reduce.memory.totalbytes", 0));

    Configuration user = local(2, "mapreduce.task.io.sort.mb", "64",
        "mapreduce.input.fileinputformat.split.maxsize", String.valueOf(5 * MB));
    JobSetup.useLocalCores(user, 108 * MB);
    assertEquals(64, user.getInt("mapreduce.task.io.sort.mb", 0));
    assertEquals(5 * MB, user.getLong("mapreduce.input.fileinputformat.split.maxsize", 0));
    assertEquals(0, user.getLong("mapreduce.input.fileinputformat.split.minsize", 0));
  }

  @Test
  void reducersKeepWhatTheirShuffleHoldsInMemoryAndTheUserWins() {
    Configuration conf = local(2);
    JobSetup.useLocalCores(conf, 108 * MB);
    // A quarter of the heap per reducer, 70 % of it for the shuffle: 17.5 % of the heap.
    assertEquals(0.175f, conf.getFloat("mapreduce.reduce.input.buffer.percent", 0), 0.001f);

    long heap = Runtime.getRuntime().maxMemory();
    Configuration bigger = local(2, "mapreduce.reduce.memory.totalbytes", String.valueOf(heap / 2),
        "mapreduce.reduce.shuffle.input.buffer.percent", "0.5");
    JobSetup.useLocalCores(bigger, 108 * MB);
    assertEquals(0.25f, bigger.getFloat("mapreduce.reduce.input.buffer.percent", 0), 0.001f);

    Configuration user = local(2, "mapreduce.reduce.input.buffer.percent", "0.0");
    JobSetup.useLocalCores(user, 108 * MB);
    assertEquals(0f, user.getFloat("mapreduce.reduce.input.buffer.percent", 1), 0f);
  }

  @Test
  void onlyHadoopsOwnDefaultsCountAsUnset() {
    Configuration conf = local(2, "mapreduce.map.sort.spill.percent", "0.9");
    assertEquals("100", conf.get("mapreduce.task.io.sort.mb"), "mapred-default.xml is loaded");
    assertFalse(JobSetup.setByUser(conf, "mapreduce.task.io.sort.mb"));
    assertFalse(JobSetup.setByUser(conf, "hbulk.no.such.key"));
    assertTrue(JobSetup.setByUser(conf, "mapreduce.map.sort.spill.percent"));
  }
}
