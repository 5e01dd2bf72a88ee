package org.hbulk.jobs.read;

import java.io.PrintStream;

/** What a command that reports on one table prints: text for people or JSON for machines. */
public interface TableReport {
  void printText(PrintStream out);

  String toJson();
}
