package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;

import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.HFileWriters;
import org.hbulk.mappers.mapreduce.RejectWriter;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * The driver of a load, in the phases it runs: validate (spec against the table, inputs), job
 * (CSV to HFiles, one reducer per region), inspect (counts, rejects, budget, HFiles per region),
 * complete (BulkLoadHFiles), report. {@link #prepare} stops after inspect; {@link #complete}
 * picks a prepared run up from its directory.
 */
public final class BulkLoad {
  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC);

  /** Records of the input whose keys the driver checks before the job. */
  private static final int KEY_SAMPLE = 1000;

  private final Configuration conf;
  private final Connection connection;
  private final PrintStream out;
  private final PrintStream log;

  /**
   * @param out where the report goes
   * @param log where phases and progress go
   */
  public BulkLoad(Configuration conf, Connection connection, PrintStream out, PrintStream log) {
    this.conf = conf;
    this.connection = connection;
    this.out = out;
    this.log = log;
  }

  /** A run's default directory: {@code <hbulk.work.dir>/<spec name>/<run id>}. */
  public static Path defaultRunDir(Configuration conf, LoadSpec spec, long runStartMillis) {
    String name = new Path(spec.source()).getName().replaceFirst("\\.[^.]*$", "");
    return new Path(new Path(conf.get(HbulkConf.WORK_DIR, HbulkConf.WORK_DIR_DEFAULT), name),
        RUN_ID.format(Instant.ofEpochMilli(runStartMillis)));
  }

  /**
   * Refuses to start a run in the default place while an earlier run of the same spec text and
   * tables there stopped before it ended and its process is gone: a new run beside a half-loaded
   * one would load its cells a second time (with {@code run-start}, as second versions), and
   * leave the old run's HFiles behind. A run that may still be going is only warned about.
   */
  public void refuseUnfinished(LoadSpec spec, Path newRunDir) throws HbulkException, IOException {
    Path parent = newRunDir.getParent();
    FileSystem fs = parent.getFileSystem(conf);
    if (!fs.isDirectory(parent)) {
      return;
    }
    for (FileStatus f : fs.listStatus(parent)) {
      if (!f.isDirectory()) {
        continue;
      }
      RunDirectory earlier = RunDirectory.at(conf, f.getPath());
      if (!earlier.hasState()) {
        continue;
      }
      RunState state = earlier.readState();
      if (!state.unfinished() || !state.tables().equals(new ArrayList<>(spec.tables()))
          || !fs.exists(earlier.spec()) || !earlier.readText(earlier.spec()).equals(spec.text())) {
        continue;
      }
      RunOwner owner = state.owner();
      if (owner != null && owner.liveness() != RunOwner.Liveness.GONE) {
        log.println("hbulk: warning: an earlier run of this spec, " + earlier.root() + ", is " + state.stage()
            + (owner.liveness() == RunOwner.Liveness.ALIVE ? " in " + owner + ", still running"
                : " and was last worked on by " + owner + ", which cannot be checked from here"));
        continue;
      }
      throw new HbulkException(ExitCode.INTERRUPTED, "an earlier run of this spec into "
          + String.join(", ", state.tables()) + " stopped before it ended: " + earlier.root() + " is "
          + state.stage() + (state.stage() == RunState.Stage.LOADING ? " (part of it may be in the table)" : "")
          + ". Finish it: hbulk resume --run-dir " + earlier.root() + " (or delete that directory to drop it,"
          + " then load again)");
    }
  }

  /**
   * Writes the HFiles of a load into a new run directory and checks them; returns the report.
   * The run's state is written before the job starts, so a run that dies at any point can be
   * finished with {@link #resume}.
   */
  public LoadReport prepare(LoadSpec spec, List<String> inputs, Path runDir, long runStartMillis, RunState.Mode mode)
      throws HbulkException, IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    phase("validate", "spec " + spec.source() + ", inputs " + inputs);
    List<Path> inputPaths = new ArrayList<>();
    long inputBytes = resolveInputs(inputs, inputPaths);
    HeaderCheck.check(conf, spec, inputs, log);
    Map<String, TableDescriptor> descriptors = checkTables(spec);
    RunDirectory run = RunDirectory.at(conf, runDir);
    if (run.fs().exists(run.root())) {
      RunState earlier = run.hasState() ? run.readState() : null;
      throw new HbulkException(ExitCode.USAGE, "run directory " + run.root() + " already exists"
          + (earlier == null ? ": give another --run-dir"
              : " and holds run " + earlier.runId() + " (" + earlier.stage() + ")" + (earlier.unfinished()
                  ? ": finish that run with 'hbulk resume --run-dir " + run.root() + "', or give another --run-dir"
                  : ": give another --run-dir")));
    }
    run.create();
    RunState state = newState(run.root().getName(), spec, inputs, inputPaths, runStartMillis, mode);
    run.writeText(run.spec(), spec.text());
    run.writeState(state);
    log.println("hbulk: run directory " + run.root() + " (if this run stops before it ends, finish it with:"
        + " hbulk resume --run-dir " + run.root() + ")");
    state.phase("validate", System.currentTimeMillis() - t0);
    return writeHFiles(run, state, spec, inputPaths, inputBytes, descriptors);
  }

  /**
   * Finishes a run that stopped before it ended, whatever stopped it: a run that died while
   * preparing is prepared again from its own spec, inputs and timestamps (what the dead job wrote
   * is deleted first), then loaded if it was a load; a run that died while loading loads the
   * HFiles it still holds. Refuses a run whose process is still working on it.
   */
  public LoadReport resume(Path runDir) throws HbulkException, IOException, InterruptedException {
    RunDirectory run = RunDirectory.at(conf, runDir);
    RunState state = claim(run);
    switch (state.stage()) {
      case PREPARING -> {
        long t0 = System.currentTimeMillis();
        log.println("hbulk: run " + state.runId() + " stopped while preparing; deleting what its job wrote and"
            + " preparing it again with the same spec, inputs and timestamps");
        stopJob(state.jobId());
        for (Path leftover : List.of(run.hfiles(), run.rejects(), run.scratch(), run.report())) {
          run.fs().delete(leftover, true);
        }
        LoadSpec spec = LoadSpec.parse(state.specSource(), run.readText(run.spec()), state.overrides());
        // What the inputs matched the first time: files that arrived since are not this run's.
        List<String> matched = state.resolvedInputs();
        phase("validate", "spec " + spec.source() + " (as the run saved it), inputs " + matched);
        List<Path> inputPaths = new ArrayList<>();
        long inputBytes = resolveInputs(matched, inputPaths);
        HeaderCheck.check(conf, spec, matched, log);
        Map<String, TableDescriptor> descriptors = checkTables(spec);
        RunState fresh = newState(state.runId(), spec, state.inputs(), inputPaths, state.runStartMillis(),
            state.mode());
        run.writeState(fresh);
        fresh.phase("validate", System.currentTimeMillis() - t0);
        LoadReport report = writeHFiles(run, fresh, spec, inputPaths, inputBytes, descriptors);
        return fresh.mode() == RunState.Mode.LOAD ? complete(runDir, false) : report;
      }
      case PREPARED -> {
        if (state.mode() == RunState.Mode.PREPARE) {
          log.println("hbulk: run " + state.runId() + " is prepared, as its command asked; load it with:"
              + " hbulk complete --run-dir " + run.root());
          return new LoadReport(state, inventory(run, startKeysAtPrepare(state)), run.root().toString(),
              run.rejects().toString());
        }
        return complete(runDir, false);
      }
      default -> {
        return complete(runDir, false);
      }
    }
  }

  /** A run's state before its job: what it loads, from what, for what command, in this process. */
  private static RunState newState(String runId, LoadSpec spec, List<String> inputs, List<Path> matched,
      long runStartMillis, RunState.Mode mode) {
    RunState state = RunState.create(runId, spec.source(), new ArrayList<>(spec.tables()), runStartMillis, mode);
    state.budget(spec.rejectBudget().describe());
    state.inputs(inputs);
    state.resolvedInputs(matched.stream().map(Path::toString).toList());
    for (Map.Entry<String, String> o : spec.overrides().entrySet()) {
      state.properties().setProperty("spec.override." + o.getKey(), o.getValue());
    }
    state.owner(RunOwner.current());
    return state;
  }

  /**
   * Reads a run's state and makes this process its owner; refuses a run another live process
   * works on, and says so when the owner's host cannot be checked from here.
   */
  private RunState claim(RunDirectory run) throws HbulkException, IOException {
    if (!run.hasState()) {
      throw new HbulkException(ExitCode.USAGE, run.root() + " is not an hbulk run directory"
          + " (no run.properties): give the directory a load, prepare or nightly run printed");
    }
    RunState state = run.readState();
    RunOwner owner = state.owner();
    if (owner != null && !owner.isCurrent() && state.unfinished()) {
      switch (owner.liveness()) {
        case ALIVE -> throw new HbulkException(ExitCode.RUN_BUSY, "run " + state.runId() + " is " + state.stage()
            + " in " + owner + ", which is still running; wait for it to end");
        case UNKNOWN -> log.println("hbulk: warning: run " + state.runId() + " was last worked on by " + owner
            + ", which cannot be checked from here; make sure it has stopped");
        case GONE -> log.println("hbulk: run " + state.runId() + " was " + state.stage() + " in " + owner
            + ", which is gone");
      }
    }
    if (owner == null || !owner.isCurrent()) {
      state.owner(RunOwner.current());
      run.writeState(state);
    }
    return state;
  }

  /**
   * Stops the job of a run whose driver died, if it still runs on a cluster: it would write into
   * the run directory again, or into whatever takes its place.
   */
  public void stopJobOf(RunState state) throws IOException, InterruptedException {
    stopJob(state.jobId());
  }

  private void stopJob(String jobId) throws IOException, InterruptedException {
    if (jobId.isEmpty() || JobSetup.isLocal(conf)) {
      return; // a local job died with its driver
    }
    org.apache.hadoop.mapreduce.Cluster cluster = new org.apache.hadoop.mapreduce.Cluster(conf);
    try {
      Job job = cluster.getJob(org.apache.hadoop.mapreduce.JobID.forName(jobId));
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

  private static Map<String, byte[][]> startKeysAtPrepare(RunState state) {
    Map<String, byte[][]> keys = new LinkedHashMap<>();
    for (String table : state.tables()) {
      keys.put(table, state.startKeys(table).toArray(new byte[0][]));
    }
    return keys;
  }

  /** The job and the inspection of what it wrote: prepare's work after the run directory exists. */
  private LoadReport writeHFiles(RunDirectory run, RunState state, LoadSpec spec, List<Path> inputPaths,
      long inputBytes, Map<String, TableDescriptor> descriptors)
      throws HbulkException, IOException, InterruptedException {
    long t1 = System.currentTimeMillis();
    Map<String, byte[][]> startKeys = new LinkedHashMap<>();
    for (String table : state.tables()) {
      try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
        startKeys.put(table, locator.getStartKeys());
      }
      state.startKeys(table, startKeys.get(table));
    }
    warn(spec, state.inputs(), startKeys);
    phase("job", String.format(Locale.ROOT, "%d input file(s), %s, into %d region(s) of %s",
        inputPaths.size(), LoadReport.bytes(inputBytes), startKeys.values().stream().mapToInt(k -> k.length).sum(),
        String.join(", ", state.tables())));
    Job job = JobSetup.create(conf, spec, inputPaths, inputBytes, run, state.runId(), state.runStartMillis(),
        new ArrayList<>(descriptors.values()), startKeys);
    LocalJobDirs localDirs = JobSetup.isLocal(job.getConfiguration())
        ? LocalJobDirs.assign(job.getConfiguration(), state.runId(), log) : null;
    try {
      runJob(job, run, state);
    } finally {
      if (localDirs != null) {
        localDirs.release();
      }
    }
    state.reducers(job.getNumReduceTasks());
    state.shortcuts(JobShortcuts.of(job));
    state.phase("job", System.currentTimeMillis() - t1);

    long t2 = System.currentTimeMillis();
    phase("inspect", "counts, rejects, budget, collisions, HFiles per region");
    PrepareCounts counts = PrepareCounts.of(job.getCounters());
    if (!counts.balanced()) {
      throw new HbulkException(ExitCode.INTERNAL, "counts do not add up: read " + counts.read()
          + ", loaded " + counts.loaded() + ", rejected " + counts.rejected() + " by reason "
          + counts.rejectsByReason());
    }
    state.counts(counts);
    moveRejects(run);
    run.fs().delete(run.scratch(), true);
    String violation = spec.rejectBudget().violation(counts.rejected(), counts.read());
    String collisions = spec.collisions() == CollisionPolicy.FAIL && counts.collisions().cells() > 0
        ? counts.collisions().cells() + " cell(s) in " + counts.collisions().rows() + " row(s) collided:"
            + " records gave the same row, column and timestamp different values, and the spec's [load]"
            + " collisions = fail"
        : null;
    state.stage(violation != null ? RunState.Stage.OVER_BUDGET
        : collisions != null ? RunState.Stage.COLLISIONS : RunState.Stage.PREPARED);
    if (violation != null) {
      state.budgetViolation(violation);
    }
    if (collisions != null) {
      state.collisionViolation(collisions);
    }
    run.restrict();
    phase("inspect", "run directory readable by " + run.access().describe());
    Map<String, List<RegionFiles>> regions = inventory(run, startKeys);
    state.phase("inspect", System.currentTimeMillis() - t2);
    LoadReport report = writeReport(run, state, regions);
    if (violation != null) {
      out.print(report.toText());
      throw new HbulkException(ExitCode.REJECTS_OVER_BUDGET, violation + "; nothing was loaded."
          + " The rejects are in " + run.rejects() + ". To load the good records anyway: hbulk"
          + " complete --run-dir " + run.root() + " --accept-rejects");
    }
    if (collisions != null) {
      out.print(report.toText());
      throw new HbulkException(ExitCode.COLLISIONS, collisions + "; nothing was loaded. Make the key"
          + " unique, or choose collisions = keep-last-record (or keep-first-record, keep-max-value,"
          + " keep-min-value)");
    }
    log.println("hbulk: [inspect] prepared: " + regions.values().stream().flatMap(List::stream)
        .mapToLong(RegionFiles::files).sum() + " HFile(s); nothing is in the table yet");
    return report;
  }

  /**
   * Hands a prepared run's HFiles to HBase, table by table; returns the final report. A run that
   * stopped while loading is finished: the HFiles already loaded left the run directory.
   */
  public LoadReport complete(Path runDir, boolean acceptRejects)
      throws HbulkException, IOException {
    RunDirectory run = RunDirectory.at(conf, runDir);
    RunState state = claim(run);
    switch (state.stage()) {
      case LOADED -> {
        log.println("hbulk: run " + state.runId() + " is already loaded; nothing to do");
        return new LoadReport(state, Map.of(), run.root().toString(), run.rejects().toString());
      }
      case PREPARING -> throw new HbulkException(ExitCode.INTERRUPTED, "run " + state.runId()
          + " stopped while its job was writing HFiles, so it has none to load; prepare it again and"
          + (state.mode() == RunState.Mode.LOAD ? " load it" : " stop") + ": hbulk resume --run-dir " + run.root());
      case OVER_BUDGET -> {
        if (!acceptRejects) {
          throw new HbulkException(ExitCode.REJECTS_OVER_BUDGET, state.budgetViolation()
              + "; nothing was loaded. To load the good records anyway: hbulk complete --run-dir " + run.root()
              + " --accept-rejects");
        }
      }
      case COLLISIONS -> throw new HbulkException(ExitCode.COLLISIONS, state.collisionViolation()
          + "; nothing was loaded. Prepare again with a unique key or another collision policy");
      case LOADING -> log.println("hbulk: run " + state.runId() + " stopped while loading; loading the HFiles"
          + " it still holds (those loaded before left the run directory)");
      case PREPARED -> { }
    }
    long t0 = System.currentTimeMillis();
    Map<String, byte[][]> now = new LinkedHashMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (String table : state.tables()) {
        TableName name = TableName.valueOf(table);
        if (!admin.tableExists(name)) {
          throw new HbulkException(ExitCode.HBASE, "table " + name + " no longer exists");
        }
        try (RegionLocator locator = connection.getRegionLocator(name)) {
          now.put(table, locator.getStartKeys());
        }
        String change = regionChange(table, state.startKeys(table), now.get(table));
        if (change != null) {
          state.regionChange(change);
          log.println("hbulk: " + change);
        }
      }
    }
    Map<String, List<RegionFiles>> regions = inventory(run, now);
    // From here on some HFiles may be in the table: the run is finished by loading the rest.
    state.stage(RunState.Stage.LOADING);
    run.writeState(state);
    long total = state.hfilesInLoad();
    for (String table : state.tables()) {
      long files = regions.get(table).stream().mapToLong(RegionFiles::files).sum();
      phase("complete", String.format(Locale.ROOT, "BulkLoadHFiles: %d HFile(s) into %s", files, table));
      if (files == 0) {
        continue;
      }
      total += bulkLoadWithRetries(run, table);
      state.hfilesInLoad(total);
      run.writeState(state);
    }
    state.hfilesInLoad(total);
    state.stage(RunState.Stage.LOADED);
    state.phase("complete", System.currentTimeMillis() - t0);
    // Loaded files were moved into the regions; what is left is empty family folders.
    run.fs().delete(run.hfiles(), true);
    return writeReport(run, state, regions);
  }

  /**
   * BulkLoadHFiles, tried again with a doubling pause when it fails (a region moving, a server
   * restarting): what is already loaded stays loaded, the rest is retried.
   */
  private int bulkLoadWithRetries(RunDirectory run, String table) throws HbulkException {
    int attempts = Math.max(1, conf.getInt(HbulkConf.COMPLETE_ATTEMPTS, HbulkConf.COMPLETE_ATTEMPTS_DEFAULT));
    long pause = conf.getLong(HbulkConf.COMPLETE_BACKOFF_MS, HbulkConf.COMPLETE_BACKOFF_DEFAULT);
    Configuration bounded = boundedClient(conf);
    for (int attempt = 1; ; attempt++) {
      try {
        return BulkLoadHFiles.create(bounded)
            .bulkLoad(TableName.valueOf(table), HFileWriters.tableDirectory(run.hfiles(), table)).size();
      } catch (IOException e) {
        if (attempt >= attempts) {
          throw new HbulkException(ExitCode.LOAD_FAILED, "bulk load into " + table + " failed " + attempts
              + " time(s): " + gist(e) + ". The HFiles not loaded are still in " + run.hfiles()
              + "; finish the load with: hbulk resume --run-dir " + run.root(), e);
        }
        log.println("hbulk: bulk load into " + table + " failed (" + gist(e) + "); attempt "
            + (attempt + 1) + " of " + attempts + " in " + pause + " ms");
        try {
          Thread.sleep(pause);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw new HbulkException(ExitCode.LOAD_FAILED, "interrupted while retrying the bulk load", ie);
        }
        pause *= 2;
      }
    }
  }

  /**
   * A failure in one line: HBase's retry errors carry every try's exception, a line each ("Failed
   * after attempts=6, exceptions: ..."), and the last of them says most.
   */
  static String gist(Throwable e) {
    String message = String.valueOf(e.getMessage()).strip();
    String[] lines = message.split("\\R");
    return lines.length == 1 ? message : lines[0].strip() + " ... " + lines[lines.length - 1].strip();
  }

  /**
   * The client settings of a completion attempt, so that an attempt against an HBase that does not
   * answer ends in about {@code hbulk.complete.hbase-timeout.ms}: HBase's client retries each region
   * 16 times, and each try first looks the region up in {@code hbase:meta}, which against a dead
   * server waits out its own timeout (20 minutes by default); a completion took 45 minutes to fail.
   * Six tries of at most a sixth of the timeout each; the bulk-load call itself keeps the RPC
   * timeout it has (a copy across file systems may need it).
   */
  static Configuration boundedClient(Configuration conf) {
    Configuration bounded = new Configuration(conf);
    long cap = conf.getLong(HbulkConf.COMPLETE_HBASE_TIMEOUT_MS, HbulkConf.COMPLETE_HBASE_TIMEOUT_DEFAULT);
    bounded.setInt("hbase.client.retries.number", Math.min(5, conf.getInt("hbase.client.retries.number", 15)));
    bounded.setLong("hbase.client.meta.operation.timeout",
        Math.min(cap / 6, conf.getLong("hbase.client.meta.operation.timeout", cap)));
    bounded.setLong("hbase.client.operation.timeout",
        Math.min(cap, conf.getLong("hbase.client.operation.timeout", cap)));
    return bounded;
  }

  private Map<String, List<RegionFiles>> inventory(RunDirectory run, Map<String, byte[][]> startKeys)
      throws IOException {
    Map<String, List<RegionFiles>> regions = new LinkedHashMap<>();
    for (Map.Entry<String, byte[][]> t : startKeys.entrySet()) {
      Path tableDir = HFileWriters.tableDirectory(run.hfiles(), t.getKey());
      regions.put(t.getKey(), HFileInventory.of(conf, tableDir, t.getValue()));
    }
    return regions;
  }

  private LoadReport writeReport(RunDirectory run, RunState state, Map<String, List<RegionFiles>> regions)
      throws IOException {
    LoadReport report = new LoadReport(state, regions, run.root().toString(), run.rejects().toString());
    run.writeState(state);
    run.writeText(run.report(), report.toJson());
    return report;
  }

  private long resolveInputs(List<String> inputs, List<Path> resolved) throws HbulkException, IOException {
    long bytes = 0;
    for (String input : inputs) {
      Path p = new Path(input);
      FileSystem fs = p.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(p);
      if (matches == null || matches.length == 0) {
        throw new HbulkException(ExitCode.USAGE, "input " + input + " matches no file");
      }
      for (FileStatus m : matches) {
        resolved.add(m.getPath());
        bytes += fs.getContentSummary(m.getPath()).getLength();
      }
    }
    return bytes;
  }

  private Map<String, TableDescriptor> checkTables(LoadSpec spec) throws HbulkException, IOException {
    Map<String, TableDescriptor> descriptors = new LinkedHashMap<>();
    for (String table : spec.tables()) {
      descriptors.put(table, checkTable(spec, TableName.valueOf(table)));
    }
    return descriptors;
  }

  private TableDescriptor checkTable(LoadSpec spec, TableName tableName)
      throws HbulkException, IOException {
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(tableName)) {
        throw new HbulkException(ExitCode.HBASE, "table " + tableName + " does not exist; hbulk never"
            + " creates a one-region table behind your back. Create it first, pre-split: hbulk"
            + " create-table --spec " + spec.source());
      }
      if (!admin.isTableEnabled(tableName)) {
        throw new HbulkException(ExitCode.HBASE, "table " + tableName + " is disabled; enable it first");
      }
      TableDescriptor descriptor = admin.getDescriptor(tableName);
      Set<String> present = new java.util.TreeSet<>();
      for (ColumnFamilyDescriptor f : descriptor.getColumnFamilies()) {
        present.add(f.getNameAsString());
      }
      for (OutputSpec o : spec.outputs()) {
        if (!o.table().equals(tableName.getNameAsString())) {
          continue;
        }
        for (String family : o.families()) {
          if (!present.contains(family)) {
            throw new HbulkException(ExitCode.BAD_SPEC, spec.source() + ": [output " + o.name()
                + "] writes family '" + family + "', which table " + tableName + " does not have"
                + " (families: " + String.join(", ", present) + ")");
          }
        }
      }
      return descriptor;
    }
  }

  private void runJob(Job job, RunDirectory run, RunState state)
      throws HbulkException, IOException, InterruptedException {
    long interval = conf.getLong(HbulkConf.PROGRESS_INTERVAL_MS, HbulkConf.PROGRESS_INTERVAL_DEFAULT);
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new HbulkException(ExitCode.INTERNAL, "job classes missing: " + e.getMessage(), e);
    }
    // Kept at once: a cluster job outlives a driver that dies, and resume must stop it.
    state.jobId(job.getJobID().toString());
    run.writeState(state);
    log.println("hbulk: job " + job.getJobID() + (JobSetup.isLocal(job.getConfiguration())
        ? " (local job runner)" : " (tracking: " + job.getTrackingURL() + ")"));
    long started = System.currentTimeMillis();
    while (!job.isComplete()) {
      Thread.sleep(Math.min(interval, 200));
      if (System.currentTimeMillis() - started >= interval) {
        started = System.currentTimeMillis();
        log.printf(Locale.ROOT, "hbulk:   map %3.0f%%  reduce %3.0f%%  (%d reducers)%n",
            job.mapProgress() * 100, job.reduceProgress() * 100, job.getNumReduceTasks());
      }
    }
    if (!job.isSuccessful()) {
      JobStatus status = job.getStatus();
      String info = status.getFailureInfo();
      String why = info == null || info.isBlank() || info.equals("NA")
          ? status.getState() + " (the task's error is in the log above)" : info;
      throw new HbulkException(ExitCode.JOB_FAILED, "job " + job.getJobID() + " failed: " + why
          + "; nothing was loaded. Once the cause is fixed, prepare the run again: hbulk resume --run-dir "
          + run.root());
    }
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
      Path target = new Path(run.rejects(), f.getPath().getName() + ".jsonl");
      if (!fs.rename(f.getPath(), target)) {
        throw new IOException("could not move " + f.getPath() + " to " + target);
      }
    }
  }

  private static String regionChange(String table, List<byte[]> before, byte[][] now) {
    boolean same = before.size() == now.length;
    for (int i = 0; same && i < now.length; i++) {
      same = Arrays.equals(before.get(i), now[i]);
    }
    if (same) {
      return null;
    }
    return "regions of " + table + " changed since prepare (" + before.size() + " -> " + now.length
        + " regions); BulkLoadHFiles splits HFiles that now span two regions, which costs time";
  }

  /** The seeds' key warnings, with the keys' mean length over the first records of the input. */
  private void warn(LoadSpec spec, List<String> inputs, Map<String, byte[][]> startKeys)
      throws IOException, InterruptedException {
    List<String> warnings = new ArrayList<>(KeyWarnings.of(spec));
    for (OutputSpec o : spec.outputs()) {
      KeyWarnings.saltRegions(o, startKeys.get(o.table()).length).ifPresent(warnings::add);
    }
    RecordConverter converter = new RecordConverter(spec, 0);
    long[] bytes = new long[spec.outputs().size()];
    long records = 0;
    for (byte[] r : InputSample.firstRecords(conf, spec, inputs.get(0), KEY_SAMPLE)) {
      try {
        converter.read(r, r.length);
      } catch (RejectException e) {
        continue;
      }
      records++;
      for (int i = 0; i < bytes.length; i++) {
        byte[] row = converter.lastRows().get(i);
        bytes[i] += row == null ? 0 : row.length;
      }
    }
    for (int i = 0; records > 0 && i < bytes.length; i++) {
      KeyWarnings.keyLength(spec.outputs().get(i).name(), (double) bytes[i] / records).ifPresent(warnings::add);
    }
    for (String w : warnings) {
      log.println("hbulk: warning: " + w);
    }
  }

  private void phase(String name, String detail) {
    log.println("hbulk: [" + name + "] " + detail);
  }

}
