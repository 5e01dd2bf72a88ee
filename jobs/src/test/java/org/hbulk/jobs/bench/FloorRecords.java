package org.hbulk.jobs.bench;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The floor's records: the CSV parsed byte by byte (RFC 4180: fields split at commas, a quoted
 * field may hold commas, line breaks and doubled quotes; LF or CRLF ends a record), each record's
 * fields and row key copied once into large shared arrays, and per record two 8-byte prefixes of
 * its row key for the sort. No object per record or field.
 *
 * <p>A record in the arena, at its address {@code A}: the fields, each a 2-byte length and its
 * bytes, end at {@code A}; at {@code A} the fields' total size (2 bytes), then the row key's length
 * (2 bytes) and the row key.
 */
final class FloorRecords {
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final int CHUNK = 64 << 20;
  private static final int READ_BUFFER = 8 << 20;

  private final FloorShape shape;
  private final int[] fieldStart;
  private final int[] fieldEnd;
  private final boolean[] fieldEscaped;

  byte[][] chunks = new byte[16][];
  private int chunkCount;
  private byte[] chunk;
  private int chunkPos;

  /** Per record: the row key's first and second 8 bytes (zero-padded), and its address. */
  long[] prefix0;

  long[] prefix1;
  long[] address;
  int count;

  /** Cells the records hold: their non-empty fields. */
  long cells;

  FloorRecords(FloorShape shape, long inputBytes) {
    this.shape = shape;
    this.fieldStart = new int[shape.columns];
    this.fieldEnd = new int[shape.columns];
    this.fieldEscaped = new boolean[shape.columns];
    int capacity = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(1024, inputBytes / 100));
    prefix0 = new long[capacity];
    prefix1 = new long[capacity];
    address = new long[capacity];
    newChunk();
  }

  /**
   * Reads the records of a file's bytes {@code [from, to)}, which start at a record's start and end
   * at a record's end or the file's ({@link FloorCuts}).
   */
  void readRange(Path file, long from, long to) throws IOException {
    byte[] buf = new byte[READ_BUFFER];
    int limit = 0;
    try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
      in.position(from);
      long left = to - from;
      boolean eof = false;
      while (!eof) {
        if (limit == buf.length) {
          buf = Arrays.copyOf(buf, buf.length * 2); // a record longer than the buffer
        }
        int room = (int) Math.min(buf.length - limit, left);
        int n = room == 0 ? -1 : in.read(ByteBuffer.wrap(buf, limit, room));
        eof = n < 0;
        limit += Math.max(n, 0);
        left -= Math.max(n, 0);
        int used = parse(buf, limit, eof);
        System.arraycopy(buf, used, buf, 0, limit - used);
        limit -= used;
      }
    }
    if (limit > 0) {
      throw new IllegalStateException("unparsed bytes at the end of " + file);
    }
  }

  /**
   * Parses the whole records in {@code buf[0, limit)}; at the end of the input ({@code eof}) the
   * last one needs no line break. Returns where the first record it could not finish starts.
   */
  int parse(byte[] buf, int limit, boolean eof) {
    int pos = 0;
    while (pos < limit) {
      int next = record(buf, pos, limit, eof);
      if (next < 0) {
        return pos;
      }
      pos = next;
    }
    return pos;
  }

  /** Parses one record from {@code p}; returns where the next starts, or -1 if it is not whole. */
  private int record(byte[] buf, int p, int limit, boolean eof) {
    int f = 0;
    while (true) {
      if (f == fieldStart.length) {
        throw new IllegalArgumentException("more than " + f + " fields in a record");
      }
      int end;
      if (p < limit && buf[p] == '"') {
        int q = p + 1;
        boolean escaped = false;
        while (true) {
          while (q < limit && buf[q] != '"') {
            q++;
          }
          if (q + 1 >= limit && !(eof && q + 1 == limit)) {
            return -1; // the closing quote or what follows it is not read yet
          }
          if (q + 1 < limit && buf[q + 1] == '"') {
            escaped = true;
            q += 2;
            continue;
          }
          break;
        }
        fieldStart[f] = p + 1;
        fieldEnd[f] = q;
        fieldEscaped[f] = escaped;
        end = q + 1;
      } else {
        int q = p;
        while (q < limit && buf[q] != ',' && buf[q] != '\n') {
          q++;
        }
        if (q == limit && !eof) {
          return -1;
        }
        fieldStart[f] = p;
        fieldEnd[f] = q > p && q < limit && buf[q] == '\n' && buf[q - 1] == '\r' ? q - 1 : q;
        fieldEscaped[f] = false;
        end = q;
      }
      f++;
      if (end == limit) {
        store(buf, f);
        return end;
      }
      byte b = buf[end];
      if (b == ',') {
        p = end + 1;
        continue;
      }
      if (b == '\n') {
        store(buf, f);
        return end + 1;
      }
      if (b == '\r' && end + 1 < limit && buf[end + 1] == '\n') {
        store(buf, f);
        return end + 2;
      }
      if (b == '\r' && end + 1 == limit && !eof) {
        return -1;
      }
      throw new IllegalArgumentException("a closing quote not followed by a comma or line break");
    }
  }

  /** Copies one parsed record's fields and row key into the arena, and its prefixes. */
  private void store(byte[] buf, int fields) {
    if (fields != fieldStart.length) {
      throw new IllegalArgumentException(
          "a record of " + fields + " fields, not " + fieldStart.length);
    }
    int size = 0;
    for (int f = 0; f < fields; f++) {
      size += 2 + fieldEnd[f] - fieldStart[f];
    }
    int keyRoom = 4 + shape.saltPrefixes[0].length + 2 + size;
    if (chunkPos + size + keyRoom > CHUNK) {
      newChunk();
    }
    byte[] a = chunk;
    int p = chunkPos;
    int saltedAt = 0;
    int saltedLength = 0;
    int lastAt = 0;
    int lastLength = 0;
    for (int f = 0; f < fields; f++) {
      int from = fieldStart[f];
      int length = fieldEnd[f] - from;
      int at = p + 2;
      if (fieldEscaped[f]) {
        int w = at;
        for (int i = from; i < from + length; i++) {
          a[w++] = buf[i];
          if (buf[i] == '"') {
            i++; // the second of a doubled quote
          }
        }
        length = w - at;
      } else {
        System.arraycopy(buf, from, a, at, length);
      }
      if (length > 0xffff) {
        throw new IllegalArgumentException("a field of " + length + " bytes");
      }
      a[p] = (byte) (length >>> 8);
      a[p + 1] = (byte) length;
      if (length > 0) {
        cells++;
      }
      if (f == shape.saltedColumn) {
        saltedAt = at;
        saltedLength = length;
      }
      if (f == shape.lastKeyColumn) {
        lastAt = at;
        lastLength = length;
      }
      p = at + length;
    }
    if (saltedLength == 0 || lastLength == 0) {
      throw new IllegalArgumentException("an empty key part: hbulk rejects such a record");
    }
    if (shape.lastKeyIsLong) {
      checkLong(a, lastAt, lastLength);
    }
    int fieldsSize = p - chunkPos;
    if (fieldsSize > 0xffff) {
      throw new IllegalArgumentException("a record of " + fieldsSize + " bytes");
    }
    long addr = ((long) chunkCount - 1) << 32 | p;
    a[p] = (byte) (fieldsSize >>> 8);
    a[p + 1] = (byte) fieldsSize;
    byte[] salt = shape.saltPrefixes[shape.salt.bucketOf(a, saltedAt, saltedLength)];
    int rowLength = salt.length + 1 + saltedLength + 1 + lastLength;
    int row = p + 4;
    a[p + 2] = (byte) (rowLength >>> 8);
    a[p + 3] = (byte) rowLength;
    System.arraycopy(salt, 0, a, row, salt.length);
    int w = row + salt.length;
    a[w++] = '|';
    System.arraycopy(a, saltedAt, a, w, saltedLength);
    w += saltedLength;
    a[w++] = '|';
    System.arraycopy(a, lastAt, a, w, lastLength);
    w += lastLength;
    chunkPos = w;
    if (count == address.length) {
      int grown = (int) Math.min(Integer.MAX_VALUE - 8, count + (count >> 1) + 1);
      prefix0 = Arrays.copyOf(prefix0, grown);
      prefix1 = Arrays.copyOf(prefix1, grown);
      address = Arrays.copyOf(address, grown);
    }
    prefix0[count] = prefix(a, row, rowLength, 0);
    prefix1[count] = prefix(a, row, rowLength, 8);
    address[count] = addr;
    count++;
  }

  /** The row key's bytes from {@code skip} on, 8 of them big-endian, zero-padded. */
  static long prefix(byte[] a, int row, int rowLength, int skip) {
    if (rowLength >= skip + 8) {
      return (long) LONG_BE.get(a, row + skip);
    }
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (skip + i < rowLength ? a[row + skip + i] & 0xff : 0);
    }
    return v;
  }

  /** hbulk's type check of a {@code long} column: a whole number that fits in 64 bits. */
  private static void checkLong(byte[] a, int at, int length) {
    int i = at;
    if (a[i] == '-' || a[i] == '+') {
      i++;
    }
    if (i == at + length || at + length - i > 19) {
      Long.parseLong(new String(a, at, length, java.nio.charset.StandardCharsets.UTF_8));
      return; // 19 digits may still fit; Long.parseLong throws for what does not
    }
    for (; i < at + length; i++) {
      if (a[i] < '0' || a[i] > '9') {
        throw new NumberFormatException("not a long: a key's last part");
      }
    }
  }

  private void newChunk() {
    if (chunkCount == chunks.length) {
      chunks = Arrays.copyOf(chunks, chunkCount * 2);
    }
    chunk = new byte[CHUNK];
    chunks[chunkCount++] = chunk;
    chunkPos = 0;
  }

  /** The arena array of an address. */
  byte[] chunkOf(long addr) {
    return chunks[(int) (addr >>> 32)];
  }

  /** Where in its array the row key of an address starts; its length is the 2 bytes before. */
  static int rowOf(long addr) {
    return (int) addr + 4;
  }

  static int rowLength(byte[] a, long addr) {
    int p = (int) addr + 2;
    return (a[p] & 0xff) << 8 | a[p + 1] & 0xff;
  }

  /** Where the record's first field's length is. */
  static int fieldsOf(byte[] a, long addr) {
    int p = (int) addr;
    return p - ((a[p] & 0xff) << 8 | a[p + 1] & 0xff);
  }
}
