package org.hbulk.mappers.record;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.hbulk.mappers.schema.CsvOptions;

/**
 * Splits one record's bytes (one line, or several when the spec allows line breaks in quotes) into
 * the fields commons-csv reads from them. A one-line record without the escape character, whose
 * quotes each enclose a whole field, is cut by hand, which gives the same fields without the
 * lexer's char-by-char work; anything else (line breaks, escapes, a quote that does not close or is
 * followed by more than spaces) goes to commons-csv, which reads or rejects it. The bytes are
 * decoded strictly: a byte sequence that is not valid in the spec's charset rejects the record
 * instead of turning into replacement characters. A one-line record whose bytes are its text's
 * UTF-8 can be cut as bytes instead ({@link #cut(byte[], int, FieldBytes)}), with no String at all.
 */
public final class CsvRecordParser {
  /** Stands for "no such character": no char equals it. */
  private static final int NONE = -1;

  private final CSVFormat format;
  private final char delimiter;
  private final int quote;
  private final int escape;
  private final boolean trim;
  private final CharsetDecoder decoder;

  /**
   * Whether every ASCII byte reads as the same character in the spec's charset (and the delimiter,
   * quote and escape are ASCII): then a record of ASCII bytes is its own text, and so its own
   * UTF-8.
   */
  private final boolean asciiIsText;

  /**
   * Whether records with bytes of 0x80 and above may be cut as bytes too: in UTF-8, whose
   * multi-byte characters hold no ASCII byte, when the record is well-formed (else the decoder
   * rejects it) and the spec does not trim (Unicode spaces around a field would be trimmed by the
   * text path).
   */
  private final boolean utf8IsText;

  /** The quote as the byte cut compares it: a value no byte has when there is no quote. */
  private final int quoteByte;

  private final List<String> fields = new ArrayList<>();
  private final StringBuilder quoted = new StringBuilder();
  private final RecordFeed feed = new RecordFeed();
  private Iterator<CSVRecord> records;

  public CsvRecordParser(CsvOptions options) {
    this.format = options.toCsvFormat();
    this.delimiter = options.delimiter();
    this.quote = options.quote() == null ? NONE : options.quote();
    this.escape = options.escape() == null ? NONE : options.escape();
    this.trim = options.trim();
    this.decoder =
        options
            .charset()
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    this.asciiIsText =
        delimiter < 0x80 && quote < 0x80 && escape < 0x80 && readsAsciiAsItself(options);
    this.quoteByte = quote == NONE ? Integer.MIN_VALUE : quote;
    this.utf8IsText = asciiIsText && !trim && options.charset().equals(StandardCharsets.UTF_8);
  }

  private static boolean readsAsciiAsItself(CsvOptions options) {
    byte[] ascii = new byte[0x80];
    for (int b = 0; b < ascii.length; b++) {
      ascii[b] = (byte) b;
    }
    String text = new String(ascii, options.charset());
    if (text.length() != ascii.length) {
      return false;
    }
    for (int c = 0; c < ascii.length; c++) {
      if (text.charAt(c) != c) {
        return false;
      }
    }
    return true;
  }

  /**
   * Cuts a one-line record without the escape character into {@code fields}, as {@link
   * #parse(String)} cuts its text, and returns true, when its bytes are its text's UTF-8: ASCII
   * bytes, or well-formed UTF-8 in a UTF-8 file that is not trimmed. Returns false, with the fields
   * half filled, for any other record (other bytes of 0x80 or above, a line break, the escape
   * character, a quote that does not close or is followed by more than spaces), which {@link
   * #decode} and {@link #parse(String)} must read instead.
   */
  public boolean cut(byte[] bytes, int length, FieldBytes fields) {
    if (!asciiIsText) {
      return false;
    }
    boolean ascii = true;
    for (int i = 0; i < length; i++) {
      byte b = bytes[i];
      if (b < 0) {
        ascii = false;
      } else if (b == '\n' || b == '\r' || b == escape) {
        return false;
      }
    }
    if (!ascii && !(utf8IsText && Utf8.wellFormed(bytes, length))) {
      return false;
    }
    fields.clear();
    int i = 0;
    while (true) {
      int start = i;
      if (trim) {
        while (i < length && isSpace((char) (bytes[i] & 0xff))) {
          i++;
        }
      }
      if (i < length && bytes[i] == quoteByte) {
        i = closeQuoted(bytes, i + 1, length, fields);
        if (i < 0) {
          return false;
        }
        while (i < length && isSpace((char) (bytes[i] & 0xff))) {
          i++;
        }
        if (i < length && bytes[i] != delimiter) {
          return false;
        }
      } else {
        i = indexOf(bytes, delimiter, start, length);
        int from = start;
        int to = i;
        if (trim) {
          while (from < to && Character.isWhitespace(bytes[from])) {
            from++;
          }
          while (to > from && Character.isWhitespace(bytes[to - 1])) {
            to--;
          }
        }
        fields.add(bytes, from, to);
      }
      if (i >= length) {
        return true;
      }
      i++;
    }
  }

  /**
   * {@link #closeQuoted(String, int)} on bytes: adds the quoted field that starts at {@code from}
   * and returns where its closing quote ends, or -1 when it has none.
   */
  private int closeQuoted(byte[] bytes, int from, int length, FieldBytes fields) {
    fields.startField();
    int close = indexOf(bytes, quoteByte, from, length);
    while (close + 1 < length && bytes[close + 1] == quoteByte) {
      fields.append(bytes, from, close + 1);
      from = close + 2;
      close = indexOf(bytes, quoteByte, from, length);
    }
    if (close >= length) {
      return -1;
    }
    fields.append(bytes, from, close);
    fields.endField();
    return close + 1;
  }

  /** Where {@code c} is first in {@code bytes[from, length)}, or {@code length}. */
  private static int indexOf(byte[] bytes, int c, int from, int length) {
    for (int i = from; i < length; i++) {
      if (bytes[i] == c) {
        return i;
      }
    }
    return length;
  }

  /** Decodes the record's bytes; the text is what the rejects file shows. */
  public String decode(byte[] bytes, int length) throws RejectException {
    try {
      return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (CharacterCodingException e) {
      throw new RejectException(
          RejectReason.BAD_ENCODING, "bytes that are not valid " + decoder.charset().name());
    }
  }

  /** The fields of one record's text. The returned list is reused by the next call. */
  public List<String> parse(String text) throws RejectException {
    fields.clear();
    // A record that ends in the escape character would escape the line break the shared parser
    // is fed after it, and run on into the next record: it gets a parser of its own too.
    if (text.indexOf('\n') >= 0
        || text.indexOf('\r') >= 0
        || (escape != NONE && !text.isEmpty() && text.charAt(text.length() - 1) == escape)) {
      return parseAlone(text);
    }
    if ((escape == NONE || text.indexOf(escape) < 0) && cut(text)) {
      return fields;
    }
    fields.clear();
    try {
      if (records == null) {
        open();
      }
      feed.set(text);
      addAll(records.next());
      return fields;
    } catch (IOException
        | UncheckedIOException
        | IllegalStateException
        | NoSuchElementException e) {
      // The parser ran out of input inside a token: start the next record with a fresh one.
      records = null;
      throw new RejectException(RejectReason.MALFORMED_CSV, describe(e));
    }
  }

  /**
   * Cuts a one-line record without escapes into fields as commons-csv's lexer reads it: a field
   * that starts with the quote (after spaces, when the spec trims) runs to the closing quote, a
   * doubled quote inside standing for one, and only spaces may follow it before the delimiter; any
   * other field is the text up to the next delimiter, quotes included, stripped of surrounding
   * spaces when the spec trims. Returns false, with the fields half filled, when a quote does not
   * close or something other than spaces follows it: commons-csv decides what such a record is.
   */
  private boolean cut(String text) {
    int n = text.length();
    int i = 0;
    while (true) {
      int start = i;
      if (trim) {
        while (i < n && isSpace(text.charAt(i))) {
          i++;
        }
      }
      if (i < n && text.charAt(i) == quote) {
        i = closeQuoted(text, i + 1);
        if (i < 0) {
          return false;
        }
        while (i < n && isSpace(text.charAt(i))) {
          i++;
        }
        if (i < n && text.charAt(i) != delimiter) {
          return false;
        }
      } else {
        int at = text.indexOf(delimiter, start);
        i = at < 0 ? n : at;
        String field = text.substring(start, i);
        fields.add(trim ? field.strip() : field);
      }
      if (i >= n) {
        return true;
      }
      i++;
    }
  }

  /**
   * Adds the quoted field that starts at {@code from} (just after its opening quote) and returns
   * where its closing quote ends, or -1 when it has none. A field without doubled quotes is one
   * substring; {@link #quoted} collects the pieces only when there are.
   */
  private int closeQuoted(String text, int from) {
    quoted.setLength(0);
    int close = text.indexOf(quote, from);
    while (close >= 0 && close + 1 < text.length() && text.charAt(close + 1) == quote) {
      quoted.append(text, from, close + 1);
      from = close + 2;
      close = text.indexOf(quote, from);
    }
    if (close < 0) {
      return -1;
    }
    fields.add(
        quoted.isEmpty()
            ? text.substring(from, close)
            : quoted.append(text, from, close).toString());
    return close + 1;
  }

  /** What commons-csv skips around fields when trimming, and after a closing quote always. */
  private boolean isSpace(char c) {
    return c != delimiter && Character.isWhitespace(c);
  }

  /**
   * A record with line breaks (multiline CSV, rare) gets a parser of its own, which can tell a
   * break inside quotes from one that splits the record in two.
   */
  private List<String> parseAlone(String text) throws RejectException {
    try (CSVParser alone = CSVParser.parse(text, format)) {
      Iterator<CSVRecord> all = alone.iterator();
      CSVRecord record = all.next();
      if (all.hasNext()) {
        throw new RejectException(
            RejectReason.MALFORMED_CSV, "a line break outside quotes splits this record in two");
      }
      addAll(record);
      return fields;
    } catch (IOException
        | UncheckedIOException
        | IllegalStateException
        | NoSuchElementException e) {
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
   * One commons-csv parser for the whole task, reading the records one after another from the feed,
   * instead of a parser (and its 8 KB buffer) per record.
   */
  private void open() throws IOException {
    records = CSVParser.builder().setFormat(format).setReader(feed).get().iterator();
  }

  /**
   * Hands the parser one single-line record at a time: its text, then a line break, where the
   * parser stops until it is asked for the next record. Only a record whose quote is never closed
   * reads past the break, to an end of input that makes it malformed.
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
