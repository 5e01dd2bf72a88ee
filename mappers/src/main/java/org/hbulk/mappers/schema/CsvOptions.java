package org.hbulk.mappers.schema;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.commons.csv.CSVFormat;

/**
 * How the CSV is written: the {@code [csv]} section.
 *
 * @param delimiter field separator
 * @param quote quote character, or null when fields are never quoted
 * @param escape escape character (inside quotes or out), or null for RFC 4180 doubled quotes
 * @param header whether each file's first record is a header to skip
 * @param charset the files' encoding; must be ASCII-compatible so line breaks and quotes are single
 *     bytes
 * @param multiline whether a quoted field may contain line breaks (files are then read whole,
 *     unsplit)
 * @param maxRecordBytes a record longer than this is rejected; with multiline, an unclosed quote
 *     stops looking for its end after this many bytes and only its first line is rejected
 * @param trim whether spaces around fields are dropped
 * @param byName whether each file's header line says where each column is ({@code columns =
 *     by-name}) instead of the order of {@code [columns]}; needs {@code header}
 * @param missingFields what a record with fewer fields than the columns is ({@code missing-fields})
 */
public record CsvOptions(
    char delimiter,
    Character quote,
    Character escape,
    boolean header,
    Charset charset,
    boolean multiline,
    int maxRecordBytes,
    boolean trim,
    boolean byName,
    MissingFields missingFields) {

  /** The values of {@code [csv] columns}. */
  public static final String BY_POSITION = "by-position";

  public static final String BY_NAME = "by-name";

  /** Options whose columns come in the spec's order. */
  public CsvOptions(
      char delimiter,
      Character quote,
      Character escape,
      boolean header,
      Charset charset,
      boolean multiline,
      int maxRecordBytes,
      boolean trim) {
    this(
        delimiter,
        quote,
        escape,
        header,
        charset,
        multiline,
        maxRecordBytes,
        trim,
        false,
        MissingFields.REJECT);
  }

  public static final int DEFAULT_MAX_RECORD_BYTES = 1 << 20;

  public static CsvOptions defaults() {
    return new CsvOptions(
        ',', '"', null, false, StandardCharsets.UTF_8, false, DEFAULT_MAX_RECORD_BYTES, false);
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
