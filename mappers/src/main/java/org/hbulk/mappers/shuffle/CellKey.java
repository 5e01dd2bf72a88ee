package org.hbulk.mappers.shuffle;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The map output key: a whole cell's coordinates, so the shuffle sorts cells and reducers can write
 * them to HFiles as they come, holding nothing per row. The bytes are HBase's KeyValue key layout,
 * {@code [row length: 2][row][family length: 1][family][qualifier][timestamp: 8][type: 1]}, whose
 * row is the table's one-byte code ({@link TableCodes}) and then the row; {@link Comparator} orders
 * them as raw bytes exactly as HBase orders cells (row, family, qualifier, newest first, type), so
 * one table's cells reach its HFiles in the order the HFile writer demands.
 *
 * <p>The key is that of the first cell of a {@link org.hbulk.mappers.shuffle.CellRun}: the runs of
 * one row reach the reducer in the order of their first cells, together ({@link RowComparator}).
 */
public final class CellKey implements WritableComparable<CellKey> {
  static {
    WritableComparator.define(CellKey.class, new Comparator());
  }

  public static final byte PUT = KeyValue.Type.Put.getCode();
  private static final byte[] NONE = new byte[0];

  private byte[] bytes = new byte[128];
  private int length;

  /**
   * The first possible cell of a row, before every real cell of it (no family, no qualifier, newest
   * timestamp, HBase's Maximum type): where a region's share of the order starts.
   */
  public static CellKey firstOnRow(byte[] tableCode, byte[] row) {
    return new CellKey()
        .set(
            tableCode,
            row,
            0,
            row.length,
            NONE,
            0,
            0,
            NONE,
            0,
            0,
            Long.MAX_VALUE,
            KeyValue.Type.Maximum.getCode());
  }

  /**
   * Sets this key to a cell of {@code row} in the table coded {@code tableCode} ({@link
   * TableCodes}). The arrays are copied; this object is reused from cell to cell.
   */
  public CellKey set(
      byte[] tableCode,
      byte[] row,
      int rowOffset,
      int rowLength,
      byte[] family,
      int familyOffset,
      int familyLength,
      byte[] qualifier,
      int qualifierOffset,
      int qualifierLength,
      long timestamp,
      byte type) {
    int tableRow = tableCode.length + rowLength;
    // Read back unsigned: room for the code beside any row HBase takes (MAX_ROW_LENGTH).
    if (tableRow > 0xffff) {
      throw new IllegalArgumentException(
          "row of " + rowLength + " bytes is longer than " + (0xffff - tableCode.length));
    }
    length = 2 + tableRow + 1 + familyLength + qualifierLength + 9;
    if (bytes.length < length) {
      bytes = new byte[Math.max(length, bytes.length * 2)];
    }
    int p = Bytes.putShort(bytes, 0, (short) tableRow);
    p = Bytes.putBytes(bytes, p, tableCode, 0, tableCode.length);
    p = Bytes.putBytes(bytes, p, row, rowOffset, rowLength);
    bytes[p++] = (byte) familyLength;
    p = Bytes.putBytes(bytes, p, family, familyOffset, familyLength);
    p = Bytes.putBytes(bytes, p, qualifier, qualifierOffset, qualifierLength);
    p = Bytes.putLong(bytes, p, timestamp);
    bytes[p] = type;
    return this;
  }

  public byte[] bytes() {
    return bytes;
  }

  public int length() {
    return length;
  }

  /** The code of the key's table ({@link TableCodes}), the first byte of its row. */
  public byte tableCode() {
    return bytes[2];
  }

  /** Where the row proper starts in {@link #bytes()}, after the table's code. */
  public static final int ROW_OFFSET = 3;

  /** Length of the row proper, without the table's code. */
  public int rowLength() {
    return tableRowLength() - 1;
  }

  /** Length of the table's code and the row, which start at offset 2. */
  public int tableRowLength() {
    return Bytes.toShort(bytes, 0) & 0xffff;
  }

  public int familyOffset() {
    return 2 + tableRowLength() + 1;
  }

  public int familyLength() {
    return bytes[2 + tableRowLength()] & 0xff;
  }

  public int qualifierOffset() {
    return familyOffset() + familyLength();
  }

  public int qualifierLength() {
    return length - qualifierOffset() - 9;
  }

  public long timestamp() {
    return Bytes.toLong(bytes, length - 9);
  }

  public byte type() {
    return bytes[length - 1];
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, length);
    out.write(bytes, 0, length);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    length = WritableUtils.readVInt(in);
    if (bytes.length < length) {
      bytes = new byte[length];
    }
    in.readFully(bytes, 0, length);
  }

  @Override
  public int compareTo(CellKey o) {
    return compareKeys(bytes, 0, length, o.bytes, 0, o.length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CellKey k && compareTo(k) == 0;
  }

  @Override
  public int hashCode() {
    return Bytes.hashCode(bytes, 0, length);
  }

  @Override
  public String toString() {
    return Bytes.toStringBinary(bytes, 2, tableRowLength())
        + "/"
        + Bytes.toStringBinary(bytes, familyOffset(), familyLength())
        + ":"
        + Bytes.toStringBinary(bytes, qualifierOffset(), qualifierLength())
        + "/"
        + timestamp()
        + "/"
        + type();
  }

  /**
   * HBase's cell order over two keys in KeyValue key layout: row, family, qualifier (unsigned
   * bytes), then timestamp and type, both descending.
   */
  static int compareKeys(byte[] a, int ao, int al, byte[] b, int bo, int bl) {
    int c = compareRows(a, ao, b, bo);
    if (c != 0) {
      return c;
    }
    int af = ao + 2 + (Bytes.toShort(a, ao) & 0xffff);
    int bf = bo + 2 + (Bytes.toShort(b, bo) & 0xffff);
    int afl = a[af] & 0xff;
    int bfl = b[bf] & 0xff;
    c = Bytes.compareTo(a, af + 1, afl, b, bf + 1, bfl);
    if (c != 0) {
      return c;
    }
    int aq = af + 1 + afl;
    int bq = bf + 1 + bfl;
    int aEnd = ao + al - 9;
    int bEnd = bo + bl - 9;
    c = Bytes.compareTo(a, aq, aEnd - aq, b, bq, bEnd - bq);
    if (c != 0) {
      return c;
    }
    c = Long.compare(Bytes.toLong(b, bEnd), Bytes.toLong(a, aEnd));
    if (c != 0) {
      return c;
    }
    return (b[bEnd + 8] & 0xff) - (a[aEnd + 8] & 0xff);
  }

  /** Order of the table code and row of two keys in KeyValue key layout. */
  static int compareRows(byte[] a, int ao, byte[] b, int bo) {
    return Bytes.compareTo(
        a, ao + 2, Bytes.toShort(a, ao) & 0xffff, b, bo + 2, Bytes.toShort(b, bo) & 0xffff);
  }

  /** Where a serialized key's bytes start, after the length that {@link #write} puts in front. */
  public static int afterLength(byte[] b, int start) {
    return start + WritableUtils.decodeVIntSize(b[start]);
  }

  /** Compares serialized keys without deserializing them: the shuffle's sort comparator. */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(CellKey.class, true);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int k1 = afterLength(b1, s1);
      int k2 = afterLength(b2, s2);
      return compareKeys(b1, k1, l1 - (k1 - s1), b2, k2, l2 - (k2 - s2));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((CellKey) a).compareTo((CellKey) b);
    }
  }

  /** Groups keys by table code and row: one reduce call gets all the runs of a row. */
  public static final class RowComparator extends WritableComparator {
    public RowComparator() {
      super(CellKey.class, true);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return compareRows(b1, afterLength(b1, s1), b2, afterLength(b2, s2));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return compareRows(((CellKey) a).bytes, 0, ((CellKey) b).bytes, 0);
    }
  }
}
