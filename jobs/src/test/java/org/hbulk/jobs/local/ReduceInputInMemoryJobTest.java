package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard of the reduce input kept in memory, in Hadoop's own local job runner: switched on, no
 * reducer writes its input to disk before the reduce (the records are spilled once, by the maps);
 * switched off, Hadoop merges it onto disk first (spilled twice). An upgrade that stops honouring
 * {@code mapreduce.reduce.input.buffer.percent} fails this test, not only slows the job.
 */
class ReduceInputInMemoryJobTest {
  @Test
  void onTheReducersReadTheirInputFromMemoryOffFromDisk(@TempDir Path tmp) throws Exception {
    long records = 20_000;
    assertEquals(records, spilled(tmp.resolve("on"), true, records));
    assertEquals(2 * records, spilled(tmp.resolve("off"), false, records));
  }

  /** Records the job's map and reduce tasks wrote to local disk. */
  private static long spilled(Path dir, boolean inMemory, long records) throws Exception {
    Files.createDirectories(dir);
    StringBuilder lines = new StringBuilder();
    for (long i = 0; i < records; i++) {
      lines.append("row-").append(i * 7919 % records).append('\n');
    }
    Path input = Files.writeString(dir.resolve("in.txt"), lines, StandardCharsets.UTF_8);
    Configuration conf = LocalTestJob.configuration(dir);
    conf.setInt(HbulkConf.LOCAL_PARALLELISM, 1);
    conf.setBoolean(HbulkConf.LOCAL_REDUCE_INPUT_IN_MEMORY, inMemory);
    LocalTuning.apply(conf, Files.size(input));
    Job job = Job.getInstance(conf, "reduce input in memory");
    job.setMapperClass(LinesAsKeys.class);
    job.setReducerClass(Reducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setNumReduceTasks(2);
    LocalTestJob.run(job, input, dir);
    assertEquals(records, job.getCounters().findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue());
    return job.getCounters().findCounter(TaskCounter.SPILLED_RECORDS).getValue();
  }

  /** Each line a key. */
  public static final class LinesAsKeys extends Mapper<LongWritable, Text, Text, LongWritable> {
    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws java.io.IOException, InterruptedException {
      context.write(line, offset);
    }
  }
}
