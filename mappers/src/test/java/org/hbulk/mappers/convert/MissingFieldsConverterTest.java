package org.hbulk.mappers.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * {@code [csv] missing-fields = absent}: a record with fewer fields than the columns writes the
 * cells whose fields it reaches, as ImportTsv does with a short line; the fields a row cannot do
 * without must still be there.
 */
class MissingFieldsConverterTest {
  private static final String ABSENT = "[csv]\nmissing-fields = absent\n";

  private static final String COLUMNS =
      """
      [columns]
      id = long
      ts = long
      name = string
      city = string
      note = string
      """;

  /** An output {@code main} keyed by id at ts, to which a test adds its cells. */
  private static final String MAIN = "[output main]\ntable = t\nkey = id\ntimestamp = ts\n";

  private static RecordConverter converter(String spec) {
    return new RecordConverter(LoadSpec.parse("t.spec", spec), 1L);
  }

  /** Under {@code missing-fields = absent}, output {@code main} with {@code rest} added. */
  private static RecordConverter absentMain(String rest) {
    return converter(ABSENT + COLUMNS + MAIN + rest);
  }

  /** The record's cells as {@code row/[Type/]f:q=v@ts}, every output in turn. */
  private static List<String> cells(RecordConverter c, String line) throws RejectException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>();
    for (KeyValue kv : c.convert(b, b.length)) {
      out.add(DeletionConverterTest.show(kv));
    }
    return out;
  }

  private static RejectException reject(RecordConverter c, String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return assertThrows(RejectException.class, () -> c.convert(b, b.length));
  }

  private static final String PLAIN =
      COLUMNS
          + MAIN
          + """
          d:name = name
          d:city = city
          d:note = note
          """;

  @Test
  void aShortRecordWritesTheCellsWhoseFieldsItReaches() throws Exception {
    RecordConverter c = converter(ABSENT + PLAIN);
    assertEquals(List.of("7/d:city=Rome@50", "7/d:name=ann@50"), cells(c, "7,50,ann,Rome"));
    assertEquals(1, c.lastMissingValues());
    assertEquals(0, c.lastEmptyValues());
    assertEquals(List.of("7/d:name=ann@50"), cells(c, "7,50,ann"));
    assertEquals(2, c.lastMissingValues());
    // A whole record misses nothing: the count is the last record's.
    assertEquals(
        List.of("7/d:city=Rome@50", "7/d:name=ann@50", "7/d:note=hi@50"),
        cells(c, "7,50,ann,Rome,hi"));
    assertEquals(0, c.lastMissingValues());
  }

  @Test
  void aMissingFieldIsNotAnEmptyOneUnderEmptyValueNorUnderDelete() throws Exception {
    RecordConverter c = converter(ABSENT + PLAIN + "empty = empty-value\nempty.d:note = delete\n");
    // city is there and empty: a zero-length value; note is missing: no cell and no marker.
    assertEquals(List.of("7/d:city=@50", "7/d:name=ann@50"), cells(c, "7,50,ann,"));
    assertEquals(1, c.lastEmptyValuesWritten());
    assertEquals(0, c.lastEmptyValuesDeleted());
    assertEquals(1, c.lastMissingValues());
    // The same field there and empty: a DeleteColumn marker, as empty.d:note says.
    assertEquals(
        List.of("7/d:city=@50", "7/d:name=ann@50", "7/DeleteColumn/d:note=@50"),
        cells(c, "7,50,ann,,"));
    assertEquals(1, c.lastEmptyValuesDeleted());
    assertEquals(0, c.lastMissingValues());
  }

  @Test
  void aComputedQualifierThatNeedsAMissingFieldNamesNoCell() throws Exception {
    RecordConverter c =
        absentMain(
            """
                d:name = name
                v:{city} = note
                c:{name} = "1"
                """);
    assertEquals(List.of("7/c:ann=1@50", "7/d:name=ann@50"), cells(c, "7,50,ann"));
    assertEquals(1, c.lastMissingValues());
    // Its qualifier's field there, its value's missing: no cell either.
    assertEquals(List.of("7/c:ann=1@50", "7/d:name=ann@50"), cells(c, "7,50,ann,Rome"));
    assertEquals(1, c.lastMissingValues());
  }

  @Test
  void aKeyOrTimestampPastTheEndRejectsTheRecordNamingWhatNeedsWhichField() throws Exception {
    RecordConverter c =
        absentMain(
            """
                d:id = id

                [output byname]
                table = i
                key = name + "|" + id
                timestamp = 5
                i:id = id
                """);
    RejectException noName = reject(c, "7,50");
    assertEquals(RejectReason.FIELD_COUNT, noName.reason());
    assertEquals(
        "expected at least 3 fields: the key of [output byname] reads column 'name' (field 3),"
            + " found 2",
        noName.getMessage());
    RejectException noTime = reject(c, "7");
    assertEquals(RejectReason.FIELD_COUNT, noTime.reason());
    assertEquals(
        "expected at least 2 fields: the timestamp of [output main] reads column 'ts' (field 2),"
            + " found 1",
        noTime.getMessage());
    // A key field there and empty is an empty key part, as in a whole record.
    assertEquals(RejectReason.EMPTY_KEY_PART, reject(c, "7,50,").reason());
  }

  @Test
  void ttlAndVisibilityColumnsPastTheEndRejectTheRecord() throws Exception {
    String spec =
        ABSENT
            + """
            [columns]
            id = long
            name = string
            labels = string
            ttl_ms = long
            score_ttl = long

            [output main]
            table = t
            key = id
            timestamp = 5
            d:name = name
            e:score = name
            """;
    assertEquals(
        "expected at least 3 fields: visibility of [output main] reads column 'labels' (field 3),"
            + " found 2",
        reject(converter(spec + "visibility = labels\n"), "7,ann").getMessage());
    assertEquals(
        "expected at least 4 fields: ttl of [output main] reads column 'ttl_ms' (field 4),"
            + " found 3",
        reject(converter(spec + "ttl = ttl_ms\n"), "7,ann,secret").getMessage());
    assertEquals(
        "expected at least 5 fields: ttl.e:score of [output main] reads column 'score_ttl'"
            + " (field 5), found 4",
        reject(converter(spec + "ttl.e:score = score_ttl\n"), "7,ann,secret,9").getMessage());
    assertEquals(
        "expected at least 3 fields: visibility.d:name of [output main] reads column 'labels'"
            + " (field 3), found 2",
        reject(converter(spec + "visibility.d:name = labels\n"), "7,ann").getMessage());
    assertEquals(
        RejectReason.FIELD_COUNT,
        reject(converter(spec + "visibility = labels\n"), "7,ann").reason());
    // Their fields there, the record is read: no tagger here, so no tags, but no reject either.
    assertEquals(
        List.of("7/d:name=ann@5", "7/e:score=ann@5"),
        cells(converter(spec + "ttl = ttl_ms\n"), "7,ann,secret,9"));
  }

  @Test
  void moreFieldsThanColumnsAreStillAFieldCountReject() {
    RejectException e = reject(converter(ABSENT + PLAIN), "7,50,ann,Rome,hi,extra");
    assertEquals(RejectReason.FIELD_COUNT, e.reason());
    assertEquals("expected 5 fields, found 6", e.getMessage());
  }

  @Test
  void anOutputWithNoCellWritesNoRowAndARecordWithNoCellIsAnEmptyRow() throws Exception {
    RecordConverter c =
        absentMain(
            """
                d:name = name

                [output notes]
                table = n
                key = id
                timestamp = ts
                n:note = note
                """);
    assertEquals(List.of("7/d:name=ann@50"), cells(c, "7,50,ann"));
    assertNull(c.lastRows().get(1), "the notes output writes no row");
    assertEquals(1, c.lastMissingValues());
    RejectException e = reject(c, "7,50");
    assertEquals(RejectReason.EMPTY_ROW, e.reason());
    assertEquals(
        "every cell's value is empty or beyond the record's last field (found 2), so no row would"
            + " exist",
        e.getMessage());
  }

  @Test
  void underTheDefaultRejectAShortRecordIsAFieldCountRejectAsBefore() {
    RejectException e = reject(converter(PLAIN), "7,50,ann,Rome");
    assertEquals(RejectReason.FIELD_COUNT, e.reason());
    assertEquals("expected 5 fields, found 4", e.getMessage());
    assertEquals(
        RejectReason.FIELD_COUNT,
        reject(converter("[csv]\nmissing-fields = reject\n" + PLAIN), "7,50,ann,Rome").reason());
  }

  private static final String DELETIONS =
      COLUMNS
          + MAIN
          + """
          delete-when = city = GONE
          d:name = name
          d:note = note
          """;

  @Test
  void aDeletionMayStillEndEarlyAndItsDeleteWhenFieldMustBeThere() throws Exception {
    for (String csv : List.of("", ABSENT)) {
      RecordConverter c = converter(csv + DELETIONS);
      assertEquals(List.of("7/DeleteFamily/d:=@50"), cells(c, "7,50,,GONE"));
      RejectException noCity = reject(c, "7,50,ann");
      assertEquals(RejectReason.FIELD_COUNT, noCity.reason());
      assertEquals(
          "expected at least 4 fields: delete-when of [output main] reads column 'city'"
              + " (field 4), found 3",
          noCity.getMessage());
      RejectException noTime = reject(c, "7");
      assertEquals(
          "expected at least 2 fields: the timestamp of [output main] reads column 'ts'"
              + " (field 2), found 1",
          noTime.getMessage());
    }
    // A record that is no deletion: under reject it must be whole, under absent it is read.
    RejectException shortPut = reject(converter(DELETIONS), "7,50,ann,Rome");
    assertEquals(
        "expected 5 fields, found 4 (a record may end early only where the fields left off are"
            + " those of outputs it deletes, or with [csv] missing-fields = absent)",
        shortPut.getMessage());
    assertEquals(List.of("7/d:name=ann@50"), cells(converter(ABSENT + DELETIONS), "7,50,ann,Rome"));
  }

  @Test
  void byNameAFieldPastTheEndOfTheRecordIsMissingWhereverItsHeaderPutsIt() throws Exception {
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec", "[csv]\nheader = true\ncolumns = by-name\nmissing-fields = absent\n" + PLAIN);
    RecordConverter c = new RecordConverter(spec, 1L);
    c.layout(
        ColumnLayout.of(spec.csv(), spec.columns(), List.of("note", "id", "ts", "name", "city")));
    assertEquals(List.of("7/d:name=ann@50", "7/d:note=hi@50"), cells(c, "hi,7,50,ann"));
    assertEquals(1, c.lastMissingValues());
    assertEquals(
        "expected at least 3 fields: the timestamp of [output main] reads column 'ts' (field 3),"
            + " found 2",
        reject(c, "hi,7").getMessage());
  }
}
