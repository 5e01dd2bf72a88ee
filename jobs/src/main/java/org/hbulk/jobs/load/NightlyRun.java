package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * One nightly load of a spec for one date, safe to run again: a date already loaded is a no-op
 * (unless forced), a run whose HFiles were prepared resumes with completion only, a run that died
 * before preparing is started over, and old run directories are pruned. The run directory is
 * {@code <hbulk.work.dir>/<spec name>/<date>}; the cell timestamp {@code run-start} is the start of
 * the date in the given zone, so a forced re-run writes the very same cells.
 */
public final class NightlyRun {
  private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE;

  private final Configuration conf;
  private final Connection connection;
  private final PrintStream out;
  private final PrintStream log;

  public NightlyRun(Configuration conf, Connection connection, PrintStream out, PrintStream log) {
    this.conf = conf;
    this.connection = connection;
    this.out = out;
    this.log = log;
  }

  /** The input path for a date: {date} is 2026-11-22, {yyyyMMdd} 20261122, {yyyy} {MM} {dd} its parts. */
  public static String expand(String template, LocalDate date) {
    return template.replace("{date}", date.format(DAY))
        .replace("{yyyyMMdd}", date.format(DateTimeFormatter.BASIC_ISO_DATE))
        .replace("{yyyy}", String.format(Locale.ROOT, "%04d", date.getYear()))
        .replace("{MM}", String.format(Locale.ROOT, "%02d", date.getMonthValue()))
        .replace("{dd}", String.format(Locale.ROOT, "%02d", date.getDayOfMonth()));
  }

  public static Path runDir(Configuration conf, LoadSpec spec, LocalDate date) {
    String name = new Path(spec.source()).getName().replaceFirst("\\.[^.]*$", "");
    return new Path(new Path(conf.get(HbulkConf.WORK_DIR, HbulkConf.WORK_DIR_DEFAULT), name), date.format(DAY));
  }

  /** Loads the date; returns the report, or throws with the exit code that says why not. */
  public LoadReport run(LoadSpec spec, String inputTemplate, LocalDate date, ZoneId zone, boolean force,
      int keepDays) throws HbulkException, IOException, InterruptedException {
    Path dir = runDir(conf, spec, date);
    RunDirectory run = RunDirectory.at(conf, dir);
    FileSystem fs = run.fs();
    BulkLoad load = new BulkLoad(conf, connection, out, log);
    LoadReport report;
    if (run.hasState() && !force) {
      RunState state = run.readState();
      switch (state.stage()) {
        case LOADED -> throw new HbulkException(ExitCode.NOTHING_TO_DO, date + " is already loaded (" + dir
            + "); add --force to load it again");
        case PREPARED -> {
          log.println("hbulk: " + date + " was prepared but not loaded: resuming with completion only");
          report = load.complete(dir, false);
          prune(spec, date, keepDays);
          return report;
        }
        case OVER_BUDGET -> throw new HbulkException(ExitCode.REJECTS_OVER_BUDGET, date + ": "
            + state.budgetViolation() + "; see " + run.rejects() + ", fix the input and run with --force,"
            + " or load the good records: hbulk complete --run-dir " + dir + " --accept-rejects");
        case COLLISIONS -> throw new HbulkException(ExitCode.COLLISIONS, date + ": " + state.collisionViolation()
            + "; run with --force after fixing the key or the collision policy");
      }
    }
    String input = expand(inputTemplate, date);
    Path pattern = new Path(input);
    FileStatus[] matches = pattern.getFileSystem(conf).globStatus(pattern);
    if (matches == null || matches.length == 0) {
      throw new HbulkException(ExitCode.NOTHING_TO_DO, "no input for " + date + ": " + input + " matches no file");
    }
    if (fs.exists(dir)) {
      Path aside = new Path(dir.getParent(), dir.getName() + ".replaced-" + System.currentTimeMillis());
      log.println("hbulk: " + (run.hasState() ? "--force: keeping the earlier run as " : "an earlier run died before"
          + " preparing; keeping what it left as ") + aside);
      fs.rename(dir, aside);
    }
    long partitionStart = date.atStartOfDay(zone).toInstant().toEpochMilli();
    load.prepare(spec, List.of(input), dir, partitionStart, RunState.Mode.LOAD);
    report = load.complete(dir, false);
    prune(spec, date, keepDays);
    return report;
  }

  /** Deletes run directories of dates more than {@code keepDays} before {@code date}. */
  private void prune(LoadSpec spec, LocalDate date, int keepDays) throws IOException {
    if (keepDays <= 0) {
      return;
    }
    Path parent = runDir(conf, spec, date).getParent();
    FileSystem fs = parent.getFileSystem(conf);
    for (FileStatus f : fs.listStatus(parent)) {
      String name = f.getPath().getName();
      if (name.length() < 10) {
        continue;
      }
      try {
        LocalDate d = LocalDate.parse(name.substring(0, 10), DAY);
        if (d.isBefore(date.minusDays(keepDays))) {
          fs.delete(f.getPath(), true);
          log.println("hbulk: pruned " + f.getPath());
        }
      } catch (DateTimeParseException notARunOfADate) {
        // other directories are not ours to delete
      }
    }
  }
}
