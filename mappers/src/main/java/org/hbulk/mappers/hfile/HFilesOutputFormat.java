package org.hbulk.mappers.hfile;

import java.io.IOException;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The job's output: {@link HFileWriters} in the task's work directory, published by the ordinary
 * file committer when the task commits. Keys are {@code table;row}.
 */
public final class HFilesOutputFormat extends FileOutputFormat<ImmutableBytesWritable, Cell> {
  @Override
  public RecordWriter<ImmutableBytesWritable, Cell> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    FileOutputCommitter committer = (FileOutputCommitter) getOutputCommitter(context);
    return new HFileWriters(
        context.getConfiguration(), committer.getWorkPath(), context.getTaskAttemptID().toString());
  }
}
