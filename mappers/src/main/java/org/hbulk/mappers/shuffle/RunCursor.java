package org.hbulk.mappers.shuffle;

import java.io.IOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Walks the cells of a {@link CellRun} (or of several, see {@link #refill()}); after {@link
 * #next()} its accessors describe the current cell, as offsets into {@link #array()}.
 */
public class RunCursor {
  protected byte[] buf;
  private int pos;
  private int end;
  private long timestamp;
  private int output;
  private boolean hasOrder;
  private boolean hasFlags;
  private byte type;
  private long order;
  private int familyOffset;
  private int familyLength;
  private int qualifierOffset;
  private int qualifierLength;
  private int valueOffset;
  private int valueLength;
  private int tagsOffset;
  private int tagsLength;

  public RunCursor(byte[] run, int offset, int length) {
    reset(run, offset, length);
  }

  /** Points this cursor at another run, before its first cell. */
  public final void reset(byte[] run, int offset, int length) {
    buf = run;
    timestamp = Bytes.toLong(run, offset);
    output = run[offset + 8] & CellRun.OUTPUT_BITS;
    hasOrder = (run[offset + 8] & CellRun.HAS_ORDER) != 0;
    hasFlags = (run[offset + 8] & CellRun.HAS_FLAGS) != 0;
    order = hasOrder ? Bytes.toLong(run, offset + CellRun.HEADER) : 0;
    pos = offset + (hasOrder ? CellRun.ORDERED_HEADER : CellRun.HEADER);
    end = offset + length;
  }

  /** Moves to the next cell; false when there is none. */
  public final boolean next() throws IOException {
    while (pos >= end) {
      if (!refill()) {
        return false;
      }
    }
    int flags = hasFlags ? buf[pos++] : CellRun.PUT;
    type = (byte) (flags & ~CellRun.HAS_TAGS);
    familyLength = buf[pos];
    familyOffset = pos + 1;
    pos = familyOffset + familyLength;
    qualifierLength = readVarint();
    qualifierOffset = pos;
    pos += qualifierLength;
    valueLength = readVarint();
    valueOffset = pos;
    pos += valueLength;
    if ((flags & CellRun.HAS_TAGS) != 0) {
      tagsLength = readVarint();
      tagsOffset = pos;
      pos += tagsLength;
    } else {
      tagsLength = 0;
      tagsOffset = pos;
    }
    return true;
  }

  /** Reads a length at the current position and moves past it. */
  private int readVarint() {
    int v = Varint.read(buf, pos);
    pos += Varint.width(v);
    return v;
  }

  /** Loads the next run when this one is done; an in-memory run has no next. */
  protected boolean refill() throws IOException {
    return false;
  }

  /** Bytes of memory this cursor holds. */
  public int heldBytes() {
    return buf.length;
  }

  /** Releases what the cursor holds outside the heap. */
  public void close() throws IOException {}

  /**
   * HBase's order of two cells of one row: family, qualifier, newest first, then by type descending
   * (so a delete marker comes before a Put of the same column and timestamp). Tags play no part.
   */
  public final int compareCell(RunCursor o) {
    int c = Bytes.compareTo(buf, familyOffset, familyLength, o.buf, o.familyOffset, o.familyLength);
    if (c != 0) {
      return c;
    }
    c =
        Bytes.compareTo(
            buf, qualifierOffset, qualifierLength, o.buf, o.qualifierOffset, o.qualifierLength);
    if (c != 0) {
      return c;
    }
    c = Long.compare(o.timestamp, timestamp);
    if (c != 0) {
      return c;
    }
    return (o.type & 0xff) - (type & 0xff);
  }

  public final byte[] array() {
    return buf;
  }

  public final long timestamp() {
    return timestamp;
  }

  public final int output() {
    return output;
  }

  /** Whether the run carries its record's place in the input ({@link #order()}). */
  public final boolean hasOrder() {
    return hasOrder;
  }

  /** The record's place in the input, see {@link RecordOrder}; 0 when the run has none. */
  public final long order() {
    return order;
  }

  public final int familyOffset() {
    return familyOffset;
  }

  public final int familyLength() {
    return familyLength;
  }

  public final int qualifierOffset() {
    return qualifierOffset;
  }

  public final int qualifierLength() {
    return qualifierLength;
  }

  public final int valueOffset() {
    return valueOffset;
  }

  public final int valueLength() {
    return valueLength;
  }

  /** The current cell's {@code KeyValue.Type} code: Put unless its run says otherwise. */
  public final byte type() {
    return type;
  }

  /** Whether the current cell is a delete marker of some kind (any type but Put). */
  public final boolean isMarker() {
    return type != CellRun.PUT;
  }

  /** Where the current cell's serialized tags start; see {@link #tagsLength()}. */
  public final int tagsOffset() {
    return tagsOffset;
  }

  /** Length of the current cell's serialized tags, 0 when it has none. */
  public final int tagsLength() {
    return tagsLength;
  }

  /** The current cell in {@code row} as a new KeyValue, the form the HFile writer takes. */
  public final KeyValue toKeyValue(byte[] row, int rowOffset, int rowLength) {
    return new KeyValue(
        row,
        rowOffset,
        rowLength,
        buf,
        familyOffset,
        familyLength,
        buf,
        qualifierOffset,
        qualifierLength,
        timestamp,
        KeyValue.Type.codeToType(type),
        buf,
        valueOffset,
        valueLength,
        buf,
        tagsOffset,
        tagsLength);
  }

  /** Writes the current cell as a run of its own, the form spill files hold. */
  public final void copyCellTo(CellRun run) {
    (hasOrder ? run.start(output, timestamp, order) : run.start(output, timestamp))
        .add(
            type,
            buf,
            familyOffset,
            familyLength,
            buf,
            qualifierOffset,
            qualifierLength,
            buf,
            valueOffset,
            valueLength,
            buf,
            tagsOffset,
            tagsLength);
  }
}
