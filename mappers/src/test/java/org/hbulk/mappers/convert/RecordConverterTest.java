package org.hbulk.mappers.convert;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class RecordConverterTest {
  private static final String SPEC =
      """
      [columns]
      id = long
      user = string
      ts = timestamp(yyyy-MM-dd HH:mm:ss, Asia/Shanghai)
      amount = double
      note = string

      [output main]
      table = t
      key = user + "|" + id
      timestamp = ts
      d:user = user
      d:amount = binary(amount)
      d:note = note
      """;

  private static RecordConverter converter(String spec) {
    return new RecordConverter(LoadSpec.parse("t.spec", spec), 1234L);
  }

  private static Map<String, String> cells(RecordConverter c, String line) throws RejectException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    Map<String, String> out = new LinkedHashMap<>();
    for (KeyValue kv : c.convert(b, b.length)) {
      out.put(
          Bytes.toString(CellUtil.cloneFamily(kv))
              + ":"
              + Bytes.toString(CellUtil.cloneQualifier(kv)),
          Bytes.toString(CellUtil.cloneValue(kv)));
    }
    return out;
  }

  private static RejectException reject(RecordConverter c, byte[] line) {
    return assertThrows(RejectException.class, () -> c.convert(line, line.length));
  }

  private static RejectException reject(RecordConverter c, String line) {
    return reject(c, line.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void goodRecordBecomesExactCellsWithTheRecordsTimestamp() throws Exception {
    RecordConverter c = converter(SPEC);
    byte[] line =
        "7,alice,2026-11-22 08:00:00,12.5,\"gift wrap, please\"".getBytes(StandardCharsets.UTF_8);
    List<KeyValue> kvs = c.convert(line, line.length);
    assertEquals(3, kvs.size());
    long ts =
        LocalDateTime.of(2026, 11, 22, 8, 0)
            .atZone(ZoneId.of("Asia/Shanghai"))
            .toInstant()
            .toEpochMilli();
    for (KeyValue kv : kvs) {
      assertArrayEquals(Bytes.toBytes("alice|7"), CellUtil.cloneRow(kv));
      assertEquals(ts, kv.getTimestamp());
      assertEquals(KeyValue.Type.Put.getCode(), kv.getTypeByte());
    }
    // In HBase's order, not the spec's: amount, note, user.
    assertEquals(
        List.of("amount", "note", "user"),
        kvs.stream().map(kv -> Bytes.toString(CellUtil.cloneQualifier(kv))).toList());
    assertArrayEquals(Bytes.toBytes(12.5), CellUtil.cloneValue(kvs.get(0)));
    assertEquals("gift wrap, please", Bytes.toString(CellUtil.cloneValue(kvs.get(1))));
    assertEquals(List.of("alice|7"), c.lastRows().stream().map(Bytes::toString).toList());
  }

  @Test
  void quotingEscapingAndUnicodeSurviveExactly() throws Exception {
    RecordConverter c = converter(SPEC);
    assertEquals(
        "says \"hi\", twice",
        cells(c, "1,bob,2026-11-22 08:00:00,1,\"says \"\"hi\"\", twice\"").get("d:note"));
    assertEquals(
        "北京 São Paulo", cells(c, "1,bob,2026-11-22 08:00:00,1,北京 São Paulo").get("d:note"));
    RecordConverter backslash = converter("[csv]\nescape = \\\n" + SPEC);
    assertEquals(
        "a \"quoted\" word",
        cells(backslash, "1,bob,2026-11-22 08:00:00,1,\"a \\\"quoted\\\" word\"").get("d:note"));
  }

  @Test
  void emptyValueSkipsItsCellAndIsCounted() throws Exception {
    RecordConverter c = converter(SPEC);
    Map<String, String> got = cells(c, "1,bob,2026-11-22 08:00:00,,");
    assertEquals(List.of("d:user"), List.copyOf(got.keySet()));
    assertEquals(2, c.lastEmptyValues());
  }

  @Test
  void emptyValueWritesAZeroLengthValueForTheOutputOrOneCell() throws Exception {
    String every = SPEC + "empty = empty-value\nd:label = \"note: \" + note\n";
    RecordConverter c = converter(every);
    Map<String, String> got = cells(c, "1,bob,2026-11-22 08:00:00,,");
    assertEquals(
        Map.of("d:user", "bob", "d:amount", "", "d:note", "", "d:label", ""),
        got,
        "a typed encoding or a literal around an empty field: the whole value is empty");
    assertEquals(0, c.lastEmptyValues());
    assertEquals(3, c.lastEmptyValuesWritten());
    assertEquals(
        "note: x", cells(c, "1,bob,2026-11-22 08:00:00,,x").get("d:label"), "a field present");

    RecordConverter one = converter(SPEC + "empty.d:note = empty-value\n");
    assertEquals(Map.of("d:user", "bob", "d:note", ""), cells(one, "1,bob,2026-11-22 08:00:00,,"));
    assertEquals(1, one.lastEmptyValues(), "d:amount stays absent");
    assertEquals(1, one.lastEmptyValuesWritten());

    RecordConverter overridden = converter(every + "empty.d:amount = absent\n");
    assertEquals(
        List.of("d:label", "d:note", "d:user"),
        List.copyOf(cells(overridden, "1,bob,2026-11-22 08:00:00,,").keySet()));
  }

  @Test
  void underEmptyValueAnEmptyKeyPartStillRejectsAndAnEmptyComputedQualifierWritesNothing()
      throws Exception {
    RecordConverter c =
        converter(
            "[columns]\nid = long\nq = string\nv = string\n"
                + "[output o]\ntable = t\nkey = id\nempty = empty-value\nf:{q} = v\nf:v = v\n");
    assertEquals(RejectReason.EMPTY_KEY_PART, reject(c, ",q,v").reason());
    assertEquals(
        Map.of("f:v", ""),
        cells(c, "1,,"),
        "no qualifier, no cell; the fixed one is written empty");
    assertEquals(1, c.lastEmptyValues());
    assertEquals(1, c.lastEmptyValuesWritten());
  }

  @Test
  void eachKindOfBadRecordIsRejectedWithItsReason() {
    RecordConverter c = converter(SPEC);
    assertEquals(
        RejectReason.MALFORMED_CSV, reject(c, "1,bob,2026-11-22 08:00:00,1,\"open").reason());
    assertEquals(
        RejectReason.MALFORMED_CSV, reject(c, "1,bob,2026-11-22 08:00:00,1,\"x\"y").reason());
    RejectException count = reject(c, "1,bob,2026-11-22 08:00:00,1");
    assertEquals(RejectReason.FIELD_COUNT, count.reason());
    assertEquals("expected 5 fields, found 4", count.getMessage());
    RejectException number = reject(c, "x1,bob,2026-11-22 08:00:00,1,n");
    assertEquals(RejectReason.BAD_VALUE, number.reason());
    assertEquals("column 'id': 'x1' is not a valid long", number.getMessage());
    assertTrue(
        reject(c, "1,bob,2026-11-22 08:00:00,NaN,n").getMessage().contains("column 'amount'"));
    assertTrue(
        reject(c, "1,bob,2026-13-22 08:00:00,1,n")
            .getMessage()
            .contains(
                "column 'ts': '2026-13-22 08:00:00' is not a valid timestamp(yyyy-MM-dd HH:mm:ss, Asia/Shanghai)"));
    RejectException emptyKey = reject(c, "1,,2026-11-22 08:00:00,1,n");
    assertEquals(RejectReason.EMPTY_KEY_PART, emptyKey.reason());
    assertEquals("output main: key part 'user' is empty", emptyKey.getMessage());
    assertEquals(RejectReason.BAD_TIMESTAMP, reject(c, "1,bob,,1,n").reason());
    assertEquals(
        RejectReason.KEY_TOO_LONG,
        reject(c, "1," + "u".repeat(40000) + ",2026-11-22 08:00:00,1,n").reason());
    byte[] latin1 = "1,b\u00f6b,2026-11-22 08:00:00,1,n".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals(RejectReason.BAD_ENCODING, reject(c, latin1).reason());
  }

  @Test
  void aRecordWithEveryCellEmptyIsRejectedNotLost() {
    RecordConverter c =
        converter("[columns]\nid = long\nv = string\n[output o]\ntable = t\nkey = id\nf:v = v\n");
    assertEquals(RejectReason.EMPTY_ROW, reject(c, "1,").reason());
  }

  @Test
  void anOutputWithOnlyEmptyCellsWritesNoRowWhileTheOthersDo() throws Exception {
    RecordConverter c =
        converter(
            "[columns]\nid = long\nv = string\nw = string\n"
                + "[output a]\ntable = t1\nkey = id\nf:v = v\n[output b]\ntable = t2\nkey = id\nf:{w} = v\nf:w = w\n");
    byte[] line = "7,x,".getBytes(StandardCharsets.UTF_8);
    List<KeyValue> kvs = c.convert(line, line.length);
    assertEquals(1, kvs.size());
    assertEquals(1, c.lastCellsEnd(0));
    assertEquals(1, c.lastCellsEnd(1));
    assertEquals("7", Bytes.toString(c.lastRows().get(0)));
    assertEquals(null, c.lastRows().get(1), "output b has no cell for this record");
    assertEquals(2, c.lastEmptyValues());
    byte[] both = "7,x,q".getBytes(StandardCharsets.UTF_8);
    List<KeyValue> all = c.convert(both, both.length);
    assertEquals(
        "q", Bytes.toString(CellUtil.cloneQualifier(all.get(1))), "qualifier from the record");
  }

  @Test
  void fixedAndRunStartTimestamps() throws Exception {
    String base = "[columns]\nid = long\n[output o]\ntable = t\nkey = id\nf:v = id\n";
    byte[] line = "5".getBytes(StandardCharsets.UTF_8);
    assertEquals(1234L, converter(base).convert(line, 1).get(0).getTimestamp());
    assertEquals(
        99L,
        converter(base.replace("key = id", "key = id\ntimestamp = 99"))
            .convert(line, 1)
            .get(0)
            .getTimestamp());
  }

  @Test
  void severalOutputsMakeSeveralRows() throws Exception {
    RecordConverter c =
        converter(
            "[columns]\na = string\nb = string\n"
                + "[output ab]\ntable = t\nkey = a + \">\" + b\nf:x = b\n"
                + "[output ba]\ntable = t\nkey = b + \"<\" + a\nf:x = a\n");
    byte[] line = "ann,bob".getBytes(StandardCharsets.UTF_8);
    List<KeyValue> kvs = c.convert(line, line.length);
    assertEquals(2, kvs.size());
    assertEquals("ann>bob", Bytes.toString(CellUtil.cloneRow(kvs.get(0))));
    assertEquals("bob<ann", Bytes.toString(CellUtil.cloneRow(kvs.get(1))));
  }

  @Test
  void eachOutputsCellsComeInHBaseOrderComputedQualifiersIncluded() throws Exception {
    RecordConverter c =
        converter(
            "[columns]\na = string\nb = string\n"
                + "[output o]\ntable = t\nkey = a\nz:a = a\nf:{b} = a\nf:m = b\nf:{a} = b\nb:x = a\n"
                // A fixed qualifier that sorts after every computed one's text, "{...}".
                + "f:\u00e9 = a\n"
                + "[output p]\ntable = t\nkey = b\nf:{b} = a\nf:c = b\n");
    for (String[] line :
        new String[][] {
          {"zz,aa", "b:x f:aa f:m f:zz f:\u00e9 z:a | f:aa f:c"},
          {"ab,ab", "b:x f:ab f:ab f:m f:\u00e9 z:a | f:ab f:c"},
          {"mm,d", "b:x f:d f:m f:mm f:\u00e9 z:a | f:c f:d"},
          {"\u00ff,d", "b:x f:d f:m f:\u00e9 f:\u00ff z:a | f:c f:d"}
        }) {
      byte[] b = line[0].getBytes(StandardCharsets.UTF_8);
      List<KeyValue> kvs = c.convert(b, b.length);
      StringBuilder shown = new StringBuilder();
      for (int i = 0; i < kvs.size(); i++) {
        shown.append(i == c.lastCellsEnd(0) ? " | " : i == 0 ? "" : " ");
        shown
            .append(Bytes.toString(CellUtil.cloneFamily(kvs.get(i))))
            .append(':')
            .append(Bytes.toString(CellUtil.cloneQualifier(kvs.get(i))));
      }
      assertEquals(line[1], shown.toString(), line[0]);
    }
  }
}
