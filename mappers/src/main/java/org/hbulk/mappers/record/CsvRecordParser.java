package org.hbulk.mappers.record;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.hbulk.mappers.spec.CsvOptions;

/**
 * Splits one record's bytes (one line, or several when the spec allows line breaks in quotes) into
 * fields with commons-csv. The bytes are decoded strictly: a byte sequence that is not valid in the
 * spec's charset rejects the record instead of turning into replacement characters.
 */
public final class CsvRecordParser {
  private final CSVFormat format;
  private final CharsetDecoder decoder;
  private final List<String> fields = new ArrayList<>();

  public CsvRecordParser(CsvOptions options) {
    this.format = options.toCsvFormat();
    this.decoder = options.charset().newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
  }

  /** Decodes the record's bytes; the text is what the rejects file shows. */
  public String decode(byte[] bytes, int length) throws RejectException {
    try {
      return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new RejectException(RejectReason.BAD_ENCODING,
          "bytes that are not valid " + decoder.charset().name());
    }
  }

  /** The fields of one record's text. The returned list is reused by the next call. */
  public List<String> parse(String text) throws RejectException {
    fields.clear();
    try (CSVParser parser = CSVParser.parse(text, format)) {
      Iterator<CSVRecord> records = parser.iterator();
      if (!records.hasNext()) {
        fields.add("");
        return fields;
      }
      CSVRecord record = records.next();
      if (records.hasNext()) {
        throw new RejectException(RejectReason.MALFORMED_CSV,
            "a line break outside quotes splits this record in two");
      }
      for (String value : record) {
        fields.add(value);
      }
      return fields;
    } catch (IOException | UncheckedIOException | IllegalStateException e) {
      throw new RejectException(RejectReason.MALFORMED_CSV, describe(e));
    }
  }

  private static String describe(Exception e) {
    String m = e.getMessage() == null ? e.toString() : e.getMessage();
    if (m.contains("EOF reached before encapsulated token finished")) {
      return "a quoted field is not closed (unbalanced quote)";
    }
    if (m.contains("invalid char between encapsulated token and delimiter")) {
      return "a character follows a closing quote before the delimiter";
    }
    // commons-csv prefixes messages with its own positions, which count from this record alone.
    return "not valid CSV: " + m;
  }
}
