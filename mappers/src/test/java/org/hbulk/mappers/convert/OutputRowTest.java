package org.hbulk.mappers.convert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursorTest;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/** What the mapper emits per output: the run of the row's cells and the key of its first cell. */
class OutputRowTest {
  private static final String SPEC =
      """
      [columns]
      id = long
      q = string
      v = string

      [output a]
      table = t1
      key = id
      timestamp = 99
      f:{q} = v
      f:m = v

      [output b]
      table = t2
      key = "k" + id
      e:v = v
      """;

  private static RecordConverter read(RecordConverter c, String line) throws Exception {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    c.read(b, b.length);
    return c;
  }

  @Test
  void eachOutputWritesItsCellsInOrderAndTheKeyOfItsFirstCell() throws Exception {
    RecordConverter c = read(new RecordConverter(LoadSpec.parse("t.spec", SPEC), 1234L), "7,a,x");
    assertEquals(2, c.outputCount());
    assertEquals(3, c.lastCellCount());
    OutputRow a = c.output(0);
    assertEquals("o0@99[f:a=x f:m=x]", RunCursorTest.show(a.writeRun(new CellRun())));
    // Keys start with the table's code: t1 is 0 and t2 is 1, the names' order.
    assertEquals("\\x007/f:a/99/4", a.writeKey(new CellKey()).toString());
    OutputRow b = c.output(1);
    assertEquals("o1@1234[e:v=x]", RunCursorTest.show(b.writeRun(new CellRun())));
    assertEquals("\\x01k7/e:v/1234/4", b.writeKey(new CellKey()).toString());
  }

  @Test
  void aComputedQualifierAfterTheFixedOnesMovesTheKeyToTheFixedCell() throws Exception {
    RecordConverter c = read(new RecordConverter(LoadSpec.parse("t.spec", SPEC), 1234L), "7,z,x");
    assertEquals("o0@99[f:m=x f:z=x]", RunCursorTest.show(c.output(0).writeRun(new CellRun())));
    assertEquals("\\x007/f:m/99/4", c.output(0).writeKey(new CellKey()).toString());
  }

  @Test
  void keysCodeTablesByTheirNamesOrderNotTheSpecs() throws Exception {
    // Output a writes to t3, output b to t2: the driver's cut points and the reducers decode by
    // the names' order, which the mapper's codes must follow.
    String spec = SPEC.replace("table = t1", "table = t3");
    RecordConverter c = read(new RecordConverter(LoadSpec.parse("t.spec", spec), 1L), "7,a,x");
    assertEquals("\\x017/f:a/99/4", c.output(0).writeKey(new CellKey()).toString());
    assertEquals("\\x00k7/e:v/1/4", c.output(1).writeKey(new CellKey()).toString());
  }

  @Test
  void anOrderedRunCarriesItsRecordsPlaceInTheInput() throws Exception {
    RecordConverter c = read(new RecordConverter(LoadSpec.parse("t.spec", SPEC), 1234L), "7,a,x");
    CellRun run = c.output(1).writeRun(new CellRun(), 42L);
    assertTrue(run.hasOrder());
    assertEquals(42L, run.cursor().order());
    assertEquals("o1@1234[e:v=x]", RunCursorTest.show(run));
  }

  @Test
  void anOutputWithoutCellsIsEmptyAndHasNoRow() throws Exception {
    String spec = SPEC.replace("e:v = v", "e:v = q");
    RecordConverter c = read(new RecordConverter(LoadSpec.parse("t.spec", spec), 1234L), "7,,x");
    assertFalse(c.output(0).isEmpty(), "f:m needs only v");
    assertTrue(c.output(1).isEmpty());
    assertNull(c.lastRows().get(1));
    assertArrayEquals(Bytes.toBytes("7"), c.lastRows().get(0));
  }

  @Test
  void rowsCopiedForTheDriverDoNotChangeWithTheNextRecord() throws Exception {
    RecordConverter c = new RecordConverter(LoadSpec.parse("t.spec", SPEC), 1234L);
    byte[] first = read(c, "7,a,x").lastRows().get(0);
    read(c, "8,a,x");
    assertEquals("7", Bytes.toString(first));
    assertEquals("8", Bytes.toString(c.lastRows().get(0)));
  }
}
