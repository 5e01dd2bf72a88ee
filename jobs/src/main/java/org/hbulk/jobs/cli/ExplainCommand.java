package org.hbulk.jobs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.HeaderCheck;
import org.hbulk.jobs.load.InputSample;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.expr.KeyText;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "explain", mixinStandardHelpOptions = true,
    description = {"Shows what a spec's row keys look like and how to read them back, without HBase:",
        "each sample record's key parts, key (text and hex) and length; the Get key of a natural key;",
        "the scans of a key prefix or a time range (one per salt or time bucket where the design fans",
        "out); a row key taken apart into its parts. Warns about keys that would hurt the table (a",
        "leading part that grows with time, long keys, parts that run into each other, a salt that does",
        "not match the regions), and says of each list of scans whether it is exact; where it cannot be,",
        "which rows to filter out and the key that would make it exact."},
    footerHeading = "%nExamples:%n",
    footer = {
        "  hbulk explain --spec conf/examples/orders.spec --input var/data/orders.csv --lines 3",
        "  hbulk explain --spec orders.spec --line '7,u00042,2026-11-22 08:00:00,Lagos,3.5,paid,true,'",
        "  hbulk explain --spec orders.spec --get user_id=u00042 --get order_id=7",
        "  hbulk explain --spec orders.spec --prefix user_id=u00042",
        "  hbulk explain --spec events.spec --prefix user=aaa --time-range 'ts=20190103..'",
        "  hbulk explain --spec orders.spec --decode '3|u00042|7'"})
final class ExplainCommand implements Callable<Integer> {
  @ParentCommand
  HbulkCommand parent;

  @Mixin
  CommonOptions common;

  @Option(names = {"-s", "--spec"}, required = true, paramLabel = "FILE", description = "The load spec.")
  String spec;

  @Option(names = {"-i", "--input"}, paramLabel = "PATH",
      description = "Explain the first records of this CSV file (the first file of a directory or glob).")
  String input;

  @Option(names = "--lines", paramLabel = "N", defaultValue = "10",
      description = "How many records of --input (default ${DEFAULT-VALUE}).")
  int lines;

  @Option(names = "--line", paramLabel = "CSV", description = "Explain this record (repeatable).")
  List<String> records = new ArrayList<>();

  @Option(names = "--output", paramLabel = "NAME", description = "Only this [output] of the spec.")
  String output;

  @Option(names = "--get", paramLabel = "COLUMN=VALUE", split = ",",
      description = "Print the Get key of this natural key (every column of the key).")
  Map<String, String> get = new LinkedHashMap<>();

  @Option(names = "--prefix", paramLabel = "COLUMN=VALUE", split = ",",
      description = "Print the scans of rows whose leading key parts have these values.")
  Map<String, String> prefix = new LinkedHashMap<>();

  @Option(names = "--time-range", paramLabel = "COLUMN=FROM..[TO]",
      description = "Print the scans of rows whose time column lies in [FROM, TO) (TO left out: no end),"
          + " with the --prefix values fixed. Times are written as in the CSV.")
  String timeRange;

  @Option(names = "--decode", paramLabel = "ROWKEY",
      description = "Take a row key apart into its parts (\\xHH, either case, for a raw byte; \\\\ for a"
          + " backslash: keys as explain and scan print them).")
  String decode;

  private PrintStream out;
  private byte[] decodeKey;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec loaded = SpecFiles.load(spec, conf, Map.of());
    out = parent.out();
    decodeKey = decode == null ? null : KeyOption.parse("--decode", decode);
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
    }
    List<byte[]> samples = new ArrayList<>();
    for (String r : records) {
      samples.add(r.getBytes(loaded.csv().charset()));
    }
    if (input != null) {
      samples.addAll(readInput(conf, loaded));
    }
    if (!samples.isEmpty()) {
      explainRecords(loaded, outputs, samples);
    }
    for (OutputSpec o : outputs) {
      KeyReader reader = new KeyReader(o.key(), loaded.columns());
      try {
        readPatterns(loaded, o, reader);
      } catch (IllegalArgumentException | RejectException e) {
        throw new HbulkException(ExitCode.USAGE, "[output " + o.name() + "] " + e.getMessage());
      }
    }
    return 0;
  }

  private void explainRecords(LoadSpec loaded, List<OutputSpec> outputs, List<byte[]> samples) {
    CsvRecordParser parser = new CsvRecordParser(loaded.csv());
    Record record = new Record(loaded.columns());
    Map<String, long[]> lengths = new HashMap<>();
    Map<String, Map<String, Integer>> seen = new HashMap<>();
    for (int n = 0; n < samples.size(); n++) {
      byte[] raw = samples.get(n);
      String text;
      try {
        text = parser.decode(raw, raw.length);
        out.println("record " + (n + 1) + ": " + text);
        record.load(parser.parse(text));
      } catch (RejectException e) {
        out.println("record " + (n + 1) + ": rejected, " + e.reason() + ": " + e.getMessage());
        continue;
      }
      for (OutputSpec o : outputs) {
        KeyReader reader = new KeyReader(o.key(), loaded.columns());
        String empty = emptyKeyColumn(o.key(), record);
        if (empty != null) {
          out.println("  [output " + o.name() + "] rejected, EMPTY_KEY_PART: '" + empty + "' is empty");
          continue;
        }
        try {
          List<byte[]> parts = reader.evaluate(record);
          byte[] key = concat(parts);
          out.printf(Locale.ROOT, "  [output %s] key %s  (%d bytes, hex %s)%n", o.name(),
              KeyText.format(key), key.length, Bytes.toHex(key));
          for (int i = 0; i < parts.size(); i++) {
            Expr part = reader.parts().get(i);
            byte[] b = parts.get(i);
            String shown = KeyText.format(b);
            String meaning = part.decode(b, 0, b.length);
            out.printf(Locale.ROOT, "      %-36s -> %s%s%n", part, shown,
                meaning == null || meaning.equals(shown) || meaning.equals(part.toString()) ? "" : "  (" + meaning + ")");
          }
          long[] l = lengths.computeIfAbsent(o.name(), k -> new long[] {Long.MAX_VALUE, 0, 0, 0});
          l[0] = Math.min(l[0], key.length);
          l[1] = Math.max(l[1], key.length);
          l[2] += key.length;
          l[3]++;
          Integer first = seen.computeIfAbsent(o.name(), k -> new HashMap<>()).putIfAbsent(Bytes.toHex(key), n + 1);
          if (first != null) {
            out.println("      duplicate: record " + (n + 1) + " has the same row key as record " + first
                + " (the later one overwrites cells of the earlier)");
          }
        } catch (RejectException e) {
          out.println("  [output " + o.name() + "] rejected, " + e.reason() + ": " + e.getMessage());
        }
      }
    }
    lengths.forEach((name, l) -> {
      double mean = (double) l[2] / l[3];
      out.printf(Locale.ROOT, "[output %s] key length over %d record(s): min %d, mean %.1f, max %d bytes%n",
          name, l[3], l[0], mean, l[1]);
      KeyWarnings.keyLength(name, mean).ifPresent(w -> out.println("warning: " + w));
    });
  }

  private void readPatterns(LoadSpec loaded, OutputSpec o, KeyReader reader) throws RejectException {
    String label = "[output " + o.name() + "] ";
    if (!get.isEmpty()) {
      byte[] key = reader.getKey(get);
      out.println(label + "Get " + KeyText.format(key) + "  (hex " + Bytes.toHex(key) + ")");
    }
    if (timeRange != null) {
      int eq = timeRange.indexOf('=');
      int dots = timeRange.indexOf("..");
      if (eq <= 0 || dots < eq) {
        throw new IllegalArgumentException("--time-range takes COLUMN=FROM..TO or COLUMN=FROM..");
      }
      String column = timeRange.substring(0, eq);
      long from = timeOf(loaded, column, timeRange.substring(eq + 1, dots));
      String toText = timeRange.substring(dots + 2);
      OptionalLong to = toText.isEmpty() ? OptionalLong.empty() : OptionalLong.of(timeOf(loaded, column, toText));
      printScans(label + "time range " + timeRange, reader.timeRangePlan(prefix, column, from, to));
    } else if (!prefix.isEmpty()) {
      printScans(label + "prefix " + prefix, reader.prefixPlan(prefix));
    }
    if (decode != null) {
      out.println(label + "decode " + KeyText.format(decodeKey));
      for (KeyReader.Part p : reader.decode(decodeKey)) {
        out.printf(Locale.ROOT, "      %-36s %-24s %s%n", p.expression(), KeyText.format(p.bytes()),
            p.meaning() == null ? "(not reversible)" : p.meaning());
      }
    }
  }

  private void printScans(String what, KeyReader.Plan plan) {
    out.println(what + ": " + plan.scans().size() + " scan(s)"
        + (plan.caveats().isEmpty() ? ", exact" : ", not exact (see the warnings)"));
    for (String caveat : plan.caveats()) {
      out.println("warning: " + what + ": " + caveat);
    }
    for (KeyReader.Range r : plan.scans()) {
      out.println("  scan start " + (r.start().length == 0 ? "(start of table)" : KeyText.format(r.start()))
          + "  stop " + (r.stop().length == 0 ? "(end of table)" : KeyText.format(r.stop())));
    }
  }

  /** A time written as in the CSV, read through its column's type. */
  private static long timeOf(LoadSpec loaded, String column, String text) throws RejectException {
    Column c = loaded.columns().stream().filter(x -> x.name().equals(column)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown column '" + column + "'"));
    List<String> fields = new ArrayList<>();
    for (Column x : loaded.columns()) {
      fields.add(x == c ? text : "");
    }
    Record r = new Record(loaded.columns());
    r.load(fields);
    return r.longValue(c.index());
  }

  private static String emptyKeyColumn(Expr key, Record record) {
    for (Column c : key.columns()) {
      if (record.isEmpty(c.index())) {
        return c.name();
      }
    }
    return null;
  }

  private List<byte[]> readInput(Configuration conf, LoadSpec loaded) throws Exception {
    HeaderCheck.check(conf, loaded, List.of(input), parent.err());
    List<byte[]> found = InputSample.firstRecords(conf, loaded, input, lines);
    if (found.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "input " + input + " matches no file with records");
    }
    return found;
  }

  private static byte[] concat(List<byte[]> parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] all = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, all, at, p.length);
      at += p.length;
    }
    return all;
  }
}
