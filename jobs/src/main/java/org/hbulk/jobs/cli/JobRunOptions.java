package org.hbulk.jobs.cli;

import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.ReportFormat;
import picocli.CommandLine.Mixin;

/**
 * The options every command that runs a load job shares: the common ones (-D, --conf, --verbose),
 * --strict, --json and --quiet, applied to the configuration in one place.
 */
final class JobRunOptions {
  @Mixin CommonOptions common;

  @Mixin StrictOption strict;

  @Mixin JsonOption json;

  @Mixin ProgressOption progress;

  /** The command's configuration: the parent's, with every option applied and checked. */
  Configuration conf(HbulkCommand parent) throws HbulkException {
    return progress.apply(strict.apply(common.apply(parent.conf())));
  }

  ReportFormat format() {
    return json.format();
  }

  boolean json() {
    return json.json;
  }
}
