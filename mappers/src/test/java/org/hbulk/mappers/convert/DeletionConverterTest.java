package org.hbulk.mappers.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;
import org.hbulk.mappers.shuffle.RunCursorTest;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class DeletionConverterTest {
  private static final String SPEC =
      """
      [columns]
      id = long
      op = string
      ts = long
      name = string
      city = string
      tag = string

      [output main]
      table = users
      key = id
      timestamp = ts
      delete-when = op = D
      empty.d:city = delete
      d:name = name
      d:city = city
      e:{tag} = "1"

      [output byname]
      table = users_by_name
      key = name + "|" + id
      timestamp = ts
      delete-when = op in (D, X)
      delete = cells
      i:id = id
      i:{tag} = name

      [output audit]
      table = audit
      key = id + "|" + ts
      timestamp = ts
      a:op = op
      """;

  private final RecordConverter converter = new RecordConverter(LoadSpec.parse("t.spec", SPEC), 1L);

  /** The record's cells as {@code table:row/[Type/]f:q=v@ts}. */
  private List<String> cells(String line) throws RejectException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    List<KeyValue> kvs = converter.convert(b, b.length);
    String[] tables = {"users", "users_by_name", "audit"};
    List<String> out = new ArrayList<>();
    for (int o = 0, from = 0; o < 3; o++) {
      int to = converter.lastCellsEnd(o);
      for (int c = from; c < to; c++) {
        out.add(tables[o] + ":" + show(kvs.get(c)));
      }
      from = to;
    }
    return out;
  }

  /** A cell as {@code row/[Type/]f:q=v@ts}, the type only when it is no Put. */
  static String show(KeyValue kv) {
    String type =
        kv.getTypeByte() == KeyValue.Type.Put.getCode()
            ? ""
            : KeyValue.Type.codeToType(kv.getTypeByte()) + "/";
    return Bytes.toString(CellUtil.cloneRow(kv))
        + "/"
        + type
        + Bytes.toString(CellUtil.cloneFamily(kv))
        + ":"
        + Bytes.toString(CellUtil.cloneQualifier(kv))
        + "="
        + Bytes.toString(CellUtil.cloneValue(kv))
        + "@"
        + kv.getTimestamp();
  }

  @Test
  void aDeletionWritesMarkersPerOutputAndOutputsWithoutARuleWriteTheirCells() throws Exception {
    assertEquals(
        List.of(
            "users:7/DeleteFamily/d:=@50",
            "users:7/DeleteFamily/e:=@50",
            "users_by_name:ann|7/DeleteColumn/i:id=@50",
            "users_by_name:ann|7/DeleteColumn/i:x=@50",
            "audit:7|50/a:op=D@50"),
        cells("7,D,50,ann,Paris,x"));
    assertTrue(
        converter.lastDeletion()
            && converter.lastDeletion(0)
            && converter.lastDeletion(2) == false);

    // X deletes only the index output's cells; the main row gets the record's cells.
    assertEquals(
        List.of(
            "users:7/d:city=Rome@60",
            "users:7/d:name=ann@60",
            "users:7/e:x=1@60",
            "users_by_name:ann|7/DeleteColumn/i:id=@60",
            "users_by_name:ann|7/DeleteColumn/i:x=@60",
            "audit:7|60/a:op=X@60"),
        cells("7,X,60,ann,Rome,x"));
    assertFalse(converter.lastDeletion(0));
  }

  @Test
  void aDeletionNeedsOnlyItsKeyAndTimestampFields() throws Exception {
    // The audit output, no deletion, reads id, op and ts: a record may end after them.
    // No name: the index row's key cannot be built, so the record is rejected as any other would.
    RejectException noName = assertThrows(RejectException.class, () -> cells("7,D,50,,,"));
    assertEquals(RejectReason.EMPTY_KEY_PART, noName.reason());
    // A computed qualifier whose field is empty names no cell: that cell is not deleted.
    assertEquals(
        List.of(
            "users:7/DeleteFamily/d:=@50",
            "users:7/DeleteFamily/e:=@50",
            "users_by_name:ann|7/DeleteColumn/i:id=@50",
            "audit:7|50/a:op=D@50"),
        cells("7,D,50,ann"));
    RejectException shortPut = assertThrows(RejectException.class, () -> cells("7,I,50,ann"));
    assertEquals(RejectReason.FIELD_COUNT, shortPut.reason());
    assertEquals(
        "expected 6 fields, found 4 (a record may end early only where the fields left off are"
            + " those of outputs it deletes, or with [csv] missing-fields = absent)",
        shortPut.getMessage());
  }

  @Test
  void anEmptyFieldUnderEmptyDeleteWritesAColumnMarkerInItsPlace() throws Exception {
    assertEquals(
        List.of(
            "users:7/DeleteColumn/d:city=@70",
            "users:7/d:name=bob@70",
            "users:7/e:y=1@70",
            "users_by_name:bob|7/i:id=7@70",
            "users_by_name:bob|7/i:y=bob@70",
            "audit:7|70/a:op=U@70"),
        cells("7,U,70,bob,,y"));
    assertEquals(1, converter.lastEmptyValuesDeleted());
  }

  @Test
  void runsAndKeysCarryTheMarkersInHBasesOrder() throws Exception {
    byte[] line = "7,D,50,ann,Paris,x".getBytes(StandardCharsets.UTF_8);
    converter.read(line, line.length);
    OutputRow main = converter.output(0);
    CellRun run = main.writeRun(new CellRun());
    assertTrue(run.hasFlags());
    assertEquals("o0@50[DeleteFamily/d:= DeleteFamily/e:=]", RunCursorTest.show(run));
    CellKey key = main.writeKey(new CellKey());
    assertEquals(KeyValue.Type.DeleteFamily.getCode(), key.type());
    assertFalse(converter.output(2).writeRun(new CellRun()).hasFlags(), "puts stay plain");

    // The key and every cell of a run are in the order HBase's comparator gives.
    RunCursor c = converter.output(1).writeRun(new CellRun()).cursor();
    KeyValue previous = null;
    byte[] row = Bytes.toBytes("r");
    while (c.next()) {
      KeyValue kv = c.toKeyValue(row, 0, row.length);
      assertTrue(previous == null || CellComparator.getInstance().compare(previous, kv) < 0);
      previous = kv;
    }
  }
}
