package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.load.LoadReport;
import org.hbulk.jobs.load.LoadTask;
import org.hbulk.jobs.load.RunState;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "prepare",
    mixinStandardHelpOptions = true,
    description = {
      "Writes the HFiles of a load into a run directory without loading them; "
          + "'complete' loads them later. Checks the reject budget."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk prepare --spec conf/examples/orders.spec \\",
      "      --input var/data/orders.csv --run-dir var/runs/o1",
      "  hbulk complete --run-dir var/runs/o1"
    })
final class PrepareCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin JobRunOptions jobRun;

  @Mixin SourceOptions source;

  @Override
  public Integer call() throws Exception {
    Configuration conf = jobRun.conf(parent);
    LoadSpec spec = source.spec(conf);
    try (Connection connection = Connections.open(conf)) {
      LoadReport report =
          new LoadTask(conf, connection, parent.out(), parent.err(), jobRun.format())
              .run(spec, source.inputs, source.runDir(), RunState.Mode.PREPARE);
      if (jobRun.json()) {
        jobRun.format().print(report, parent.out());
      } else {
        parent.out().print(report.toText());
        parent.out().println("next: hbulk complete --run-dir " + report.runDir());
      }
    }
    return 0;
  }
}
