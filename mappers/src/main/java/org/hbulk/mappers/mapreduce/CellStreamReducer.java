package org.hbulk.mappers.mapreduce;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.hbulk.mappers.spec.CollisionPolicy;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Streams sorted cells into HFiles. The shuffle already sorted them in HBase's order (see
 * {@link CellKey}), so each call is one cell's coordinates with every value the records gave it, and
 * nothing is held beyond the current row's key: memory does not grow with row width.
 *
 * <p>It also counts what the seeds warn of: rows that more than one record produced (a duplicate
 * key silently overwrites; the row markers tell) and cells that collide because two records gave
 * the same row, column and timestamp different values, of which HBase keeps one: the spec's
 * collision policy says which (by value, so every run keeps the same one), or that the load must
 * stop.
 */
public class CellStreamReducer extends Reducer<CellKey, ImmutableBytesWritable, ImmutableBytesWritable, Cell> {
  private CollisionPolicy collisions;
  private boolean[] sharedRows;
  /** The current row's "table;row", as the multi-table HFile output wants its key: offset 0, exact length. */
  private final ImmutableBytesWritable tableRow = new ImmutableBytesWritable(new byte[0]);
  private int tableLength;
  private long rowMarkers;
  private boolean rowHasCells;
  private final ImmutableBytesWritable chosen = new ImmutableBytesWritable();
  private RecordWriter<ImmutableBytesWritable, Cell> hfiles;
  private byte[] chosenBuffer = new byte[256];
  private byte[] counterTable;
  private Counter rowsCounter;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    hfiles = hfileWriter(context);
    LoadSpec spec = LoadSpec.fromConfiguration(context.getConfiguration());
    collisions = spec.collisions();
    sharedRows = new boolean[spec.outputs().size()];
    for (int o = 0; o < sharedRows.length; o++) {
      sharedRows[o] = spec.outputs().get(o).sharedRows();
    }
  }

  @Override
  protected void reduce(CellKey key, Iterable<ImmutableBytesWritable> values, Context context)
      throws IOException, InterruptedException {
    byte[] k = key.bytes();
    if (!Bytes.equals(k, 2, key.tableRowLength(), tableRow.get(), 0, tableRow.getLength())) {
      endRow(context);
      byte[] tr = Arrays.copyOfRange(k, 2, 2 + key.tableRowLength());
      tableRow.set(tr);
      tableLength = indexOf(tr, (byte) ';');
    }
    if (key.isMarker()) {
      int output = key.markerOutput();
      if (output >= sharedRows.length || !sharedRows[output]) {
        for (ImmutableBytesWritable ignored : values) {
          rowMarkers++;
        }
      }
      return;
    }
    long collided = choose(values);
    if (collided > 0) {
      // Under the fail policy the job still runs to the end, so the report can say how many;
      // the driver then refuses to load.
      context.getCounter(HbulkCounter.CELLS_COLLAPSED).increment(collided);
    }
    int rowOffset = tableLength + 1;
    byte[] tr = tableRow.get();
    hfiles.write(tableRow, new KeyValue(tr, rowOffset, tr.length - rowOffset,
        k, key.familyOffset(), key.familyLength(), k, key.qualifierOffset(), key.qualifierLength(),
        key.timestamp(), KeyValue.Type.Put, chosen.get(), chosen.getOffset(), chosen.getLength()));
    rowHasCells = true;
  }

  /**
   * Picks the value to write among those the records gave one cell; returns how many differed from
   * it. The same value twice loses nothing; a different one is a collision.
   */
  private long choose(Iterable<ImmutableBytesWritable> values) {
    long differing = 0;
    boolean first = true;
    for (ImmutableBytesWritable v : values) {
      if (first) {
        keep(v);
        first = false;
        continue;
      }
      int byValue = Bytes.compareTo(v.get(), v.getOffset(), v.getLength(), chosen.get(), chosen.getOffset(),
          chosen.getLength());
      if (byValue != 0) {
        differing++;
        if (collisions == CollisionPolicy.KEEP_MIN_VALUE ? byValue < 0 : byValue > 0) {
          keep(v);
        }
      }
    }
    return differing;
  }

  /** The framework reuses the value object: keep a copy. */
  private void keep(ImmutableBytesWritable v) {
    if (chosenBuffer.length < v.getLength()) {
      chosenBuffer = new byte[Math.max(v.getLength(), chosenBuffer.length * 2)];
    }
    System.arraycopy(v.get(), v.getOffset(), chosenBuffer, 0, v.getLength());
    chosen.set(chosenBuffer, 0, v.getLength());
  }

  private void endRow(Context context) {
    if (rowMarkers > 1) {
      context.getCounter(HbulkCounter.DUPLICATE_KEY_ROWS).increment(1);
      context.getCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).increment(rowMarkers - 1);
    }
    if (rowHasCells) {
      rowsOfTable(context).increment(1);
    }
    rowMarkers = 0;
    rowHasCells = false;
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    endRow(context);
    hfiles.close(context);
  }

  /**
   * Where the cells go: the job's HFile output, written directly. Through {@code context.write},
   * Hadoop's output wrapper adds up every thread's file system statistics before and after each
   * write, which took a quarter of the reduce time at ten cells a record (measured with JFR). The
   * files land in the task's work directory all the same, and the job's committer publishes them.
   * Tests put a list here.
   */
  protected RecordWriter<ImmutableBytesWritable, Cell> hfileWriter(Context context)
      throws IOException, InterruptedException {
    return new MultiTableHFileOutputFormat().getRecordWriter(context);
  }

  /** The rows counter of the current row's table, looked up again only when the table changes. */
  private Counter rowsOfTable(Context context) {
    byte[] tr = tableRow.get();
    if (rowsCounter == null || !Bytes.equals(counterTable, 0, counterTable.length, tr, 0, tableLength)) {
      counterTable = Arrays.copyOf(tr, tableLength);
      rowsCounter = context.getCounter(HbulkCounter.TABLE_ROWS_GROUP, Bytes.toString(counterTable));
    }
    return rowsCounter;
  }

  private static int indexOf(byte[] b, byte c) {
    for (int i = 0; i < b.length; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return b.length;
  }
}
