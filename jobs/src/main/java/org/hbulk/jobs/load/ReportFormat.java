package org.hbulk.jobs.load;

/**
 * How a run's report is printed: as text for a person, or as its JSON ({@code --json}), which is
 * the same document as the run's {@code report.json}.
 */
public enum ReportFormat {
  TEXT,
  JSON;

  /** The report of a run that stops (over the reject budget, collisions), as printed. */
  String stopped(LoadReport report) {
    return this == JSON ? report.toJson() : report.toText();
  }

  /** Prints the report a finished command ends with. */
  public void print(LoadReport report, java.io.PrintStream out) {
    if (this == JSON) {
      out.print(report.toJson());
      out.flush();
    } else {
      report.printTo(out);
    }
  }
}
