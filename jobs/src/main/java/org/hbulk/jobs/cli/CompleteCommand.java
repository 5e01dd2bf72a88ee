package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.load.BulkLoad;
import org.hbulk.jobs.load.LoadReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "complete",
    mixinStandardHelpOptions = true,
    description = {
      "Loads the HFiles of a prepared run into its table with BulkLoadHFiles. "
          + "Safe to repeat: a run already loaded is left alone."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk complete --run-dir hbulk-runs/orders/20261123-020000-000",
      "  hbulk complete --run-dir var/runs/o1 --accept-rejects"
    })
final class CompleteCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Mixin StrictOption strict;

  @Mixin JsonOption json;

  @Option(
      names = "--run-dir",
      required = true,
      paramLabel = "DIR",
      description = "The run directory 'prepare' wrote.")
  String runDir;

  @Option(
      names = "--accept-rejects",
      description = "Load even though the rejects exceeded the budget.")
  boolean acceptRejects;

  @Override
  public Integer call() throws Exception {
    Configuration conf = strict.apply(common.apply(parent.conf()));
    CommonOptions.refuseSpecOverrides(conf, "complete");
    try (Connection connection = Connections.open(conf)) {
      LoadReport report =
          new BulkLoad(conf, connection, parent.out(), parent.err(), json.format())
              .complete(new Path(runDir), acceptRejects);
      json.format().print(report, parent.out());
    }
    return 0;
  }
}
