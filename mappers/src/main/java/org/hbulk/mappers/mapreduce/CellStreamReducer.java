package org.hbulk.mappers.mapreduce;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.HFileWriters;
import org.hbulk.mappers.hfile.HFilesOutputFormat;
import org.hbulk.mappers.merge.RecordPicker;
import org.hbulk.mappers.merge.RunMerger;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;
import org.hbulk.mappers.shuffle.TableCodes;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * Streams each row's cells into HFiles. One call gets all the runs of one row (one per record that
 * made it), sorted by their first cells; {@link RunMerger} turns them into one stream in HBase's
 * order, holding only runs that overlap, and never more than a bounded number of bytes of them:
 * memory does not grow with row width.
 *
 * <p>It also counts what key design warnings are about: rows that more than one record produced (a
 * duplicate key silently overwrites) and cells that collide because records gave the same row,
 * column and timestamp different values, of which HBase keeps one: the spec's collision policy says
 * which (by value, cell by cell; or a whole record by its place in the input, {@link
 * RecordPicker}), or that the load must stop.
 */
public class CellStreamReducer extends Reducer<CellKey, CellRun, ImmutableBytesWritable, Cell> {
  private boolean[] sharedRows;

  /** Per output: no computed qualifier, so a record's cells all have different columns. */
  private boolean[] distinctColumns;

  /**
   * The current row's "table;row", the key {@link HFileWriters} reads the table from: offset 0,
   * exact length. The shuffle's keys carry a code for the table instead ({@link TableCodes}).
   */
  private final ImmutableBytesWritable tableRow = new ImmutableBytesWritable(new byte[0]);

  private int rowOffset;
  private TableCodes tableCodes;
  private RunMerger merger;

  /**
   * Under a record-level collision policy, what chooses the records of rows made by several; else
   * null.
   */
  private RecordPicker picker;

  private long rowBuffer;

  /**
   * Whether two outputs write into one table: only then can two runs of a row be one record's, so
   * only then are the row's records told apart by their input orders.
   */
  private boolean outputsShareTables;

  /** The input orders of the current row's records, for counting them once each. */
  private final Set<Long> rowOrders = new HashSet<>();

  private RecordWriter<ImmutableBytesWritable, Cell> hfiles;
  private byte[] counterTable;
  private Counter rowsCounter;
  private Counter conflictingCells;
  private Counter conflictingRows;
  private Counter recordRowsDropped;

  /** Cells written, by KeyValue type code; the markers among them are counted once, in cleanup. */
  private final long[] cellsByType = new long[256];

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    hfiles = hfileWriter(context);
    LoadSpec spec = LoadSpec.fromConfiguration(context.getConfiguration());
    tableCodes = TableCodes.of(spec.tables());
    sharedRows = new boolean[spec.outputs().size()];
    outputsShareTables = spec.outputsShareTables();
    distinctColumns = new boolean[sharedRows.length];
    for (int o = 0; o < sharedRows.length; o++) {
      OutputSpec output = spec.outputs().get(o);
      sharedRows[o] = output.sharedRows();
      distinctColumns[o] = output.cells().stream().allMatch(c -> c.qualifierExpr() == null);
    }
    rowBuffer =
        context
            .getConfiguration()
            .getLong(HbulkConf.ROW_MERGE_BUFFER_BYTES, HbulkConf.ROW_MERGE_BUFFER_DEFAULT);
    merger =
        new RunMerger(
            this::write,
            spec.collisions(),
            rowBuffer,
            Path.of(System.getProperty("java.io.tmpdir")));
    if (spec.collisions().recordLevel()) {
      picker = new RecordPicker(spec.collisions() == CollisionPolicy.KEEP_LAST_RECORD, rowBuffer);
    }
    conflictingCells = context.getCounter(HbulkCounter.CONFLICTING_CELLS);
    conflictingRows = context.getCounter(HbulkCounter.CONFLICTING_ROWS);
    recordRowsDropped = context.getCounter(HbulkCounter.RECORD_ROWS_DROPPED);
  }

  @Override
  protected void reduce(CellKey key, Iterable<CellRun> runs, Context context)
      throws IOException, InterruptedException {
    startRow(key);
    Iterator<CellRun> it = runs.iterator();
    CellRun first = it.next();
    // Asking for the next run does not read it, so the first is still whole.
    if (!it.hasNext() && distinctColumns[first.output()]) {
      merger.writeAlone(first);
      rowsOfTable(context).increment(1);
      return;
    }
    // One record alone needs no choosing; several under a record-level policy are held to choose.
    boolean choose = picker != null && it.hasNext();
    long records = 0;
    rowOrders.clear();
    for (CellRun run = first; run != null; run = it.hasNext() ? it.next() : null) {
      // A run with its record's input order may be one of that record's runs in this row (two
      // outputs into one table): the record counts once.
      if (!sharedRows[run.output()]
          && (!run.hasOrder() || !outputsShareTables || rowOrders.add(run.order()))) {
        records++;
      }
      if (!choose) {
        merger.add(run);
      } else if (!picker.add(run)) {
        throw rowTooLargeToChoose();
      }
    }
    if (choose) {
      picker.finishRow(merger);
    }
    merger.finishRow();
    if (records > 1) {
      context.getCounter(HbulkCounter.DUPLICATE_KEY_ROWS).increment(1);
      context.getCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).increment(records - 1);
    }
    long conflicts = merger.takeConflictingCells();
    if (choose) {
      // The picker saw every record of the row; the merger only the ones kept.
      conflicts = picker.takeConflictingCells();
      recordRowsDropped.increment(picker.takeDropped());
    }
    if (conflicts > 0) {
      // Under the fail policy the job still runs to the end, so the report can say how many;
      // the driver then refuses to load.
      conflictingCells.increment(conflicts);
      conflictingRows.increment(1);
    }
    rowsOfTable(context).increment(1);
  }

  /**
   * Takes the row of a reduce call's first key: the key changes as runs go by, the row does not.
   */
  private void startRow(CellKey key) {
    byte[] table = tableCodes.name(key.tableCode());
    int rowLength = key.rowLength();
    byte[] tr = new byte[table.length + 1 + rowLength];
    System.arraycopy(table, 0, tr, 0, table.length);
    tr[table.length] = ';';
    System.arraycopy(key.bytes(), CellKey.ROW_OFFSET, tr, table.length + 1, rowLength);
    tableRow.set(tr);
    rowOffset = table.length + 1;
  }

  private IOException rowTooLargeToChoose() {
    byte[] tr = tableRow.get();
    return new IOException(
        "row "
            + Bytes.toStringBinary(tr, rowOffset, tr.length - rowOffset)
            + " of table "
            + Bytes.toString(tr, 0, rowOffset - 1)
            + ": its records hold more than "
            + HbulkConf.ROW_MERGE_BUFFER_BYTES
            + " = "
            + rowBuffer
            + " bytes, and keep-last-record / keep-first-record hold a row's records"
            + " whole to choose one; raise it (-D "
            + HbulkConf.ROW_MERGE_BUFFER_BYTES
            + "=...) or use"
            + " another collision policy");
  }

  private void write(RunCursor cell) throws IOException {
    cellsByType[cell.type() & 0xff]++;
    byte[] tr = tableRow.get();
    try {
      hfiles.write(tableRow, cell.toKeyValue(tr, rowOffset, tr.length - rowOffset));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while writing an HFile", e);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    context.getCounter(HbulkCounter.ROW_SPILL_FILES).increment(merger.spillFiles());
    context
        .getCounter(HbulkCounter.FAMILY_DELETE_MARKERS)
        .increment(cellsByType[KeyValue.Type.DeleteFamily.getCode() & 0xff]);
    context
        .getCounter(HbulkCounter.COLUMN_DELETE_MARKERS)
        .increment(cellsByType[KeyValue.Type.DeleteColumn.getCode() & 0xff]);
    hfiles.close(context);
  }

  /**
   * Where the cells go: the job's HFile output, written directly. Through {@code context.write},
   * Hadoop's output wrapper adds up every thread's file system statistics before and after each
   * write, a large share of the reduce time at ten cells a record (README, "Performance and the
   * benchmark"). The files land in the task's work directory all the same, and the job's committer
   * publishes them. Tests put a list here.
   */
  protected RecordWriter<ImmutableBytesWritable, Cell> hfileWriter(Context context)
      throws IOException, InterruptedException {
    return new HFilesOutputFormat().getRecordWriter(context);
  }

  /** The rows counter of the current row's table, looked up again only when the table changes. */
  private Counter rowsOfTable(Context context) {
    byte[] tr = tableRow.get();
    int tableLength = rowOffset - 1;
    if (rowsCounter == null
        || !Bytes.equals(counterTable, 0, counterTable.length, tr, 0, tableLength)) {
      counterTable = Arrays.copyOf(tr, tableLength);
      rowsCounter = context.getCounter(HbulkCounter.TABLE_ROWS_GROUP, Bytes.toString(counterTable));
    }
    return rowsCounter;
  }
}
