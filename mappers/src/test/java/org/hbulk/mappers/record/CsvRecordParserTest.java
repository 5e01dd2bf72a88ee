package org.hbulk.mappers.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.hbulk.mappers.spec.CsvOptions;
import org.junit.jupiter.api.Test;

/** One parser for a task's records: each record alone, whatever came before it. */
class CsvRecordParserTest {
  private final CsvRecordParser parser = new CsvRecordParser(CsvOptions.defaults());

  private List<String> parse(String text) throws RejectException {
    return List.copyOf(parser.parse(text));
  }

  @Test
  void recordsParseOneAfterAnotherWithQuotesCommasAndLineBreaks() throws RejectException {
    assertEquals(List.of("1", "ann", "hello, world"), parse("1,ann,\"hello, world\""));
    assertEquals(List.of("2", "bob", ""), parse("2,bob,"));
    assertEquals(List.of("3", "say \"hi\"\nthen go", "x"), parse("3,\"say \"\"hi\"\"\nthen go\",x"));
    assertEquals(List.of(""), parse(""));
    assertEquals(List.of("4", "carl"), parse("4,carl"));
  }

  @Test
  void aMalformedRecordIsRejectedAndTheNextParsesCleanly() throws RejectException {
    RejectException open = assertThrows(RejectException.class, () -> parser.parse("5,\"open quote"));
    assertEquals(RejectReason.MALFORMED_CSV, open.reason());
    assertEquals("a quoted field is not closed (unbalanced quote)", open.getMessage());
    assertEquals(List.of("6", "dora"), parse("6,dora"));
    RejectException split = assertThrows(RejectException.class, () -> parser.parse("7,eve\n8,finn"));
    assertEquals("a line break outside quotes splits this record in two", split.getMessage());
    assertEquals(List.of("9", "gus"), parse("9,gus"), "nothing of the split record is left over");
    assertThrows(RejectException.class, () -> parser.parse("10,\"x\"y,z"));
    assertEquals(List.of("11", "hal"), parse("11,hal"));
  }

  /**
   * Records with nothing quoted are split without commons-csv's lexer: the fields must be exactly
   * the ones commons-csv gives, with and without trimming, whatever the delimiter.
   */
  @Test
  void aRecordWithoutQuotesSplitsExactlyAsCommonsCsvReadsIt() throws Exception {
    String[] texts = {"", ",", ",,", "a", "a,b", "a,,b,", ",a", " a , b ", "\ta\t,\u2003b\u2003",
        "\u00a0a\u00a0,b", "x|y;z\tw", "a b,c  d", "it's,ok", "a\\b,c"};
    for (char delimiter : new char[] {',', '\t', '|', ';'}) {
      for (boolean trim : new boolean[] {false, true}) {
        for (Character escape : new Character[] {null, '\\'}) {
          CsvOptions options = new CsvOptions(delimiter, '"', escape, false, StandardCharsets.UTF_8,
              false, CsvOptions.DEFAULT_MAX_RECORD_BYTES, trim);
          CsvRecordParser fast = new CsvRecordParser(options);
          for (String text : texts) {
            if (escape != null && text.indexOf(escape) >= 0) {
              continue;
            }
            String what = "delimiter " + (int) delimiter + ", trim " + trim + ", escape " + escape
                + ": [" + text + "]";
            assertEquals(commonsCsv(options, text), List.copyOf(fast.parse(text)), what);
          }
        }
      }
    }
  }

  private static List<String> commonsCsv(CsvOptions options, String text) throws IOException {
    try (CSVParser alone = CSVParser.parse(text + "\n", options.toCsvFormat())) {
      CSVRecord record = alone.iterator().next();
      List<String> fields = new ArrayList<>();
      record.forEach(fields::add);
      return fields;
    }
  }
}
