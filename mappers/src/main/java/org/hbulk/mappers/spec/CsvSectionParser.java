package org.hbulk.mappers.spec;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.schema.MissingFields;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;

/** The {@code [csv]} section: how records are framed and split into fields. */
final class CsvSectionParser {
  private static final List<String> CSV_KEYS =
      List.of(
          "delimiter",
          "quote",
          "escape",
          "header",
          "charset",
          "multiline",
          "max-record-bytes",
          "trim",
          "columns",
          "missing-fields");

  private final SpecValues values;

  CsvSectionParser(SpecValues values) {
    this.values = values;
  }

  CsvOptions csv(Section s) {
    values.checkKeys(s, CSV_KEYS);
    CsvOptions d = CsvOptions.defaults();
    char delimiter = s.entry("delimiter").map(e -> character(e, false)).orElse(d.delimiter());
    // Not Optional.map: 'none' is a null character, which map would turn back into the default.
    Character quote =
        s.entry("quote").isPresent() ? character(s.entry("quote").get(), true) : d.quote();
    Character escape =
        s.entry("escape").isPresent() ? character(s.entry("escape").get(), true) : d.escape();
    boolean header = s.entry("header").map(values::bool).orElse(d.header());
    boolean multiline = s.entry("multiline").map(values::bool).orElse(d.multiline());
    boolean trim = s.entry("trim").map(values::bool).orElse(d.trim());
    int maxBytes =
        s.entry("max-record-bytes")
            .map(e -> (int) values.number(e, 16, Integer.MAX_VALUE - 16))
            .orElse(d.maxRecordBytes());
    Charset charset = s.entry("charset").map(this::charset).orElse(d.charset());
    if (quote != null && quote == delimiter) {
      throw values.at(s.entry("quote").orElseThrow(), "the quote and the delimiter must differ");
    }
    if (escape != null && (escape == delimiter || (quote != null && escape.equals(quote)))) {
      throw values.at(
          s.entry("escape").orElseThrow(),
          "the escape must differ from the delimiter and the quote"
              + " (doubled quotes, \"\", need no escape: leave escape out)");
    }
    if (multiline && quote == null) {
      throw values.at(s.entry("multiline").orElseThrow(), "multiline needs a quote character");
    }
    boolean byName = s.entry("columns").map(e -> columnOrder(e, header)).orElse(false);
    MissingFields missing =
        s.entry("missing-fields").map(this::missingFields).orElse(d.missingFields());
    return new CsvOptions(
        delimiter, quote, escape, header, charset, multiline, maxBytes, trim, byName, missing);
  }

  /** {@code missing-fields = reject | absent}: what a record with fewer fields than columns is. */
  private MissingFields missingFields(Entry e) {
    for (MissingFields m : MissingFields.values()) {
      if (m.word().equals(e.value())) {
        return m;
      }
    }
    throw values.at(
        e,
        "expected "
            + MissingFields.REJECT.word()
            + " or "
            + MissingFields.ABSENT.word()
            + ", found '"
            + e.value()
            + "'");
  }

  /** {@code columns = by-position | by-name}: whether the header line places the columns. */
  private boolean columnOrder(Entry e, boolean header) {
    boolean byName =
        switch (e.value()) {
          case CsvOptions.BY_POSITION -> false;
          case CsvOptions.BY_NAME -> true;
          default ->
              throw values.at(
                  e,
                  "expected "
                      + CsvOptions.BY_POSITION
                      + " or "
                      + CsvOptions.BY_NAME
                      + ", found '"
                      + e.value()
                      + "'");
        };
    if (byName && !header) {
      throw values.at(e, "columns = by-name reads each file's header line: set header = true");
    }
    return byName;
  }

  private Character character(Entry e, boolean noneAllowed) {
    String v = e.value();
    if (noneAllowed && v.equals("none")) {
      return null;
    }
    switch (v) {
      case "tab", "\\t":
        return '\t';
      case "space":
        return ' ';
      default:
        break;
    }
    // A control character (Hive's \x01, say) cannot be written as itself on a spec line.
    if (v.matches("\\\\x[0-7][0-9a-fA-F]")) {
      char c = (char) Integer.parseInt(v.substring(2), 16);
      if (c == '\n' || c == '\r') {
        throw values.at(e, "a line break cannot separate or quote fields");
      }
      return c;
    }
    if (v.length() != 1) {
      throw values.at(
          e,
          "expected one character"
              + (noneAllowed ? ", 'none'" : "")
              + ", 'tab', 'space' or \\xHH (an ASCII code in hex),"
              + " found '"
              + v
              + "'");
    }
    if (v.charAt(0) >= 128) {
      throw values.at(e, "expected an ASCII character, found '" + v + "'");
    }
    return v.charAt(0);
  }

  private Charset charset(Entry e) {
    Charset cs;
    try {
      cs = Charset.forName(e.value());
    } catch (IllegalArgumentException ex) {
      throw values.at(e, "unknown charset '" + e.value() + "'");
    }
    // Records are framed on bytes: line breaks, quotes and delimiters must be the ASCII bytes.
    String probe = "\n\r\",;|\t\\' ";
    if (!cs.canEncode()
        || !Arrays.equals(probe.getBytes(cs), probe.getBytes(StandardCharsets.US_ASCII))) {
      throw values.at(
          e,
          "charset "
              + cs.name()
              + " is not ASCII-compatible (UTF-16 and UTF-32 are not"
              + " supported); convert the files to UTF-8");
    }
    return cs;
  }
}
