package org.hbulk.mappers.spec;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.commons.csv.CSVFormat;

/**
 * How the CSV is written: the {@code [csv]} section.
 *
 * @param delimiter field separator
 * @param quote quote character, or null when fields are never quoted
 * @param escape escape character inside quotes, or null for RFC 4180 doubled quotes
 * @param header whether each file's first record is a header to skip
 * @param charset the files' encoding; must be ASCII-compatible so line breaks and quotes are single bytes
 * @param multiline whether a quoted field may contain line breaks (files are then read whole, unsplit)
 * @param maxRecordBytes a record longer than this is rejected; with multiline, an unclosed quote
 *     stops looking for its end after this many bytes and only its first line is rejected
 * @param trim whether spaces around fields are dropped
 */
public record CsvOptions(char delimiter, Character quote, Character escape, boolean header,
    Charset charset, boolean multiline, int maxRecordBytes, boolean trim) {

  public static final int DEFAULT_MAX_RECORD_BYTES = 1 << 20;

  public static CsvOptions defaults() {
    return new CsvOptions(',', '"', null, false, StandardCharsets.UTF_8, false,
        DEFAULT_MAX_RECORD_BYTES, false);
  }

  /** The commons-csv format for one record's text. */
  public CSVFormat toCsvFormat() {
    return CSVFormat.Builder.create()
        .setDelimiter(delimiter)
        .setQuote(quote)
        .setEscape(escape)
        .setIgnoreSurroundingSpaces(trim)
        .setIgnoreEmptyLines(false)
        .setRecordSeparator("\n")
        .get();
  }
}
