package org.hbulk.mappers.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
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

  /**
   * Cells as {@code [Type/]family:qualifier=value[#tags]}: a KeyValue type other than Put before a
   * slash, tag bytes after a hash; a plain {@code f:q=v} is added as a plain Put.
   */
  private static CellRun addCells(CellRun run, String... cells) {
    for (String cell : cells) {
      int slash = cell.indexOf('/');
      int colon = cell.indexOf(':');
      int eq = cell.indexOf('=');
      int hash = cell.indexOf('#', eq);
      byte[] f = Bytes.toBytes(cell.substring(slash + 1, colon));
      byte[] q = Bytes.toBytes(cell.substring(colon + 1, eq));
      byte[] v = Bytes.toBytes(cell.substring(eq + 1, hash < 0 ? cell.length() : hash));
      if (slash < 0 && hash < 0) {
        run.add(f, 0, f.length, q, 0, q.length, v, 0, v.length);
      } else {
        byte type =
            slash < 0
                ? KeyValue.Type.Put.getCode()
                : KeyValue.Type.valueOf(cell.substring(0, slash)).getCode();
        byte[] t = hash < 0 ? new byte[0] : Bytes.toBytes(cell.substring(hash + 1));
        run.add(type, f, 0, f.length, q, 0, q.length, v, 0, v.length, t, 0, t.length);
      }
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

  /** A cell in the form {@link #run} takes. */
  public static String cell(RunCursor c) {
    byte[] b = c.array();
    return (c.isMarker() ? KeyValue.Type.codeToType(c.type()) + "/" : "")
        + Bytes.toString(b, c.familyOffset(), c.familyLength())
        + ":"
        + Bytes.toString(b, c.qualifierOffset(), c.qualifierLength())
        + "="
        + Bytes.toString(b, c.valueOffset(), c.valueLength())
        + (c.tagsLength() > 0 ? "#" + Bytes.toString(b, c.tagsOffset(), c.tagsLength()) : "");
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
    CellRun plain = new CellRun().start(63, 5).add(f, 0, 1, q, 0, 1, q, 0, 1);
    CellRun ordered = new CellRun().start(63, 5, Long.MAX_VALUE - 3).add(f, 0, 1, q, 0, 1, q, 0, 1);
    assertEquals(plain.length() + 8, ordered.length(), "8 bytes, only for record-level policies");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ordered.write(new DataOutputStream(bytes));
    CellRun back = new CellRun();
    back.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertTrue(back.hasOrder() && !plain.hasOrder());
    assertEquals(63, back.output());
    RunCursor c = back.cursor();
    assertTrue(c.next());
    assertEquals(Long.MAX_VALUE - 3, c.order());
    assertEquals("d:a=a", cell(c));
    CellRun copy = new CellRun();
    c.copyCellTo(copy);
    assertEquals("o63@5[d:a=a]", show(copy));
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
        new CellRun().start(63, -1L).add(f, 0, 1, q, 0, q.length, v, 0, v.length).cursor();
    assertTrue(c.next());
    assertEquals(63, c.output());
    assertEquals(-1L, c.timestamp());
    assertEquals(20_000, c.qualifierLength());
    assertEquals(70_000, c.valueLength());
    assertEquals(false, c.next());
  }

  @Test
  void typedAndTaggedCellsComeBackThroughTheWritableFormAndAsKeyValues() throws Exception {
    CellRun run =
        run(
            5,
            42,
            "DeleteFamily/d:=",
            "DeleteColumn/d:a=",
            "d:b=2#\u0001tag",
            "d:c=3",
            "Delete/e:x=#t");
    assertTrue(run.hasFlags());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    run.write(new DataOutputStream(bytes));
    CellRun back = new CellRun();
    back.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(
        "o5@42[DeleteFamily/d:= DeleteColumn/d:a= d:b=2#\u0001tag d:c=3 Delete/e:x=#t]",
        show(back));
    RunCursor c = back.cursor();
    byte[] row = Bytes.toBytes("r1");
    List<KeyValue> kvs = new ArrayList<>();
    while (c.next()) {
      kvs.add(c.toKeyValue(row, 0, row.length));
      CellRun copy = new CellRun();
      c.copyCellTo(copy);
      RunCursor one = copy.cursor();
      assertTrue(one.next());
      assertEquals(cell(c), cell(one), "spill files keep types and tags");
    }
    assertEquals(KeyValue.Type.DeleteFamily.getCode(), kvs.get(0).getTypeByte());
    assertEquals(KeyValue.Type.DeleteColumn.getCode(), kvs.get(1).getTypeByte());
    assertEquals(KeyValue.Type.Put.getCode(), kvs.get(2).getTypeByte());
    assertEquals(
        "\u0001tag",
        Bytes.toString(
            kvs.get(2).getTagsArray(), kvs.get(2).getTagsOffset(), kvs.get(2).getTagsLength()));
    assertEquals(0, kvs.get(3).getTagsLength());
    assertEquals(KeyValue.Type.Delete.getCode(), kvs.get(4).getTypeByte());
    assertEquals(42, kvs.get(4).getTimestamp());
  }

  @Test
  void plainRunsCarryNoFlagsAndAFirstMarkerGivesTheCellsBeforeItTheirs() throws Exception {
    CellRun plain = run(3, 7, "d:a=1", "d:b=22");
    CellRun typed = run(3, 7, "Put/d:a=1", "Put/d:b=22");
    assertFalse(plain.hasFlags());
    assertEquals(
        HEADER_AND_TWO_CELLS, plain.length(), "header, then two cells of 1+1+1+1+1+1 and +1 bytes");
    assertEquals(plain.length(), typed.length(), "an explicit Put without tags is plain too");
    CellRun mixed = run(3, 7, "d:a=1", "d:b=22", "DeleteColumn/d:c=");
    assertTrue(mixed.hasFlags());
    assertEquals(plain.length() + 2 + 6, mixed.length(), "a flags byte per cell, and the marker");
    assertEquals("o3@7[d:a=1 d:b=22 DeleteColumn/d:c=]", show(mixed));
    CellRun ordered = orderedRun(3, 7, 99, "d:a=1", "Delete/d:a=");
    RunCursor c = ordered.cursor();
    assertTrue(c.next());
    assertEquals(99, c.order());
    assertEquals("o3@7[d:a=1 Delete/d:a=]", show(ordered));
  }

  @Test
  void aFirstMarkerKeepsPlainCellsWhoseLengthsTakeSeveralBytes() throws Exception {
    String q = "q".repeat(200);
    String v = "v".repeat(20_000);
    CellRun mixed = run(3, 7, "d:a=" + v, "d:" + q + "=1", "d:r=" + v, "DeleteColumn/d:s=");
    assertTrue(mixed.hasFlags());
    assertEquals("o3@7[d:a=" + v + " d:" + q + "=1 d:r=" + v + " DeleteColumn/d:s=]", show(mixed));
  }

  private static final int HEADER_AND_TWO_CELLS = CellRun.HEADER + 6 + 7;

  @Test
  void aMarkerSortsBeforeAPutOfTheSameColumnAndTimestamp() throws Exception {
    String[] ordered = {
      "DeleteFamily/b:=", "DeleteColumn/b:a=", "Delete/b:a=", "b:a=1", "DeleteColumn/b:b="
    };
    for (int i = 0; i < ordered.length; i++) {
      for (int j = 0; j < ordered.length; j++) {
        RunCursor a = run(0, 5, ordered[i]).cursor();
        RunCursor b = run(0, 5, ordered[j]).cursor();
        assertTrue(a.next() && b.next());
        assertEquals(
            Integer.signum(Integer.compare(i, j)),
            Integer.signum(a.compareCell(b)),
            ordered[i] + " vs " + ordered[j]);
        assertEquals(
            Integer.signum(Integer.compare(i, j)),
            Integer.signum(
                CellComparator.getInstance()
                    .compare(
                        a.toKeyValue(new byte[] {'r'}, 0, 1),
                        b.toKeyValue(new byte[] {'r'}, 0, 1))),
            "HBase's own order agrees");
      }
    }
  }
}
