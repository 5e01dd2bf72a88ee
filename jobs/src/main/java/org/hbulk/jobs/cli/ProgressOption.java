package org.hbulk.jobs.cli;

import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.JobProgress;
import org.hbulk.mappers.HbulkConf;
import picocli.CommandLine.Option;

/** {@code --quiet}, for the commands that run a job: {@link HbulkConf#PROGRESS}. */
final class ProgressOption {
  @Option(
      names = {"-q", "--quiet"},
      description =
          "No progress while the job runs (-D hbulk.progress=none). Default: one line rewritten in"
              + " place on a terminal, a line every 5 s otherwise (hbulk.progress=auto).")
  boolean quiet;

  /** The configuration with --quiet applied and hbulk.progress checked, before any job. */
  Configuration apply(Configuration conf) throws HbulkException {
    if (quiet) {
      conf.set(HbulkConf.PROGRESS, "none");
    }
    JobProgress.style(conf);
    return conf;
  }
}
