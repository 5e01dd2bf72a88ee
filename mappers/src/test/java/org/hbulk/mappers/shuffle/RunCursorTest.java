package org.hbulk.mappers.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

public class RunCursorTest {
  /** A run of {@code family:qualifier=value} cells, in the order given. */
  public static CellRun run(int output, long ts, String... cells) {
    return addCells(new CellRun().start(output, ts), cells);
  }

  /** {@link #run} of the record at {@code order} in the input, as record-level policies ship it. */
  public static CellRun orderedRun(int output, long ts, long order, String... cells) {
    return addCells(new CellRun().start(output, ts, order), cells);
  }

  private static CellRun addCells(CellRun run, String... cells) {
    for (String cell : cells) {
      int colon = cell.indexOf(':');
      int eq = cell.indexOf('=');
      byte[] f = Bytes.toBytes(cell.substring(0, colon));
      byte[] q = Bytes.toBytes(cell.substring(colon + 1, eq));
      byte[] v = Bytes.toBytes(cell.substring(eq + 1));
      run.add(f, 0, f.length, q, 0, q.length, v, 0, v.length);
    }
    return run;
  }

  /** {@code o<output>@<ts>[f:q=v ...]}. */
  public static String show(CellRun run) throws IOException {
    RunCursor c = run.cursor();
    StringBuilder s = new StringBuilder("o" + c.output() + "@" + c.timestamp() + "[");
    boolean first = true;
    while (c.next()) {
      s.append(first ? "" : " ").append(cell(c));
      first = false;
    }
    return s.append(']').toString();
  }

  public static String cell(RunCursor c) {
    byte[] b = c.array();
    return Bytes.toString(b, c.familyOffset(), c.familyLength())
        + ":"
        + Bytes.toString(b, c.qualifierOffset(), c.qualifierLength())
        + "="
        + Bytes.toString(b, c.valueOffset(), c.valueLength());
  }

  @Test
  void cellsComeBackAsWrittenThroughTheWritableForm() throws Exception {
    String big = "v".repeat(300);
    CellRun run =
        run(7, 1_700_000_000_123L, "d:a=1", "d:b=", "d:" + "q".repeat(200) + "=" + big, "e:é=ü");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    run.write(new DataOutputStream(bytes));
    CellRun back = new CellRun();
    back.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(7, back.output());
    assertEquals(1_700_000_000_123L, back.timestamp());
    assertEquals(
        "o7@1700000000123[d:a=1 d:b= d:" + "q".repeat(200) + "=" + big + " e:é=ü]", show(back));
  }

  @Test
  void aRecordsInputOrderTravelsOnlyWhenGivenAndSurvivesTheWritableForm() throws Exception {
    byte[] f = {'d'};
    byte[] q = {'a'};
    CellRun plain = new CellRun().start(127, 5).add(f, 0, 1, q, 0, 1, q, 0, 1);
    CellRun ordered =
        new CellRun().start(127, 5, Long.MAX_VALUE - 3).add(f, 0, 1, q, 0, 1, q, 0, 1);
    assertEquals(plain.length() + 8, ordered.length(), "8 bytes, only for record-level policies");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ordered.write(new DataOutputStream(bytes));
    CellRun back = new CellRun();
    back.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertTrue(back.hasOrder() && !plain.hasOrder());
    assertEquals(127, back.output());
    RunCursor c = back.cursor();
    assertTrue(c.next());
    assertEquals(Long.MAX_VALUE - 3, c.order());
    assertEquals("d:a=a", cell(c));
    CellRun copy = new CellRun();
    c.copyCellTo(copy);
    assertEquals("o127@5[d:a=a]", show(copy));
    assertEquals(Long.MAX_VALUE - 3, copy.cursor().order(), "spill files keep the order");
    assertEquals(0, plain.cursor().order());
  }

  @Test
  void cellsCompareByFamilyQualifierThenNewestFirst() throws Exception {
    String[][] ordered = {
      {"5", "a:z=1"},
      {"9", "b:a=1"},
      {"5", "b:a=1"},
      {"1", "b:a=1"},
      {"5", "b:aa=1"},
      {"5", "b:b=1"}
    };
    for (int i = 0; i < ordered.length; i++) {
      for (int j = 0; j < ordered.length; j++) {
        RunCursor a = run(0, Long.parseLong(ordered[i][0]), ordered[i][1]).cursor();
        RunCursor b = run(0, Long.parseLong(ordered[j][0]), ordered[j][1]).cursor();
        assertTrue(a.next() && b.next());
        assertEquals(
            Integer.signum(Integer.compare(i, j)),
            Integer.signum(a.compareCell(b)),
            i + " vs " + j);
      }
    }
  }

  @Test
  void lengthsPastOneVarintByteSurvive() throws Exception {
    byte[] q = new byte[20_000];
    byte[] v = "x".repeat(70_000).getBytes(StandardCharsets.UTF_8);
    byte[] f = {'f'};
    RunCursor c =
        new CellRun().start(127, -1L).add(f, 0, 1, q, 0, q.length, v, 0, v.length).cursor();
    assertTrue(c.next());
    assertEquals(127, c.output());
    assertEquals(-1L, c.timestamp());
    assertEquals(20_000, c.qualifierLength());
    assertEquals(70_000, c.valueLength());
    assertEquals(false, c.next());
  }
}
