package org.hbulk.mappers.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.hbulk.mappers.schema.CsvOptions;
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
    assertEquals(
        List.of("3", "say \"hi\"\nthen go", "x"), parse("3,\"say \"\"hi\"\"\nthen go\",x"));
    assertEquals(List.of(""), parse(""));
    assertEquals(List.of("4", "carl"), parse("4,carl"));
  }

  @Test
  void aMalformedRecordIsRejectedAndTheNextParsesCleanly() throws RejectException {
    RejectException open =
        assertThrows(RejectException.class, () -> parser.parse("5,\"open quote"));
    assertEquals(RejectReason.MALFORMED_CSV, open.reason());
    assertEquals("a quoted field is not closed (unbalanced quote)", open.getMessage());
    assertEquals(List.of("6", "dora"), parse("6,dora"));
    RejectException split =
        assertThrows(RejectException.class, () -> parser.parse("7,eve\n8,finn"));
    assertEquals("a line break outside quotes splits this record in two", split.getMessage());
    assertEquals(List.of("9", "gus"), parse("9,gus"), "nothing of the split record is left over");
    assertThrows(RejectException.class, () -> parser.parse("10,\"x\"y,z"));
    assertEquals(List.of("11", "hal"), parse("11,hal"));
  }

  /**
   * Whichever way the parser reads a one-line record (cut by hand, or through commons-csv for an
   * escape or a quote it must judge), with and without trimming, whatever the delimiter, the fields
   * (or the reject) must be exactly what commons-csv gives, and the next record must still parse.
   * Hand-picked records, then 4,000 random ones per setting drawn from the characters that matter
   * (a fixed seed, so a failure repeats).
   */
  @Test
  void aOneLineRecordGetsExactlyTheFieldsCommonsCsvReads() throws Exception {
    List<String> texts =
        new ArrayList<>(
            List.of(
                "",
                ",",
                ",,",
                "a",
                "a,b",
                "a,,b,",
                ",a",
                " a , b ",
                "\ta\t,\u2003b\u2003",
                "\u00a0a\u00a0,b",
                "x|y;z\tw",
                "a b,c  d",
                "it's,ok",
                "a\\b,c",
                "\"a\"",
                "\"\"",
                "\"\",\"\"",
                "\"a,b\",c",
                "x,\"say \"\"hi\"\"\"",
                "\"\"\"\"",
                "\"a\"\"\"\"b\"",
                " \"a\" ,b",
                "\"a\"  ",
                "\"a\"\t,b",
                "\"a\"b",
                "\"open",
                "a\"b,c\"",
                " \"a,b\"",
                "\"a\"\u00a0,b",
                "\"a\",",
                "\",\",\"",
                "a,\"b\"\"\",c",
                "a,b\\",
                "a,b\\\\",
                "\"a\\"));
    char[] alphabet = {
      'a', 'b', ' ', '\t', '\u000b', '\u001f', '\u2003', '\u00a0', '"', ',', ';', '|', '\\'
    };
    Random random = new Random(20261123L);
    for (int t = 0; t < 4000; t++) {
      StringBuilder text = new StringBuilder();
      for (int n = random.nextInt(13); n > 0; n--) {
        text.append(alphabet[random.nextInt(alphabet.length)]);
      }
      texts.add(text.toString());
    }
    int cutAsBytes = 0;
    for (char delimiter : new char[] {',', '\t', '|', ';'}) {
      for (boolean trim : new boolean[] {false, true}) {
        for (Character escape : new Character[] {null, '\\'}) {
          for (Character quote : new Character[] {'"', null}) {
            CsvOptions options =
                new CsvOptions(
                    delimiter,
                    quote,
                    escape,
                    false,
                    StandardCharsets.UTF_8,
                    false,
                    CsvOptions.DEFAULT_MAX_RECORD_BYTES,
                    trim);
            CsvRecordParser fast = new CsvRecordParser(options);
            for (String text : texts) {
              String what =
                  "delimiter "
                      + (int) delimiter
                      + ", trim "
                      + trim
                      + ", escape "
                      + escape
                      + ", quote "
                      + quote
                      + ": ["
                      + text
                      + "]";
              assertEquals(commonsCsv(options, text), hbulk(fast, text), what);
              if (cutAsBytes(fast, text) != null) {
                assertEquals(hbulk(fast, text), cutAsBytes(fast, text), "cut as bytes, " + what);
                cutAsBytes++;
              }
              assertEquals(
                  List.of("z", "1"),
                  hbulk(fast, "z" + delimiter + "1"),
                  "the record after " + what);
            }
          }
        }
      }
    }
    assertTrue(cutAsBytes > 10_000, cutAsBytes + " records cut as bytes");
  }

  /**
   * Only one-line records without the escape character whose bytes are their text's UTF-8 (ASCII,
   * or well-formed UTF-8 in an untrimmed UTF-8 file) are cut as bytes; the others (and every record
   * in a charset that does not read ASCII as itself) go to the text parser.
   */
  @Test
  void onlyOneLineRecordsWhoseBytesAreTheirUtf8AreCutAsBytes() {
    assertEquals(
        List.of("1", "ann", "a, \"b\"", ""), cutAsBytes(parser, "1,ann,\"a, \"\"b\"\"\","));
    assertEquals(List.of(""), cutAsBytes(parser, ""));
    assertEquals(List.of("2", "zoë", "数据"), cutAsBytes(parser, "2,zoë,\"数据\""));
    assertNull(
        cutAsBytes(new CsvRecordParser(options(null, StandardCharsets.ISO_8859_1)), "2,zoë"),
        "a byte of 0x80 or above in another charset than UTF-8");
    CsvRecordParser trimming =
        new CsvRecordParser(
            new CsvOptions(
                ',',
                '"',
                null,
                false,
                StandardCharsets.UTF_8,
                false,
                CsvOptions.DEFAULT_MAX_RECORD_BYTES,
                true));
    assertNull(cutAsBytes(trimming, "2,\u2003zoë"), "non-ASCII bytes where fields are trimmed");
    assertEquals(List.of("2", "zoe"), cutAsBytes(trimming, "2, zoe "));
    assertNull(cutAsBytes(parser, "3,\"a\nb\""), "a line break");
    assertNull(cutAsBytes(parser, "4,\"open"), "a quote that does not close");
    assertNull(cutAsBytes(parser, "5,\"a\"b"), "more than spaces after a closing quote");
    CsvRecordParser escaping = new CsvRecordParser(options('\\', StandardCharsets.UTF_8));
    assertEquals(List.of("6", "x"), cutAsBytes(escaping, "6,x"));
    assertNull(cutAsBytes(escaping, "7,a\\,b"), "the escape character");
    CsvRecordParser ebcdic = new CsvRecordParser(options(null, Charset.forName("IBM037")));
    assertNull(cutAsBytes(ebcdic, "8,x"), "a charset in which ASCII bytes are other characters");
    // A charset the spec accepts (its line breaks, quotes and delimiters are the ASCII bytes) in
    // which one other ASCII byte, %, is an Arabic percent sign: copied as it is, it would be wrong.
    CsvRecordParser ibm864 = new CsvRecordParser(options(null, Charset.forName("IBM864")));
    assertNull(cutAsBytes(ibm864, "9,50%"), "a charset that reads one ASCII byte as another char");
  }

  /**
   * Random bytes, well-formed UTF-8 or not (overlong forms, surrogates, cut-off sequences, stray
   * continuation bytes): a record the strict decoder rejects is never cut as bytes, and one it
   * reads is cut into the fields the text parser gives, or left to it.
   */
  @Test
  void recordsThatAreNotWellFormedUtf8AreNeverCutAsBytes() {
    byte[] alphabet = {
      'a',
      ',',
      '"',
      ' ',
      (byte) 0xc3,
      (byte) 0xa9,
      (byte) 0xe2,
      (byte) 0x80,
      (byte) 0x83,
      (byte) 0xe6,
      (byte) 0x95,
      (byte) 0xb0,
      (byte) 0xed,
      (byte) 0xa0,
      (byte) 0xf0,
      (byte) 0x90,
      (byte) 0xf4,
      (byte) 0x8f,
      (byte) 0xbf,
      (byte) 0xc0,
      (byte) 0xc2,
      (byte) 0xe0,
      (byte) 0xff,
      (byte) 0xc1,
      (byte) 0xf5,
      (byte) 0xf8
    };
    Random random = new Random(20261127L);
    int cut = 0;
    int malformed = 0;
    for (int t = 0; t < 20_000; t++) {
      byte[] bytes = new byte[random.nextInt(9)];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = alphabet[random.nextInt(alphabet.length)];
      }
      String text;
      try {
        text = parser.decode(bytes, bytes.length);
      } catch (RejectException e) {
        malformed++;
        assertFalse(
            parser.cut(bytes, bytes.length, new FieldBytes()),
            "malformed, yet cut: " + java.util.HexFormat.of().formatHex(bytes));
        continue;
      }
      FieldBytes fields = new FieldBytes();
      if (parser.cut(bytes, bytes.length, fields)) {
        cut++;
        assertEquals(hbulk(parser, text), texts(fields), java.util.HexFormat.of().formatHex(bytes));
      }
    }
    assertTrue(cut > 2_000 && malformed > 2_000, cut + " cut, " + malformed + " malformed");
  }

  private static CsvOptions options(Character escape, Charset charset) {
    return new CsvOptions(
        ',', '"', escape, false, charset, false, CsvOptions.DEFAULT_MAX_RECORD_BYTES, false);
  }

  /**
   * The fields {@link CsvRecordParser#cut(byte[], int, FieldBytes)} cuts from the text's UTF-8
   * bytes (after a record of other fields, whose leftovers must not show), or null where it leaves
   * the record to the text parser.
   */
  private static List<String> cutAsBytes(CsvRecordParser parser, String text) {
    FieldBytes fields = new FieldBytes();
    byte[] before = "left,over,fields,of,another,record".getBytes(StandardCharsets.UTF_8);
    parser.cut(before, before.length, fields);
    byte[] bytes = (text + "tail").getBytes(StandardCharsets.UTF_8);
    if (!parser.cut(bytes, bytes.length - 4, fields)) {
      return null;
    }
    return texts(fields);
  }

  /** The fields' bytes read as UTF-8. */
  private static List<String> texts(FieldBytes fields) {
    List<String> texts = new ArrayList<>();
    for (int f = 0; f < fields.count(); f++) {
      texts.add(
          new String(
              fields.data(),
              fields.start(f),
              fields.end(f) - fields.start(f),
              StandardCharsets.UTF_8));
    }
    return texts;
  }

  private static List<String> hbulk(CsvRecordParser parser, String text) {
    try {
      return List.copyOf(parser.parse(text));
    } catch (RejectException e) {
      return List.of("rejected");
    }
  }

  /**
   * The record's fields as commons-csv reads its line when another line follows, or "rejected"
   * where it cannot, or where it reads on past the line's end (an escaped line break, an open
   * quote).
   */
  private static List<String> commonsCsv(CsvOptions options, String text) {
    try (CSVParser parser = CSVParser.parse(text + "\nz", options.toCsvFormat())) {
      Iterator<CSVRecord> records = parser.iterator();
      List<String> fields = new ArrayList<>();
      records.next().forEach(fields::add);
      boolean alone =
          records.hasNext() && records.next().toList().equals(List.of("z")) && !records.hasNext();
      return alone ? fields : List.of("rejected");
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      return List.of("rejected");
    }
  }
}
