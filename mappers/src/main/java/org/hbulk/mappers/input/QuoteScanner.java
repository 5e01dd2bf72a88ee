package org.hbulk.mappers.input;

import org.hbulk.mappers.schema.CsvOptions;

/**
 * Tells whether a record is still inside a quoted field at the end of a line, the way commons-csv
 * reads quotes: a quote opens a field only at the field's start (after a delimiter or at the start
 * of the record), so the inch mark in {@code 24" screen} does not open anything; an escape, inside
 * quotes or out, skips the next byte, and inside quotes a doubled quote stands for one quote.
 */
final class QuoteScanner {
  /** Stands for "no escape": outside 0..255, so no byte read as {@code b & 0xff} equals it. */
  private static final int NONE = -1;

  private final byte quote;
  private final byte delimiter;

  /** The escape as an unsigned byte value, or {@link #NONE}, which no byte equals. */
  private final int escape;

  private final boolean trim;
  private boolean inQuote;
  private boolean atFieldStart;

  QuoteScanner(CsvOptions options) {
    this.quote = (byte) options.quote().charValue();
    this.delimiter = (byte) options.delimiter();
    this.escape = options.escape() == null ? NONE : options.escape();
    this.trim = options.trim();
  }

  /** Starts a new record. */
  void reset() {
    inQuote = false;
    atFieldStart = true;
  }

  /**
   * Scans one physical line of the record; returns whether a quoted field is still open after it.
   */
  boolean scan(byte[] bytes, int offset, int length) {
    int end = offset + length;
    for (int i = offset; i < end; i++) {
      byte b = bytes[i];
      if (inQuote) {
        // Unsigned: a signed byte 0xFF (ÿ in ISO-8859-1) would equal NONE and skip the close.
        if ((b & 0xff) == escape) {
          i++;
        } else if (b == quote) {
          if (i + 1 < end && bytes[i + 1] == quote) {
            i++; // a doubled quote stands for one quote character
          } else {
            inQuote = false;
          }
        }
      } else if ((b & 0xff) == escape) {
        // commons-csv escapes outside quotes too: an escaped delimiter starts no field, an
        // escaped quote opens nothing. An escape ending the line ends the record (rejected).
        i++;
        atFieldStart = false;
      } else if (b == quote && atFieldStart) {
        inQuote = true;
        atFieldStart = false;
      } else if (b == delimiter) {
        atFieldStart = true;
      } else if (!(trim && atFieldStart && isSpace(b))) {
        atFieldStart = false;
      }
    }
    return inQuote;
  }

  /**
   * What commons-csv's ignoreSurroundingSpaces skips before a field: any whitespace character that
   * is not the delimiter (a tab, a form feed...), not only the space.
   */
  private boolean isSpace(byte b) {
    return b >= 0 && b != delimiter && Character.isWhitespace((char) b);
  }
}
