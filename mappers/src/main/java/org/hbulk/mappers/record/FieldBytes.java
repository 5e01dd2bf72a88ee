package org.hbulk.mappers.record;

import java.util.Arrays;

/**
 * One record's fields as bytes, cut from its line without a String per field: each field's bytes (a
 * quoted field's without its quotes, a doubled quote as one) copied one after another into one
 * array, reused from record to record. Filled by {@link CsvRecordParser#cut(byte[], int,
 * FieldBytes)} for records whose bytes are their text's UTF-8 encoding.
 */
public final class FieldBytes {
  private byte[] data = new byte[256];
  private int length;
  private int[] starts = new int[16];
  private int[] ends = new int[16];
  private int count;

  /** Starts an empty record. */
  void clear() {
    length = 0;
    count = 0;
  }

  /** Adds a field: {@code bytes[from, to)}. */
  void add(byte[] bytes, int from, int to) {
    startField();
    append(bytes, from, to);
    endField();
  }

  /** Starts a field whose bytes come in pieces ({@link #append}), closed by {@link #endField}. */
  void startField() {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
      ends = Arrays.copyOf(ends, count * 2);
    }
    starts[count] = length;
  }

  void append(byte[] bytes, int from, int to) {
    int n = to - from;
    if (length + n > data.length) {
      data = Arrays.copyOf(data, Math.max(data.length * 2, length + n));
    }
    System.arraycopy(bytes, from, data, length, n);
    length += n;
  }

  void endField() {
    ends[count++] = length;
  }

  /** Adds empty fields up to {@code fields} (a record that ended early, read as empty). */
  public void padTo(int fields) {
    while (count < fields) {
      startField();
      endField();
    }
  }

  public int count() {
    return count;
  }

  /** The array the fields' bytes are in; valid until the next record. */
  byte[] data() {
    return data;
  }

  int start(int field) {
    return starts[field];
  }

  int end(int field) {
    return ends[field];
  }
}
