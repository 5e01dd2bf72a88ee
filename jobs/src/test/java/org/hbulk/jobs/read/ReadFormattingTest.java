package org.hbulk.jobs.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class ReadFormattingTest {
  private static final LoadSpec SPEC = ReadFixtures.paysSpec();

  private static final SpecDecoder DECODER = SpecDecoder.of(SPEC, SPEC.outputs().get(0));

  private static final byte[] ROW =
      Bytes.add(Bytes.toBytes("ann#"), Bytes.toBytes(Long.MAX_VALUE - 2000));

  @Test
  void binaryAndSortableValuesReadBackAsTheirNumbers() throws Exception {
    LoadSpec sortable =
        LoadSpec.parse(
            "sortable.spec",
            "[columns]\nn = int\n[output o]\ntable = t\nkey = n\nd:n = sortable(n)\n");
    byte[] sortableMinus7 = {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xf9};
    assertEquals(
        "-7",
        SpecDecoder.of(sortable, sortable.outputs().get(0)).value(b("d"), b("n"), sortableMinus7));
    assertEquals("2.25", DECODER.value(b("d"), b("amount"), Bytes.toBytes(2.25)));
    assertEquals("ann", DECODER.value(b("d"), b("user"), b("ann")));
    assertEquals(
        "two\\x0Alines", DECODER.value(b("d"), b("user"), b("two\nlines")), "one cell, one line");
  }

  @Test
  void reverseTimestampKeyPartReadsAsATimeAndSeparatorsAreLeftOut() {
    assertEquals("user=ann, reverse_ts(ts)=1970-01-01T00:00:02Z", DECODER.keyParts(ROW));
  }

  @Test
  void withoutASpecValuesAndKeysAreRawInTheKeyNotation() {
    assertNull(SpecDecoder.RAW.keyParts(ROW));
    assertEquals(
        "@\\x02\\x00\\x00\\x00\\x00\\x00\\x00",
        SpecDecoder.RAW.value(b("d"), b("amount"), Bytes.toBytes(2.25)));
    assertEquals(
        "@\\x02\\x00\\x00\\x00\\x00\\x00\\x00",
        DECODER.value(b("d"), b("unknown"), Bytes.toBytes(2.25)),
        "a column the spec does not write");
  }

  @Test
  void rowPrinterLeadsEachRowWithItsKeyPartsAndCountsRows() {
    Result r =
        Result.create(
            new Cell[] {
              new KeyValue(ROW, b("d"), b("amount"), 2000L, Bytes.toBytes(2.25)),
              new KeyValue(ROW, b("d"), b("user"), 2000L, b("ann"))
            });
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    RowPrinter printer =
        new RowPrinter(DECODER, new PrintStream(text, true, StandardCharsets.UTF_8));
    printer.print(r);
    printer.print(Result.EMPTY_RESULT);
    printer.printTotal();
    String row = "ann#\\x7F\\xFF\\xFF\\xFF\\xFF\\xFF\\xF8/";
    assertEquals(
        String.join(
            "\n",
            row + "  key: user=ann, reverse_ts(ts)=1970-01-01T00:00:02Z",
            row + "  d:amount @2000 = 2.25",
            row + "  d:user @2000 = ann",
            "(1 row)",
            ""),
        text.toString(StandardCharsets.UTF_8));
  }

  @Test
  void countJsonHasTheTableTotalAndEachRegionWithKeysInTheKeyNotation() throws Exception {
    RowCount count =
        new RowCount(
            "pays",
            3,
            List.of(
                new RowCount.Region("r1", new byte[0], new byte[] {'b', 0x01}, 2),
                new RowCount.Region("r2", new byte[] {'b', 0x01}, new byte[0], 1)));
    JsonNode json = new ObjectMapper().readTree(count.toJson());
    assertEquals("pays", json.get("table").asText());
    assertEquals(3, json.get("rows").asLong());
    assertEquals("b\\x01", json.get("regions").get(0).get("end").asText());
    assertEquals("", json.get("regions").get(1).get("end").asText());
    assertEquals(1, json.get("regions").get(1).get("rows").asLong());
    JsonNode plain = new ObjectMapper().readTree(new RowCount("t", 0, List.of()).toJson());
    assertEquals(0, plain.get("regions").size());
  }

  @Test
  void describeJsonHasEveryFamilySettingAndNullsWhatIsNotKnown() throws Exception {
    TableDescription d =
        new TableDescription(
            "pays",
            true,
            List.of(
                new TableDescription.Family(
                    "d", 3, 0, 86400, "ZSTD", "FAST_DIFF", "ROW", 65536, false, true, 1, "FALSE")),
            List.of(new TableDescription.Region("r1", new byte[0], new byte[0], null, -1, -1, -1)));
    JsonNode json = new ObjectMapper().readTree(d.toJson());
    JsonNode f = json.get("families").get(0);
    assertEquals(86400, f.get("ttl_seconds").asInt());
    assertEquals("ZSTD", f.get("compression").asText());
    assertEquals("FAST_DIFF", f.get("data_block_encoding").asText());
    assertEquals(1, f.get("replication_scope").asInt());
    assertEquals(false, f.get("in_memory").asBoolean());
    JsonNode r = json.get("regions").get(0);
    assertTrue(r.get("server").isNull());
    assertTrue(r.get("store_files").isNull());
    assertTrue(r.get("store_file_size_mb").isNull());
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aScanCutShortByItsLimitSaysSoInItsLastLine() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    RowPrinter printer =
        new RowPrinter(DECODER, new PrintStream(text, true, StandardCharsets.UTF_8));
    printer.print(
        Result.create(new Cell[] {new KeyValue(ROW, b("d"), b("user"), 2000L, b("ann"))}));
    printer.printTotalCutAt(1);
    assertTrue(
        text.toString(StandardCharsets.UTF_8)
            .endsWith("(1 row, --limit 1 reached: more rows follow; --limit 0 prints all)\n"),
        text.toString(StandardCharsets.UTF_8));
  }
}
