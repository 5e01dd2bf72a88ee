package org.hbulk.jobs.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.read.RowPrinter;
import org.hbulk.mappers.record.RejectException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "get",
    mixinStandardHelpOptions = true,
    description =
        "Prints one row, as scan does: ROW FAMILY:QUALIFIER @TIMESTAMP = VALUE. --key is the "
            + "row key in the key notation (\\xHH for a raw byte, \\\\ for a backslash). With "
            + "--spec, --key may instead give the values of the key's columns (COLUMN=VALUE,..., "
            + "written as in the CSV): the key is built as the load builds it. Values are then "
            + "decoded through the spec (binary(amount) as the number) and the row's key parts "
            + "printed.",
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk get --table orders --key '3|u00042|7'",
      "  hbulk get --table orders --key '3|u00042|7' --columns d:status --versions 3",
      "  hbulk get --spec md5-daily.spec --key user=aaa,day=20190103,seq=101",
      "  hbulk get --table events --key '\\x05abc' --time-range 1700000000000.."
    })
final class GetCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Mixin ReadOptions read;

  @Option(
      names = "--key",
      required = true,
      paramLabel = "KEY",
      description = "The row key, or with --spec the key's columns: COLUMN=VALUE,...")
  String key;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    ReadOptions.Target target = read.target(conf);
    Get get = new Get(rowKey(target));
    read.applyTo(get);
    RowPrinter printer = new RowPrinter(target.decoder(), parent.out());
    TableName name = Tables.name("--table", target.table());
    try (Connection connection = Connections.open(conf);
        Table t = Tables.existing(connection, name)) {
      printer.print(t.get(get));
    }
    printer.printTotal();
    return 0;
  }

  private byte[] rowKey(ReadOptions.Target target) throws HbulkException {
    Map<String, String> parts = ReadOptions.keyParts(key, target.decoder());
    if (parts == null) {
      return KeyOption.parse("--key", key);
    }
    try {
      return target.decoder().keyReader().getKey(parts);
    } catch (RejectException | IllegalArgumentException e) {
      throw new HbulkException(ExitCode.USAGE, "--key " + key + ": " + e.getMessage());
    }
  }
}
