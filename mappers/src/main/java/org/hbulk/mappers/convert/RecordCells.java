package org.hbulk.mappers.convert;

import java.util.Arrays;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;

/**
 * The last record's cells, of every output one after the other: each a type (a Put or a delete
 * marker), a family (the spec's own array), and a qualifier, a value and tags (HBase's serialized
 * tags, usually none), all three in one byte arena that the expressions append to. No object per
 * cell: parallel arrays of offsets, reused from record to record. {@link OutputRow} reads its share
 * of them.
 */
final class RecordCells {
  private final ByteBuilder arena = new ByteBuilder(1024);
  private byte[][] family = new byte[16][];
  private int[] qualifierOffset = new int[16];
  private int[] qualifierLength = new int[16];
  private int[] valueOffset = new int[16];
  private int[] valueLength = new int[16];
  private byte[] type = new byte[16];
  private int[] tagsOffset = new int[16];
  private int[] tagsLength = new int[16];
  private boolean tagsStarted;
  private int count;

  void clear() {
    count = 0;
    arena.clear();
  }

  /** How many cells the record has so far. */
  int count() {
    return count;
  }

  /**
   * Starts the next cell in {@code family}: its qualifier is what is appended to {@link #arena()}
   * until {@link #startValue()}, its value what is appended until {@link #finishCell()}.
   */
  ByteBuilder startCell(byte[] family) {
    if (count == this.family.length) {
      grow();
    }
    this.family[count] = family;
    type[count] = CellKey.PUT;
    qualifierOffset[count] = arena.length();
    tagsStarted = false;
    return arena;
  }

  ByteBuilder startValue() {
    qualifierLength[count] = arena.length() - qualifierOffset[count];
    valueOffset[count] = arena.length();
    return arena;
  }

  /**
   * Ends the current cell's value: what is appended to {@link #arena()} from here until {@link
   * #finishCell()} are its tags, serialized as HBase's KeyValue holds them.
   */
  ByteBuilder startTags() {
    valueLength[count] = arena.length() - valueOffset[count];
    tagsOffset[count] = arena.length();
    tagsStarted = true;
    return arena;
  }

  /** Makes the current cell a {@code KeyValue.Type} other than Put: a delete marker. */
  void type(KeyValue.Type type) {
    this.type[count] = type.getCode();
  }

  void finishCell() {
    if (tagsStarted) {
      tagsLength[count] = arena.length() - tagsOffset[count];
    } else {
      valueLength[count] = arena.length() - valueOffset[count];
      tagsOffset[count] = arena.length();
      tagsLength[count] = 0;
    }
    count++;
  }

  /** The {@code KeyValue.Type} code of cell {@code c}. */
  byte type(int c) {
    return type[c];
  }

  /** Moves the last cell down among the cells from {@code from} on (in order) to its place. */
  void moveLastIntoOrder(int from) {
    int i = count - 1;
    while (i > from && compareColumns(i - 1, i) > 0) {
      swap(i - 1, i);
      i--;
    }
  }

  /** Appends cells {@code from} to {@code to} (exclusive) to a run already started. */
  void writeTo(CellRun run, int from, int to) {
    byte[] a = arena.array();
    for (int c = from; c < to; c++) {
      run.add(
          type[c],
          family[c],
          0,
          family[c].length,
          a,
          qualifierOffset[c],
          qualifierLength[c],
          a,
          valueOffset[c],
          valueLength[c],
          a,
          tagsOffset[c],
          tagsLength[c]);
    }
  }

  /** Sets {@code key} to the coordinates of cell {@code c} of {@code row} in the table coded so. */
  void writeKey(CellKey key, int c, byte[] tableCode, ByteBuilder row, long timestamp) {
    key.set(
        tableCode,
        row.array(),
        0,
        row.length(),
        family[c],
        0,
        family[c].length,
        arena.array(),
        qualifierOffset[c],
        qualifierLength[c],
        timestamp,
        type[c]);
  }

  /** Cell {@code c} as a new KeyValue (for the driver's checks, not for the task's loop). */
  KeyValue keyValue(int c, ByteBuilder row, long timestamp) {
    byte[] a = arena.array();
    return new KeyValue(
        row.array(),
        0,
        row.length(),
        family[c],
        0,
        family[c].length,
        a,
        qualifierOffset[c],
        qualifierLength[c],
        timestamp,
        KeyValue.Type.codeToType(type[c]),
        a,
        valueOffset[c],
        valueLength[c],
        a,
        tagsOffset[c],
        tagsLength[c]);
  }

  /** HBase's order of two cells of one timestamp: family, qualifier, then type descending. */
  private int compareColumns(int x, int y) {
    int c = Bytes.compareTo(family[x], family[y]);
    if (c != 0) {
      return c;
    }
    byte[] a = arena.array();
    c =
        Bytes.compareTo(
            a, qualifierOffset[x], qualifierLength[x], a, qualifierOffset[y], qualifierLength[y]);
    return c != 0 ? c : (type[y] & 0xff) - (type[x] & 0xff);
  }

  private void swap(int x, int y) {
    byte[] f = family[x];
    family[x] = family[y];
    family[y] = f;
    swap(qualifierOffset, x, y);
    swap(qualifierLength, x, y);
    swap(valueOffset, x, y);
    swap(valueLength, x, y);
    swap(tagsOffset, x, y);
    swap(tagsLength, x, y);
    byte t = type[x];
    type[x] = type[y];
    type[y] = t;
  }

  private static void swap(int[] a, int x, int y) {
    int t = a[x];
    a[x] = a[y];
    a[y] = t;
  }

  private void grow() {
    int n = family.length * 2;
    family = Arrays.copyOf(family, n);
    qualifierOffset = Arrays.copyOf(qualifierOffset, n);
    qualifierLength = Arrays.copyOf(qualifierLength, n);
    valueOffset = Arrays.copyOf(valueOffset, n);
    valueLength = Arrays.copyOf(valueLength, n);
    type = Arrays.copyOf(type, n);
    tagsOffset = Arrays.copyOf(tagsOffset, n);
    tagsLength = Arrays.copyOf(tagsLength, n);
  }
}
