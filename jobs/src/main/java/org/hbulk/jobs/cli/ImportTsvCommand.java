package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.importtsv.ImportTsvOptions;
import org.hbulk.jobs.importtsv.ImportTsvSpec;
import org.hbulk.jobs.load.LoadReport;
import org.hbulk.jobs.load.LoadTask;
import org.hbulk.jobs.load.RunState;
import org.hbulk.jobs.table.CreateTablePlanner;
import org.hbulk.jobs.table.CreateTableTask;
import org.hbulk.jobs.table.TablePlan;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "importtsv",
    mixinStandardHelpOptions = true,
    description = {
      "HBase's ImportTsv with its own -D options, turned into an ordinary load spec",
      "(--print-spec shows it) and run by hbulk's pipeline:",
      "  importtsv.columns: HBASE_ROW_KEY, HBASE_TS_KEY, HBASE_ATTRIBUTES_KEY,",
      "    HBASE_CELL_VISIBILITY, HBASE_CELL_TTL, family[:qualifier]",
      "  importtsv.separator: one character (default tab)",
      "  importtsv.bulk.output: leave the HFiles in this new directory, one folder",
      "    per family, for 'hbase completebulkload DIR TABLE'",
      "  importtsv.timestamp: every cell's timestamp (default: the run's start)",
      "  importtsv.skip.bad.lines: true (default): bad lines are rejects, the rest",
      "    loads; false: one bad line stops the run (exit 5)",
      "  importtsv.skip.empty.columns: true: an empty field writes no cell",
      "  importtsv.dry.run: prepare, then delete the HFiles",
      "  importtsv.log.bad.lines: accepted (bad lines are always in the rejects)",
      "  create.table: yes (default): create a missing table for a bulk output",
      "  no.strict: accepted; families are checked all the same",
      "Without a bulk output the HFiles are bulk-loaded: hbulk never writes Puts.",
      "Where hbulk differs on purpose: bad lines go to the run's rejects with",
      "their reasons, not to stderr; a table it creates is pre-split from a",
      "sample of INPUT, not one region; two lines giving one cell different",
      "values at one timestamp stop the load (exit 8; -D",
      "hbulk.spec.load.collisions=keep-last-record keeps the later line's);",
      "HBASE_CELL_TTL is decimal milliseconds; TTLs and labels reach the HFiles",
      "(ImportTsv 2.6's bulk output drops them); bytes that are not UTF-8 reject",
      "the line. The README's 'Coming from ImportTsv' lists every difference."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk importtsv -Dimporttsv.columns=HBASE_ROW_KEY,d:name users in.tsv",
      "  hbulk importtsv -Dimporttsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:v t in.tsv",
      "  hbulk importtsv -Dimporttsv.separator=, \\",
      "      -Dimporttsv.columns=HBASE_ROW_KEY,d \\",
      "      -Dimporttsv.bulk.output=/tmp/hfiles t in.csv",
      "  hbulk importtsv --print-spec -Dimporttsv.columns=HBASE_ROW_KEY,d:name users"
    })
final class ImportTsvCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin JobRunOptions jobRun;

  @Option(
      names = "--print-spec",
      description =
          "Print the load spec the options translate to, and stop (no cluster is contacted).")
  boolean printSpec;

  @Option(
      names = "--run-dir",
      paramLabel = "DIR",
      description =
          "The run's directory (rejects, report). Default: <hbulk.work.dir>/importtsv-<TABLE>/<run"
              + " id>.")
  String runDir;

  @Parameters(index = "0", paramLabel = "TABLE", description = "The table to load.")
  String table;

  @Parameters(
      index = "1..*",
      arity = "0..*",
      paramLabel = "INPUT",
      description = "TSV input: a file, a directory or a glob, plain or .gz/.bz2.")
  List<String> inputs = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    Configuration conf = jobRun.conf(parent);
    TableName name = Tables.name("TABLE", table);
    ImportTsvOptions options = ImportTsvOptions.from(conf);
    String text = ImportTsvSpec.text(options, table);
    LoadSpec spec = LoadSpec.parse(ImportTsvSpec.source(table), text, LoadSpec.overridesIn(conf));
    if (printSpec) {
      parent.out().print(spec.text());
      spec.overrides()
          .forEach(
              (k, v) ->
                  parent
                      .out()
                      .println(
                          "# and, from the command line: -D "
                              + HbulkConf.SPEC_OVERRIDE_PREFIX
                              + k
                              + "="
                              + v));
      return 0;
    }
    if (inputs.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "give the INPUT to load after TABLE");
    }
    Path bulkOutput = options.bulkOutput() == null ? null : new Path(options.bulkOutput());
    if (bulkOutput != null && !options.dryRun()) {
      FileSystem fs = bulkOutput.getFileSystem(conf);
      if (fs.exists(bulkOutput)) {
        throw new HbulkException(
            ExitCode.USAGE,
            ImportTsvOptions.BULK_OUTPUT
                + " "
                + fs.makeQualified(bulkOutput)
                + " already exists; give a new directory (as ImportTsv, hbulk never writes into"
                + " an existing one)");
      }
    }
    for (String note : options.notes()) {
      parent.err().println("hbulk: importtsv: " + note);
    }
    try (Connection connection = Connections.open(conf)) {
      boolean created = createIfAsked(conf, connection, name, spec, options);
      try {
        LoadTask task = new LoadTask(conf, connection, parent.out(), parent.err(), jobRun.format());
        boolean load = bulkOutput == null && !options.dryRun();
        LoadReport report =
            task.run(
                spec,
                inputs,
                runDir == null ? null : new Path(runDir),
                load ? RunState.Mode.LOAD : RunState.Mode.PREPARE);
        if (!load) {
          report = task.release(new Path(report.runDir()), options.dryRun() ? null : bulkOutput);
        }
        jobRun.format().print(report, parent.out());
        if (!load && !options.dryRun() && !jobRun.json()) {
          parent
              .out()
              .println("next: hbase completebulkload " + report.state().releasedTo() + " " + table);
        }
      } finally {
        if (created && options.dryRun()) {
          dropTable(connection, name);
        }
      }
    }
    return 0;
  }

  /**
   * Creates the table when it is missing and ImportTsv would create it (with a bulk output and
   * create.table=yes): pre-split from a sample of the input, families as the columns name them,
   * HBase's default settings. True when it was created.
   */
  private boolean createIfAsked(
      Configuration conf,
      Connection connection,
      TableName name,
      LoadSpec spec,
      ImportTsvOptions options)
      throws Exception {
    try (Admin admin = connection.getAdmin()) {
      if (admin.tableExists(name)) {
        return false;
      }
      if (options.bulkOutput() == null || !options.createTable()) {
        throw new HbulkException(
            ExitCode.HBASE,
            "table "
                + table
                + " does not exist"
                + (options.bulkOutput() == null
                    ? " (ImportTsv creates a table only with "
                        + ImportTsvOptions.BULK_OUTPUT
                        + "); create it with: hbulk create-table --table "
                        + table
                        + " --family "
                        + String.join(" --family ", options.columns().families())
                    : " and " + ImportTsvOptions.CREATE_TABLE + " is no"));
      }
      List<TablePlan> plans =
          new CreateTablePlanner(conf, parent.err())
              .plan(
                  new CreateTablePlanner.Request(
                      spec, List.of(table), new TreeSet<>(), null, null, inputs, 100_000));
      CreateTableTask.Result result = new CreateTableTask(admin, false).apply(plans.get(0));
      parent
          .err()
          .println(
              "hbulk: importtsv: created table "
                  + table
                  + " with "
                  + (result.plan().points().size() + 1)
                  + " region(s), "
                  + result.plan().how()
                  + (options.dryRun() ? "; it is deleted again after the dry run" : ""));
      return true;
    }
  }

  private void dropTable(Connection connection, TableName name) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      admin.disableTable(name);
      admin.deleteTable(name);
      parent.err().println("hbulk: importtsv: dry run: deleted table " + table + " again");
    }
  }
}
