package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hbulk.jobs.local.LocalTestJob;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.mapreduce.HbulkCounter;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.TableCodes;
import org.hbulk.mappers.sort.PrefixSort;
import org.hbulk.mappers.sort.PrefixSortFallback;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard of the prefix sort, which reads private fields of Hadoop's map output buffer: inside
 * Hadoop's own map task (the local job runner) it reads this Hadoop's buffer instead of falling
 * back (an upgrade that changes the buffer fails this test, not only slows the job), across many
 * spills of a small buffer, whose records wrap around its end (without the modulo in
 * MapOutputBufferRecords' addressing this test fails), and every reducer gets its keys in the
 * shuffle's order.
 */
class CellKeySorterJobTest {
  private static final byte[] TABLE = TableCodes.of(List.of("t")).code("t");
  private static final byte[] FAMILY = Bytes.toBytes("d");

  enum Order {
    KEYS,
    OUT_OF_ORDER
  }

  @Test
  void mapSpillsAreSortedOnPrefixesAndReducersSeeTheShufflesOrder(@TempDir Path tmp)
      throws Exception {
    Job job = run(tmp, true);
    long spills = job.getCounters().findCounter(HbulkCounter.SPILLS_PREFIX_SORTED).getValue();
    assertTrue(spills > 2, spills + " spills sorted on prefixes");
    for (PrefixSortFallback f : PrefixSortFallback.values()) {
      assertEquals(
          0,
          job.getCounters().findCounter(f).getValue(),
          "spills left to QuickSort: " + f.reason());
    }
    Shortcut outcome = PrefixSort.outcome(job.getConfiguration(), job.getCounters());
    assertEquals(Shortcut.State.RAN, outcome.state(), outcome.detail());
  }

  @Test
  void switchedOffHadoopsQuickSortSortsTheSameOrder(@TempDir Path tmp) throws Exception {
    Job job = run(tmp, false);
    assertEquals(0, job.getCounters().findCounter(HbulkCounter.SPILLS_PREFIX_SORTED).getValue());
    assertEquals(
        Shortcut.State.OFF, PrefixSort.outcome(job.getConfiguration(), job.getCounters()).state());
  }

  /** Runs the job with the prefix sort switched on or off; checks every key came, in order. */
  private static Job run(Path tmp, boolean prefixSort) throws Exception {
    SplittableRandom r = new SplittableRandom(17);
    StringBuilder lines = new StringBuilder();
    int records = 60_000;
    for (int i = 0; i < records; i++) {
      // shared starts, skewed users and rows that start other rows
      int user = (int) Math.min(5000, Math.abs(r.nextGaussian() * 300));
      lines.append(String.format("%02d|u%07d|%d", user % 16, user, r.nextInt(1000))).append('\n');
    }
    Path input = tmp.resolve("in.txt");
    Files.writeString(input, lines, StandardCharsets.UTF_8);

    Configuration conf = LocalTestJob.configuration(tmp);
    // 1 MB of buffer for about 3 MB of map output: several spills, each starting where the last
    // ended, so records wrap around the buffer's end
    conf.setInt(MRJobConfig.IO_SORT_MB, 1);
    conf.setBoolean(HbulkConf.SORT_PREFIX, prefixSort);
    assertEquals(prefixSort, PrefixSort.install(conf));
    Job job = Job.getInstance(conf, "prefix sort");
    job.setMapperClass(RowsAsKeys.class);
    job.setReducerClass(OrderCheck.class);
    job.setMapOutputKeyClass(CellKey.class);
    job.setMapOutputValueClass(NullWritable.class);
    job.setSortComparatorClass(CellKey.Comparator.class);
    job.setNumReduceTasks(3);
    LocalTestJob.run(job, input, tmp);
    assertEquals(records, job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue());
    assertEquals(records, job.getCounters().findCounter(Order.KEYS).getValue());
    assertEquals(0, job.getCounters().findCounter(Order.OUT_OF_ORDER).getValue());
    return job;
  }

  /** Each line a cell key: the line is the row, its offset the timestamp. */
  public static final class RowsAsKeys extends Mapper<LongWritable, Text, CellKey, NullWritable> {
    private final CellKey key = new CellKey();

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      byte[] q = {(byte) (offset.get() % 3)};
      context.write(
          key.set(
              TABLE,
              line.getBytes(),
              0,
              line.getLength(),
              FAMILY,
              0,
              1,
              q,
              0,
              1,
              offset.get(),
              CellKey.PUT),
          NullWritable.get());
    }
  }

  /** Counts the keys it is given and those that come before the one before them. */
  public static final class OrderCheck
      extends Reducer<CellKey, NullWritable, NullWritable, NullWritable> {
    private CellKey previous;

    @Override
    protected void reduce(CellKey key, Iterable<NullWritable> values, Context context) {
      for (NullWritable ignored : values) {
        context.getCounter(Order.KEYS).increment(1);
      }
      if (previous != null && previous.compareTo(key) > 0) {
        context.getCounter(Order.OUT_OF_ORDER).increment(1);
      }
      // the framework reuses its key object from call to call
      previous = WritableUtils.clone(key, context.getConfiguration());
    }
  }
}
