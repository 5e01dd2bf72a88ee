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
    name = "load",
    mixinStandardHelpOptions = true,
    description = {
      "Loads CSV into an existing table: writes HFiles with a MapReduce job (partitioned "
          + "by region), checks the reject budget, then hands the HFiles to HBase with BulkLoadHFiles.",
      "Same as 'prepare' followed by 'complete'."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk load --spec conf/examples/orders.spec --input var/data/orders.csv",
      "  hbulk load -s orders.spec -i 'hdfs:///dumps/2026-11-22/' --max-rejects 100",
      "  hbulk load -s orders.spec -i orders.csv.gz --table orders_test \\",
      "      -D hbulk.spec.csv.header=true",
      "  hbulk load -s orders-index.spec -i orders.csv \\",
      "      --table orders=orders_test --table index=orders_idx_test"
    })
final class LoadCommand implements Callable<Integer> {
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
              .run(spec, source.inputs, source.runDir(), RunState.Mode.LOAD);
      jobRun.format().print(report, parent.out());
    }
    return 0;
  }
}
