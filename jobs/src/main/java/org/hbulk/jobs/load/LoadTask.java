package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The work of {@code load} and {@code prepare}: a new run of a spec over its inputs, prepared and,
 * for a load, completed. The commands parse, call {@link #run} and print its report.
 */
public final class LoadTask {
  private final Configuration conf;
  private final BulkLoad bulkLoad;

  /**
   * @param out where a report goes that stops the run (over the reject budget, collisions)
   * @param log where phases and progress go
   * @param format how a report that stops the run is printed on {@code out}
   */
  public LoadTask(
      Configuration conf,
      Connection connection,
      PrintStream out,
      PrintStream log,
      ReportFormat format) {
    this.conf = conf;
    this.bulkLoad = new BulkLoad(conf, connection, out, log, format);
  }

  /**
   * Prepares a new run and, in {@link RunState.Mode#LOAD}, completes it; returns the last report.
   *
   * @param runDir the run directory asked for, or null for the default one, where an unfinished
   *     earlier run of the same spec is refused first (see {@link BulkLoad#refuseUnfinished})
   */
  public LoadReport run(LoadSpec spec, List<String> inputs, Path runDir, RunState.Mode mode)
      throws HbulkException, IOException, InterruptedException {
    long runStart = System.currentTimeMillis();
    Path dir = runDir != null ? runDir : BulkLoad.defaultRunDir(conf, spec, runStart);
    if (runDir == null) {
      bulkLoad.refuseUnfinished(spec, dir);
    }
    LoadReport prepared = bulkLoad.prepare(spec, inputs, dir, runStart, mode);
    return mode == RunState.Mode.LOAD ? bulkLoad.complete(dir, false) : prepared;
  }

  /** See {@link BulkLoad#release}. */
  public LoadReport release(Path runDir, Path target) throws HbulkException, IOException {
    return bulkLoad.release(runDir, target);
  }
}
