package org.hbulk.mappers.merge;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;

/**
 * The record-level collision policies ({@code keep-last-record}, {@code keep-first-record}) for one
 * row written by several records. Two records are in conflict when they write a common column at
 * the same timestamp, whatever the values; conflicts chain (A with B, B with C). Of each such group
 * the record latest (or first) in input order is kept whole and the others are dropped whole, so a
 * row never mixes the cells of records in conflict. A record is all its runs in the row (one per
 * output that keys it to this row), which carry the same input order. Records that share no column
 * at a timestamp (a wide row's readings, other versions) are all kept.
 *
 * <p>Delete markers take no part in the choice and are never dropped: HBase applies every Delete
 * sent, whatever was sent before or after it (a marker at T masks the puts at or before T of its
 * column or family, in whichever order they came), so a marker of a record whose puts lose is still
 * written. Only the Puts of the records not chosen are dropped; a marker and a Put never conflict.
 *
 * <p>The choice needs every record of the row before any cell is written, so the row's runs are
 * held, up to a limit of bytes; only rows of several records come here, never the single-record
 * rows that make up most loads.
 *
 * <p>Its merge loop looks like {@link RunMerger}'s but is another loop: the merger streams runs as
 * they come (equal cells can span two arrivals, so it holds a copy of the pending one) and spills
 * to disk, while the picker walks a closed set of held runs and must know each cell's record to
 * join records into groups. What both need, the order of cells, is {@link RunCursor#compareCell}.
 * The picker's queue holds boxed run indices; it already copies every run it holds, so they are not
 * what it costs.
 */
public final class RecordPicker {
  private final boolean keepLast;
  private final long memoryLimit;
  private final List<byte[]> runs = new ArrayList<>();
  private long held;
  private long conflictingCells;
  private long dropped;

  /**
   * @param memoryLimit bytes of one row's runs held at most
   */
  public RecordPicker(boolean keepLast, long memoryLimit) {
    this.keepLast = keepLast;
    this.memoryLimit = memoryLimit;
  }

  /**
   * Holds a copy of the row's next run; false when the row's runs pass the limit (nothing held
   * then).
   */
  public boolean add(CellRun run) {
    if (!run.hasOrder()) {
      throw new IllegalStateException(
          "a run without its record's input order: the map tasks ran under"
              + " another collision policy than the reducers");
    }
    held += run.length();
    if (held > memoryLimit) {
      clear();
      return false;
    }
    runs.add(Arrays.copyOf(run.bytes(), run.length()));
    return true;
  }

  /** Chooses, hands the runs kept to {@code merger} in the order they came, and forgets the row. */
  public void finishRow(RunMerger merger) throws IOException {
    int n = runs.size();
    RunCursor[] cursors = new RunCursor[n];
    int[] group = new int[n];
    PriorityQueue<Integer> open =
        new PriorityQueue<>(n, (a, b) -> cursors[a].compareCell(cursors[b]));
    for (int i = 0; i < n; i++) {
      group[i] = i;
      cursors[i] = new RunCursor(runs.get(i), 0, runs.get(i).length);
      if (cursors[i].next()) {
        open.add(i);
      }
    }
    // The runs of one record (its outputs into this row) are one record, chosen or dropped whole,
    // whether or not they share a column with another record.
    Map<Long, Integer> firstRunOf = new HashMap<>();
    for (int i = 0; i < n; i++) {
      Integer first = firstRunOf.putIfAbsent(cursors[i].order(), i);
      if (first != null) {
        union(group, first, i);
      }
    }
    List<Integer> same = new ArrayList<>();
    while (!open.isEmpty()) {
      int first = open.poll();
      same.add(first);
      if (cursors[first].isMarker()) {
        // Equal markers are one cell, which the merger writes once; they join no records.
        while (!open.isEmpty() && cursors[open.peek()].compareCell(cursors[first]) == 0) {
          same.add(open.poll());
        }
        advance(cursors, same, open);
        continue;
      }
      boolean differs = false;
      while (!open.isEmpty() && cursors[open.peek()].compareCell(cursors[first]) == 0) {
        int other = open.poll();
        same.add(other);
        union(group, first, other);
        differs |= !sameValue(cursors[first], cursors[other]);
      }
      if (differs) {
        conflictingCells++;
      }
      advance(cursors, same, open);
    }
    long[] chosen = new long[n];
    Arrays.fill(chosen, keepLast ? Long.MIN_VALUE : Long.MAX_VALUE);
    for (int i = 0; i < n; i++) {
      int g = root(group, i);
      long order = cursors[i].order();
      chosen[g] = keepLast ? Math.max(chosen[g], order) : Math.min(chosen[g], order);
    }
    List<byte[]> kept = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long order = cursors[i].order();
      if (order == chosen[root(group, i)]) {
        kept.add(runs.get(i));
      } else {
        if (firstRunOf.get(order) == i) {
          dropped++; // once a record, however many of its outputs wrote the row
        }
        byte[] markers = markersOf(runs.get(i));
        if (markers != null) {
          kept.add(markers);
        }
      }
    }
    // The merger takes runs in the order of their first cells; a dropped run's markers may start
    // after runs that came later.
    List<RunCursor> firsts = new ArrayList<>(kept.size());
    for (byte[] run : kept) {
      RunCursor first = new RunCursor(run, 0, run.length);
      first.next();
      firsts.add(first);
    }
    firsts.sort(RunCursor::compareCell);
    for (RunCursor first : firsts) {
      byte[] run = first.array();
      merger.add(new RunCursor(run, 0, run.length));
    }
    clear();
  }

  private static void advance(RunCursor[] cursors, List<Integer> same, PriorityQueue<Integer> open)
      throws IOException {
    for (int i : same) {
      if (cursors[i].next()) {
        open.add(i);
      }
    }
    same.clear();
  }

  /** The delete markers of a run, as a run of their own; null when it has none. */
  private static byte[] markersOf(byte[] run) throws IOException {
    RunCursor c = new RunCursor(run, 0, run.length);
    CellRun markers = null;
    while (c.next()) {
      if (c.isMarker()) {
        if (markers == null) {
          markers =
              c.hasOrder()
                  ? new CellRun().start(c.output(), c.timestamp(), c.order())
                  : new CellRun().start(c.output(), c.timestamp());
        }
        markers.add(
            c.type(),
            c.array(),
            c.familyOffset(),
            c.familyLength(),
            c.array(),
            c.qualifierOffset(),
            c.qualifierLength(),
            c.array(),
            c.valueOffset(),
            c.valueLength(),
            c.array(),
            c.tagsOffset(),
            c.tagsLength());
      }
    }
    return markers == null ? null : Arrays.copyOf(markers.bytes(), markers.length());
  }

  /** Cells of the rows since the last call to which records gave different values. */
  public long takeConflictingCells() {
    long c = conflictingCells;
    conflictingCells = 0;
    return c;
  }

  /** Records' rows (a record's cells in one row) dropped whole since the last call. */
  public long takeDropped() {
    long d = dropped;
    dropped = 0;
    return d;
  }

  private void clear() {
    runs.clear();
    held = 0;
  }

  private static boolean sameValue(RunCursor a, RunCursor b) {
    return Bytes.equals(
        a.array(), a.valueOffset(), a.valueLength(), b.array(), b.valueOffset(), b.valueLength());
  }

  private static int root(int[] group, int i) {
    while (group[i] != i) {
      group[i] = group[group[i]];
      i = group[i];
    }
    return i;
  }

  private static void union(int[] group, int a, int b) {
    group[root(group, a)] = root(group, b);
  }
}
