package org.hbulk.jobs.cli;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.read.TableReport;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** A command that reads one existing table and prints a report on it, as text or JSON. */
abstract class TableReportCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table.")
  String table;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  abstract TableReport report(Connection connection, TableName name) throws IOException;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    TableName name = Tables.name("--table", table);
    TableReport report;
    try (Connection connection = Connections.open(conf)) {
      Tables.requireExisting(connection, List.of(table));
      report = report(connection, name);
    }
    if (json) {
      parent.out().print(report.toJson());
    } else {
      report.printText(parent.out());
    }
    return 0;
  }
}
