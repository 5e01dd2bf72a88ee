package org.hbulk.jobs.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.read.RowCount;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "count",
    mixinStandardHelpOptions = true,
    description =
        "Counts a table's rows (a scan of one key per row, region by region), and with --regions prints each region's rows with its start and end keys in the key notation.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk count --table orders",
      "  hbulk count --table orders --regions",
      "  hbulk count --table orders --regions --json"
    })
final class CountCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table.")
  String table;

  @Option(names = "--regions", description = "Also the rows of each region.")
  boolean regions;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    TableName name = Tables.name("--table", table);
    RowCount count;
    try (Connection connection = Connections.open(conf)) {
      Tables.requireExisting(connection, List.of(table));
      count = RowCount.count(connection, name, regions);
    }
    if (json) {
      parent.out().print(count.toJson());
    } else {
      count.printText(parent.out());
    }
    return 0;
  }
}
