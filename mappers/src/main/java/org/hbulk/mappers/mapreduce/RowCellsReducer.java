package org.hbulk.mappers.mapreduce;

import java.io.IOException;
import java.util.TreeSet;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.MapReduceExtendedCell;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Writes one row's cells in HBase's order, as HBase's CellSortReducer does, and counts what the
 * seeds warn of: rows that more than one record produced (a duplicate key silently overwrites) and
 * cells that collapse because two records gave the same row, column and timestamp. The mapper sends
 * one {@linkplain #marker row marker} per record and output; markers are counted, never written.
 */
public class RowCellsReducer
    extends Reducer<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> {

  private static final byte[] EMPTY = new byte[0];

  /** A cell with no family (no real cell has none) that stands for "one record made this row". */
  public static KeyValue marker(byte[] row, int offset, int length) {
    return new KeyValue(row, offset, length, EMPTY, 0, 0, EMPTY, 0, 0, 0L, KeyValue.Type.Put,
        EMPTY, 0, 0);
  }

  static boolean isMarker(Cell c) {
    return c.getFamilyLength() == 0;
  }

  @Override
  protected void reduce(ImmutableBytesWritable row, Iterable<Cell> cells, Context context)
      throws IOException, InterruptedException {
    TreeSet<Cell> sorted = new TreeSet<>(CellComparator.getInstance());
    long markers = 0;
    long received = 0;
    for (Cell c : cells) {
      if (isMarker(c)) {
        markers++;
        continue;
      }
      received++;
      // The framework reuses the value object: keep a copy.
      sorted.add(KeyValueUtil.copyToNewKeyValue(c));
    }
    if (markers > 1) {
      context.getCounter(HbulkCounter.DUPLICATE_KEY_ROWS).increment(1);
      context.getCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).increment(markers - 1);
    }
    if (received > sorted.size()) {
      context.getCounter(HbulkCounter.CELLS_COLLAPSED).increment(received - sorted.size());
    }
    for (Cell c : sorted) {
      context.write(row, new MapReduceExtendedCell(c));
    }
  }
}
