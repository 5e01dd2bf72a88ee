package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Refuses to start a run in the default place while an earlier run of the same spec text and tables
 * there stopped before it ended and its process is gone: a new run beside a half-loaded one would
 * load its cells a second time (with {@code run-start}, as second versions), and leave the old
 * run's HFiles behind. A run that may still be going is only warned about.
 */
final class UnfinishedRuns {
  private UnfinishedRuns() {}

  static void refuse(Configuration conf, LoadSpec spec, Path newRunDir, PrintStream log)
      throws HbulkException, IOException {
    Path parent = newRunDir.getParent();
    FileSystem fs = parent.getFileSystem(conf);
    if (!fs.isDirectory(parent)) {
      return;
    }
    for (FileStatus f : fs.listStatus(parent)) {
      if (!f.isDirectory()) {
        continue;
      }
      RunDirectory earlier = RunDirectory.at(conf, f.getPath());
      if (!earlier.hasState()) {
        continue;
      }
      RunState state = earlier.readState();
      if (!state.unfinished()
          || !state.tables().equals(new ArrayList<>(spec.tables()))
          || !fs.exists(earlier.spec())
          || !earlier.readText(earlier.spec()).equals(spec.text())) {
        continue;
      }
      RunOwner owner = state.owner();
      if (owner != null && owner.liveness() != RunOwner.Liveness.GONE) {
        log.println(
            "hbulk: warning: an earlier run of this spec, "
                + earlier.root()
                + ", is "
                + state.stage()
                + (owner.liveness() == RunOwner.Liveness.ALIVE
                    ? " in " + owner + ", still running"
                    : " and was last worked on by "
                        + owner
                        + ", which cannot be checked from here"));
        continue;
      }
      throw new HbulkException(
          ExitCode.INTERRUPTED,
          "an earlier run of this spec into "
              + String.join(", ", state.tables())
              + " stopped before it ended: "
              + earlier.root()
              + " is "
              + state.stage()
              + (state.stage() == RunState.Stage.LOADING ? " (part of it may be in the table)" : "")
              + ". Finish it: hbulk resume --run-dir "
              + earlier.root()
              + " (or delete that directory to drop it,"
              + " then load again)");
    }
  }
}
