package org.hbulk.mappers.merge;

import static org.hbulk.mappers.shuffle.RunCursorTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;
import org.hbulk.mappers.shuffle.RunCursorTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunMergerTest {
  @TempDir Path tmp;

  private final List<String> out = new ArrayList<>();

  private RunMerger merger(CollisionPolicy policy, long limit) {
    return new RunMerger(
        c -> out.add(RunCursorTest.cell(c) + "@" + c.timestamp()), policy, limit, tmp);
  }

  @Test
  void runsThatDoNotOverlapGoOutAsSoonAsTheNextRunShowsTheyAreWhole() throws Exception {
    RunMerger m = merger(CollisionPolicy.FAIL, Long.MAX_VALUE);
    m.add(run(0, 5, "d:a=1", "d:b=2"));
    assertEquals(List.of(), out, "d:a could still meet an equal cell");
    m.add(run(0, 5, "d:c=3"));
    assertEquals(List.of("d:a=1@5"), out, "d:b is held until a cell with other coordinates comes");
    m.add(run(0, 5, "e:a=4"));
    assertEquals(List.of("d:a=1@5", "d:b=2@5"), out);
    m.finishRow();
    assertEquals(List.of("d:a=1@5", "d:b=2@5", "d:c=3@5", "e:a=4@5"), out);
  }

  @Test
  void versionsOfTheSameColumnsInterleaveNewestFirst() throws Exception {
    RunMerger m = merger(CollisionPolicy.FAIL, Long.MAX_VALUE);
    for (long ts = 9; ts >= 7; ts--) {
      m.add(run(0, ts, "d:a=a" + ts, "d:b=b" + ts));
    }
    m.finishRow();
    assertEquals(
        List.of("d:a=a9@9", "d:a=a8@8", "d:a=a7@7", "d:b=b9@9", "d:b=b8@8", "d:b=b7@7"), out);
    assertEquals(0, m.takeConflictingCells());
  }

  @Test
  void equalCoordinatesBecomeOneCellChosenByValueAndDifferencesAreCounted() throws Exception {
    for (CollisionPolicy policy :
        List.of(
            CollisionPolicy.FAIL, CollisionPolicy.KEEP_MAX_VALUE, CollisionPolicy.KEEP_MIN_VALUE)) {
      for (boolean swapped : new boolean[] {false, true}) {
        out.clear();
        RunMerger m = merger(policy, Long.MAX_VALUE);
        List<CellRun> equalFirstCells =
            new ArrayList<>(
                List.of(
                    run(0, 5, "d:a=1low", "d:b=same"),
                    run(1, 5, "d:a=2high", "d:b=same", "d:c=only")));
        if (swapped) {
          java.util.Collections.reverse(equalFirstCells);
        }
        for (CellRun r : equalFirstCells) {
          m.add(r);
        }
        m.finishRow();
        String a = policy == CollisionPolicy.KEEP_MIN_VALUE ? "1low" : "2high";
        assertEquals(
            List.of("d:a=" + a + "@5", "d:b=same@5", "d:c=only@5"), out, policy + " " + swapped);
        assertEquals(1, m.takeConflictingCells(), "the same value twice is no collision");
        assertEquals(0, m.takeConflictingCells(), "taken");
      }
    }
  }

  @Test
  void threeRecordsGivingOneCellDifferentValuesAreOneConflictingCell() throws Exception {
    RunMerger m = merger(CollisionPolicy.KEEP_MAX_VALUE, Long.MAX_VALUE);
    m.add(run(0, 5, "d:a=x", "d:b=1"));
    m.add(run(0, 5, "d:a=z", "d:b=2"));
    m.add(run(0, 5, "d:a=y", "d:b=2"));
    m.finishRow();
    assertEquals(List.of("d:a=z@5", "d:b=2@5"), out);
    assertEquals(
        2,
        m.takeConflictingCells(),
        "d:a (x, z, y) and d:b (1, 2, 2): two cells, not three merges");
  }

  @Test
  void aRunBeforeWhatWasAlreadyWrittenIsRefused() throws Exception {
    RunMerger m = merger(CollisionPolicy.FAIL, Long.MAX_VALUE);
    m.add(run(0, 5, "d:a=1", "d:b=1"));
    m.add(run(0, 5, "d:c=1"));
    m.add(run(0, 5, "d:b=2"));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> m.add(run(0, 5, "d:a=2")));
    assertTrue(e.getMessage().contains("out of order"), e.getMessage());
  }

  /**
   * Overlapping runs past the memory limit go to files and come back merged: random rows checked
   * against a plain sort of all their cells, at limits from nothing to everything.
   */
  @Test
  void overlappingRunsPastTheLimitSpillToFilesAndMergeExactly() throws Exception {
    Random random = new Random(42);
    for (long limit : new long[] {0, 2_000, 50_000, Long.MAX_VALUE}) {
      for (CollisionPolicy policy :
          new CollisionPolicy[] {CollisionPolicy.KEEP_MAX_VALUE, CollisionPolicy.KEEP_MIN_VALUE}) {
        out.clear();
        RunMerger m = merger(policy, limit);
        List<CellRun> runs = new ArrayList<>();
        // One reference value per cell: TreeMap by (family, qualifier, newest first).
        TreeMap<String, String> expected = new TreeMap<>();
        java.util.Map<String, java.util.Set<String>> values = new java.util.HashMap<>();
        for (int r = 0; r < 3_000; r++) {
          long ts = random.nextInt(50);
          List<String> cells = new ArrayList<>();
          for (int q : random.ints(1 + random.nextInt(6), 0, 40).sorted().distinct().toArray()) {
            String value = Integer.toString(random.nextInt(3));
            String col = (q < 30 ? "d" : "e") + ":q" + (char) ('a' + q % 30);
            cells.add(col + "=" + value);
            String coordinates = col + "@" + String.format("%03d", 999 - ts);
            values.computeIfAbsent(coordinates, k -> new java.util.HashSet<>()).add(value);
            expected.merge(
                coordinates,
                value,
                (x, y) ->
                    policy == CollisionPolicy.KEEP_MIN_VALUE
                        ? (x.compareTo(y) <= 0 ? x : y)
                        : (x.compareTo(y) >= 0 ? x : y));
          }
          runs.add(run(0, ts, cells.toArray(String[]::new)));
        }
        runs.sort(Comparator.comparing(RunMergerTest::firstCell, (x, y) -> x.compareCell(y)));
        for (CellRun r : runs) {
          m.add(r);
        }
        m.finishRow();
        List<String> want =
            expected.entrySet().stream()
                .map(
                    e -> {
                      String col = e.getKey().substring(0, e.getKey().indexOf('@'));
                      long ts =
                          999 - Long.parseLong(e.getKey().substring(e.getKey().indexOf('@') + 1));
                      return col + "=" + e.getValue() + "@" + ts;
                    })
                .toList();
        assertEquals(want, out, "limit " + limit + ", " + policy);
        assertEquals(
            values.values().stream().filter(v -> v.size() > 1).count(),
            m.takeConflictingCells(),
            "cells given more than one value, each once however many records met there");
        assertEquals(
            limit != Long.MAX_VALUE,
            m.spillFiles() > 0,
            "limit " + limit + ": " + m.spillFiles() + " files");
        try (Stream<Path> left = Files.list(tmp)) {
          assertEquals(0, left.count(), "spill files are deleted with their row");
        }
      }
    }
  }

  private static RunCursor firstCell(CellRun run) {
    RunCursor c = run.cursor();
    try {
      c.next();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return c;
  }

  @Test
  void aMarkerAndAPutOfTheSameCoordinatesAreTwoCellsMarkerFirstAndEqualMarkersAreOne()
      throws Exception {
    for (CollisionPolicy policy :
        List.of(
            CollisionPolicy.FAIL, CollisionPolicy.KEEP_MAX_VALUE, CollisionPolicy.KEEP_MIN_VALUE)) {
      out.clear();
      RunMerger m = merger(policy, 0);
      // The shuffle's order: by first cell, a marker before a Put of its column and timestamp.
      m.add(run(0, 5, "DeleteFamily/d:=", "DeleteColumn/d:b="));
      m.add(run(1, 5, "DeleteFamily/d:="));
      m.add(run(0, 5, "d:a=1", "d:b=2"));
      m.add(run(0, 5, "DeleteColumn/d:b="));
      m.add(run(0, 3, "d:b=old"));
      m.finishRow();
      assertEquals(
          List.of("DeleteFamily/d:=@5", "d:a=1@5", "DeleteColumn/d:b=@5", "d:b=2@5", "d:b=old@3"),
          out,
          policy.toString());
      assertEquals(0, m.takeConflictingCells(), "a marker collides with nothing");
    }
  }
}
