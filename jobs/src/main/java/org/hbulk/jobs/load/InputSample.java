package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
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

  /** Files smaller than this are read whole when sampled, their records kept evenly spaced. */
  private static final long READ_WHOLE_BYTES = 1 << 20;

  /**
   * Every record of the inputs when they hold at most {@code limit}; else about {@code limit}
   * records spread over every file of the inputs, each file's share in proportion to its bytes (at
   * least one record a file, and what a file falls short of carried to the next). A file under
   * {@value #READ_WHOLE_BYTES} bytes is read whole and its share taken evenly spaced from its first
   * record to its last; a bigger plain file is read in up to {@value #CHUNKS} chunks that together
   * cover it to its last byte (so a file sorted by key is sampled over its whole range), each
   * chunk's share its first records; a bigger compressed or multiline file, which cannot be entered
   * mid-way, from its start.
   */
  public static List<byte[]> spread(
      Configuration conf, LoadSpec spec, List<String> inputs, int limit)
      throws IOException, InterruptedException {
    List<FileStatus> files = files(conf, inputs);
    List<byte[]> found = new ArrayList<>();
    if (files.isEmpty() || limit <= 0) {
      return found;
    }
    Configuration readerConf = new Configuration(conf);
    spec.toConfiguration(readerConf);
    // The whole input, as long as it holds at most limit records: one more says it does not.
    int cap = limit == Integer.MAX_VALUE ? limit : limit + 1;
    for (FileStatus f : files) {
      InSpecOrder order = InSpecOrder.of(conf, spec, f.getPath());
      read(readerConf, f.getPath(), 0, f.getLen(), cap - found.size(), order, found);
      if (found.size() > limit) {
        break;
      }
    }
    if (found.size() <= limit) {
      return found;
    }
    found.clear();
    long bytes = 0;
    for (FileStatus f : files) {
      bytes += f.getLen();
    }
    CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
    long bytesBefore = 0;
    for (FileStatus f : files) {
      bytesBefore += f.getLen();
      // Where the sample should stand after this file: a file that fell short leaves more to the
      // next one.
      long target = Math.round((double) limit * bytesBefore / Math.max(1, bytes));
      int share = (int) Math.max(1, target - found.size());
      InSpecOrder order = InSpecOrder.of(conf, spec, f.getPath());
      if (f.getLen() < READ_WHOLE_BYTES) {
        readEvenly(readerConf, f.getPath(), f.getLen(), share, order, found);
        continue;
      }
      if (spec.csv().multiline() || codecs.getCodec(f.getPath()) != null) {
        read(readerConf, f.getPath(), 0, f.getLen(), share, order, found);
        continue;
      }
      int chunks = Math.min(CHUNKS, share);
      int fileStart = found.size();
      for (int j = 0; j < chunks; j++) {
        long from = f.getLen() * j / chunks;
        long to = f.getLen() * (j + 1) / chunks;
        int chunkTarget = (int) ((long) share * (j + 1) / chunks);
        int chunkShare = chunkTarget - (found.size() - fileStart);
        if (chunkShare > 0 && to > from) {
          read(readerConf, f.getPath(), from, to - from, chunkShare, order, found);
        }
      }
    }
    return found;
  }

  /**
   * About {@code limit} of the file's records, evenly spaced over all of them, its last record
   * among them: every record is read, every {@code stride}-th kept, the stride doubled whenever
   * twice the limit are kept.
   */
  private static void readEvenly(
      Configuration conf, Path file, long length, int limit, InSpecOrder order, List<byte[]> into)
      throws IOException, InterruptedException {
    List<byte[]> kept = new ArrayList<>();
    byte[] last = null;
    boolean lastKept = false;
    long seen = 0;
    long stride = 1;
    try (CsvRecordReader reader = new CsvRecordReader()) {
      reader.initialize(
          new FileSplit(file, 0, length, null),
          new TaskAttemptContextImpl(conf, new TaskAttemptID()));
      while (reader.nextKeyValue()) {
        if (reader.getCurrentValue().length() == 0) {
          continue;
        }
        last = reader.getCurrentValue().bytes().toArray();
        lastKept = seen % stride == 0;
        if (lastKept) {
          kept.add(last);
          if (kept.size() >= 2 * limit) {
            List<byte[]> halved = new ArrayList<>(limit);
            for (int i = 0; i < kept.size(); i += 2) {
              halved.add(kept.get(i));
            }
            kept = halved;
            stride *= 2;
            lastKept = false;
          }
        }
        seen++;
      }
    }
    if (last != null && !lastKept) {
      kept.add(last);
    }
    // limit of them, evenly spaced, the first and the last among them
    int n = kept.size();
    if (n <= limit) {
      kept.forEach(r -> into.add(order.apply(r)));
      return;
    }
    for (int k = 0; k < limit; k++) {
      int i = limit == 1 ? n - 1 : (int) ((long) k * (n - 1) / (limit - 1));
      into.add(order.apply(kept.get(i)));
    }
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
        addVisibleFiles(fs, m.getPath(), files);
      }
    }
    return files;
  }

  /** The files below {@code dir}, recursively as the job lists them, none named _* or .*. */
  private static void addVisibleFiles(FileSystem fs, Path dir, List<FileStatus> files)
      throws IOException {
    for (FileStatus f : fs.listStatus(dir, InputSample::visible)) {
      if (f.isDirectory()) {
        addVisibleFiles(fs, f.getPath(), files);
      } else {
        files.add(f);
      }
    }
  }

  /** Whether the job reads a file or directory of this name: not _* nor .* (Hadoop's rule). */
  static boolean visible(Path p) {
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
