package org.hbulk.jobs;

/** A failure the user can act on: its message is shown as one line, its code is the exit code. */
public class HbulkException extends Exception {
  private static final long serialVersionUID = 1L;
  private final ExitCode exitCode;

  public HbulkException(ExitCode exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  public HbulkException(ExitCode exitCode, String message, Throwable cause) {
    super(message, cause);
    this.exitCode = exitCode;
  }

  public ExitCode exitCode() {
    return exitCode;
  }
}
