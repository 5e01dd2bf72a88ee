package org.hbulk.jobs.load;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.mapreduce.RejectWriter;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * What the inspection of a finished job decides: whether the rejects are within the budget and no
 * cell collided under {@code collisions = fail}; each field is null when its check passed.
 */
record PrepareVerdict(String overBudget, String collisions) {

  /**
   * Checks the job's counts add up, moves its rejects into the run's {@code rejects/}, drops its
   * scratch space, and judges the counts; the state records the stage and the verdict.
   */
  static PrepareVerdict inspect(
      LoadSpec spec, PrepareCounts counts, RunDirectory run, RunState state)
      throws HbulkException, IOException {
    if (!counts.balanced()) {
      throw new HbulkException(
          ExitCode.INTERNAL,
          "counts do not add up: read "
              + counts.read()
              + ", loaded "
              + counts.loaded()
              + ", rejected "
              + counts.rejected()
              + " by reason "
              + counts.rejectsByReason());
    }
    state.counts(counts);
    moveRejects(run);
    run.fs().delete(run.scratch(), true);
    String violation = spec.rejectBudget().violation(counts.rejected(), counts.read());
    String collisions =
        spec.collisions() == CollisionPolicy.FAIL && counts.collisions().cells() > 0
            ? counts.collisions().cells()
                + " cell(s) in "
                + counts.collisions().rows()
                + " row(s) collided:"
                + " records gave the same row, column and timestamp different values, and the spec's [load]"
                + " collisions = fail"
            : null;
    state.stage(
        violation != null
            ? RunState.Stage.OVER_BUDGET
            : collisions != null ? RunState.Stage.COLLISIONS : RunState.Stage.PREPARED);
    if (violation != null) {
      state.budgetViolation(violation);
    }
    if (collisions != null) {
      state.collisionViolation(collisions);
    }
    return new PrepareVerdict(violation, collisions);
  }

  /** Throws when the run may not be loaded as it is (over the reject budget, or cells collided). */
  void enforce(RunDirectory run) throws HbulkException {
    if (overBudget != null) {
      throw new HbulkException(
          ExitCode.REJECTS_OVER_BUDGET,
          overBudget
              + "; nothing was loaded."
              + " The rejects are in "
              + run.rejects()
              + ". To load the good records anyway: hbulk"
              + " complete --run-dir "
              + run.root()
              + " --accept-rejects");
    }
    if (collisions != null) {
      throw new HbulkException(
          ExitCode.COLLISIONS,
          collisions
              + "; nothing was loaded. Make the key"
              + " unique, or choose collisions = keep-last-record (or keep-first-record, keep-max-value,"
              + " keep-min-value)");
    }
  }

  boolean passed() {
    return overBudget == null && collisions == null;
  }

  /** Moves the rejects files the tasks committed beside the HFiles into the run's rejects/. */
  private static void moveRejects(RunDirectory run) throws IOException {
    FileSystem fs = run.fs();
    fs.mkdirs(run.rejects());
    FileStatus[] files = fs.globStatus(new Path(run.hfiles(), RejectWriter.NAMED_OUTPUT + "-*"));
    if (files == null) {
      return;
    }
    for (FileStatus f : files) {
      FileMoves.rename(fs, f.getPath(), new Path(run.rejects(), f.getPath().getName() + ".jsonl"));
    }
  }
}
