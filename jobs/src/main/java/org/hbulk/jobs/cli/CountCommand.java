package org.hbulk.jobs.cli;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.read.RowCount;
import org.hbulk.jobs.read.TableReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
    name = "count",
    mixinStandardHelpOptions = true,
    description =
        "Counts a table's rows (a scan of one key per row, region by region), and with "
            + "--regions prints each region's rows with its start and end keys in the key notation.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk count --table orders",
      "  hbulk count --table orders --regions",
      "  hbulk count --table orders --regions --json"
    })
final class CountCommand extends TableReportCommand {
  @Option(names = "--regions", description = "Also the rows of each region.")
  boolean regions;

  @Override
  TableReport report(Connection connection, TableName name) throws IOException {
    return RowCount.count(connection, name, regions);
  }
}
