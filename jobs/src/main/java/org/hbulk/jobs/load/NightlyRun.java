package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * One nightly load of a spec for one date, safe to run again: a date already loaded from the same
 * spec and tables is a no-op (unless forced), one loaded from another spec or other tables is
 * refused (unless forced), a run of the date that stopped before it ended is finished as {@link
 * BulkLoad#resume} finishes it and then loaded (a prepared one too, whether {@code hbulk prepare}
 * or a load prepared it), so that a normal return always means the date is loaded, and old run
 * directories of the identity are pruned. The run directory is {@code
 * <hbulk.work.dir>/<identity>/<date>}; the cell timestamp {@code run-start} is the start of the
 * date in the given zone, so a forced re-run writes the very same cells.
 */
public final class NightlyRun {
  private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE;

  private final Configuration conf;
  private final Connection connection;
  private final PrintStream out;
  private final PrintStream log;
  private final ReportFormat format;

  /**
   * @param format how the report of a run that stops is printed on {@code out}
   */
  public NightlyRun(
      Configuration conf,
      Connection connection,
      PrintStream out,
      PrintStream log,
      ReportFormat format) {
    this.format = format;
    this.conf = conf;
    this.connection = connection;
    this.out = out;
    this.log = log;
  }

  /**
   * The input path for a date: {date} is 2026-11-22, {yyyyMMdd} 20261122, {yyyy} {MM} {dd} its
   * parts.
   */
  public static String expand(String template, LocalDate date) {
    return template
        .replace("{date}", date.format(DAY))
        .replace("{yyyyMMdd}", date.format(DateTimeFormatter.BASIC_ISO_DATE))
        .replace("{yyyy}", String.format(Locale.ROOT, "%04d", date.getYear()))
        .replace("{MM}", String.format(Locale.ROOT, "%02d", date.getMonthValue()))
        .replace("{dd}", String.format(Locale.ROOT, "%02d", date.getDayOfMonth()));
  }

  /**
   * One date of a nightly: the spec, the identity its runs are kept under, the input path template
   * ({@link #expand}), the zone that says when the date starts, whether to replace a run already
   * there, and how many days of run directories to keep (0: all).
   */
  public record Request(
      LoadSpec spec,
      NightlyIdentity identity,
      String inputTemplate,
      LocalDate date,
      ZoneId zone,
      boolean force,
      int keepDays) {}

  /**
   * Loads the date; returns the report, or throws with the exit code that says why not. Either way
   * the identity's index page is rewritten with the date's outcome.
   */
  public LoadReport run(Request request) throws HbulkException, IOException, InterruptedException {
    try {
      return runDate(request);
    } finally {
      writeIndex(request.identity());
    }
  }

  /** The index is a view of the runs: failing to write it never changes a run's outcome. */
  private void writeIndex(NightlyIdentity identity) {
    Path dir = identity.dir(conf);
    try {
      if (dir.getFileSystem(conf).exists(dir)) {
        log.println(
            "hbulk: nightly index " + NightlyIndexPage.write(conf, dir, identity.toString()));
      }
    } catch (IOException | RuntimeException e) {
      log.println("hbulk: warning: could not write the nightly index in " + dir + ": " + e);
    }
  }

  private LoadReport runDate(Request request)
      throws HbulkException, IOException, InterruptedException {
    LoadSpec spec = request.spec();
    NightlyIdentity identity = request.identity();
    LocalDate date = request.date();
    int keepDays = request.keepDays();
    Path dir = identity.runDir(conf, date);
    RunDirectory run = RunDirectory.at(conf, dir);
    FileSystem fs = run.fs();
    BulkLoad load = new BulkLoad(conf, connection, out, log, format);
    LoadReport report;
    RunState state = run.hasState() ? run.readState() : null;
    if (state != null && !request.force()) {
      List<String> changes = LoadFingerprint.of(run, state).differences(LoadFingerprint.of(spec));
      if (!changes.isEmpty()) {
        throw new HbulkException(
            ExitCode.RUN_CHANGED,
            date
                + " of nightly "
                + identity
                + " was "
                + describe(state.stage())
                + " from another spec than this run's ("
                + dir
                + "): "
                + String.join("; ", changes)
                + ". The earlier"
                + " spec is in "
                + run.spec()
                + "; "
                + (state.stage() == RunState.Stage.LOADING
                    ? "part of that run is in the table: finish it first with its own spec (hbulk resume --run-dir "
                        + dir
                        + "), then, if this spec is right, run again with --force to replace it"
                    : "if this one is right, add --force to replace that run (it is kept as "
                        + dir.getName()
                        + ".replaced-<millis>)"));
      }
      switch (state.stage()) {
        case LOADED ->
            throw new HbulkException(
                ExitCode.NOTHING_TO_DO,
                date + " is already loaded (" + dir + "); add --force to load it again");
        case PREPARED, PREPARING, LOADING -> {
          log.println(
              "hbulk: " + date + " was " + describe(state.stage()) + ": finishing that run");
          if (state.stage() == RunState.Stage.PREPARING) {
            requireInput(state.resolvedInputs(), date);
          }
          // A nightly run loads, whichever command prepared the date: resume stops at PREPARED when
          // 'hbulk prepare' wrote the run, whether it found it prepared or prepared it again.
          report =
              state.stage() == RunState.Stage.PREPARED
                  ? load.complete(dir, false)
                  : load.resume(dir);
          if (report.state().stage() == RunState.Stage.PREPARED) {
            report = load.complete(dir, false);
          }
          prune(fs, identity.dir(conf), date, keepDays, log);
          return loaded(report, date, dir);
        }
        case OVER_BUDGET ->
            throw new HbulkException(
                ExitCode.REJECTS_OVER_BUDGET,
                date
                    + ": "
                    + state.budgetViolation()
                    + "; see "
                    + run.rejects()
                    + ", fix the input and run with --force,"
                    + " or load the good records: hbulk complete --run-dir "
                    + dir
                    + " --accept-rejects");
        case COLLISIONS ->
            throw new HbulkException(
                ExitCode.COLLISIONS,
                date
                    + ": "
                    + state.collisionViolation()
                    + "; run with --force after fixing the key or the collision policy");
      }
    }
    String input = expand(request.inputTemplate(), date);
    requireInput(List.of(input), date);
    // Refused before an earlier run of the date is set aside, not after (prepare checks it too).
    ResolvedInputs.of(conf, List.of(input)).refuseInside(fs.makeQualified(dir));
    if (state != null) {
      load.stopJobOf(state);
    }
    if (fs.exists(dir)) {
      Path aside = RunPaths.setAside(dir, System.currentTimeMillis());
      log.println(
          "hbulk: "
              + (state != null
                  ? "--force: keeping the earlier run as "
                  : "an earlier run died before" + " preparing; keeping what it left as ")
              + aside);
      FileMoves.rename(fs, dir, aside);
    }
    long partitionStart = date.atStartOfDay(request.zone()).toInstant().toEpochMilli();
    load.prepare(spec, List.of(input), dir, partitionStart, RunState.Mode.LOAD);
    report = load.complete(dir, false);
    prune(fs, identity.dir(conf), date, keepDays, log);
    return loaded(report, date, dir);
  }

  /**
   * The report of a run that loaded the date; anything else is an error, never a normal return: the
   * caller's exit 0 tells the scheduler the date is loaded.
   */
  static LoadReport loaded(LoadReport report, LocalDate date, Path dir) throws HbulkException {
    RunState.Stage stage = report.state().stage();
    if (stage != RunState.Stage.LOADED) {
      throw new HbulkException(
          ExitCode.INTERNAL,
          date
              + " was left "
              + describe(stage)
              + ", not loaded ("
              + dir
              + "); finish it with: hbulk "
              + (stage == RunState.Stage.PREPARED ? "complete" : "resume")
              + " --run-dir "
              + dir);
    }
    return report;
  }

  /** Exit 12 unless the inputs, all together, hold a file the job reads. */
  private void requireInput(List<String> inputs, LocalDate date)
      throws HbulkException, IOException {
    String input = String.join(", ", inputs);
    boolean matched = false;
    for (String each : inputs) {
      Path pattern = new Path(each);
      FileStatus[] matches = pattern.getFileSystem(conf).globStatus(pattern);
      matched |= matches != null && matches.length > 0;
    }
    if (!matched) {
      throw noInput(date, input + " matches no file");
    }
    // A folder made before its files arrive is no input either: loaded as 0 records, the date
    // would count as loaded and the dump be skipped when it comes.
    if (InputSample.files(conf, inputs).isEmpty()) {
      throw noInput(date, input + " " + ResolvedInputs.holdsNoFile());
    }
  }

  private static HbulkException noInput(LocalDate date, String why) {
    return new HbulkException(
        ExitCode.NO_INPUT,
        "no input for "
            + date
            + ": "
            + why
            + "; nothing was loaded. If the dump is late, run again when it is there (same"
            + " command, --date "
            + date
            + ")");
  }

  /** A night's stage in words, as the nightly messages and the index page say it. */
  static String describe(RunState.Stage stage) {
    return switch (stage) {
      case LOADED -> "loaded";
      case PREPARING -> "stopped while preparing";
      case PREPARED -> "prepared (not loaded yet)";
      case LOADING -> "stopped while loading (partly loaded)";
      case OVER_BUDGET -> "prepared over the reject budget";
      case COLLISIONS -> "prepared with cell collisions";
      case RELEASED -> "prepared, its HFiles moved out or deleted";
    };
  }

  /**
   * Deletes what runs of one identity left for dates more than {@code keepDays} before {@code
   * date}: run directories ({@code <date>}, loaded or not, and those of runs that died) and the
   * earlier runs kept by --force or a restart ({@code <date>.replaced-<millis>}). Nothing else in
   * {@code identityDir} (files, directories of {@code hbulk load} runs, anything named otherwise)
   * is touched.
   */
  public static void prune(
      FileSystem fs, Path identityDir, LocalDate date, int keepDays, PrintStream log)
      throws IOException {
    if (keepDays <= 0 || !fs.exists(identityDir)) {
      return;
    }
    LocalDate oldestKept = date.minusDays(keepDays);
    for (FileStatus f : fs.listStatus(identityDir)) {
      // Runs of the identity only, by name (RunPaths): not ours to delete otherwise.
      Optional<LocalDate> day =
          f.isDirectory() ? RunPaths.nightlyDate(f.getPath().getName()) : Optional.empty();
      if (day.isPresent() && day.get().isBefore(oldestKept)) {
        fs.delete(f.getPath(), true);
        log.println("hbulk: pruned " + f.getPath());
      }
    }
  }
}
