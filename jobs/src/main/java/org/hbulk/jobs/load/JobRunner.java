package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.JobStatus;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.mapreduce.HbulkCounter;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The prepare job, CSV to HFiles partitioned by region: submitted, watched with progress lines, and
 * stopped when a run that died left it running on a cluster.
 */
final class JobRunner {
  /**
   * What the finished job leaves the driver: its reducers, what its tasks counted, which shortcuts
   * ran.
   */
  record JobOutcome(int reducers, PrepareCounts counts, JobShortcuts shortcuts) {}

  /** How often the job's status is read: under the local job runner, and on a cluster. */
  private static final long LOCAL_POLL_MS = 20;

  private static final long CLUSTER_POLL_MS = 200;

  private final Configuration conf;
  private final PrintStream log;

  JobRunner(Configuration conf, PrintStream log) {
    this.conf = conf;
    this.log = log;
  }

  /** Sets the job up, runs it to its end and returns its outcome; a failed job is exit 8. */
  JobOutcome run(
      LoadSpec spec,
      ResolvedInputs inputs,
      CheckedTables tables,
      Map<String, byte[][]> startKeys,
      RunDirectory run,
      RunState state)
      throws HbulkException, IOException, InterruptedException {
    Job job =
        JobSetup.create(
            conf,
            spec,
            inputs.paths(),
            inputs.bytes(),
            run,
            state.runId(),
            state.runStartMillis(),
            new ArrayList<>(tables.descriptors().values()),
            tables.labels(),
            startKeys);
    // Closing the job closes its client of the cluster (an RM connection on YARN).
    try (job) {
      LocalJobDirs localDirs =
          JobSetup.isLocal(job.getConfiguration())
              ? LocalJobDirs.assign(job.getConfiguration(), state.runId(), log)
              : null;
      try {
        watch(job, run, state);
      } finally {
        if (localDirs != null) {
          localDirs.release();
        }
      }
      return new JobOutcome(
          job.getNumReduceTasks(), PrepareCounts.of(job.getCounters()), JobShortcuts.of(job));
    }
  }

  private void watch(Job job, RunDirectory run, RunState state)
      throws HbulkException, IOException, InterruptedException {
    long interval =
        conf.getLong(HbulkConf.PROGRESS_INTERVAL_MS, HbulkConf.PROGRESS_INTERVAL_DEFAULT);
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new HbulkException(ExitCode.INTERNAL, "job classes missing: " + e.getMessage(), e);
    }
    // Kept at once: a cluster job outlives a driver that dies, and resume must stop it.
    state.jobId(job.getJobID().toString());
    run.writeState(state);
    log.println(
        "hbulk: job "
            + job.getJobID()
            + (JobSetup.isLocal(job.getConfiguration())
                ? " (local job runner)"
                : " (tracking: " + job.getTrackingURL() + ")"));
    long submitted = System.currentTimeMillis();
    JobProgress progress = new JobProgress(log, JobProgress.style(conf), submitted);
    // A rewritten line may be refreshed often; a log gets a line per interval.
    long every = progress.rewritesInPlace() ? Math.min(interval, 1000) : interval;
    long shown = submitted;
    // A local job's status is a field in this JVM, and the command waits for the poll that sees
    // the job end (half a poll on average); on a cluster each poll asks the application master.
    long poll = JobSetup.isLocal(job.getConfiguration()) ? LOCAL_POLL_MS : CLUSTER_POLL_MS;
    while (!job.isComplete()) {
      Thread.sleep(Math.min(every, poll));
      long now = System.currentTimeMillis();
      if (now - shown >= every) {
        shown = now;
        progress.show(job.mapProgress(), job.reduceProgress(), recordsRead(job), now);
      }
    }
    progress.done();
    if (!job.isSuccessful()) {
      JobStatus status = job.getStatus();
      String info = status.getFailureInfo();
      String why =
          info == null || info.isBlank() || info.equals("NA")
              ? status.getState() + " (the task's error is in the log above)"
              : info;
      throw new HbulkException(
          ExitCode.JOB_FAILED,
          "job "
              + job.getJobID()
              + " failed: "
              + why
              + "; nothing was loaded. Once the cause is fixed, prepare the run again: hbulk resume --run-dir "
              + run.root());
    }
  }

  /** The records the map tasks have read so far; 0 while the counters are not available. */
  private static long recordsRead(Job job) throws IOException {
    Counters counters = job.getCounters();
    return counters == null ? 0 : counters.findCounter(HbulkCounter.RECORDS_READ).getValue();
  }

  /**
   * Stops the job of a run whose driver died, if it still runs on a cluster: it would write into
   * the run directory again, or into whatever takes its place.
   */
  void stop(String jobId) throws IOException, InterruptedException {
    if (jobId.isEmpty() || JobSetup.isLocal(conf)) {
      return; // a local job died with its driver
    }
    Cluster cluster = new Cluster(conf);
    try {
      Job job = cluster.getJob(JobID.forName(jobId));
      if (job != null && !job.isComplete()) {
        log.println("hbulk: job " + jobId + " of the stopped run is still running; killing it");
        job.killJob();
        while (!job.isComplete()) {
          Thread.sleep(500);
        }
      }
    } finally {
      cluster.close();
    }
  }
}
