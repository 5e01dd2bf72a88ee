package org.hbulk.jobs.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.HeaderCheck;
import org.hbulk.jobs.load.InputSample;
import org.hbulk.jobs.table.ExplainJson;
import org.hbulk.jobs.table.KeyExplainer;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "explain",
    mixinStandardHelpOptions = true,
    description = {
      "Shows what a spec's row keys look like and how to read them back, without HBase:",
      "each sample record's key parts, key (text and hex) and length; the Get key of a natural key;",
      "the scans of a key prefix or a time range (one per salt or time bucket where the design fans",
      "out); a row key taken apart into its parts. Warns about keys that would hurt the table (a",
      "leading part that grows with time, long keys, parts that run into each other, a salt that does",
      "not match the regions), and says of each list of scans whether it is exact; where it cannot be,",
      "which rows to filter out and the key that would make it exact."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk explain --spec conf/examples/orders.spec \\",
      "      --input var/data/orders.csv --lines 3",
      "  hbulk explain --spec orders.spec \\",
      "      --line '7,u00042,2026-11-22 08:00:00,Lagos,3.5,paid,true,'",
      "  hbulk explain --spec orders.spec --get user_id=u00042 --get order_id=7",
      "  hbulk explain --spec orders.spec --prefix user_id=u00042",
      "  hbulk explain --spec events.spec --prefix user=aaa \\",
      "      --time-range 'ts=20190103..'",
      "  hbulk explain --spec orders.spec --decode '3|u00042|7'"
    })
final class ExplainCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Mixin JsonOption json;

  @Option(
      names = {"-s", "--spec"},
      required = true,
      paramLabel = "FILE",
      description = "The load spec.")
  String spec;

  @Option(
      names = {"-i", "--input"},
      paramLabel = "PATH",
      description =
          "Explain the first records of this CSV file (the first file of a directory or glob).")
  String input;

  @Option(
      names = "--lines",
      paramLabel = "N",
      defaultValue = "10",
      description = "How many records of --input (default ${DEFAULT-VALUE}).")
  int lines;

  @Option(names = "--line", paramLabel = "CSV", description = "Explain this record (repeatable).")
  List<String> records = new ArrayList<>();

  @Option(names = "--output", paramLabel = "NAME", description = "Only this [output] of the spec.")
  String output;

  @Option(
      names = "--get",
      paramLabel = "COLUMN=VALUE",
      split = ",",
      description = "Print the Get key of this natural key (every column of the key).")
  Map<String, String> get = new LinkedHashMap<>();

  @Option(
      names = "--prefix",
      paramLabel = "COLUMN=VALUE",
      split = ",",
      description = "Print the scans of rows whose leading key parts have these values.")
  Map<String, String> prefix = new LinkedHashMap<>();

  @Option(
      names = "--time-range",
      paramLabel = "COLUMN=FROM..[TO]",
      description =
          "Print the scans of rows whose time column lies in [FROM, TO) (TO left out: no end),"
              + " with the --prefix values fixed. Times are written as in the CSV.")
  String timeRange;

  @Option(
      names = "--decode",
      paramLabel = "ROWKEY",
      description =
          "Take a row key apart into its parts (\\xHH, either case, for a raw byte; \\\\ for a"
              + " backslash: keys as explain and scan print them).")
  String decode;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec loaded = SpecFiles.load(spec, conf, Map.of());
    // With --json the text goes nowhere and the same findings are printed as one document.
    PrintStream out = json.json ? new PrintStream(OutputStream.nullOutputStream()) : parent.out();
    ExplainJson found = new ExplainJson(loaded.source());
    byte[] decodeKey = decode == null ? null : KeyOption.parse("--decode", decode);
    List<OutputSpec> outputs = new ArrayList<>();
    for (OutputSpec o : loaded.outputs()) {
      if (output == null || o.name().equals(output)) {
        outputs.add(o);
      }
    }
    if (outputs.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "the spec has no [output " + output + "]");
    }
    for (String w : KeyWarnings.of(loaded)) {
      out.println("warning: " + w);
      found.warning(w);
    }
    List<byte[]> samples = new ArrayList<>();
    for (String r : records) {
      samples.add(r.getBytes(loaded.csv().charset()));
    }
    if (input != null) {
      samples.addAll(readInput(conf, loaded));
    }
    KeyExplainer explainer = new KeyExplainer(loaded, outputs, out, found);
    if (!samples.isEmpty()) {
      explainer.explainRecords(samples);
    }
    explainer.explainReads(new KeyExplainer.Reads(get, prefix, timeRange, decodeKey));
    if (json.json) {
      parent.out().print(found.toJson());
      parent.out().flush();
    }
    return 0;
  }

  private List<byte[]> readInput(Configuration conf, LoadSpec loaded) throws Exception {
    HeaderCheck.check(conf, loaded, List.of(input), parent.err());
    List<byte[]> found = InputSample.firstRecords(conf, loaded, input, lines);
    if (found.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "input " + input + " matches no file with records");
    }
    return found;
  }
}
