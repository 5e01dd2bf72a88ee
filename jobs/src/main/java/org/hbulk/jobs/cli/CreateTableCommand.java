package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.table.CreateTablePlanner;
import org.hbulk.jobs.table.CreateTableTask;
import org.hbulk.jobs.table.TableCreator;
import org.hbulk.jobs.table.TableLayout;
import org.hbulk.jobs.table.TablePlan;
import org.hbulk.mappers.expr.KeyText;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "create-table",
    mixinStandardHelpOptions = true,
    description = {
      "Creates the tables a spec loads into, pre-split to match the row key: one region "
          + "per salt bucket; even slices of the hash space for hash-prefixed keys; for other keys, cuts "
          + "at byte quantiles of a sample of --input run through the key expression. Families and "
          + "table settings come from the spec's [family NAME] and [table NAME] sections.",
      "Idempotent: a table that exists and matches the spec is left alone (exit 0); one that differs "
          + "is listed field by field and refused (exit 4) unless --alter. Never re-splits."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk create-table --spec conf/examples/orders.spec",
      "  hbulk create-table --spec users.spec --input 'data/users-*.csv' --regions 16",
      "  hbulk create-table --table events --family e --split-points 2,4,6,8",
      "  hbulk create-table --spec orders.spec --alter"
    })
final class CreateTableCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Mixin JsonOption json;

  @Option(
      names = {"-s", "--spec"},
      paramLabel = "FILE",
      description = "Take the tables, families and settings from this load spec.")
  String spec;

  @Option(
      names = "--table",
      paramLabel = TableOption.LABEL,
      description =
          "Only this table (repeatable; default: every table of the spec). A table the spec does not"
              + " name: TABLE alone for a spec with one [output], OUTPUT=TABLE for one output of a spec with several.")
  List<String> tableOptions = new ArrayList<>();

  @Option(
      names = "--family",
      paramLabel = "NAME",
      description = "A column family (repeatable; default: the spec's families of the table).")
  List<String> families = new ArrayList<>();

  @ArgGroup(exclusive = true)
  SplitOptions splits;

  @Option(
      names = "--regions",
      paramLabel = "R",
      description =
          "Regions for hash-prefixed or sampled keys (default: the spec's [table] regions, else 16).")
  Integer regions;

  @Option(
      names = {"-i", "--input"},
      paramLabel = "PATH",
      description =
          "CSV to sample for split points when the key has neither salt nor hash in front (repeatable).")
  List<String> inputs = new ArrayList<>();

  @Option(
      names = "--sample",
      paramLabel = "N",
      defaultValue = "100000",
      description = "Records to sample from --input (default ${DEFAULT-VALUE}).")
  int sample;

  @Option(
      names = "--alter",
      description = "Change an existing table's family and table settings to the spec's.")
  boolean alter;

  @Option(
      names = "--if-not-exists",
      description = "Accept an existing table even if it differs (differences are printed).")
  boolean ifNotExists;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    TableOption.Selection selection = TableOption.select(spec, conf, tableOptions);
    List<String> tables = selection.tables();
    for (String t : tables) {
      Tables.name("--table", t);
    }
    if (tables.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "give --spec or --table");
    }
    // Everything the command line and the spec decide is checked before HBase is contacted.
    List<TablePlan> plans =
        new CreateTablePlanner(conf, parent.err())
            .plan(
                new CreateTablePlanner.Request(
                    selection.spec(),
                    tables,
                    new TreeSet<>(families),
                    SplitOptions.of(splits),
                    regions,
                    inputs,
                    sample));
    boolean differs = false;
    List<CreateTableTask.Result> results = new ArrayList<>();
    try (Connection connection = Connections.open(conf);
        Admin admin = connection.getAdmin()) {
      CreateTableTask task = new CreateTableTask(admin, alter);
      for (TablePlan plan : plans) {
        CreateTableTask.Result result = task.apply(plan);
        results.add(result);
        differs |= json.json ? result.outcome() == TableCreator.Outcome.DIFFERS : print(result);
      }
    }
    if (json.json) {
      parent.out().print(CreateTableJson.of(results, differs && !ifNotExists));
      parent.out().flush();
    }
    if (differs && !ifNotExists) {
      throw new HbulkException(
          ExitCode.HBASE,
          "left unchanged; run again with --alter to apply the"
              + " differences (hbulk never re-splits a table)");
    }
    return 0;
  }

  /** Prints what became of a table; true when it exists and differs from the spec. */
  private boolean print(CreateTableTask.Result result) {
    String name = result.plan().name();
    List<byte[]> points = result.plan().points();
    String diffs = String.join("\n  ", result.differences());
    switch (result.outcome()) {
      case CREATED ->
          parent
              .out()
              .println(
                  "created table "
                      + name
                      + " with "
                      + (points.size() + 1)
                      + " region(s), "
                      + result.plan().how()
                      + describe(points)
                      + TableLayout.describe(result.plan().descriptor()));
      case UNCHANGED ->
          parent
              .out()
              .println(
                  "table "
                      + name
                      + " exists and matches the spec; nothing to do"
                      + (result.regionsNow() != points.size() + 1
                          ? " (it has "
                              + result.regionsNow()
                              + " regions, the plan "
                              + (points.size() + 1)
                              + "; hbulk never re-splits)"
                          : result.startsAsPlanned()
                              ? ""
                              : " (its "
                                  + result.regionsNow()
                                  + " regions start at other keys than the plan's "
                                  + result.plan().how()
                                  + describe(points)
                                  + "; hbulk never re-splits)"));
      case ALTERED -> parent.out().println("table " + name + " altered:\n  " + diffs);
      case DIFFERS ->
          parent.out().println("table " + name + " exists and differs from the spec:\n  " + diffs);
    }
    return result.outcome() == TableCreator.Outcome.DIFFERS;
  }

  private static String describe(List<byte[]> points) {
    if (points.isEmpty()) {
      return "";
    }
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < Math.min(points.size(), 8); i++) {
      shown.add(KeyText.format(points.get(i)));
    }
    return ", split at " + String.join(", ", shown) + (points.size() > 8 ? ", ..." : "");
  }
}
