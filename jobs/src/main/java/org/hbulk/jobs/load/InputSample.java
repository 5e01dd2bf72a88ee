package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hbulk.mappers.mapreduce.CsvRecordReader;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The first records of an input, framed by the same record reader the job uses (header, BOM,
 * compression, multiline): what {@code explain} shows and what the driver checks keys on.
 */
public final class InputSample {
  private InputSample() {}

  /**
   * @param input a file, a directory (its first file) or a glob (its first match)
   * @return up to {@code limit} records' bytes; empty when the input has no file
   */
  public static List<byte[]> firstRecords(Configuration conf, LoadSpec spec, String input, int limit)
      throws IOException, InterruptedException {
    Path pattern = new Path(input);
    FileSystem fs = pattern.getFileSystem(conf);
    FileStatus[] matches = fs.globStatus(pattern);
    List<byte[]> found = new ArrayList<>();
    if (matches == null || matches.length == 0) {
      return found;
    }
    FileStatus file = matches[0];
    if (file.isDirectory()) {
      FileStatus[] inside = fs.listStatus(file.getPath(),
          p -> !p.getName().startsWith("_") && !p.getName().startsWith("."));
      if (inside.length == 0 || inside[0].isDirectory()) {
        return found;
      }
      file = inside[0];
    }
    Configuration readerConf = new Configuration(conf);
    spec.toConfiguration(readerConf);
    try (CsvRecordReader reader = new CsvRecordReader()) {
      reader.initialize(new FileSplit(file.getPath(), 0, file.getLen(), null),
          new TaskAttemptContextImpl(readerConf, new TaskAttemptID()));
      while (found.size() < limit && reader.nextKeyValue()) {
        if (reader.getCurrentValue().length() > 0) {
          found.add(reader.getCurrentValue().bytes().toArray());
        }
      }
    }
    return found;
  }
}
