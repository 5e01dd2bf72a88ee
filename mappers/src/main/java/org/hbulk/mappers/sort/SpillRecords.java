package org.hbulk.mappers.sort;

import org.apache.hadoop.util.IndexedSortable;
import org.hbulk.mappers.shuffle.CellKey;

/**
 * The records of one map-side spill as {@link CellKeySorter} sees them: each record's partition and
 * serialized key in one shared buffer. Indexes are those Hadoop hands the sorter; {@link #compare}
 * is the spill's own order (partition, then {@link CellKey.Comparator}) and {@link #swap} moves
 * records.
 */
interface SpillRecords extends IndexedSortable {
  int partition(int record);

  /** The buffer every record's key is in. */
  byte[] buffer();

  /**
   * Where a record's serialized key starts in {@link #buffer()}: its length as a vint comes first.
   */
  int keyStart(int record);
}
