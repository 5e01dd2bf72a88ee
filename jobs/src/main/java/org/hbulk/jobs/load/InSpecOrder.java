package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hbulk.mappers.input.FileHeader;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Rewrites the sampled records of a {@code columns = by-name} file with their fields in the spec's
 * order, for the driver's converters, which read fields by position (the job's tasks place them by
 * the file's header instead). A record that cannot be parsed, or has not as many fields as its
 * header, is kept as it is: the converter rejects it as the task would.
 */
final class InSpecOrder {
  private static final InSpecOrder AS_IS = new InSpecOrder(null, null, null, null);

  private final LoadSpec spec;
  private final ColumnLayout layout;
  private final CsvRecordParser parser;
  private final CSVFormat format;

  private InSpecOrder(
      LoadSpec spec, ColumnLayout layout, CsvRecordParser parser, CSVFormat format) {
    this.spec = spec;
    this.layout = layout;
    this.parser = parser;
    this.format = format;
  }

  /** The rewriting a file's records need: none unless the spec places columns by name. */
  static InSpecOrder of(Configuration conf, LoadSpec spec, Path file) throws IOException {
    if (!spec.csv().byName()) {
      return AS_IS;
    }
    try {
      ColumnLayout layout = FileHeader.layout(conf, spec, file);
      return layout == null
          ? AS_IS
          : new InSpecOrder(
              spec, layout, new CsvRecordParser(spec.csv()), spec.csv().toCsvFormat());
    } catch (ColumnLayout.MismatchException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
    }
  }

  byte[] apply(byte[] raw) {
    if (layout == null) {
      return raw;
    }
    List<String> fields;
    try {
      fields = parser.parse(parser.decode(raw, raw.length));
    } catch (RejectException e) {
      return raw;
    }
    if (fields.size() != layout.fields()) {
      return raw;
    }
    Object[] ordered = new Object[spec.columns().size()];
    for (int i = 0; i < ordered.length; i++) {
      int f = layout.fieldOf(i);
      ordered[i] = f < 0 ? "" : fields.get(f);
    }
    try {
      return format.format(ordered).getBytes(spec.csv().charset());
    } catch (IllegalStateException | UncheckedIOException e) {
      return raw;
    }
  }
}
