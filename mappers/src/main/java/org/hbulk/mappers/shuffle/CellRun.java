package org.hbulk.mappers.shuffle;

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
 * so that runs of one row arrive in cell order and {@link org.hbulk.mappers.merge.RunMerger} can
 * stream them.
 *
 * <p>Layout: {@code [timestamp: 8][output: 1]}, then {@code [order: 8]} only when the output byte's
 * high bit is set, then per cell {@code [family length: 1][family][qualifier length: varint]
 * [qualifier][value length: varint][value]}. The row is in the key. The order (the record's place
 * in the input) travels only under a collision policy that keeps whole records, so the other
 * policies ship not one byte more. Reused from record to record.
 */
public final class CellRun implements Writable {
  public static final int HEADER = 9;
  static final int ORDERED_HEADER = HEADER + 8;
  static final int HAS_ORDER = 0x80;

  /** Outputs are numbered in 7 bits; the output byte's high bit says whether an order follows. */
  public static final int MAX_OUTPUTS = 128;

  private byte[] bytes = new byte[512];
  private int length;

  /** Empties the run for output {@code output}, whose cells all have {@code timestamp}. */
  public CellRun start(int output, long timestamp) {
    checkOutput(output);
    Bytes.putLong(bytes, 0, timestamp);
    bytes[8] = (byte) output;
    length = HEADER;
    return this;
  }

  /**
   * {@link #start(int, long)} for a record at {@code order} in the input (see {@link RecordOrder}):
   * the key by which a record-level collision policy chooses.
   */
  public CellRun start(int output, long timestamp, long order) {
    checkOutput(output);
    Bytes.putLong(bytes, 0, timestamp);
    bytes[8] = (byte) (output | HAS_ORDER);
    Bytes.putLong(bytes, HEADER, order);
    length = ORDERED_HEADER;
    return this;
  }

  private static void checkOutput(int output) {
    if (output >= MAX_OUTPUTS) {
      throw new IllegalArgumentException(
          "at most " + MAX_OUTPUTS + " outputs, not " + (output + 1));
    }
  }

  /** Appends a cell; cells must come in HBase's order (family, then qualifier). */
  public CellRun add(
      byte[] family,
      int familyOffset,
      int familyLength,
      byte[] qualifier,
      int qualifierOffset,
      int qualifierLength,
      byte[] value,
      int valueOffset,
      int valueLength) {
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
    return bytes[8] & ~HAS_ORDER & 0xff;
  }

  /** Whether the run carries its record's place in the input. */
  public boolean hasOrder() {
    return (bytes[8] & HAS_ORDER) != 0;
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
