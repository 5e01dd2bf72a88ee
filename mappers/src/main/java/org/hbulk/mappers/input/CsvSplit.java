package org.hbulk.mappers.input;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.SplitLocationInfo;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * A part of one CSV file: a {@link FileSplit} under a type of its own. A map task whose split is a
 * FileSplit sums every thread's file-system statistics before and after each record to count the
 * input's bytes (a visible share of a map task's time on short records); for any other split it
 * does not. So the "File Input Format Counters: Bytes Read" counter stays 0; the report takes the
 * input's size from the file system instead.
 */
public final class CsvSplit extends InputSplit implements Writable {
  private final FileSplit file;

  /**
   * The file's place among the job's input files sorted by path: the first part of a record's input
   * order.
   */
  private int fileIndex;

  /** For deserialization. */
  public CsvSplit() {
    this(new FileSplit(), 0);
  }

  public CsvSplit(FileSplit file, int fileIndex) {
    this.file = file;
    this.fileIndex = fileIndex;
  }

  /** The file, and the range of it, this split covers. */
  public FileSplit file() {
    return file;
  }

  /**
   * The file range of a split: one of ours or a plain FileSplit (tests, samples); null otherwise.
   */
  public static FileSplit fileOf(InputSplit split) {
    return split instanceof CsvSplit c ? c.file : split instanceof FileSplit f ? f : null;
  }

  /**
   * The index of a split's file among the job's input files sorted by path; 0 for a plain
   * FileSplit.
   */
  public static int fileIndexOf(InputSplit split) {
    return split instanceof CsvSplit c ? c.fileIndex : 0;
  }

  @Override
  public long getLength() {
    return file.getLength();
  }

  @Override
  public String[] getLocations() throws IOException {
    return file.getLocations();
  }

  @Override
  public SplitLocationInfo[] getLocationInfo() throws IOException {
    return file.getLocationInfo();
  }

  @Override
  public void write(DataOutput out) throws IOException {
    file.write(out);
    out.writeInt(fileIndex);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    file.readFields(in);
    fileIndex = in.readInt();
  }

  @Override
  public String toString() {
    return file.toString();
  }
}
