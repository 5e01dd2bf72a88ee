package org.hbulk.mappers.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.junit.jupiter.api.Test;

/**
 * A record loaded from fields cut as bytes holds what the same fields loaded as text hold: the same
 * texts, numbers and UTF-8 bytes, or the same reject with the same message.
 */
class RecordTest {
  private static final List<Column> COLUMNS =
      List.of(
          new Column("i", 0, ColumnType.INT, null, ZoneOffset.UTC),
          new Column("l", 1, ColumnType.LONG, null, ZoneOffset.UTC),
          new Column("ms", 2, ColumnType.TIMESTAMP, Column.EPOCH_MILLIS, ZoneOffset.UTC),
          new Column("s", 3, ColumnType.TIMESTAMP, Column.EPOCH_SECONDS, ZoneOffset.UTC),
          new Column("d", 4, ColumnType.DOUBLE, null, ZoneOffset.UTC),
          new Column("b", 5, ColumnType.BOOLEAN, null, ZoneOffset.UTC),
          new Column("iso", 6, ColumnType.TIMESTAMP, Column.ISO, ZoneOffset.UTC),
          new Column("t", 7, ColumnType.STRING, null, ZoneOffset.UTC));

  /** Values each whole-number column is given in turn, the others keeping a valid value. */
  private static final List<String> WHOLE_NUMBERS =
      List.of(
          "0",
          "7",
          "-7",
          "+7",
          "007",
          "-0",
          "2147483647",
          "2147483648",
          "-2147483648",
          "-2147483649",
          "999999999999999999",
          "9223372036854775807",
          "9999999999999999999",
          "-9999999999999999999",
          "9223372036854775808",
          "-9223372036854775808",
          "9223372036854775",
          "9223372036854776",
          "-9223372036854776",
          "-",
          "+",
          "--1",
          "1-",
          "1.0",
          " 1",
          "1 ",
          "1e3",
          "x",
          "0x10",
          "12345678901234567890123");

  @Test
  void everyWholeNumberReadsFromBytesAsFromText() {
    List<String> valid = List.of("1", "2", "3", "4", "1.5", "true", "2026-11-27T10:00:00Z", "t");
    int rejected = 0;
    for (int column = 0; column < 4; column++) {
      for (String value : WHOLE_NUMBERS) {
        List<String> fields = new ArrayList<>(valid);
        fields.set(column, value);
        String fromText = outcome(fields, false);
        assertEquals(fromText, outcome(fields, true), COLUMNS.get(column).name() + " = " + value);
        rejected += fromText.startsWith("rejected") ? 1 : 0;
      }
    }
    assertTrue(rejected > 20 && rejected < 4 * WHOLE_NUMBERS.size() - 20, rejected + " rejected");
  }

  @Test
  void otherTypesAndTextReadFromBytesAsFromText() {
    for (List<String> fields :
        List.of(
            List.of("1", "2", "3", "4", "-1.25", "TRUE", "2026-11-27T10:00:00Z", "some text"),
            List.of("", "", "", "", "", "", "", ""),
            List.of("1", "2", "3", "4", "1d", "true", "2026-11-27T10:00:00Z", "x"),
            List.of("1", "2", "3", "4", "1", "yes", "2026-11-27T10:00:00Z", "x"),
            List.of("1", "2", "3", "4", "1", "0", "27/11/2026", "x"))) {
      assertEquals(outcome(fields, false), outcome(fields, true), fields.toString());
    }
  }

  @Test
  void digitsOfOtherScriptsAreNoNumber() throws RejectException {
    // Java's parsers read "١٢٣" as 123, but as text in a key it is not what a reader builds.
    for (int column = 0; column < 4; column++) {
      for (String digits : List.of("\u0661\u0662\u0663", "\uff11\uff12\uff13", "1\u0662")) {
        List<String> fields = new ArrayList<>(List.of("1", "2", "3", "4", "", "", "", ""));
        fields.set(column, digits);
        RejectException e =
            assertThrows(RejectException.class, () -> new Record(COLUMNS).load(fields), digits);
        assertEquals(RejectReason.BAD_VALUE, e.reason());
      }
    }
    Record r = new Record(COLUMNS);
    r.load(List.of("+5", "-12", "42", "7", "", "", "", ""));
    assertEquals(
        List.of(5L, -12L, 42L, 7000L),
        List.of(r.longValue(0), r.longValue(1), r.longValue(2), r.longValue(3)));
  }

  @Test
  void datesThatDoNotExistAreRejectedNotMovedToAnotherDay() throws RejectException {
    List<Column> days =
        List.of(
            new Column("day", 0, ColumnType.TIMESTAMP, "yyyy-MM-dd", ZoneOffset.UTC),
            new Column(
                "at", 1, ColumnType.TIMESTAMP, "yyyy-MM-dd HH:mm:ss", ZoneId.of("Asia/Shanghai")),
            new Column("short", 2, ColumnType.TIMESTAMP, "dd/MM/yy", ZoneOffset.UTC),
            new Column("quoted", 3, ColumnType.TIMESTAMP, "yyyy'y'MM'm'dd", ZoneOffset.UTC));
    for (List<String> bad :
        List.of(
            List.of("2019-02-29", "", "", ""),
            List.of("2019-02-30", "", "", ""),
            List.of("2019-04-31", "", "", ""),
            List.of("", "2021-04-31 10:00:00", "", ""),
            List.of("", "2021-04-30 24:00:00", "", ""),
            List.of("", "", "31/06/19", ""),
            List.of("", "", "", "2019y02m29"))) {
      RejectException e =
          assertThrows(RejectException.class, () -> new Record(days).load(bad), bad.toString());
      assertEquals(RejectReason.BAD_VALUE, e.reason(), bad.toString());
    }
    Record r = new Record(days);
    r.load(List.of("2020-02-29", "2021-04-30 10:00:00", "30/06/19", "2019y02m28"));
    assertEquals(Instant.parse("2020-02-29T00:00:00Z").toEpochMilli(), r.longValue(0));
    assertEquals(Instant.parse("2021-04-30T02:00:00Z").toEpochMilli(), r.longValue(1));
    assertEquals(Instant.parse("2019-06-30T00:00:00Z").toEpochMilli(), r.longValue(2));
    assertEquals(Instant.parse("2019-02-28T00:00:00Z").toEpochMilli(), r.longValue(3));
  }

  @Test
  void aFieldLoadedAsBytesIsEmptyOnlyWhenItHasNoBytes() throws RejectException {
    Record r = new Record(COLUMNS);
    r.load(bytes(List.of("", "2", "", "", "", "", "", " ")));
    assertTrue(r.isEmpty(0));
    assertFalse(r.isEmpty(1));
    assertFalse(r.isEmpty(7));
    ByteBuilder out = new ByteBuilder();
    r.appendUtf8(1, out);
    r.appendUtf8(7, out);
    assertEquals("2 ", new String(out.toArray(), StandardCharsets.UTF_8));
  }

  /**
   * One record reused as a task reuses it: each load, whichever way, leaves exactly its own fields,
   * and a load rejected part way leaves fields that can still be read.
   */
  @Test
  void aReusedRecordHoldsOnlyItsLastLoadWhicheverWay() throws RejectException {
    List<String> a = List.of("1", "2", "3", "4", "1.5", "true", "2026-11-27T10:00:00Z", "first");
    List<String> b = List.of("5", "6", "7", "8", "2.5", "false", "2026-11-27T11:00:00Z", "second");
    Record r = new Record(COLUMNS);
    r.load(bytes(a));
    r.load(b);
    assertEquals(held(b), held(r));
    r.load(bytes(a));
    assertEquals(held(a), held(r));
    FieldBytes shorter = bytes(List.of("9", "10"));
    shorter.padTo(COLUMNS.size());
    r.load(shorter);
    assertEquals(held(List.of("9", "10", "", "", "", "", "", "")), held(r));
    List<String> badFirst =
        List.of("x", "6", "7", "8", "2.5", "false", "2026-11-27T11:00:00Z", "y");
    assertEquals(
        RejectReason.BAD_VALUE,
        assertThrows(RejectException.class, () -> r.load(badFirst)).reason());
    for (int c = 0; c < COLUMNS.size(); c++) {
      assertTrue(r.isEmpty(c) || !r.text(c).isEmpty(), "column " + c + " still readable");
    }
  }

  private static String held(List<String> fields) throws RejectException {
    Record fresh = new Record(COLUMNS);
    fresh.load(fields);
    return held(fresh);
  }

  /** What a record holds after loading the fields, or "rejected" and why. */
  private static String outcome(List<String> fields, boolean asBytes) {
    Record r = new Record(COLUMNS);
    try {
      if (asBytes) {
        r.load(bytes(fields));
      } else {
        r.load(fields);
      }
    } catch (RejectException e) {
      return "rejected " + e.reason() + ": " + e.getMessage();
    }
    return held(r);
  }

  /** Every field of the record: its text, emptiness, numbers and UTF-8 bytes. */
  private static String held(Record r) {
    StringBuilder held = new StringBuilder();
    for (int c = 0; c < COLUMNS.size(); c++) {
      ByteBuilder utf8 = new ByteBuilder();
      r.appendUtf8(c, utf8);
      held.append(c)
          .append(": [")
          .append(r.text(c))
          .append("] empty ")
          .append(r.isEmpty(c))
          // An empty field has no number (readers ask isEmpty first): what is left there is not
          // compared.
          .append(" long ")
          .append(r.isEmpty(c) ? "-" : r.longValue(c))
          .append(" double ")
          .append(r.isEmpty(c) ? "-" : r.doubleValue(c))
          .append(" utf8 ")
          .append(new String(utf8.toArray(), StandardCharsets.UTF_8))
          .append('\n');
    }
    return held.toString();
  }

  private static FieldBytes bytes(List<String> fields) {
    FieldBytes cut = new FieldBytes();
    cut.clear();
    for (String f : fields) {
      byte[] b = ("<" + f + ">").getBytes(StandardCharsets.US_ASCII);
      cut.add(b, 1, b.length - 1);
    }
    return cut;
  }
}
