package org.hbulk.mappers.merge;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;

/**
 * Merges the runs of one row into one stream of cells in HBase's order, holding as little as the
 * order allows. Runs arrive sorted by their first cell, so once a run starting at cell F has come,
 * every held cell before F is final and goes out at once: a row made of runs that do not overlap
 * (one record per row; a time series adding new qualifiers) holds one run at a time, however wide.
 * Runs that overlap (many versions of the same columns) are held until the bytes held pass a limit,
 * then merged into a file of their own and read back from there: memory stays bounded, the row's
 * width goes to disk.
 *
 * <p>Equal coordinates from several records are one cell for HBase: here the value is picked cell
 * by cell (by value, then by tags, so every arrival order keeps the same one: the greatest, or the
 * smallest under {@code keep-min-value}), and cells given different values or tags are counted. The
 * record-level policies choose whole records before the runs come here ({@link RecordPicker}).
 * Coordinates include the cell's type: a delete marker and a Put of the same column and timestamp
 * are two cells (the marker first, as HBase orders them), never a collision; identical markers are
 * one, written once.
 *
 * <p>The rule this keeps, for the puts and deletes of one input: the cells written read exactly as
 * the same Puts and Deletes sent to HBase one by one in input order would, under HBase's default
 * rules (not NEW_VERSION_BEHAVIOR): a DeleteColumn marker at T masks its column's versions at or
 * before T, a DeleteFamily marker at T its family's cells in the row at or before T, whether the
 * Puts were sent before or after it. So every marker is written as it is, next to the Puts it
 * masks, and HBase's readers and compactions do the masking. Only Puts of equal coordinates are
 * chosen among: {@code keep-last-record} keeps the one sent last, as HBase would ({@link
 * RecordPicker}, which keeps every marker); the other policies choose by value or by the first
 * record instead, as the spec asks.
 */
public final class RunMerger {
  /** Receives the merged cells, one call per distinct cell, in order. */
  public interface Sink {
    void write(RunCursor cell) throws IOException;
  }

  private final Sink sink;
  private final CollisionPolicy collisions;
  private final long memoryLimit;
  private final Path spillDirectory;
  private final PriorityQueue<RunCursor> open = new PriorityQueue<>(RunCursor::compareCell);
  private final List<SpillCursor> spills = new ArrayList<>();
  private long held;
  private final CellRun pendingRun = new CellRun();
  private final RunCursor pending = new RunCursor(new byte[CellRun.HEADER], 0, CellRun.HEADER);
  private final RunCursor alone = new RunCursor(new byte[CellRun.HEADER], 0, CellRun.HEADER);
  private boolean hasPending;

  /** Whether the pending cell was given different values: counted once, however many. */
  private boolean pendingConflicts;

  private long conflictingCells;
  private long spillFiles;

  /**
   * @param memoryLimit bytes of runs held before they are merged to a file
   * @param spillDirectory where such files go; each is deleted when its row is done
   */
  public RunMerger(Sink sink, CollisionPolicy collisions, long memoryLimit, Path spillDirectory) {
    this.sink = sink;
    this.collisions = collisions;
    this.memoryLimit = memoryLimit;
    this.spillDirectory = spillDirectory;
  }

  /**
   * Adds the next run of the current row. Its first cell must not come before the first cell of any
   * run added since the last {@link #finishRow()}, which is how the shuffle delivers them.
   */
  public void add(CellRun run) throws IOException {
    add(run.cursor());
  }

  /**
   * {@link #add(CellRun)} of a run this merger may keep, through a cursor before its first cell.
   */
  void add(RunCursor cursor) throws IOException {
    if (!cursor.next()) {
      return;
    }
    if (hasPending && cursor.compareCell(pending) < 0) {
      throw new IllegalStateException(
          "runs of a row out of order: the shuffle's sort comparator is not " + "CellKey's");
    }
    writeBefore(cursor);
    open.add(cursor);
    held += cursor.heldBytes();
    if (held > memoryLimit && open.size() > 1) {
      spill();
    }
  }

  /**
   * Writes a whole row made of this one run, whose cells all have different columns (its output has
   * no computed qualifier), as it is: nothing to hold, copy or compare. Most rows are such a run,
   * one record's. Not to be mixed with {@link #add} in one row.
   */
  public void writeAlone(CellRun run) throws IOException {
    alone.reset(run.bytes(), 0, run.length());
    while (alone.next()) {
      sink.write(alone);
    }
  }

  /** Writes every remaining cell of the row and forgets it. */
  public void finishRow() throws IOException {
    writeBefore(null);
    if (hasPending) {
      sink.write(pending);
      hasPending = false;
    }
    held = 0;
    for (SpillCursor s : spills) {
      s.close();
    }
    spills.clear();
  }

  /**
   * Cells (row, column, timestamp) given different values by the records merged since the last
   * call: three records giving one cell three values are one such cell.
   */
  public long takeConflictingCells() {
    long c = conflictingCells;
    conflictingCells = 0;
    return c;
  }

  /** Files written because overlapping runs passed the memory limit. */
  public long spillFiles() {
    return spillFiles;
  }

  /** Sends on every held cell before {@code bound} (all of them when null). */
  private void writeBefore(RunCursor bound) throws IOException {
    while (!open.isEmpty()) {
      RunCursor top = open.peek();
      if (bound != null && top.compareCell(bound) >= 0) {
        return;
      }
      open.poll();
      offer(top);
      if (top.next()) {
        open.add(top);
      } else if (!(top instanceof SpillCursor)) {
        held -= top.heldBytes();
      }
    }
  }

  /** The next cell in order: kept pending until a cell with other coordinates shows it is whole. */
  private void offer(RunCursor cell) throws IOException {
    if (hasPending && cell.compareCell(pending) == 0) {
      int byValue = compareValueAndTags(cell, pending);
      if (byValue != 0) {
        if (!pendingConflicts) {
          conflictingCells++;
          pendingConflicts = true;
        }
        if (collisions == CollisionPolicy.KEEP_MIN_VALUE ? byValue < 0 : byValue > 0) {
          hold(cell);
        }
      }
      return;
    }
    if (hasPending) {
      sink.write(pending);
    }
    hold(cell);
    hasPending = true;
    pendingConflicts = false;
  }

  private static int compareValueAndTags(RunCursor a, RunCursor b) {
    int c =
        Bytes.compareTo(
            a.array(),
            a.valueOffset(),
            a.valueLength(),
            b.array(),
            b.valueOffset(),
            b.valueLength());
    return c != 0
        ? c
        : Bytes.compareTo(
            a.array(), a.tagsOffset(), a.tagsLength(), b.array(), b.tagsOffset(), b.tagsLength());
  }

  private void hold(RunCursor cell) throws IOException {
    cell.copyCellTo(pendingRun);
    pending.reset(pendingRun.bytes(), 0, pendingRun.length());
    pending.next();
  }

  /** Merges the runs held in memory into one file, read back through a cursor of its own. */
  private void spill() throws IOException {
    PriorityQueue<RunCursor> inMemory = new PriorityQueue<>(RunCursor::compareCell);
    List<RunCursor> keep = new ArrayList<>();
    for (RunCursor c : open) {
      (c instanceof SpillCursor ? keep : inMemory).add(c);
    }
    Path file = Files.createTempFile(spillDirectory, "hbulk-row-", ".cells");
    CellRun one = new CellRun();
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16))) {
      while (!inMemory.isEmpty()) {
        RunCursor c = inMemory.poll();
        c.copyCellTo(one);
        one.write(out);
        if (c.next()) {
          inMemory.add(c);
        }
      }
    }
    spillFiles++;
    SpillCursor spilled = new SpillCursor(file);
    open.clear();
    open.addAll(keep);
    if (spilled.next()) {
      open.add(spilled);
    }
    spills.add(spilled);
    held = 0;
  }

  /** Cells read back from a spill file, one single-cell run at a time. */
  private static final class SpillCursor extends RunCursor {
    private final Path file;
    private final DataInputStream in;
    private final CellRun run = new CellRun();

    SpillCursor(Path file) throws IOException {
      super(new byte[CellRun.HEADER], 0, CellRun.HEADER);
      this.file = file;
      this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
    }

    @Override
    protected boolean refill() throws IOException {
      try {
        run.readFields(in);
      } catch (EOFException e) {
        return false;
      }
      reset(run.bytes(), 0, run.length());
      return true;
    }

    @Override
    public void close() throws IOException {
      in.close();
      Files.deleteIfExists(file);
    }
  }
}
