package org.hbulk.jobs.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.io.output.TeeOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.LoadReport;
import org.hbulk.jobs.load.NightlyIdentity;
import org.hbulk.jobs.load.NightlyLock;
import org.hbulk.jobs.load.NightlyRun;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "nightly",
    mixinStandardHelpOptions = true,
    description = {
      "Loads one date's input of a spec; safe to run again, and never twice at once.",
      "A run is known by its identity: --name, else the spec's base name and the tables it writes after overrides",
      "(orders@orders). It takes the identity's lock (<hbulk.nightly.lock.dir>/<identity>.lock; held: exit 11).",
      "A date already loaded from the same spec text, overrides and tables is a no-op (exit 10); loaded or prepared",
      "from another spec or other tables, it is refused with what changed (exit 13); --force replaces either.",
      "A run of the date that stopped before it ended is finished as 'hbulk resume' does (a prepared one is loaded);",
      "no input file for the date is exit 12;",
      "an empty input loads 0 records. Cell timestamps 'run-start' are the start of the date, so a forced re-run",
      "writes the same cells and adds no versions. Run directory: <hbulk.work.dir>/<identity>/<date>."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk nightly --spec orders.spec \\",
      "      --input-template 'hdfs:///dumps/{date}/orders-*.csv.gz'",
      "  hbulk nightly --spec orders.spec \\",
      "      --input-template 'data/{yyyyMMdd}.csv' --date 2026-11-22 --force",
      "  hbulk nightly --spec eu/orders.spec --name orders-eu \\",
      "      --input-template 'hdfs:///eu/{date}/*.csv'"
    })
final class NightlyCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin JobRunOptions jobRun;

  @Option(
      names = {"-s", "--spec"},
      required = true,
      paramLabel = "FILE",
      description = "The load spec.")
  String spec;

  @Option(
      names = "--input-template",
      required = true,
      paramLabel = "PATH",
      description =
          "Input path with the date in it: {date} (2026-11-22), {yyyyMMdd}, {yyyy}, {MM}, {dd}.")
  String template;

  @Option(
      names = "--date",
      paramLabel = "YYYY-MM-DD",
      description = "The date to load (default: yesterday in --zone).")
  LocalDate date;

  @Option(
      names = "--zone",
      paramLabel = "ZONE",
      defaultValue = "UTC",
      description = "Time zone of the dates (default ${DEFAULT-VALUE}).")
  ZoneId zone;

  @Option(
      names = "--name",
      paramLabel = "NAME",
      description =
          "The run's identity (run directories, lock, log); default: <spec base name>@<tables>.")
  String name;

  @Option(
      names = "--force",
      description = "Load the date again even if it was loaded, or loaded from another spec.")
  boolean force;

  @Option(
      names = "--keep-days",
      paramLabel = "N",
      defaultValue = "30",
      description =
          "Delete run directories of dates older than N days (0: keep all; default ${DEFAULT-VALUE}).")
  int keepDays;

  @Override
  public Integer call() throws Exception {
    Configuration conf = jobRun.conf(parent);
    LoadSpec loaded = SpecFiles.load(spec, conf, Map.of());
    NightlyIdentity identity =
        name != null ? NightlyIdentity.named(name) : NightlyIdentity.of(loaded);
    LocalDate day = date != null ? date : LocalDate.now(zone).minusDays(1);
    if (keepDays < 0) {
      throw new HbulkException(ExitCode.USAGE, "--keep-days must be 0 or more");
    }
    // Taken before anything is read or written: a run that finds it held leaves even the log alone.
    try (NightlyLock lock = NightlyLock.take(identity.lockFile(conf), identity)) {
      // Everything this run says also goes to <run dir>/nightly.log, kept with its report.
      ByteArrayOutputStream said = new ByteArrayOutputStream();
      PrintStream out =
          new PrintStream(new TeeOutputStream(parent.out(), said), true, StandardCharsets.UTF_8);
      PrintStream log =
          new PrintStream(new TeeOutputStream(parent.err(), said), true, StandardCharsets.UTF_8);
      Path runDir = identity.runDir(conf, day);
      log.println(
          "hbulk: nightly "
              + identity
              + " ("
              + loaded.source()
              + ") for "
              + day
              + " at "
              + Instant.now()
              + ", holding "
              + lock.file());
      try (Connection connection = Connections.open(conf)) {
        LoadReport report =
            new NightlyRun(conf, connection, out, log, jobRun.format())
                .run(
                    new NightlyRun.Request(loaded, identity, template, day, zone, force, keepDays));
        jobRun.format().print(report, out);
      } catch (HbulkException e) {
        // Main prints the message on the terminal; the log gets it with its exit code.
        said.writeBytes(
            ("hbulk: " + e.getMessage() + " (exit " + e.exitCode().code() + ")\n")
                .getBytes(StandardCharsets.UTF_8));
        throw e;
      } finally {
        appendLog(conf, runDir, said.toString(StandardCharsets.UTF_8));
      }
    }
    return 0;
  }

  private static void appendLog(Configuration conf, Path runDir, String text) {
    try {
      RunDirectory run = RunDirectory.at(conf, runDir);
      if (!run.fs().exists(run.root())) {
        return;
      }
      Path file = new Path(run.root(), "nightly.log");
      String before = run.fs().exists(file) ? run.readText(file) : "";
      // Rewritten rather than appended: not every file system supports append.
      run.writeText(file, before + text);
    } catch (IOException e) {
      // The log is a convenience: a run that worked does not fail over it.
    }
  }
}
