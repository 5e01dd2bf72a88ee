package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.input.FileHeader;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * With {@code header = true}, every input file's header line checked against the spec's {@code
 * [columns]} before anything reads a record: a file exported with its columns in another order
 * would otherwise load its values into the wrong columns, or be rejected whole.
 */
public final class HeaderCheck {
  private HeaderCheck() {}

  /**
   * {@link #check}, saying on {@code log} which columns of a file no column of the spec reads
   * ({@code columns = by-name} leaves them unread).
   */
  public static void check(Configuration conf, LoadSpec spec, List<String> inputs, PrintStream log)
      throws HbulkException, IOException {
    for (Map.Entry<Path, ColumnLayout> e : check(conf, spec, inputs).entrySet()) {
      List<String> unread = e.getValue().unread();
      if (!unread.isEmpty()) {
        log.println(
            "hbulk: "
                + e.getKey()
                + ": column(s) "
                + String.join(",", unread)
                + " of the header are not in [columns] and are not read");
      }
    }
  }

  /**
   * @param inputs files, directories (their files, as the job reads them) or globs
   * @return each file's layout of the columns (empty when the spec has no header)
   * @throws HbulkException exit 14 naming the first file whose header does not fit
   */
  public static Map<Path, ColumnLayout> check(
      Configuration conf, LoadSpec spec, List<String> inputs) throws HbulkException, IOException {
    Map<Path, ColumnLayout> layouts = new LinkedHashMap<>();
    if (!spec.csv().header()) {
      return layouts;
    }
    for (FileStatus status : InputSample.files(conf, inputs)) {
      Path file = status.getPath();
      try {
        ColumnLayout layout = FileHeader.layout(conf, spec, file);
        if (layout != null) {
          layouts.put(file, layout);
        }
      } catch (ColumnLayout.MismatchException e) {
        throw new HbulkException(ExitCode.HEADER_MISMATCH, file + ": " + e.getMessage());
      }
    }
    return layouts;
  }
}
