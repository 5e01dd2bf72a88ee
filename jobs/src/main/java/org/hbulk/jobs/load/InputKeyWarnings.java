package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * The key design's warnings before a job, with the keys' mean length over the first records of the
 * input.
 */
final class InputKeyWarnings {
  /** Records of the input whose keys the driver checks before the job. */
  private static final int KEY_SAMPLE = 1000;

  private InputKeyWarnings() {}

  static void log(
      Configuration conf,
      LoadSpec spec,
      List<String> inputs,
      Map<String, byte[][]> startKeys,
      PrintStream log)
      throws IOException, InterruptedException {
    List<String> warnings = new ArrayList<>(KeyWarnings.of(spec));
    for (OutputSpec o : spec.outputs()) {
      KeyWarnings.saltRegions(o, startKeys.get(o.table()).length).ifPresent(warnings::add);
    }
    RecordConverter converter = new RecordConverter(spec, 0);
    long[] bytes = new long[spec.outputs().size()];
    long records = 0;
    for (byte[] r : InputSample.firstRecords(conf, spec, inputs.get(0), KEY_SAMPLE)) {
      try {
        converter.read(r, r.length);
      } catch (RejectException e) {
        continue;
      }
      records++;
      for (int i = 0; i < bytes.length; i++) {
        byte[] row = converter.lastRows().get(i);
        bytes[i] += row == null ? 0 : row.length;
      }
    }
    for (int i = 0; records > 0 && i < bytes.length; i++) {
      KeyWarnings.keyLength(spec.outputs().get(i).name(), (double) bytes[i] / records)
          .ifPresent(warnings::add);
    }
    for (String w : warnings) {
      log.println("hbulk: warning: " + w);
    }
  }
}
