package org.hbulk.mappers.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * CSV files, plain or compressed (any codec Hadoop knows by extension: .gz, .bz2, ...). Plain files
 * are split unless the spec allows line breaks inside quotes; compressed files are read whole.
 * Splits are {@link CsvSplit}s, which spare the map task a per-record statistics walk.
 */
public class CsvInputFormat extends FileInputFormat<LongWritable, RawRecord> {

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    if (new CompressionCodecFactory(context.getConfiguration()).getCodec(file) != null) {
      return false;
    }
    return !LoadSpec.fromConfiguration(context.getConfiguration()).csv().multiline();
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    List<InputSplit> files = super.getSplits(job);
    // Numbered by path, not by listing order (which a local file system does not sort), so a
    // record's place in the input is the same in every run.
    TreeMap<String, Integer> byPath = new TreeMap<>();
    for (InputSplit f : files) {
      byPath.put(((FileSplit) f).getPath().toString(), 0);
    }
    int index = 0;
    for (Map.Entry<String, Integer> e : byPath.entrySet()) {
      e.setValue(index++);
    }
    List<InputSplit> splits = new ArrayList<>(files.size());
    for (InputSplit f : files) {
      FileSplit file = (FileSplit) f;
      splits.add(new CsvSplit(file, byPath.get(file.getPath().toString())));
    }
    return splits;
  }

  @Override
  public RecordReader<LongWritable, RawRecord> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    return new CsvRecordReader();
  }
}
