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
import org.hbulk.mappers.input.CsvRecordReader;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The first records of an input, framed by the same record reader the job uses (header, BOM,
 * compression, multiline): what {@code explain} shows and what the driver checks keys on. Records
 * of a {@code columns = by-name} spec come with their fields in the spec's order ({@link
 * InSpecOrder}), so that whatever reads them converts them as records of a by-position file.
 */
public final class InputSample {
  private InputSample() {}

  /** Chunks read per plain file when sampling across it. */
  private static final int CHUNKS = 32;

  /**
   * About {@code limit} records spread over every file of the inputs: plain files are read in
   * {@value #CHUNKS} evenly spaced chunks (so a file sorted by key is sampled over its whole
   * range), compressed and multiline files from their start.
   */
  public static List<byte[]> spread(
      Configuration conf, LoadSpec spec, List<String> inputs, int limit)
      throws IOException, InterruptedException {
    List<FileStatus> files = files(conf, inputs);
    List<byte[]> found = new ArrayList<>();
    if (files.isEmpty()) {
      return found;
    }
    Configuration readerConf = new Configuration(conf);
    spec.toConfiguration(readerConf);
    int perFile = Math.max(1, (limit + files.size() - 1) / files.size());
    for (FileStatus f : files) {
      InSpecOrder order = InSpecOrder.of(conf, spec, f.getPath());
      boolean whole =
          spec.csv().multiline()
              || f.getLen() < (1 << 20)
              || new org.apache.hadoop.io.compress.CompressionCodecFactory(conf)
                      .getCodec(f.getPath())
                  != null;
      if (whole) {
        read(readerConf, f.getPath(), 0, f.getLen(), perFile, order, found);
        continue;
      }
      long chunk = f.getLen() / CHUNKS;
      int perChunk = Math.max(1, (perFile + CHUNKS - 1) / CHUNKS);
      for (int j = 0; j < CHUNKS; j++) {
        read(readerConf, f.getPath(), j * chunk, chunk, perChunk, order, found);
      }
    }
    return found;
  }

  /**
   * The files the inputs stand for, as the job reads them: each match of a glob, and the files of a
   * matched directory but those named {@code _*} or {@code .*}.
   */
  public static List<FileStatus> files(Configuration conf, List<String> inputs) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (String input : inputs) {
      Path pattern = new Path(input);
      FileSystem fs = pattern.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(pattern);
      for (FileStatus m : matches == null ? new FileStatus[0] : matches) {
        if (!m.isDirectory()) {
          files.add(m);
          continue;
        }
        for (FileStatus f : fs.listStatus(m.getPath(), InputSample::visible)) {
          if (f.isFile()) {
            files.add(f);
          }
        }
      }
    }
    return files;
  }

  private static boolean visible(Path p) {
    return !p.getName().startsWith("_") && !p.getName().startsWith(".");
  }

  private static void read(
      Configuration conf,
      Path file,
      long start,
      long length,
      int limit,
      InSpecOrder order,
      List<byte[]> into)
      throws IOException, InterruptedException {
    int taken = 0;
    try (CsvRecordReader reader = new CsvRecordReader()) {
      reader.initialize(
          new FileSplit(file, start, length, null),
          new TaskAttemptContextImpl(conf, new TaskAttemptID()));
      while (taken < limit && reader.nextKeyValue()) {
        if (reader.getCurrentValue().length() > 0) {
          into.add(order.apply(reader.getCurrentValue().bytes().toArray()));
          taken++;
        }
      }
    }
  }

  /**
   * @param input a file, a directory (its first file) or a glob (its first match)
   * @return up to {@code limit} records' bytes; empty when the input has no file
   */
  public static List<byte[]> firstRecords(
      Configuration conf, LoadSpec spec, String input, int limit)
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
      FileStatus[] inside = fs.listStatus(file.getPath(), InputSample::visible);
      if (inside.length == 0 || inside[0].isDirectory()) {
        return found;
      }
      file = inside[0];
    }
    Configuration readerConf = new Configuration(conf);
    spec.toConfiguration(readerConf);
    read(
        readerConf,
        file.getPath(),
        0,
        file.getLen(),
        limit,
        InSpecOrder.of(conf, spec, file.getPath()),
        found);
    return found;
  }
}
