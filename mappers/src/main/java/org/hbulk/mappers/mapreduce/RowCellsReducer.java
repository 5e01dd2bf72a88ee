package org.hbulk.mappers.mapreduce;

import java.io.IOException;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.MapReduceExtendedCell;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Reducer;
import org.hbulk.mappers.spec.CollisionPolicy;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Writes one row's cells in HBase's order, as HBase's CellSortReducer does, and counts what the
 * seeds warn of: rows that more than one record produced (a duplicate key silently overwrites) and
 * cells that collide because two records gave the same row, column and timestamp, of which HBase
 * keeps one: the spec's collision policy says which (by value, so every run keeps the same one), or
 * that the load must stop. The mapper sends one {@linkplain #marker row marker} per record and
 * output; markers are counted, never written.
 */
public class RowCellsReducer
    extends Reducer<ImmutableBytesWritable, Cell, ImmutableBytesWritable, MapReduceExtendedCell> {

  private static final byte[] EMPTY = new byte[0];

  /**
   * A cell with no family (no real cell has none) that stands for "one record made this row";
   * its qualifier is the output's index, so rows that outputs share on purpose are not counted.
   */
  public static KeyValue marker(byte[] row, int offset, int length, int output) {
    byte[] q = {(byte) output};
    return new KeyValue(row, offset, length, EMPTY, 0, 0, q, 0, 1, 0L, KeyValue.Type.Put, EMPTY, 0, 0);
  }

  static boolean isMarker(Cell c) {
    return c.getFamilyLength() == 0;
  }

  private CollisionPolicy collisions;
  private boolean[] sharedRows;

  @Override
  protected void setup(Context context) {
    LoadSpec spec = LoadSpec.fromConfiguration(context.getConfiguration());
    collisions = spec.collisions();
    sharedRows = new boolean[spec.outputs().size()];
    for (int o = 0; o < sharedRows.length; o++) {
      sharedRows[o] = spec.outputs().get(o).sharedRows();
    }
  }

  @Override
  protected void reduce(ImmutableBytesWritable row, Iterable<Cell> cells, Context context)
      throws IOException, InterruptedException {
    TreeMap<Cell, Cell> sorted = new TreeMap<>(CellComparator.getInstance());
    long markers = 0;
    long collided = 0;
    for (Cell c : cells) {
      if (isMarker(c)) {
        int output = c.getQualifierLength() == 1 ? c.getQualifierArray()[c.getQualifierOffset()] & 0xff : 0;
        if (output >= sharedRows.length || !sharedRows[output]) {
          markers++;
        }
        continue;
      }
      // The framework reuses the value object: keep a copy.
      Cell copy = KeyValueUtil.copyToNewKeyValue(c);
      Cell kept = sorted.putIfAbsent(copy, copy);
      if (kept != null && !CellUtil.matchingValue(kept, copy)) {
        // The same value twice loses nothing; a different one is a collision.
        collided++;
        if (prefer(copy, kept)) {
          sorted.remove(kept);
          sorted.put(copy, copy);
        }
      }
    }
    if (markers > 1) {
      context.getCounter(HbulkCounter.DUPLICATE_KEY_ROWS).increment(1);
      context.getCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).increment(markers - 1);
    }
    if (collided > 0) {
      // Under the fail policy the job still runs to the end, so the report can say how many;
      // the driver then refuses to load.
      context.getCounter(HbulkCounter.CELLS_COLLAPSED).increment(collided);
    }
    if (!sorted.isEmpty()) {
      context.getCounter(HbulkCounter.TABLE_ROWS_GROUP, tableOf(row)).increment(1);
    }
    for (Cell c : sorted.keySet()) {
      context.write(row, new MapReduceExtendedCell(c));
    }
  }

  /** The table part of a "table;row" map output key. */
  private static String tableOf(ImmutableBytesWritable key) {
    byte[] b = key.get();
    int end = key.getOffset() + key.getLength();
    for (int i = key.getOffset(); i < end; i++) {
      if (b[i] == ';') {
        return Bytes.toString(b, key.getOffset(), i - key.getOffset());
      }
    }
    return "?";
  }

  /** Whether a colliding cell replaces the one kept so far: a rule that gives the same result in every run. */
  private boolean prefer(Cell candidate, Cell kept) {
    int byValue = Bytes.compareTo(candidate.getValueArray(), candidate.getValueOffset(),
        candidate.getValueLength(), kept.getValueArray(), kept.getValueOffset(), kept.getValueLength());
    return collisions == CollisionPolicy.KEEP_MIN_VALUE ? byValue < 0 : byValue > 0;
  }
}
