package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The guard of {@link PlainIoLocalShuffle} in Hadoop's own local job runner (where its work
 * matters, a Kerberos client, is {@code SecureClusterIT}): with several maps, several reducers and
 * compressed map output, every reducer gets every record of its partition, in sorted order, as
 * under Hadoop's shuffle.
 */
class PlainIoLocalShuffleJobTest {
  @Test
  void reducersGetTheSameSortedInputAsWithHadoopsShuffle(@TempDir Path tmp) throws Exception {
    List<String> hadoops = run(tmp.resolve("hadoop"), false);
    List<String> plain = run(tmp.resolve("plain"), true);
    assertEquals(3 * 4000, plain.size());
    assertEquals(hadoops, plain);
  }

  /** Each reducer's output, a file after the other: its keys in the order it got them. */
  private static List<String> run(Path dir, boolean plainIo) throws Exception {
    Path in = Files.createDirectories(dir.resolve("in"));
    for (int file = 0; file < 3; file++) {
      StringBuilder lines = new StringBuilder();
      for (int i = 0; i < 4000; i++) {
        lines.append("row-").append((i * 7919 + file) % 10_007).append('-').append(file);
        lines.append('\n');
      }
      Files.writeString(in.resolve(file + ".txt"), lines, StandardCharsets.UTF_8);
    }
    Configuration conf = LocalTestJob.configuration(dir);
    conf.setBoolean("mapreduce.map.output.compress", true);
    conf.setClass("mapreduce.map.output.compress.codec", DefaultCodec.class, Object.class);
    if (plainIo) {
      conf.set(PlainIoLocalShuffle.PLUGIN, PlainIoLocalShuffle.class.getName());
    }
    Job job = Job.getInstance(conf, "plain io shuffle");
    job.setMapperClass(LinesAsKeys.class);
    job.setReducerClass(KeysInOrder.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setNumReduceTasks(3);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(in.toUri()));
    Path out = dir.resolve("out");
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(out.toUri()));
    assertTrue(job.waitForCompletion(false), "the job failed");
    assertEquals(9, job.getCounters().findCounter(TaskCounter.SHUFFLED_MAPS).getValue());
    // Hadoop's local shuffle merges each reducer's input onto disk first (records spilled twice);
    // this one reads the map outputs where they are (once, by the maps): proof of which one ran.
    assertEquals(
        (plainIo ? 1 : 2) * 3 * 4000,
        job.getCounters().findCounter(TaskCounter.SPILLED_RECORDS).getValue());
    List<String> lines = new ArrayList<>();
    try (Stream<Path> parts = Files.list(out)) {
      for (Path part :
          parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList()) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
      }
    }
    return lines;
  }

  /** Each line a key. */
  public static final class LinesAsKeys extends Mapper<LongWritable, Text, Text, LongWritable> {
    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      context.write(line, offset);
    }
  }

  /** Writes each key as it comes, so the output shows the order of the reducer's input. */
  public static final class KeysInOrder extends Reducer<Text, LongWritable, Text, LongWritable> {
    @Override
    protected void reduce(Text key, Iterable<LongWritable> offsets, Context context)
        throws IOException, InterruptedException {
      for (LongWritable offset : offsets) {
        context.write(key, offset);
      }
    }
  }
}
