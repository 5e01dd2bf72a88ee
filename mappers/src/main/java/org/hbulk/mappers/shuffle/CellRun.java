package org.hbulk.mappers.shuffle;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.KeyValue;
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
 * high bit ({@code 0x80}) is set, then per cell {@code [flags: 1]} only when the output byte's
 * {@code 0x40} bit is set, then {@code [family length: 1][family][qualifier length: varint]
 * [qualifier][value length: varint][value]}, and {@code [tags length: varint][tags]} only when the
 * cell's flags have their high bit set. A cell's flags are its {@code KeyValue.Type} code in the
 * low seven bits (Put, Delete, DeleteColumn, DeleteFamily, DeleteFamilyVersion) and, in the high
 * bit, whether tags follow; tags are HBase's serialized tags as a {@code KeyValue} stores them,
 * opaque here. The row is in the key. The order (the record's place in the input) travels only
 * under a collision policy that keeps whole records, or when one record writes one row through two
 * outputs (so the reducer counts it once), and the flags only in a run with a cell that is not a
 * plain Put without tags, so the runs of an ordinary load ship not one byte more. Reused from
 * record to record.
 */
public final class CellRun implements Writable {
  public static final int HEADER = 9;
  static final int ORDERED_HEADER = HEADER + 8;
  static final int HAS_ORDER = 0x80;
  static final int HAS_FLAGS = 0x40;
  static final int OUTPUT_BITS = 0x3f;

  /** A cell's flags bit that says its tags follow its value. */
  static final int HAS_TAGS = 0x80;

  static final byte PUT = KeyValue.Type.Put.getCode();

  /**
   * Outputs are numbered in 6 bits; the output byte's two high bits say whether an order follows
   * and whether the cells carry flags.
   */
  public static final int MAX_OUTPUTS = 64;

  private byte[] bytes = new byte[512];
  private int length;

  /** Where the cells start: after the header and the order, if any. */
  private int cellsStart;

  /** Empties the run for output {@code output}, whose cells all have {@code timestamp}. */
  public CellRun start(int output, long timestamp) {
    checkOutput(output);
    Bytes.putLong(bytes, 0, timestamp);
    bytes[8] = (byte) output;
    length = HEADER;
    cellsStart = length;
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
    cellsStart = length;
    return this;
  }

  private static void checkOutput(int output) {
    if (output >= MAX_OUTPUTS) {
      throw new IllegalArgumentException(
          "at most " + MAX_OUTPUTS + " outputs, not " + (output + 1));
    }
  }

  /** Appends a Put without tags; cells must come in HBase's order (family, then qualifier). */
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
    return add(
        PUT,
        family,
        familyOffset,
        familyLength,
        qualifier,
        qualifierOffset,
        qualifierLength,
        value,
        valueOffset,
        valueLength,
        null,
        0,
        0);
  }

  /**
   * Appends a cell of {@code type} (a {@code KeyValue.Type} code) with {@code tags} (HBase's
   * serialized tags; none when {@code tagsLength} is 0). Cells must come in HBase's order: family,
   * qualifier, then type descending (a marker before a Put of the same column). The first cell that
   * is not a plain Put makes every cell of the run carry its flags byte.
   */
  public CellRun add(
      byte type,
      byte[] family,
      int familyOffset,
      int familyLength,
      byte[] qualifier,
      int qualifierOffset,
      int qualifierLength,
      byte[] value,
      int valueOffset,
      int valueLength,
      byte[] tags,
      int tagsOffset,
      int tagsLength) {
    if (familyLength > 127) {
      throw new IllegalArgumentException("family of " + familyLength + " bytes: HBase allows 127");
    }
    if ((type & HAS_TAGS) != 0) {
      throw new IllegalArgumentException("not a KeyValue type code: " + type);
    }
    boolean plain = type == PUT && tagsLength == 0;
    if (!plain && !hasFlags()) {
      addFlags();
    }
    ensure(length + 2 + familyLength + 10 + qualifierLength + valueLength + 5 + tagsLength);
    if (hasFlags()) {
      bytes[length++] = (byte) (tagsLength > 0 ? type | HAS_TAGS : type);
    }
    bytes[length++] = (byte) familyLength;
    System.arraycopy(family, familyOffset, bytes, length, familyLength);
    length += familyLength;
    length = Varint.put(bytes, length, qualifierLength);
    System.arraycopy(qualifier, qualifierOffset, bytes, length, qualifierLength);
    length += qualifierLength;
    length = Varint.put(bytes, length, valueLength);
    System.arraycopy(value, valueOffset, bytes, length, valueLength);
    length += valueLength;
    if (tagsLength > 0) {
      length = Varint.put(bytes, length, tagsLength);
      System.arraycopy(tags, tagsOffset, bytes, length, tagsLength);
      length += tagsLength;
    }
    return this;
  }

  /** Whether the cells carry a flags byte: the run has a cell that is not a plain Put. */
  public boolean hasFlags() {
    return (bytes[8] & HAS_FLAGS) != 0;
  }

  /** Gives every cell written so far, all plain Puts, the flags byte of a Put without tags. */
  private void addFlags() {
    byte[] old = Arrays.copyOfRange(bytes, cellsStart, length);
    // A plain cell takes at least three bytes, so its flags byte at most doubles the cells' bytes.
    ensure(length + old.length);
    int from = 0;
    int to = cellsStart;
    while (from < old.length) {
      int end = skipPlainCell(old, from);
      bytes[to++] = PUT;
      System.arraycopy(old, from, bytes, to, end - from);
      to += end - from;
      from = end;
    }
    length = to;
    bytes[8] |= HAS_FLAGS;
  }

  private static int skipPlainCell(byte[] b, int p) {
    p += 1 + b[p];
    for (int i = 0; i < 2; i++) {
      int length = Varint.read(b, p);
      p += Varint.width(length) + length;
    }
    return p;
  }

  public byte[] bytes() {
    return bytes;
  }

  public int length() {
    return length;
  }

  public int output() {
    return bytes[8] & OUTPUT_BITS;
  }

  /** Whether the run carries its record's place in the input. */
  public boolean hasOrder() {
    return (bytes[8] & HAS_ORDER) != 0;
  }

  /** The record's place in the input; only for a run that {@link #hasOrder()}. */
  public long order() {
    if (!hasOrder()) {
      throw new IllegalStateException("the run carries no input order");
    }
    return Bytes.toLong(bytes, HEADER);
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
    cellsStart = (bytes[8] & HAS_ORDER) != 0 ? ORDERED_HEADER : HEADER;
  }

  private void ensure(int capacity) {
    if (bytes.length < capacity) {
      bytes = Arrays.copyOf(bytes, Math.max(capacity, bytes.length * 2));
    }
  }
}
