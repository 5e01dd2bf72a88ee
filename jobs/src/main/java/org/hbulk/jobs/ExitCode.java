package org.hbulk.jobs;

/** The process exit codes, documented in the README and in every command's help. */
public enum ExitCode {
  /** Done. */
  OK(0, "done"),
  /** A bug or an unexpected failure; run with --verbose for the stack trace. */
  INTERNAL(1, "unexpected error"),
  /** The command line is wrong: unknown option, missing argument, input that matches no file. */
  USAGE(2, "bad command line"),
  /** The load spec is invalid, or does not fit the table (unknown family). */
  BAD_SPEC(3, "bad load spec"),
  /** HBase cannot be reached, or the table is missing or already exists. */
  HBASE(4, "HBase or table problem"),
  /** More rejected records than the spec's budget allows: nothing was loaded. */
  REJECTS_OVER_BUDGET(5, "rejects over budget"),
  /** The MapReduce job failed: nothing was loaded. */
  JOB_FAILED(6, "job failed"),
  /** Handing the HFiles to HBase failed; the prepared run can be completed again. */
  LOAD_FAILED(7, "bulk load failed"),
  /** Two records gave a cell the same coordinates and the spec's collision policy is fail. */
  COLLISIONS(8, "cell collisions, nothing loaded"),
  /** verify found rows or cells that differ from the input. */
  VERIFY_FAILED(9, "verify found differences"),
  /** nightly: the date is already loaded, or it has no input. */
  NOTHING_TO_DO(10, "nothing to do"),
  /** nightly-load.sh: another run of the same spec holds the lock. */
  LOCK_HELD(11, "another run holds the lock"),
  /** An input file's header line does not match the spec's [columns]: nothing was read. */
  HEADER_MISMATCH(14, "input header does not match [columns]"),
  /** analyze: every sampled record would be rejected. */
  ALL_REJECTED(15, "analyze: every sampled record would be rejected");

  private final int code;
  private final String meaning;

  ExitCode(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  public int code() {
    return code;
  }

  public String meaning() {
    return meaning;
  }
}
