package org.hbulk.jobs;

/**
 * The process exit codes, listed in every command's help. The README's table and the scripts'
 * headers open each code's text with its {@link #meaning()}; ExitCodeDocsTest holds them to it.
 */
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
  /** nightly: the date is already loaded, from the same spec and tables. */
  NOTHING_TO_DO(10, "nightly: nothing to do, already loaded"),
  /** nightly: another run of the same nightly identity holds its lock. */
  LOCK_HELD(11, "nightly: another run holds the lock"),
  /**
   * nightly: no input file for the date; the upstream dump is missing, which an operator must hear
   * of.
   */
  NO_INPUT(12, "nightly: no input for the date"),
  /**
   * nightly: the date was loaded (or prepared) from another spec text or other tables; --force
   * replaces it.
   */
  RUN_CHANGED(13, "nightly: date loaded from another spec"),
  /** An input file's header line does not match the spec's [columns]: nothing was read. */
  HEADER_MISMATCH(14, "input header does not match [columns]"),
  /** analyze: every sampled record would be rejected. */
  ALL_REJECTED(15, "analyze: every sampled record would be rejected"),
  /** The run stopped before it ended (its job never finished): {@code resume} finishes it. */
  INTERRUPTED(16, "run interrupted: resume it"),
  /** Another live process is working on the run. */
  RUN_BUSY(17, "run in use by another process"),
  /**
   * --strict: a warning stopped the run before it wrote anything (a replicated family the region
   * servers would not replicate the bulk load of).
   */
  STRICT(18, "--strict: a warning stopped the run");

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
