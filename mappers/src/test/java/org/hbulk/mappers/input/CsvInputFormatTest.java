package org.hbulk.mappers.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Splits of our own type, which read back every record once, as the file's own splits would. */
class CsvInputFormatTest {
  @TempDir Path tmp;

  @Test
  void splitsAreCsvSplitsNotFileSplitsAndTogetherReadEveryRecordOnce() throws Exception {
    StringBuilder csv = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      String line = "k" + i + ",\"value, " + i + "\"";
      csv.append(line).append('\n');
      expected.add(line);
    }
    Path file = Files.writeString(tmp.resolve("in.csv"), csv, StandardCharsets.UTF_8);
    Job job = job(file, 1000);

    List<InputSplit> splits = new CsvInputFormat().getSplits(job);
    assertTrue(splits.size() > 5, "a 10 kB file in 1 kB splits: " + splits.size());
    List<String> read = new ArrayList<>();
    for (InputSplit split : splits) {
      assertFalse(
          split instanceof FileSplit,
          "a FileSplit costs the map task a statistics walk per record");
      CsvSplit copy = roundTrip((CsvSplit) split);
      assertEquals(split.getLength(), copy.getLength());
      assertEquals(((CsvSplit) split).file().getStart(), copy.file().getStart());
      try (CsvRecordReader reader = new CsvRecordReader()) {
        reader.initialize(
            copy, new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID()));
        while (reader.nextKeyValue()) {
          RawRecord r = reader.getCurrentValue();
          read.add(new String(r.array(), 0, r.length(), StandardCharsets.UTF_8));
        }
      }
    }
    assertEquals(expected, read);
  }

  @Test
  void eachSplitKnowsItsFilesPlaceAmongTheInputsSortedByPath() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("dir"));
    // Written out of name order: the listing order of a local directory is the file system's.
    for (String name : new String[] {"c.csv", "a.csv", "b.csv"}) {
      Files.writeString(
          dir.resolve(name), ("x," + name + "\n").repeat(200), StandardCharsets.UTF_8);
    }
    List<InputSplit> splits = new CsvInputFormat().getSplits(job(dir, 700));
    assertTrue(splits.size() > 3, "several splits a file: " + splits.size());
    for (InputSplit split : splits) {
      String name = ((CsvSplit) split).file().getPath().getName();
      int want = name.charAt(0) - 'a';
      assertEquals(want, CsvSplit.fileIndexOf(split), name);
      assertEquals(
          want, CsvSplit.fileIndexOf(roundTrip((CsvSplit) split)), name + " after serialization");
    }
  }

  /**
   * A job reading {@code input} (a file or directory) in splits of at most {@code maxSplit} bytes.
   */
  private static Job job(Path input, long maxSplit) throws java.io.IOException {
    Configuration conf = new Configuration(false);
    LoadSpec.parse(
            "t.spec",
            "[columns]\na = string\nb = string\n[output o]\ntable = t\nkey = a\nf:b = b\n")
        .toConfiguration(conf);
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, maxSplit);
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(input.toUri()));
    return job;
  }

  private static CsvSplit roundTrip(CsvSplit split) throws Exception {
    DataOutputBuffer out = new DataOutputBuffer();
    split.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    CsvSplit copy = new CsvSplit();
    copy.readFields(in);
    return copy;
  }
}
