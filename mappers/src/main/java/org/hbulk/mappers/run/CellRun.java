package org.hbulk.mappers.run;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Writable;

/**
 * One record's cells for one output, all of one row, in HBase's cell order: the map output value.
 * Shipping a record's cells together costs the shuffle one sort entry per row instead of one per
 * cell, which was most of the job's time; the key still carries the first cell's whole coordinates
 * so that runs of one row arrive in cell order and {@link RunMerger} can stream them.
 *
 * <p>Layout: {@code [timestamp: 8][output: 1]} then per cell {@code [family length: 1][family]
 * [qualifier length: varint][qualifier][value length: varint][value]}. The row is in the key.
 * Reused from record to record.
 */
public final class CellRun implements Writable {
  static final int HEADER = 9;

  private byte[] bytes = new byte[512];
  private int length;

  /** Empties the run for output {@code output}, whose cells all have {@code timestamp}. */
  public CellRun start(int output, long timestamp) {
    if (output > 255) {
      throw new IllegalArgumentException("at most 256 outputs, not " + (output + 1));
    }
    Bytes.putLong(bytes, 0, timestamp);
    bytes[8] = (byte) output;
    length = HEADER;
    return this;
  }

  /** Appends a cell; cells must come in HBase's order (family, then qualifier). */
  public CellRun add(byte[] family, int familyOffset, int familyLength, byte[] qualifier, int qualifierOffset,
      int qualifierLength, byte[] value, int valueOffset, int valueLength) {
    if (familyLength > 127) {
      throw new IllegalArgumentException("family of " + familyLength + " bytes: HBase allows 127");
    }
    ensure(length + 1 + familyLength + 10 + qualifierLength + valueLength);
    bytes[length++] = (byte) familyLength;
    System.arraycopy(family, familyOffset, bytes, length, familyLength);
    length += familyLength;
    length = putVarint(bytes, length, qualifierLength);
    System.arraycopy(qualifier, qualifierOffset, bytes, length, qualifierLength);
    length += qualifierLength;
    length = putVarint(bytes, length, valueLength);
    System.arraycopy(value, valueOffset, bytes, length, valueLength);
    length += valueLength;
    return this;
  }

  public byte[] bytes() {
    return bytes;
  }

  public int length() {
    return length;
  }

  public int output() {
    return bytes[8] & 0xff;
  }

  public long timestamp() {
    return Bytes.toLong(bytes, 0);
  }

  /** A cursor over a copy of this run's cells, positioned before the first. */
  public RunCursor cursor() {
    return new RunCursor(Arrays.copyOf(bytes, length), 0, length);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(length);
    out.write(bytes, 0, length);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    length = in.readInt();
    if (bytes.length < length) {
      bytes = new byte[Math.max(length, bytes.length * 2)];
    }
    in.readFully(bytes, 0, length);
  }

  private void ensure(int capacity) {
    if (bytes.length < capacity) {
      bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
    }
  }

  static int putVarint(byte[] b, int p, int v) {
    while ((v & ~0x7f) != 0) {
      b[p++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    return p;
  }
}
