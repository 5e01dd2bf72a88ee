package org.hbulk.mappers.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * A file's header line, read from the file's start whatever split a task has, framed and parsed as
 * its records are (codec, charset, byte-order mark, quotes, trim): what the driver checks before
 * the job and what each map task of a {@code columns = by-name} spec places its columns by.
 */
public final class FileHeader {
  private FileHeader() {}

  /**
   * @return the header's fields, or null when the file is empty
   * @throws ColumnLayout.MismatchException when the header is not readable CSV
   */
  public static List<String> read(Configuration conf, LoadSpec spec, Path file)
      throws IOException, ColumnLayout.MismatchException {
    Configuration readerConf = new Configuration(conf);
    spec.toConfiguration(readerConf);
    try (CsvRecordReader reader = new CsvRecordReader(true)) {
      reader.initialize(
          new FileSplit(file, 0, Long.MAX_VALUE, null),
          new TaskAttemptContextImpl(readerConf, new TaskAttemptID()));
      if (!reader.nextKeyValue()) {
        return null;
      }
      RawRecord raw = reader.getCurrentValue();
      CsvRecordParser parser = new CsvRecordParser(spec.csv());
      try {
        return new ArrayList<>(parser.parse(parser.decode(raw.array(), raw.length())));
      } catch (RejectException e) {
        throw new ColumnLayout.MismatchException(
            "the header line cannot be read: " + e.getMessage());
      }
    }
  }

  /**
   * The layout of a file's columns per its header.
   *
   * @return null when the file is empty
   * @throws ColumnLayout.MismatchException when the header does not fit the spec's [columns]
   */
  public static ColumnLayout layout(Configuration conf, LoadSpec spec, Path file)
      throws IOException, ColumnLayout.MismatchException {
    List<String> header = read(conf, spec, file);
    return header == null ? null : ColumnLayout.of(spec.csv(), spec.columns(), header);
  }
}
