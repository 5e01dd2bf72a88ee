package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.RunDirectory;
import org.hbulk.jobs.load.RunState;
import org.hbulk.jobs.load.Verifier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "verify",
    mixinStandardHelpOptions = true,
    description = {
      "Checks a finished load against its table; exit 9 when anything differs.",
      "Reads the run's input again through its own spec and checks every cell it makes in the table",
      "with Gets of every version (value and timestamp): all records of a load of at most --records, else",
      "--records records spread over the input. Prints what differs. A newer version of a checked column",
      "(which hides the loaded value) is a difference; so is an older one (what a second or interrupted load",
      "of the same cells leaves) unless --allow-older-versions."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk verify --run-dir var/runs/orders@orders/2026-11-22",
      "  hbulk verify --run-dir hbulk-runs/orders/20261123-020000-000 --records 5000"
    })
final class VerifyCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Mixin JsonOption json;

  @Option(
      names = "--run-dir",
      required = true,
      paramLabel = "DIR",
      description = "The run directory of the load.")
  String runDir;

  @Option(
      names = "--records",
      paramLabel = "N",
      defaultValue = "10000",
      description = "Records to check (default ${DEFAULT-VALUE}); a smaller load is checked whole.")
  int records;

  @Option(
      names = "--allow-older-versions",
      description =
          "The table keeps history on purpose (e.g. one version a night): older versions of the"
              + " loaded cells are counted, not differences.")
  boolean allowOlderVersions;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    CommonOptions.refuseSpecOverrides(conf, "verify");
    RunDirectory run = RunDirectory.at(conf, new Path(runDir));
    if (!run.hasState()) {
      throw new HbulkException(ExitCode.USAGE, runDir + " is not an hbulk run directory");
    }
    RunState state = run.readState();
    if (state.stage() != RunState.Stage.LOADED) {
      throw new HbulkException(
          ExitCode.USAGE, "run " + state.runId() + " is " + state.stage() + ", not loaded");
    }
    try (Connection connection = Connections.open(conf)) {
      Tables.requireExisting(connection, state.tables());
      Verifier.Result r = new Verifier(conf, connection).verify(run, records, allowOlderVersions);
      if (json.json) {
        parent.out().print(VerifyJson.of(state, r));
        parent.out().flush();
      } else {
        printText(state, r);
      }
      if (!r.differences().isEmpty()) {
        throw new HbulkException(
            ExitCode.VERIFY_FAILED,
            r.differences().size() + " difference(s) between the input and the table");
      }
    }
    return 0;
  }

  private void printText(RunState state, Verifier.Result r) {
    parent
        .out()
        .printf(
            "verified %,d record(s) (of %,d loaded): %,d row(s), %,d cell(s), %,d older version(s)"
                + " of them; %d difference(s)%n",
            r.records(),
            state.counts().loaded(),
            r.rows(),
            r.cells(),
            r.olderVersions(),
            r.differences().size());
    if (r.markers() > 0 || r.maskedCells() > 0) {
      parent
          .out()
          .printf(
              "  %,d of the cells are delete markers, their rows or columns absent as deleted;"
                  + " %,d cell(s) missing may be masked by deletions not read again%n",
              r.markers(), r.maskedCells());
    }
    if (r.expiredCells() > 0 || r.unseenLabelledCells() > 0) {
      parent
          .out()
          .printf(
              "  %,d cell(s) past their TTL, not looked for (HBase no longer returns them);"
                  + " %,d cell(s) with visibility labels this user does not see, not checked%n",
              r.expiredCells(), r.unseenLabelledCells());
    }
    if (r.collisionRows() > 0) {
      parent
          .out()
          .printf(
              "  %,d row(s) hold another record's cells, as the spec's collisions policy chose (the run"
                  + " counted %,d conflicting row(s))%n",
              r.collisionRows(), state.counts().collisions().rows());
    }
    r.differences().stream().limit(50).forEach(d -> parent.out().println("  " + d));
  }
}
