package org.hbulk.mappers.convert;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;

/**
 * What the last record gives one output: a row, one timestamp, and its cells in HBase's order
 * (family, qualifier). It writes itself into the map output's value ({@link CellRun}) and key
 * ({@link CellKey}), which copy the bytes they need: so the mapper handles no offsets. One per
 * output, owned by {@link RecordConverter} and valid until its next record.
 */
public final class OutputRow {
  private final int output;

  /** The code of the output's table in the shuffle's keys. */
  private final byte[] tableCode;

  private final RecordCells cells;
  private final ByteBuilder row = new ByteBuilder(128);
  private long timestamp;
  private int from;
  private int to;

  OutputRow(int output, byte[] tableCode, RecordCells cells) {
    this.output = output;
    this.tableCode = tableCode;
    this.cells = cells;
  }

  /** The output's place in the spec. */
  public int output() {
    return output;
  }

  /**
   * Whether the record has no cell for this output (every one of them had an empty field): HBase
   * has no empty rows, so the output writes nothing for this record.
   */
  public boolean isEmpty() {
    return from == to;
  }

  public long timestamp() {
    return timestamp;
  }

  /** Empties {@code run} for this output and writes this row's cells into it. */
  public CellRun writeRun(CellRun run) {
    run.start(output, timestamp);
    cells.writeTo(run, from, to);
    return run;
  }

  /**
   * {@link #writeRun(CellRun)} for a record at {@code order} in the input (record-level collision
   * policies choose by it).
   */
  public CellRun writeRun(CellRun run, long order) {
    run.start(output, timestamp, order);
    cells.writeTo(run, from, to);
    return run;
  }

  /** Sets {@code key} to the coordinates of this row's first cell: the run's key in the shuffle. */
  public CellKey writeKey(CellKey key) {
    cells.writeKey(key, from, tableCode, row, timestamp);
    return key;
  }

  /**
   * Empties the row and starts its cells at the record's next cell; the converter appends the row
   * key to what this returns.
   */
  ByteBuilder startRow() {
    row.clear();
    from = cells.count();
    to = from;
    return row;
  }

  /** Ends the row's cells at the record's last cell so far; all of them have {@code timestamp}. */
  void finish(long timestamp) {
    this.timestamp = timestamp;
    to = cells.count();
  }

  /** The index after this row's last cell among the record's cells. */
  int cellsEnd() {
    return to;
  }

  /** Whether {@code other} has the same row key in the same table. */
  boolean sameRow(OutputRow other) {
    return Arrays.equals(tableCode, other.tableCode)
        && Arrays.equals(row.array(), 0, row.length(), other.row.array(), 0, other.row.length());
  }

  /** A copy of the row key, or null when {@link #isEmpty()}. */
  byte[] rowCopy() {
    return isEmpty() ? null : row.toArray();
  }

  /** Adds this row's cells as new KeyValues to {@code list}. */
  void addKeyValuesTo(List<KeyValue> list) {
    for (int c = from; c < to; c++) {
      list.add(cells.keyValue(c, row, timestamp));
    }
  }
}
