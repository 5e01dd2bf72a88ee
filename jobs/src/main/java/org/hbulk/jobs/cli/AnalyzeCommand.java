package org.hbulk.jobs.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.table.Analysis;
import org.hbulk.jobs.table.AnalyzeTask;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
      "A dry run that writes nothing: samples the input (or reads all of it), runs it through "
          + "the spec, and reports per output the key lengths, duplicate keys and whether the leading key "
          + "part grows with the input; per table how the rows spread over the regions create-table would "
          + "make (or, with --current, over the table's regions now), with a histogram and the max/mean "
          + "skew, and the HFiles to expect per region and family; a preview of the rejects; notes on the "
          + "families (how many, name length, versions, TTL)."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk analyze --spec conf/examples/orders.spec --input var/data/orders.csv",
      "  hbulk analyze --spec events.spec --input 'dumps/*.csv.gz' --all \\",
      "      --regions 32 --json",
      "  hbulk analyze --spec orders.spec --input orders.csv --current"
    })
final class AnalyzeCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(
      names = {"-s", "--spec"},
      required = true,
      paramLabel = "FILE",
      description = "The load spec.")
  String spec;

  @Option(
      names = {"-i", "--input"},
      required = true,
      paramLabel = "PATH",
      description = "CSV input (repeatable).")
  List<String> inputs = new ArrayList<>();

  @Option(
      names = "--sample",
      paramLabel = "N",
      defaultValue = "100000",
      description = "Records to sample, spread over the files (default ${DEFAULT-VALUE}).")
  int sample;

  @Option(names = "--all", description = "Read every record instead of a sample.")
  boolean all;

  @Option(
      names = "--regions",
      paramLabel = "R",
      description =
          "Regions of the proposed split for keys without salt (default: [table] regions, else 16).")
  Integer regions;

  @Option(
      names = "--current",
      description = "Spread over the tables' regions as they are now (needs HBase).")
  boolean current;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec loaded = SpecFiles.load(spec, conf, Map.of());
    Analysis analysis =
        new AnalyzeTask(conf, parent.err())
            .run(
                loaded,
                inputs,
                all ? Integer.MAX_VALUE : sample,
                regions,
                current ? tables -> currentStarts(conf, tables) : null);
    if (json) {
      parent.out().print(analysis.toJson());
    } else {
      analysis.printText(parent.out());
    }
    analysis.requireLoadableRecords();
    return 0;
  }

  private static Map<String, List<byte[]>> currentStarts(
      Configuration conf, Collection<String> tables) throws HbulkException, IOException {
    Map<String, List<byte[]>> starts = new LinkedHashMap<>();
    try (Connection connection = Connections.open(conf)) {
      Tables.requireExisting(connection, tables);
      for (String table : tables) {
        try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
          starts.put(table, Arrays.asList(locator.getStartKeys()));
        }
      }
    }
    return starts;
  }
}
