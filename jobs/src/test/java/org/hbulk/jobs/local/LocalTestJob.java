package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * A job under Hadoop's own local job runner, in a test's folder: what the guard tests of the
 * shortcuts run, so that an upgrade of Hadoop fails them where the real thing would break.
 */
public final class LocalTestJob {
  private LocalTestJob() {}

  /** A configuration for a local job whose files all stay under {@code dir}. */
  public static Configuration configuration(Path dir) {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("hadoop").toString());
    return conf;
  }

  /**
   * Runs {@code job} over one input file, its output discarded; fails the test if the job fails.
   */
  public static void run(Job job, Path input, Path dir) throws Exception {
    job.setOutputFormatClass(NullOutputFormat.class);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(dir.resolve("out").toUri()));
    assertTrue(job.waitForCompletion(false), job.getJobName() + " failed");
  }
}
