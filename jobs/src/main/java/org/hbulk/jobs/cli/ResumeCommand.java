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
    name = "resume",
    mixinStandardHelpOptions = true,
    description = {
      "Finishes a run that stopped before it ended (killed, crashed, HBase or the disk failed),"
          + " whatever phase it was in, and does what its command was asked to do.",
      "A run that stopped while its job wrote HFiles is prepared again from the spec, inputs and timestamps it"
          + " saved (what the dead job wrote is deleted first), then loaded if it was a load; a run that stopped"
          + " while loading loads the HFiles it still holds, so every cell is loaded once; a loaded run is left"
          + " alone. Refuses a run another live process works on (exit 17)."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk resume --run-dir var/runs/orders/20261123-020000-000",
      "  hbulk resume --run-dir hbulk-runs/orders@orders/2026-11-22"
    })
final class ResumeCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin JobRunOptions jobRun;

  @Option(
      names = "--run-dir",
      required = true,
      paramLabel = "DIR",
      description = "The run directory the stopped command printed.")
  String runDir;

  @Override
  public Integer call() throws Exception {
    Configuration conf = jobRun.conf(parent);
    CommonOptions.refuseSpecOverrides(conf, "resume");
    try (Connection connection = Connections.open(conf)) {
      LoadReport report =
          new BulkLoad(conf, connection, parent.out(), parent.err(), jobRun.format())
              .resume(new Path(runDir));
      jobRun.format().print(report, parent.out());
    }
    return 0;
  }
}
