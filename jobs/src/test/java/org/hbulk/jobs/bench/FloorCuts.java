package org.hbulk.jobs.bench;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where {@link ParallelFloor} cuts a CSV file into parts of about equal size: each cut is the start
 * of a record. In RFC 4180 CSV a line break ends a record exactly when an even number of quotes
 * comes before it (a quoted field opens and closes with one, a doubled quote inside it is two), so
 * the file is read from its start counting quotes, eight bytes at a time, and from each part's
 * nominal start byte by byte to the next line break outside quotes: no cut falls inside a quoted
 * field that holds a line break. The read is part of the parallel floor's time. A quote inside an
 * unquoted field ({@code ab"c}), which RFC 4180 does not allow and {@link FloorRecords} takes as
 * data, would throw the count off: the benchmark's CSV has none.
 */
final class FloorCuts {
  private static final int BUFFER = 8 << 20;
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long QUOTES = 0x2222222222222222L;
  private static final long LOW7 = 0x7f7f7f7f7f7f7f7fL;

  private FloorCuts() {}

  /**
   * The parts' bounds: {@code parts + 1} offsets, the first 0 and the last the file's size; part
   * {@code k} starts at the first record start at or after {@code k * size / parts} and after part
   * {@code k - 1}'s start, or at the file's end: parts at the end are empty where the file has
   * fewer records than parts.
   */
  static long[] of(Path file, long size, int parts) throws IOException {
    return of(file, size, parts, BUFFER);
  }

  /** {@link #of(Path, long, int)}, reading {@code bufferSize} bytes at a time. */
  static long[] of(Path file, long size, int parts, int bufferSize) throws IOException {
    long[] bounds = new long[parts + 1];
    bounds[parts] = size;
    byte[] buf = new byte[bufferSize];
    boolean quoted = false;
    long pos = 0; // the file offset of buf[0]
    int part = 1;
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      int n;
      while (part < parts && (n = in.read(ByteBuffer.wrap(buf))) >= 0) {
        int i = 0;
        while (i < n && part < parts) {
          long target = size * part / parts;
          // From target - 1 on: a line break there starts a record at the target itself.
          int t = (int) Math.min(n, Math.max(i, target - 1 - pos));
          quoted ^= (quotes(buf, i, t) & 1) == 1;
          for (i = t; i < n; i++) {
            byte b = buf[i];
            if (b == '"') {
              quoted = !quoted;
            } else if (b == '\n' && !quoted && pos + i + 1 >= target) {
              bounds[part++] = pos + ++i;
              break;
            }
          }
        }
        pos += n;
      }
    }
    for (; part < parts; part++) {
      bounds[part] = size;
    }
    return bounds;
  }

  /** The quotes in {@code buf[from, to)}. */
  static int quotes(byte[] buf, int from, int to) {
    int count = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONG.get(buf, i) ^ QUOTES; // a quote's byte is now zero
      // A byte's high bit ends up clear exactly when the byte is zero (no carry crosses bytes).
      count += Long.bitCount(~(((x & LOW7) + LOW7) | x) & ~LOW7);
    }
    for (; i < to; i++) {
      if (buf[i] == '"') {
        count++;
      }
    }
    return count;
  }
}
