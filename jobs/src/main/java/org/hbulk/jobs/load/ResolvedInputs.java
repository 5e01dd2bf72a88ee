package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/** What a run's inputs matched when it started (files and directories), and their size. */
record ResolvedInputs(List<Path> paths, long bytes) {

  /**
   * Exit 2 for an input that matches nothing, or only directories holding no file the job reads: a
   * load of nothing is a mistake, not an empty load (an empty file is one: 0 records).
   */
  static ResolvedInputs of(Configuration conf, List<String> inputs)
      throws HbulkException, IOException {
    List<Path> resolved = new ArrayList<>();
    long bytes = 0;
    for (String input : inputs) {
      Path p = new Path(input);
      FileSystem fs = p.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(p);
      if (matches == null || matches.length == 0) {
        throw new HbulkException(ExitCode.USAGE, "input " + input + " matches no file");
      }
      if (InputSample.files(conf, List.of(input)).isEmpty()) {
        throw new HbulkException(ExitCode.USAGE, "input " + input + " " + holdsNoFile());
      }
      for (FileStatus m : matches) {
        resolved.add(m.getPath());
        bytes += fs.getContentSummary(m.getPath()).getLength();
      }
    }
    return new ResolvedInputs(resolved, bytes);
  }

  /** Why an input whose directories hold no file the job reads is no input. */
  static String holdsNoFile() {
    return "holds no file: its directories are empty, or hold only files named _* or .*,"
        + " which the job skips (files still being written)";
  }

  /**
   * Exit 2 when the run directory {@code runDir} (qualified) lies inside an input directory where
   * the job reads: it lists its inputs when it starts, and would read the run's own spec, state and
   * later runs' rejects and reports as records.
   */
  void refuseInside(Path runDir) throws HbulkException {
    String run = runDir.toString();
    for (Path input : paths) {
      String in = input.toString();
      if (run.equals(in)
          || run.startsWith(in.endsWith("/") ? in : in + "/") && readBelow(input, runDir)) {
        throw new HbulkException(
            ExitCode.USAGE,
            "the run directory "
                + runDir
                + " is inside the input "
                + input
                + ", whose files the job would read as records (the run's own files among them):"
                + " give --run-dir, or hbulk.work.dir, a place outside the input");
      }
    }
  }

  /**
   * Whether the job would read {@code inside}, below {@code input}: not when a folder on the way
   * (or it) is named _* or .*, which Hadoop's input listing skips.
   */
  private static boolean readBelow(Path input, Path inside) {
    for (Path p = inside; p != null && !p.equals(input); p = p.getParent()) {
      if (!InputSample.visible(p)) {
        return false;
      }
    }
    return true;
  }
}
