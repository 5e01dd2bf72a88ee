package org.hbulk.mappers.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RecordOrder;
import org.hbulk.mappers.shuffle.RunCursor;
import org.hbulk.mappers.shuffle.RunCursorTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordPickerTest {
  @TempDir Path tmp;

  private final List<String> out = new ArrayList<>();

  /** One record's run: its input order, timestamp, and {@code family:qualifier=value} cells. */
  private static CellRun rec(long order, long ts, String... cells) {
    return RunCursorTest.orderedRun(0, ts, order, cells);
  }

  /** The row's runs through a picker and a merger, in the shuffle's order (by first cell). */
  private RecordPicker pick(boolean keepLast, List<CellRun> runs) throws Exception {
    RecordPicker picker = new RecordPicker(keepLast, Long.MAX_VALUE);
    RunMerger merger =
        new RunMerger(
            c -> out.add(RunCursorTest.cell(c) + "@" + c.timestamp()),
            CollisionPolicy.KEEP_LAST_RECORD,
            Long.MAX_VALUE,
            tmp);
    List<CellRun> sorted = new ArrayList<>(runs);
    sorted.sort(Comparator.comparing(RecordPickerTest::firstCell, RunCursor::compareCell));
    for (CellRun r : sorted) {
      picker.add(r);
    }
    picker.finishRow(merger);
    merger.finishRow();
    assertEquals(0, merger.takeConflictingCells(), "the runs kept never overlap");
    return picker;
  }

  private static RunCursor firstCell(CellRun run) {
    RunCursor c = run.cursor();
    try {
      c.next();
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    return c;
  }

  @Test
  void theLastRecordIsKeptWholeAndTheOthersDroppedWhole() throws Exception {
    // Record 30 has no d:b (an empty field): the row must not take d:b from an older record.
    List<CellRun> runs =
        List.of(
            rec(10, 5, "d:a=1", "d:b=1", "d:c=1"),
            rec(30, 5, "d:a=3", "d:c=3"),
            rec(20, 5, "d:a=2", "d:b=2", "d:c=2"));
    RecordPicker p = pick(true, runs);
    assertEquals(List.of("d:a=3@5", "d:c=3@5"), out);
    assertEquals(3, p.takeConflictingCells(), "d:a, d:b (1, 2) and d:c");
    assertEquals(2, p.takeDropped());
    out.clear();
    pick(false, runs);
    assertEquals(List.of("d:a=1@5", "d:b=1@5", "d:c=1@5"), out);
  }

  @Test
  void theChoiceDependsOnTheOrderNotOnArrivalOrValues() throws Exception {
    List<CellRun> runs = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      runs.add(rec(100 + i * 7 % 12, 5, "d:a=" + (char) ('z' - i), "d:b=" + i));
    }
    Random random = new Random(7);
    List<String> first = null;
    for (int round = 0; round < 5; round++) {
      Collections.shuffle(runs, random);
      out.clear();
      pick(true, runs);
      if (first == null) {
        first = new ArrayList<>(out);
      }
      assertEquals(first, out);
    }
    // Order 111 is i = 5 (5 * 7 % 12 = 11).
    assertEquals(List.of("d:a=u@5", "d:b=5@5"), first);
  }

  @Test
  void recordsThatShareNoColumnAtATimestampAreAllKept() throws Exception {
    RecordPicker p =
        pick(
            true,
            List.of(
                rec(1, 5, "d:a=1"), rec(2, 5, "d:b=2"), rec(3, 6, "d:a=3"), rec(4, 6, "d:c=4")));
    assertEquals(List.of("d:a=3@6", "d:a=1@5", "d:b=2@5", "d:c=4@6"), out);
    assertEquals(0, p.takeConflictingCells());
    assertEquals(0, p.takeDropped());
  }

  @Test
  void conflictsChainThroughRecordsThatOverlapEachOther() throws Exception {
    // 1 and 3 share nothing, but 2 shares a column with each: one group, whose last record is 3.
    RecordPicker p =
        pick(
            true,
            List.of(
                rec(1, 5, "d:a=1"),
                rec(2, 5, "d:a=2", "d:b=2"),
                rec(3, 5, "d:b=3"),
                rec(4, 5, "d:z=4")));
    assertEquals(List.of("d:b=3@5", "d:z=4@5"), out);
    assertEquals(2, p.takeDropped());
    assertEquals(2, p.takeConflictingCells());
  }

  @Test
  void equalValuesAreNoConflictingCellButTheEarlierRecordIsStillDroppedWhole() throws Exception {
    RecordPicker p =
        pick(true, List.of(rec(1, 5, "d:a=same", "d:b=only-in-1"), rec(2, 5, "d:a=same")));
    assertEquals(List.of("d:a=same@5"), out, "a row never mixes records that share a column");
    assertEquals(0, p.takeConflictingCells());
    assertEquals(1, p.takeDropped());
  }

  @Test
  void runsOfOneRecordStayTogether() throws Exception {
    // Two outputs of record 9 write the same row: one record, kept whole.
    pick(
        true,
        List.of(rec(9, 5, "d:a=9", "d:b=9"), rec(9, 5, "e:x=9"), rec(3, 5, "d:a=3", "e:x=3")));
    assertEquals(List.of("d:a=9@5", "d:b=9@5", "e:x=9@5"), out);
  }

  @Test
  void aDroppedRecordLosesItsOtherOutputsRunTooThoughNoOtherRecordWroteItsColumns()
      throws Exception {
    // Record 1 writes the row through two outputs (d:a, e:y); record 5 conflicts on d:a alone.
    List<CellRun> runs =
        List.of(
            RunCursorTest.orderedRun(0, 5, 1, "d:a=1"),
            RunCursorTest.orderedRun(1, 5, 1, "e:y=1"),
            rec(5, 5, "d:a=5"));
    RecordPicker p = pick(true, runs);
    assertEquals(List.of("d:a=5@5"), out);
    assertEquals(1, p.takeDropped(), "one record's row, however many of its runs");
    out.clear();
    p = pick(false, runs);
    assertEquals(List.of("d:a=1@5", "e:y=1@5"), out);
    assertEquals(1, p.takeDropped());
  }

  @Test
  void aRowPastTheLimitIsRefusedAndRunsWithoutOrderAreABug() {
    RecordPicker p = new RecordPicker(true, 40);
    assertEquals(true, p.add(rec(1, 5, "d:a=" + "x".repeat(10))));
    assertFalse(p.add(rec(2, 5, "d:a=" + "y".repeat(10))));
    assertThrows(IllegalStateException.class, () -> p.add(RunCursorTest.run(0, 5, "d:a=1")));
  }

  @Test
  void ordersKeepFileThenOffset() {
    long a = RecordOrder.of(RecordOrder.fileBase(0), RecordOrder.MAX_OFFSET);
    long b = RecordOrder.of(RecordOrder.fileBase(1), 0);
    assertEquals(-1, Long.compare(a, b));
    assertEquals(
        "input file #1, byte offset 7",
        RecordOrder.describe(RecordOrder.of(RecordOrder.fileBase(1), 7)));
    assertThrows(
        IllegalArgumentException.class, () -> RecordOrder.of(0, RecordOrder.MAX_OFFSET + 1));
    assertThrows(IllegalArgumentException.class, () -> RecordOrder.fileBase(RecordOrder.MAX_FILES));
  }

  @Test
  void markersOfDroppedRecordsAreKeptAndJoinNoRecords() throws Exception {
    // 10 and 20 collide on d:a; 20 is kept. 10's marker on d:c still masks d:c at 5, as HBase
    // applies every Delete sent. 30's identical marker joins no record and is written once.
    List<CellRun> runs =
        List.of(
            rec(10, 5, "d:a=1", "DeleteColumn/d:c="),
            rec(20, 5, "d:a=2", "d:b=2"),
            rec(30, 5, "DeleteColumn/d:c="),
            rec(40, 5, "DeleteFamily/e:="));
    RecordPicker p = pick(true, runs);
    assertEquals(List.of("d:a=2@5", "d:b=2@5", "DeleteColumn/d:c=@5", "DeleteFamily/e:=@5"), out);
    assertEquals(1, p.takeConflictingCells());
    assertEquals(1, p.takeDropped());
    out.clear();
    pick(false, runs);
    assertEquals(List.of("d:a=1@5", "DeleteColumn/d:c=@5", "DeleteFamily/e:=@5"), out);
  }
}
