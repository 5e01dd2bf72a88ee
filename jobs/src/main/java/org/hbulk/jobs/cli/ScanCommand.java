package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbulk.mappers.expr.KeyText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "scan",
    mixinStandardHelpOptions = true,
    description = {
      "Prints rows of a table: each cell as ROW FAMILY:QUALIFIER @TIMESTAMP = VALUE.",
      "Keys and values that are not UTF-8 text are shown with \\xHH for each raw byte, a backslash",
      "in text as \\\\. Keys given to --prefix, --start-row and --stop-row are read the same way",
      "(\\xHH in either case), so a printed key can be pasted back."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk scan --table orders --limit 5",
      "  hbulk scan --table orders --start-row '3|u0042|' --stop-row '3|u0042}'",
      "  hbulk scan --table events --prefix '\\x05'"
    })
final class ScanCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(names = "--table", required = true, paramLabel = "NAME", description = "The table.")
  String table;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "10",
      description = "Rows to print at most (default ${DEFAULT-VALUE}).")
  int limit;

  @Option(names = "--start-row", paramLabel = "KEY", description = "First row (inclusive).")
  String startRow;

  @Option(names = "--stop-row", paramLabel = "KEY", description = "Last row (exclusive).")
  String stopRow;

  @Option(names = "--prefix", paramLabel = "KEY", description = "Only rows starting with this.")
  String prefix;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    Scan scan = new Scan().setLimit(limit);
    if (prefix != null) {
      scan.setStartStopRowForPrefixScan(KeyOption.parse("--prefix", prefix));
    }
    if (startRow != null) {
      scan.withStartRow(KeyOption.parse("--start-row", startRow));
    }
    if (stopRow != null) {
      scan.withStopRow(KeyOption.parse("--stop-row", stopRow));
    }
    TableName name = Tables.name("--table", table);
    int rows = 0;
    try (Connection connection = Connections.open(conf);
        Table t = Tables.existing(connection, name);
        ResultScanner scanner = t.getScanner(scan)) {
      for (Result r : scanner) {
        rows++;
        for (Cell c : r.rawCells()) {
          parent
              .out()
              .println(
                  KeyText.format(CellUtil.cloneRow(c))
                      + "  "
                      + KeyText.format(CellUtil.cloneFamily(c))
                      + ":"
                      + KeyText.format(CellUtil.cloneQualifier(c))
                      + " @"
                      + c.getTimestamp()
                      + " = "
                      + KeyText.format(CellUtil.cloneValue(c)));
        }
      }
    }
    parent.out().println("(" + rows + " row" + (rows == 1 ? "" : "s") + ")");
    return 0;
  }
}
