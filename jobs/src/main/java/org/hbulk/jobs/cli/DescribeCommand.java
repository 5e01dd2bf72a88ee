package org.hbulk.jobs.cli;

import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.read.TableDescription;
import org.hbulk.jobs.read.TableReport;
import picocli.CommandLine.Command;

@Command(
    name = "describe",
    mixinStandardHelpOptions = true,
    description =
        "Shows a table as HBase holds it: each family's settings under the HBase shell's "
            + "names (VERSIONS, TTL, COMPRESSION, DATA_BLOCK_ENCODING, BLOOMFILTER, BLOCKSIZE, "
            + "IN_MEMORY, REPLICATION_SCOPE...), and each region with its start and end keys, its "
            + "server, and the store files and sizes its server reports (in whole megabytes: a few "
            + "kilobytes show as 1).",
    footerHeading = "%nExamples:%n",
    footer = {"  hbulk describe --table orders", "  hbulk describe --table orders --json"})
final class DescribeCommand extends TableReportCommand {

  @Override
  TableReport report(Connection connection, TableName name) throws IOException {
    return TableDescription.describe(connection, name);
  }
}
