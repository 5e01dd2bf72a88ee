package org.hbulk.mappers.mapreduce;

import org.hbulk.mappers.sort.CellKeySorter;

/**
 * What the tasks count. Records read = loaded + rejected; blank lines and skipped headers are not
 * records. Rejects are also counted per reason in the {@code RejectReason} group, skipped headers
 * in the {@code InputCounter} group, rows per output and per table in the groups named below.
 */
public enum HbulkCounter {
  /** Records handed to the mapper (not blank lines or headers). */
  RECORDS_READ,
  /** Records that became cells. */
  RECORDS_LOADED,
  /** Records written to the rejects with a reason. */
  RECORDS_REJECTED,
  /**
   * Cells the mappers emitted, delete markers included (before the reducers drop exact duplicates).
   */
  CELLS_EMITTED,
  /** Cells not written because a field their value needs was empty (the {@code absent} choice). */
  EMPTY_VALUES_SKIPPED,
  /**
   * Cells not written because a field their value or computed qualifier needs lies beyond the
   * record's last field ({@code [csv] missing-fields = absent}).
   */
  MISSING_VALUES_SKIPPED,
  /**
   * Cells written with a zero-length value because a field their value needs was empty ({@code
   * empty-value}).
   */
  EMPTY_VALUES_WRITTEN,
  /**
   * Cells written as a DeleteColumn marker because a field their value needs was empty ({@code
   * delete}).
   */
  EMPTY_VALUES_DELETED,
  /** Records that were deletions ({@code delete-when}) for at least one output. */
  DELETION_RECORDS,
  /** DeleteFamily markers the reducers wrote (a deleted row, one per family). */
  FAMILY_DELETE_MARKERS,
  /** DeleteColumn markers the reducers wrote (a deleted cell, or a cleared field). */
  COLUMN_DELETE_MARKERS,
  /** Cells the mappers emitted with a TTL tag (a {@code ttl} line of the spec). */
  CELLS_WITH_TTL,
  /** Cells the mappers emitted with visibility labels (a {@code visibility} line of the spec). */
  CELLS_WITH_LABELS,
  /** Key or value parts cut to their fixed width (lpad/rpad): such keys may collide. */
  VALUES_TRUNCATED,
  /** Rows that more than one record produced: a key that does not tell records apart. */
  DUPLICATE_KEY_ROWS,
  /** Records beyond the first that produced an already produced row. */
  DUPLICATE_KEY_RECORDS,
  /**
   * Cells (row, column, timestamp) to which records gave different values, of which HBase keeps
   * one: counted once per cell, however many records and values met there.
   */
  CONFLICTING_CELLS,
  /** Rows (per table) holding at least one conflicting cell. */
  CONFLICTING_ROWS,
  /**
   * A record's cells in one row dropped whole by {@code keep-last-record} or {@code
   * keep-first-record} because another record writing a common column at that row and timestamp won
   * (one per record and row).
   */
  RECORD_ROWS_DROPPED,
  /**
   * Files reducers wrote because one row's overlapping records (versions of the same cells) passed
   * {@code hbulk.reduce.row-buffer.bytes}: wide rows of that shape go to disk, not to the heap.
   */
  ROW_SPILL_FILES,
  /** Empty lines between records. */
  BLANK_LINES_SKIPPED,
  /**
   * Map-side sorts {@link CellKeySorter} did on key prefixes. None while map tasks spilled means
   * Hadoop's QuickSort did them: {@code map.sort.class} was set to another sorter, or this Hadoop's
   * map output buffer is not laid out as the sorter expects (a warning in the task log says so).
   */
  SPILLS_PREFIX_SORTED;

  /** The counter group of rows emitted per output (counter name: the output's name). */
  public static final String OUTPUT_ROWS_GROUP = "hbulk output rows";

  /** The counter group of distinct rows written per table (counter name: the table). */
  public static final String TABLE_ROWS_GROUP = "hbulk table rows";
}
