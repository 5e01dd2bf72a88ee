package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.read.RowPrinter;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.record.RejectException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "scan",
    mixinStandardHelpOptions = true,
    description =
        "Prints rows of a table: each cell as ROW FAMILY:QUALIFIER @TIMESTAMP = VALUE. Keys "
            + "and values that are not UTF-8 text are shown with \\xHH for each raw byte, a "
            + "backslash in text as \\\\. Keys given to --prefix, --start-row and --stop-row are "
            + "read the same way (\\xHH in either case), so a printed key can be pasted back. With "
            + "--spec, values are decoded through the spec, each row's key parts printed, and "
            + "--prefix may give the leading key columns (COLUMN=VALUE,...): one scan per salt or "
            + "time bucket, as explain --prefix plans them.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk scan --table orders --limit 5",
      "  hbulk scan --table orders --start-row '3|u0042|' --stop-row '3|u0042}'",
      "  hbulk scan --table events --prefix '\\x05' --reversed",
      "  hbulk scan --table orders --columns d:status,m --versions 2",
      "  hbulk scan --table orders --time-range 1764000000000..1764086400000",
      "  hbulk scan --spec conf/examples/salted-events.spec --prefix ts=1454557420"
    })
final class ScanCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Mixin ReadOptions read;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "10",
      description = "Rows to print at most; 0 for all (default ${DEFAULT-VALUE}).")
  int limit;

  @Option(names = "--start-row", paramLabel = "KEY", description = "First row (inclusive).")
  String startRow;

  @Option(names = "--stop-row", paramLabel = "KEY", description = "Last row (exclusive).")
  String stopRow;

  @Option(
      names = "--prefix",
      paramLabel = "KEY",
      description = "Only rows starting with this; with --spec also COLUMN=VALUE,...")
  String prefix;

  @Option(
      names = "--reversed",
      description = "The same rows, last first (--start-row still names the lowest row).")
  boolean reversed;

  @Override
  public Integer call() throws Exception {
    if (limit < 0) {
      throw new HbulkException(ExitCode.USAGE, "--limit " + limit + ": 0 (all) or more");
    }
    Configuration conf = common.apply(parent.conf());
    ReadOptions.Target target = read.target(conf);
    List<KeyReader.Range> ranges = ranges(target);
    if (reversed) {
      ranges = new ArrayList<>(ranges);
      Collections.reverse(ranges);
    }
    List<Scan> scans = new ArrayList<>();
    for (KeyReader.Range range : ranges) {
      Scan scan = scan(range);
      read.applyTo(scan);
      scans.add(scan);
    }
    RowPrinter printer = new RowPrinter(target.decoder(), parent.out());
    boolean more = false;
    TableName name = Tables.name("--table", target.table());
    try (Connection connection = Connections.open(conf);
        Table t = Tables.existing(connection, name)) {
      for (Scan scan : scans) {
        if (limit > 0) {
          // One row more than is left to print tells whether the limit cut the range short.
          scan.setLimit(limit - printer.rows() + 1);
        }
        try (ResultScanner scanner = t.getScanner(scan)) {
          for (Result r : scanner) {
            if (limit > 0 && printer.rows() == limit) {
              more = true;
              break;
            }
            printer.print(r);
          }
        }
        if (more) {
          break;
        }
      }
    }
    if (more) {
      printer.printTotalCutAt(limit);
    } else {
      printer.printTotal();
    }
    return 0;
  }

  /** {@code [start, stop)} as a scan, read from the stop end down with --reversed. */
  private Scan scan(KeyReader.Range range) {
    if (!reversed) {
      return new Scan().withStartRow(range.start()).withStopRow(range.stop());
    }
    return new Scan()
        .withStartRow(range.stop(), false)
        .withStopRow(range.start(), true)
        .setReversed(true);
  }

  /** The row ranges to scan, in key order. */
  private List<KeyReader.Range> ranges(ReadOptions.Target target) throws HbulkException {
    Map<String, String> parts =
        prefix == null ? null : ReadOptions.keyParts(prefix, target.decoder());
    if (parts != null) {
      if (startRow != null || stopRow != null) {
        throw new HbulkException(
            ExitCode.USAGE,
            "--prefix COLUMN=VALUE plans its own scans: leave out --start-row/--stop-row");
      }
      try {
        KeyReader.Plan plan = target.decoder().keyReader().prefixPlan(parts);
        for (String caveat : plan.caveats()) {
          parent.err().println("warning: --prefix " + prefix + ": " + caveat);
        }
        return plan.scans();
      } catch (RejectException | IllegalArgumentException e) {
        throw new HbulkException(ExitCode.USAGE, "--prefix " + prefix + ": " + e.getMessage());
      }
    }
    byte[] start = new byte[0];
    byte[] stop = new byte[0];
    if (prefix != null) {
      start = KeyOption.parse("--prefix", prefix);
      stop = KeyReader.nextPrefix(start);
    }
    if (startRow != null) {
      start = KeyOption.parse("--start-row", startRow);
    }
    if (stopRow != null) {
      stop = KeyOption.parse("--stop-row", stopRow);
    }
    return List.of(new KeyReader.Range(start, stop));
  }
}
