package org.hbulk.mappers.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Frames CSV records in a split. The key is the byte offset of the record's first line in the
 * (decompressed) file, the value its bytes.
 *
 * <p>Line mode (the default): one line is one record. A split that does not start the file skips
 * its first, partial line; every split reads the line that crosses its end, so each line is read
 * exactly once, as Hadoop's own line reader does.
 *
 * <p>Multiline mode: a record goes on over line breaks while a quoted field is open. Such files are
 * never split (see {@link CsvInputFormat}): from the middle of a file no reader can know whether it
 * stands inside quotes. A quote left open for more than {@code max-record-bytes} (or to the end of
 * the file) makes only its first line a record, which the mapper rejects as malformed, and reading
 * resumes with the next line, so one stray quote costs one record, not the rest of the file.
 */
public final class CsvRecordReader extends RecordReader<LongWritable, RawRecord> {
  private static final byte[] UTF8_BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /** A line kept aside while looking for the end of a multiline record. */
  private record Line(byte[] bytes, long offset, long number, boolean crlf, boolean truncated) {}

  private final LongWritable key = new LongWritable();
  private final RawRecord value = new RawRecord();
  private final Deque<Line> pushedBack = new ArrayDeque<>();
  private CsvOptions options;
  private QuoteScanner quotes;
  private InputStream in;
  private Decompressor decompressor;
  private LineSource lines;
  private long start;
  private long end;
  private long pos;
  private long lineNumber; // of the last line read, or -1 when the split does not start the file
  private final boolean keepHeader;

  public CsvRecordReader() {
    this(false);
  }

  /**
   * @param keepHeader return the header line as the first record instead of skipping it
   */
  CsvRecordReader(boolean keepHeader) {
    this.keepHeader = keepHeader;
  }

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext context) throws IOException {
    Configuration conf = context.getConfiguration();
    options = LoadSpec.fromConfiguration(conf).csv();
    quotes = options.multiline() ? new QuoteScanner(options) : null;
    FileSplit split = CsvSplit.fileOf(genericSplit);
    if (split == null) {
      throw new IllegalArgumentException(
          "CSV is read from file splits, not " + genericSplit.getClass().getName());
    }
    Path file = split.getPath();
    FileSystem fs = file.getFileSystem(conf);
    FSDataInputStream fileIn = fs.open(file);
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
    if (codec != null) {
      decompressor = CodecPool.getDecompressor(codec);
      in = codec.createInputStream(fileIn, decompressor);
      start = 0;
      end = Long.MAX_VALUE;
    } else {
      start = split.getStart();
      end = split.getLength() == Long.MAX_VALUE ? Long.MAX_VALUE : start + split.getLength();
      fileIn.seek(start);
      in = fileIn;
    }
    lines = new LineSource(in);
    pos = start;
    lineNumber = start == 0 ? 0 : -1;
    ByteBuilder scratch = new ByteBuilder(256);
    if (start != 0) {
      pos += lines.readLine(scratch, 0);
      return;
    }
    skipBom();
    if (options.header() && !keepHeader) {
      long consumed = readRecord();
      if (consumed > 0) {
        context.getCounter(InputCounter.HEADER_LINES_SKIPPED).increment(1);
      }
    }
  }

  private void skipBom() throws IOException {
    if (!options.charset().equals(StandardCharsets.UTF_8)) {
      return;
    }
    ByteBuilder first = new ByteBuilder(256);
    // The BOM is not the record's: room for it on top of the limit, which the line is held to
    // below.
    int limit = options.maxRecordBytes();
    long consumed = lines.readLine(first, limit + UTF8_BOM.length);
    if (consumed == 0) {
      return;
    }
    boolean bom =
        first.length() >= 3
            && first.array()[0] == UTF8_BOM[0]
            && first.array()[1] == UTF8_BOM[1]
            && first.array()[2] == UTF8_BOM[2];
    int from = bom ? UTF8_BOM.length : 0;
    boolean truncated = lines.truncated() || first.length() - from > limit;
    byte[] rest = first.copyOfRange(from, Math.min(first.length(), from + limit));
    // The first line goes back to be read as usual, minus its BOM, at the BOM's offset + 3.
    pushedBack.add(new Line(rest, from, 1, lines.crlf(), truncated));
    pos = consumed;
    lineNumber = 1;
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (pushedBack.isEmpty() && pos > end) {
      return false;
    }
    return readRecord() > 0;
  }

  /** Reads the next record into key and value; returns 0 at the end of input. */
  private long readRecord() throws IOException {
    ByteBuilder out = value.bytes();
    out.clear();
    boolean crlf;
    boolean truncated;
    Line pushed = pushedBack.pollFirst();
    if (pushed != null) {
      out.append(pushed.bytes());
      crlf = pushed.crlf();
      truncated = pushed.truncated();
      key.set(pushed.offset());
      value.set(pushed.number(), truncated);
    } else {
      // The first line goes straight into the record: no copy of its own, on every record.
      long offset = pos;
      if (!readLine(out)) {
        return 0;
      }
      crlf = lines.crlf();
      truncated = lines.truncated();
      key.set(offset);
      value.set(lineNumber, truncated);
    }
    int firstLength = out.length();
    if (quotes == null || truncated) {
      return 1;
    }
    quotes.reset();
    if (!quotes.scan(out.array(), 0, firstLength)) {
      return 1;
    }
    List<Line> more = new ArrayList<>();
    boolean open = true;
    long size = firstLength;
    boolean previousCrlf = crlf;
    while (open) {
      Line next = nextLine();
      if (next == null) {
        break;
      }
      more.add(next);
      // The limit counts the record as it is handed on: its bytes and the line breaks inside it
      // (LF 1 byte, CRLF 2), not the line break that ends it.
      size += (previousCrlf ? 2 : 1) + next.bytes().length;
      if (next.truncated() || size > options.maxRecordBytes()) {
        break;
      }
      if (previousCrlf) {
        out.append((byte) '\r');
      }
      out.append((byte) '\n').append(next.bytes());
      open = quotes.scan(next.bytes(), 0, next.bytes().length);
      previousCrlf = next.crlf();
    }
    if (open) {
      // No closing quote within reach: only the first line is the (malformed) record.
      out.truncate(firstLength);
      for (int i = more.size() - 1; i >= 0; i--) {
        pushedBack.addFirst(more.get(i));
      }
    }
    return 1;
  }

  /** Appends the next line of the input to {@code out}; false at the end of input. */
  private boolean readLine(ByteBuilder out) throws IOException {
    long consumed = lines.readLine(out, options.maxRecordBytes());
    if (consumed == 0) {
      return false;
    }
    pos += consumed;
    if (lineNumber >= 0) {
      lineNumber++;
    }
    return true;
  }

  private Line nextLine() throws IOException {
    if (!pushedBack.isEmpty()) {
      return pushedBack.pollFirst();
    }
    ByteBuilder scratch = new ByteBuilder(256);
    long offset = pos;
    if (!readLine(scratch)) {
      return null;
    }
    return new Line(scratch.toArray(), offset, lineNumber, lines.crlf(), lines.truncated());
  }

  @Override
  public LongWritable getCurrentKey() {
    return key;
  }

  @Override
  public RawRecord getCurrentValue() {
    return value;
  }

  @Override
  public float getProgress() {
    if (end == Long.MAX_VALUE || end == start) {
      return 0f;
    }
    return Math.min(1f, (pos - start) / (float) (end - start));
  }

  @Override
  public void close() throws IOException {
    try {
      if (in != null) {
        in.close();
      }
    } finally {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
        decompressor = null;
      }
    }
  }
}
