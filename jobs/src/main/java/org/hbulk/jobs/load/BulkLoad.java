package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.hfile.HFileWriters;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The driver of a load, in the phases it runs, each logged as {@code hbulk: [phase]}: validate (the
 * inputs, their headers, the tables against the spec), job (read the region start keys, write
 * HFiles partitioned by region), inspect (counts, rejects, budget, collisions, HFiles per region),
 * complete (re-read the regions, BulkLoadHFiles), report. {@link #prepare} stops after inspect;
 * {@link #complete} picks a prepared run up from its directory; {@link #resume} finishes a run that
 * stopped, whatever its stage. Each phase is a class of its own; this one orders them and keeps the
 * run's state, so that a run that dies at any point can be finished. Slightly over the size of
 * other classes because the four entry points (prepare, complete, resume, refuse an unfinished run)
 * share the run-state bookkeeping that makes a run resumable.
 */
public final class BulkLoad {
  /** What the validate phase found: the inputs matched and the tables checked against the spec. */
  private record Validated(ResolvedInputs inputs, CheckedTables tables) {}

  private final Configuration conf;
  private final Connection connection;
  private final PrintStream out;
  private final PrintStream log;
  private final ReportFormat format;
  private final JobRunner jobs;

  /**
   * Whether this process already checked the run's tables for what a bulk load would not reach (a
   * load: in prepare).
   */
  private boolean tablesChecked;

  /**
   * @param out where the report goes
   * @param log where phases and progress go
   * @param format how the report of a run that stops is printed on {@code out}
   */
  public BulkLoad(
      Configuration conf,
      Connection connection,
      PrintStream out,
      PrintStream log,
      ReportFormat format) {
    this.conf = conf;
    this.format = format;
    this.connection = connection;
    this.out = out;
    this.log = log;
    this.jobs = new JobRunner(conf, log);
  }

  /**
   * A run's default directory: {@code <hbulk.work.dir>/<spec name>/<run id>} ({@link RunPaths}).
   */
  public static Path defaultRunDir(Configuration conf, LoadSpec spec, long runStartMillis) {
    return RunPaths.loadRun(conf, spec.source(), runStartMillis);
  }

  /**
   * Refuses to start beside an unfinished earlier run of the same spec: see {@link UnfinishedRuns}.
   */
  public void refuseUnfinished(LoadSpec spec, Path newRunDir) throws HbulkException, IOException {
    UnfinishedRuns.refuse(conf, spec, newRunDir, log);
  }

  /**
   * Writes the HFiles of a load into a new run directory and checks them; returns the report. The
   * run's state is written before the job starts, so a run that dies at any point can be finished
   * with {@link #resume}.
   */
  public LoadReport prepare(
      LoadSpec spec, List<String> inputs, Path runDir, long runStartMillis, RunState.Mode mode)
      throws HbulkException, IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    phase("validate", "spec " + spec.source() + ", inputs " + inputs);
    Validated validated = validate(spec, inputs);
    RunDirectory run = RunDirectory.at(conf, runDir);
    validated.inputs().refuseInside(run.root());
    run.createNew();
    RunState state =
        RunState.begin(
            run.root().getName(), spec, inputs, validated.inputs().paths(), runStartMillis, mode);
    run.writeText(run.spec(), spec.text());
    run.writeState(state);
    log.println(
        "hbulk: run directory "
            + run.root()
            + " (if this run stops before it ends, finish it with:"
            + " hbulk resume --run-dir "
            + run.root()
            + ")");
    state.phase("validate", System.currentTimeMillis() - t0);
    return writeHFiles(run, state, spec, validated);
  }

  /**
   * Finishes a run that stopped before it ended, whatever stopped it: a run that died while
   * preparing is prepared again from its own spec, inputs and timestamps (what the dead job wrote
   * is deleted first), then loaded if it was a load; a run that died while loading loads the HFiles
   * it still holds. Refuses a run whose process is still working on it.
   */
  public LoadReport resume(Path runDir) throws HbulkException, IOException, InterruptedException {
    RunDirectory run = RunDirectory.at(conf, runDir);
    RunState state = run.claim(log);
    if (state.stage() == RunState.Stage.PREPARING) {
      LoadReport report = prepareAgain(run, state);
      return state.mode() == RunState.Mode.LOAD ? complete(runDir, false) : report;
    }
    if (state.stage() == RunState.Stage.PREPARED && state.mode() == RunState.Mode.PREPARE) {
      log.println(
          "hbulk: run "
              + state.runId()
              + " is prepared, as its command asked; load it with:"
              + " hbulk complete --run-dir "
              + run.root());
      return new LoadReport(
          state,
          inventory(run, RegionStarts.atPrepare(state)),
          run.root().toString(),
          run.rejects().toString());
    }
    return complete(runDir, false);
  }

  /**
   * A run that died while preparing, prepared again with the spec, inputs and timestamps it saved.
   */
  private LoadReport prepareAgain(RunDirectory run, RunState state)
      throws HbulkException, IOException, InterruptedException {
    long t0 = System.currentTimeMillis();
    log.println(
        "hbulk: run "
            + state.runId()
            + " stopped while preparing; deleting what its job wrote and"
            + " preparing it again with the same spec, inputs and timestamps");
    jobs.stop(state.jobId());
    for (Path leftover :
        List.of(run.hfiles(), run.rejects(), run.scratch(), run.report(), run.reportPage())) {
      run.fs().delete(leftover, true);
    }
    LoadSpec spec = LoadSpec.parse(state.specSource(), run.readText(run.spec()), state.overrides());
    // What the inputs matched the first time: files that arrived since are not this run's.
    List<String> matched = state.resolvedInputs();
    phase("validate", "spec " + spec.source() + " (as the run saved it), inputs " + matched);
    Validated validated = validate(spec, matched);
    RunState fresh =
        RunState.begin(
            state.runId(),
            spec,
            state.inputs(),
            validated.inputs().paths(),
            state.runStartMillis(),
            state.mode());
    run.writeState(fresh);
    fresh.phase("validate", System.currentTimeMillis() - t0);
    return writeHFiles(run, fresh, spec, validated);
  }

  /**
   * Stops the job of a run whose driver died, if it still runs on a cluster: it would write into
   * the run directory again, or into whatever takes its place.
   */
  public void stopJobOf(RunState state) throws IOException, InterruptedException {
    jobs.stop(state.jobId());
  }

  private Validated validate(LoadSpec spec, List<String> inputs)
      throws HbulkException, IOException {
    ResolvedInputs resolved = ResolvedInputs.of(conf, inputs);
    HeaderCheck.check(conf, spec, inputs, log);
    CheckedTables tables = CheckedTables.of(connection, spec).withLabels(connection, spec);
    checkReach(spec, tables);
    return new Validated(resolved, tables);
  }

  /**
   * What a bulk load of these tables would not reach: peers that get no bulk loads (a warning, or
   * exit 18 under --strict) and the tables' own coprocessors (a warning).
   */
  private void checkReach(LoadSpec spec, CheckedTables tables) throws HbulkException, IOException {
    ReplicationCheck.check(conf, connection, spec, tables.descriptors(), log);
    ObserverCheck.check(tables.descriptors(), log);
    tablesChecked = true;
  }

  /** The job and the inspection of what it wrote: prepare's work after the run directory exists. */
  private LoadReport writeHFiles(
      RunDirectory run, RunState state, LoadSpec spec, Validated validated)
      throws HbulkException, IOException, InterruptedException {
    long t1 = System.currentTimeMillis();
    Map<String, byte[][]> startKeys = RegionStarts.read(connection, state);
    // Reducers place each HFile's first replica on its region's server only on HDFS, and a
    // cluster job's reducers cut their files at the regions' ends: both from this record, as tasks
    // never ask HBase themselves.
    if (!JobSetup.isLocal(conf) || "hdfs".equals(run.fs().getUri().getScheme())) {
      RegionStarts.recordServers(conf, connection, state);
    }
    InputKeyWarnings.log(conf, spec, state.inputs(), startKeys, log);
    phase(
        "job",
        String.format(
            Locale.ROOT,
            "%d input file(s), %s, into %d region(s) of %s",
            validated.inputs().paths().size(),
            LoadReport.bytes(validated.inputs().bytes()),
            CellPartitions.regions(startKeys),
            String.join(", ", state.tables())));
    state.labels(validated.tables().labels());
    JobRunner.JobOutcome job =
        jobs.run(spec, validated.inputs(), validated.tables(), startKeys, run, state);
    state.reducers(job.reducers());
    state.shortcuts(job.shortcuts());
    state.phase("job", System.currentTimeMillis() - t1);

    long t2 = System.currentTimeMillis();
    phase("inspect", "counts, rejects, budget, collisions, HFiles per region");
    PrepareVerdict verdict = PrepareVerdict.inspect(spec, job.counts(), run, state);
    run.restrict();
    phase("inspect", "run directory readable by " + run.access().describe());
    Map<String, List<RegionFiles>> regions = inventory(run, startKeys);
    state.preparedFiles(regions);
    state.phase("inspect", System.currentTimeMillis() - t2);
    LoadReport report = writeReport(run, state, regions);
    if (job.counts().pastFamilyTtl() > 0) {
      log.printf(
          Locale.ROOT,
          "hbulk: [inspect] WARNING: %,d cell(s) are older than their family's TTL: HBase will"
              + " not return them (the report's ttl line)%n",
          job.counts().pastFamilyTtl());
    }
    if (!verdict.passed()) {
      out.print(format.stopped(report));
      verdict.enforce(run);
    }
    log.println(
        "hbulk: [inspect] prepared: "
            + regions.values().stream().flatMap(List::stream).mapToLong(RegionFiles::files).sum()
            + " HFile(s); nothing is in the table yet");
    return report;
  }

  /**
   * Hands a prepared run's HFiles to HBase, table by table; returns the final report. A run that
   * stopped while loading is finished: the HFiles already loaded left the run directory.
   */
  public LoadReport complete(Path runDir, boolean acceptRejects)
      throws HbulkException, IOException {
    RunDirectory run = RunDirectory.at(conf, runDir);
    RunState state = run.claim(log);
    if (state.stage() == RunState.Stage.LOADED) {
      log.println("hbulk: run " + state.runId() + " is already loaded; nothing to do");
      // The HFiles the run loaded, as its report.json says, not none: they left the directory.
      return new LoadReport(
          state, state.preparedFiles(), run.root().toString(), run.rejects().toString());
    }
    requireLoadable(run, state, acceptRejects);
    if (!tablesChecked && state.stage() != RunState.Stage.LOADING) {
      // The tables may have changed since a separate prepare checked them. A run that stopped
      // while loading was checked when its loading began: stopping it now (--strict) would leave
      // the table half loaded.
      LoadSpec spec =
          LoadSpec.parse(state.specSource(), run.readText(run.spec()), state.overrides());
      checkReach(spec, CheckedTables.of(connection, spec));
    }
    long t0 = System.currentTimeMillis();
    // A run that stopped while loading holds only the HFiles not loaded yet: its report counts
    // what prepare wrote, all of which this run loads.
    boolean resumed = state.stage() == RunState.Stage.LOADING;
    Map<String, List<RegionFiles>> regions =
        inventory(run, RegionStarts.recheck(connection, state, log));
    Map<String, List<RegionFiles>> prepared = state.preparedFiles();
    requireHFilesAsPrepared(run, state, prepared, regions, resumed);
    if (resumed && prepared.isEmpty()) {
      log.println(
          "hbulk: run "
              + state.runId()
              + " predates the prepare-time HFile counts in its state: the report counts only"
              + " the HFiles loaded now, not those loaded before it stopped");
    }
    // From here on some HFiles may be in the table: the run is finished by loading the rest.
    state.stage(RunState.Stage.LOADING);
    run.writeState(state);
    HFileLoader loader = new HFileLoader(conf, log);
    long total = state.hfilesInLoad();
    for (String table : state.tables()) {
      long files = regions.get(table).stream().mapToLong(RegionFiles::files).sum();
      phase(
          "complete",
          String.format(Locale.ROOT, "BulkLoadHFiles: %d HFile(s) into %s", files, table));
      if (files == 0) {
        continue;
      }
      TableDescriptor descriptor;
      try (Admin admin = connection.getAdmin()) {
        descriptor = admin.getDescriptor(TableName.valueOf(table));
      }
      total += loader.load(run, table, descriptor);
      state.hfilesInLoad(total);
      run.writeState(state);
    }
    Map<String, List<RegionFiles>> reported = resumed && !prepared.isEmpty() ? prepared : regions;
    // Every HFile reported has been handed to HBase now, also those of an attempt that failed after
    // loading some (HFileLoader counts the last one's) and those moved before the run stopped in
    // the middle of a table. BulkLoadHFiles' count may be higher: it counts a split file's halves.
    total =
        Math.max(
            total,
            reported.values().stream().flatMap(List::stream).mapToLong(RegionFiles::files).sum());
    state.hfilesInLoad(total);
    state.stage(RunState.Stage.LOADED);
    state.phase("complete", System.currentTimeMillis() - t0);
    // Loaded files were moved into the regions; what is left is empty family folders.
    run.fs().delete(run.hfiles(), true);
    return writeReport(run, state, reported);
  }

  /**
   * Throws when the run directory holds other HFiles than its prepare wrote (some deleted, or
   * others added since): BulkLoadHFiles loads whatever the directory holds, so the table would lack
   * cells the report counts, or get cells no record of this run gave. Runs prepared before the
   * counts were kept are not checked.
   */
  private static void requireHFilesAsPrepared(
      RunDirectory run,
      RunState state,
      Map<String, List<RegionFiles>> prepared,
      Map<String, List<RegionFiles>> found,
      boolean loading)
      throws HbulkException {
    List<String> differences = HFileInventory.differences(prepared, found, loading);
    if (!differences.isEmpty()) {
      throw new HbulkException(
          ExitCode.USAGE,
          "run "
              + state.runId()
              + " holds other HFiles than its prepare wrote ("
              + String.join("; ", differences)
              + ") in "
              + run.hfiles()
              + "; nothing was loaded by this command. Put the files back as they were, or prepare"
              + " the load again in a new run directory");
    }
  }

  /**
   * Throws unless the run's stage lets complete load it (not loaded yet, and within its checks).
   */
  private void requireLoadable(RunDirectory run, RunState state, boolean acceptRejects)
      throws HbulkException {
    switch (state.stage()) {
      case PREPARING ->
          throw new HbulkException(
              ExitCode.INTERRUPTED,
              "run "
                  + state.runId()
                  + " stopped while its job was writing HFiles, so it has none to load; prepare it again and"
                  + (state.mode() == RunState.Mode.LOAD ? " load it" : " stop")
                  + ": hbulk resume --run-dir "
                  + run.root());
      case OVER_BUDGET -> {
        if (!acceptRejects) {
          throw new HbulkException(
              ExitCode.REJECTS_OVER_BUDGET,
              state.budgetViolation()
                  + "; nothing was loaded. To load the good records anyway: hbulk complete --run-dir "
                  + run.root()
                  + " --accept-rejects");
        }
      }
      case COLLISIONS ->
          throw new HbulkException(
              ExitCode.COLLISIONS,
              state.collisionViolation()
                  + "; nothing was loaded. Prepare again with a unique key or another collision policy");
      case LOADING ->
          log.println(
              "hbulk: run "
                  + state.runId()
                  + " stopped while loading; loading the HFiles"
                  + " it still holds (those loaded before left the run directory)");
      case RELEASED ->
          throw new HbulkException(
              ExitCode.USAGE,
              "run "
                  + state.runId()
                  + (state.releasedTo().isEmpty()
                      ? " was a dry run: its HFiles were deleted; nothing to load"
                      : " handed its HFiles to "
                          + state.releasedTo()
                          + "; load them from there (hbase completebulkload "
                          + state.releasedTo()
                          + " TABLE)"));
      case PREPARED, LOADED -> {}
    }
  }

  /**
   * Takes a prepared run's HFiles out of it unloaded: moves the one table's HFiles to {@code
   * target}, laid out as HBase's HFileOutputFormat2 leaves them ({@code target/<family>/<hfile>}),
   * or deletes them when {@code target} is null. {@code target} must not exist yet.
   */
  public LoadReport release(Path runDir, Path target) throws HbulkException, IOException {
    RunDirectory run = RunDirectory.at(conf, runDir);
    RunState state = run.readState();
    if (state.stage() != RunState.Stage.PREPARED || state.tables().size() != 1) {
      throw new IllegalStateException(
          "only a prepared run of one table can be released, not " + state.stage());
    }
    Map<String, List<RegionFiles>> regions = inventory(run, RegionStarts.atPrepare(state));
    Path tableDir = HFileWriters.tableDirectory(run.hfiles(), state.tables().get(0));
    if (target == null) {
      run.fs().delete(run.hfiles(), true);
      state.releasedTo("");
    } else {
      FileSystem to = target.getFileSystem(conf);
      Path qualified = to.makeQualified(target);
      if (to.exists(qualified)) {
        throw new HbulkException(
            ExitCode.USAGE,
            "the HFiles are in "
                + tableDir
                + ", not moved: "
                + qualified
                + " appeared during the run; move them yourself");
      }
      to.mkdirs(qualified.getParent());
      if (!run.fs().exists(tableDir)) {
        // No cell at all: ImportTsv leaves an output directory all the same.
        to.mkdirs(qualified);
      } else if (run.fs().getUri().equals(to.getUri())) {
        FileMoves.rename(run.fs(), tableDir, qualified);
      } else {
        FileUtil.copy(run.fs(), tableDir, to, qualified, true, conf);
      }
      state.releasedTo(qualified.toString());
    }
    state.stage(RunState.Stage.RELEASED);
    // The files are gone from the run already: its state says so before the report is written,
    // or a process that died writing the report would leave a PREPARED run without its HFiles.
    run.writeState(state);
    return writeReport(run, state, regions);
  }

  private Map<String, List<RegionFiles>> inventory(
      RunDirectory run, Map<String, byte[][]> startKeys) throws IOException {
    Map<String, List<RegionFiles>> regions = new LinkedHashMap<>();
    for (Map.Entry<String, byte[][]> t : startKeys.entrySet()) {
      Path tableDir = HFileWriters.tableDirectory(run.hfiles(), t.getKey());
      regions.put(t.getKey(), HFileInventory.of(conf, tableDir, t.getValue()));
    }
    return regions;
  }

  private LoadReport writeReport(
      RunDirectory run, RunState state, Map<String, List<RegionFiles>> regions) throws IOException {
    LoadReport report =
        new LoadReport(state, regions, run.root().toString(), run.rejects().toString());
    // The report first, the state last: a process that dies in between (the page reads the rejects
    // for its examples, which takes a while) leaves the run in its earlier stage, which the next
    // command finishes and reports again. Written the other way round, a run left LOADED kept the
    // prepared run's report, or half a page, for good: complete does nothing on a loaded run.
    run.writeText(run.report(), report.toJson());
    ReportPage.write(run, report, conf);
    run.writeState(state);
    return report;
  }

  private void phase(String name, String detail) {
    log.println("hbulk: [" + name + "] " + detail);
  }
}
