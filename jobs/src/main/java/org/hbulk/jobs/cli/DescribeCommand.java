package org.hbulk.jobs.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.read.TableDescription;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "describe",
    mixinStandardHelpOptions = true,
    description =
        "Shows a table as HBase holds it: each family's settings under the HBase shell's names (VERSIONS, TTL, COMPRESSION, DATA_BLOCK_ENCODING, BLOOMFILTER, BLOCKSIZE, IN_MEMORY, REPLICATION_SCOPE...), and each region with its start and end keys, its server, and the store files and sizes its server reports (in whole megabytes: a few kilobytes show as 1).",
    footerHeading = "%nExamples:%n",
    footer = {"  hbulk describe --table orders", "  hbulk describe --table orders --json"})
final class DescribeCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table.")
  String table;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    TableName name = Tables.name("--table", table);
    TableDescription description;
    try (Connection connection = Connections.open(conf)) {
      Tables.requireExisting(connection, List.of(table));
      description = TableDescription.describe(connection, name);
    }
    if (json) {
      parent.out().print(description.toJson());
    } else {
      description.printText(parent.out());
    }
    return 0;
  }
}
