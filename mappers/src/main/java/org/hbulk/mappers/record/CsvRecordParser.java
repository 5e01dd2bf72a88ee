package org.hbulk.mappers.record;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.hbulk.mappers.spec.CsvOptions;

/**
 * Splits one record's bytes (one line, or several when the spec allows line breaks in quotes) into
 * fields with commons-csv; a record with no quote or escape character in it is cut at the delimiters
 * directly, which gives the same fields. The bytes are decoded strictly: a byte sequence that is not
 * valid in the spec's charset rejects the record instead of turning into replacement characters.
 */
public final class CsvRecordParser {
  private final CSVFormat format;
  private final char delimiter;
  /** The quote and escape characters, the ones that make commons-csv do more than split. */
  private final char[] special;
  private final boolean trim;
  private final CharsetDecoder decoder;
  private final List<String> fields = new ArrayList<>();
  private final RecordFeed feed = new RecordFeed();
  private Iterator<CSVRecord> records;

  public CsvRecordParser(CsvOptions options) {
    this.format = options.toCsvFormat();
    this.delimiter = options.delimiter();
    StringBuilder chars = new StringBuilder();
    if (options.quote() != null) {
      chars.append(options.quote().charValue());
    }
    if (options.escape() != null) {
      chars.append(options.escape().charValue());
    }
    this.special = chars.toString().toCharArray();
    this.trim = options.trim();
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
    if (text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
      return parseAlone(text);
    }
    if (isPlain(text)) {
      return split(text);
    }
    try {
      if (records == null) {
        open();
      }
      feed.set(text);
      addAll(records.next());
      return fields;
    } catch (IOException | UncheckedIOException | IllegalStateException | NoSuchElementException e) {
      // The parser ran out of input inside a token: start the next record with a fresh one.
      records = null;
      throw new RejectException(RejectReason.MALFORMED_CSV, describe(e));
    }
  }

  /** Whether the text has no quote or escape character, so its fields are what lies between delimiters. */
  private boolean isPlain(String text) {
    for (char c : special) {
      if (text.indexOf(c) >= 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The fields of a record with nothing quoted or escaped, as commons-csv would read them (spaces
   * around them stripped when the spec trims): the common case, without its char-by-char lexer.
   */
  private List<String> split(String text) {
    int from = 0;
    for (int at = text.indexOf(delimiter); at >= 0; at = text.indexOf(delimiter, from)) {
      addField(text.substring(from, at));
      from = at + 1;
    }
    addField(text.substring(from));
    return fields;
  }

  private void addField(String field) {
    fields.add(trim ? field.strip() : field);
  }

  /**
   * A record with line breaks (multiline CSV, rare) gets a parser of its own, which can tell a break
   * inside quotes from one that splits the record in two.
   */
  private List<String> parseAlone(String text) throws RejectException {
    try (CSVParser alone = CSVParser.parse(text, format)) {
      Iterator<CSVRecord> all = alone.iterator();
      CSVRecord record = all.next();
      if (all.hasNext()) {
        throw new RejectException(RejectReason.MALFORMED_CSV,
            "a line break outside quotes splits this record in two");
      }
      addAll(record);
      return fields;
    } catch (IOException | UncheckedIOException | IllegalStateException | NoSuchElementException e) {
      throw new RejectException(RejectReason.MALFORMED_CSV, describe(e));
    }
  }

  /** By index: a record's iterator builds a list of its values through a stream first. */
  private void addAll(CSVRecord record) {
    for (int i = 0, n = record.size(); i < n; i++) {
      fields.add(record.get(i));
    }
  }

  /**
   * One commons-csv parser for the whole task, reading the records one after another from the
   * feed, instead of a parser (and its 8 KB buffer) per record.
   */
  private void open() throws IOException {
    records = CSVParser.builder().setFormat(format).setReader(feed).get().iterator();
  }

  /**
   * Hands the parser one single-line record at a time: its text, then a line break, where the parser
   * stops until it is asked for the next record. Only a record whose quote is never closed reads
   * past the break, to an end of input that makes it malformed.
   */
  private static final class RecordFeed extends Reader {
    private String text = "";
    private int position;
    private boolean lineBreakSent = true;

    void set(String record) {
      text = record;
      position = 0;
      lineBreakSent = false;
    }

    @Override
    public int read(char[] buffer, int offset, int length) {
      if (length == 0) {
        return 0;
      }
      if (position < text.length()) {
        int n = Math.min(length, text.length() - position);
        text.getChars(position, position + n, buffer, offset);
        position += n;
        return n;
      }
      if (!lineBreakSent) {
        lineBreakSent = true;
        buffer[offset] = '\n';
        return 1;
      }
      return -1;
    }

    @Override
    public void close() {
      // Nothing to release; the parser is dropped instead.
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
