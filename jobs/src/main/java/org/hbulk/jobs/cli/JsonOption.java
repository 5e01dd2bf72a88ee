package org.hbulk.jobs.cli;

import org.hbulk.jobs.load.ReportFormat;
import picocli.CommandLine.Option;

/**
 * {@code --json}: stdout holds exactly one JSON document, the one the command's schema under {@code
 * org/hbulk/jobs/schemas/} describes; log, phase and progress lines stay on stderr.
 */
final class JsonOption {
  @Option(
      names = "--json",
      description =
          "Print one JSON document on stdout instead of text (schema: the README's 'JSON output').")
  boolean json;

  /** How a run's report is printed. */
  ReportFormat format() {
    return json ? ReportFormat.JSON : ReportFormat.TEXT;
  }
}
