package org.hbulk.jobs.load;

import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;

/**
 * A warning that the load would not reach everything it should, found before anything is written or
 * loaded: printed, or under {@link HbulkConf#STRICT} the end of the run (exit 18).
 */
final class StrictWarning {
  private StrictWarning() {}

  static void raise(Configuration conf, PrintStream log, String message) throws HbulkException {
    if (conf.getBoolean(HbulkConf.STRICT, false)) {
      throw new HbulkException(
          ExitCode.STRICT, message + " Stopped before writing or loading anything (--strict).");
    }
    log.println("hbulk: WARNING: " + message + " (--strict stops here instead)");
  }
}
