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
   * Exit 2 for an input that matches nothing: a load of nothing is a mistake, not an empty load.
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
      for (FileStatus m : matches) {
        resolved.add(m.getPath());
        bytes += fs.getContentSummary(m.getPath()).getLength();
      }
    }
    return new ResolvedInputs(resolved, bytes);
  }
}
