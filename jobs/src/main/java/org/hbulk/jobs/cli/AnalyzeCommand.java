package org.hbulk.jobs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.HeaderCheck;
import org.hbulk.jobs.load.InputSample;
import org.hbulk.jobs.load.LoadReport;
import org.hbulk.jobs.table.KeyAnalysis;
import org.hbulk.jobs.table.KeySample;
import org.hbulk.jobs.table.SplitPlanner;
import org.hbulk.mappers.Json;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "analyze", mixinStandardHelpOptions = true,
    description = {"A dry run that writes nothing: samples the input (or reads all of it), runs it through "
        + "the spec, and reports per output the key lengths, duplicate keys and whether the leading key "
        + "part grows with the input; per table how the rows spread over the regions create-table would "
        + "make (or, with --current, over the table's regions now), with a histogram and the max/mean "
        + "skew, and the HFiles to expect per region and family; a preview of the rejects; notes on the "
        + "families (how many, name length, versions, TTL)."},
    footerHeading = "%nExamples:%n",
    footer = {
        "  hbulk analyze --spec conf/examples/orders.spec --input var/data/orders.csv",
        "  hbulk analyze --spec events.spec --input 'dumps/*.csv.gz' --all --regions 32 --json",
        "  hbulk analyze --spec orders.spec --input orders.csv --current"})
final class AnalyzeCommand implements Callable<Integer> {
  @ParentCommand
  HbulkCommand parent;

  @Mixin
  CommonOptions common;

  @Option(names = {"-s", "--spec"}, required = true, paramLabel = "FILE", description = "The load spec.")
  String spec;

  @Option(names = {"-i", "--input"}, required = true, paramLabel = "PATH", description = "CSV input (repeatable).")
  List<String> inputs = new ArrayList<>();

  @Option(names = "--sample", paramLabel = "N", defaultValue = "100000",
      description = "Records to sample, spread over the files (default ${DEFAULT-VALUE}).")
  int sample;

  @Option(names = "--all", description = "Read every record instead of a sample.")
  boolean all;

  @Option(names = "--regions", paramLabel = "R",
      description = "Regions of the proposed split for keys without salt (default: [table] regions, else 16).")
  Integer regions;

  @Option(names = "--current", description = "Spread over the tables' regions as they are now (needs HBase).")
  boolean current;

  @Option(names = "--json", description = "Print JSON instead of text.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec loaded = SpecFiles.load(spec, conf, Map.of());
    HeaderCheck.check(conf, loaded, inputs, parent.err());
    List<byte[]> raw = InputSample.spread(conf, loaded, inputs, all ? Integer.MAX_VALUE : sample);
    if (raw.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "--input " + inputs + " matches no file with records");
    }
    KeySample keys = KeySample.of(loaded, raw);
    long inputBytes = inputBytes(conf);
    double scale = keys.rawBytes() == 0 ? 0 : (double) inputBytes / keys.rawBytes();

    List<KeyAnalysis.KeyStats> stats = new ArrayList<>();
    for (int o = 0; o < loaded.outputs().size(); o++) {
      stats.add(KeyAnalysis.stats(loaded, keys, o));
    }
    List<KeyAnalysis.Spread> spreads = new ArrayList<>();
    List<String> plans = new ArrayList<>();
    Map<String, List<byte[]>> currentStarts = current ? currentStarts(conf, loaded) : Map.of();
    for (String table : loaded.tables()) {
      List<Integer> outs = new ArrayList<>();
      for (int o = 0; o < loaded.outputs().size(); o++) {
        if (loaded.outputs().get(o).table().equals(table)) {
          outs.add(o);
        }
      }
      List<SplitPlanner.WeightedKey> tableKeys = keys.keys(outs);
      List<byte[]> starts;
      if (current) {
        starts = currentStarts.get(table);
        plans.add(table + ": its " + starts.size() + " current region(s)");
      } else {
        int r = regions != null ? regions
            : loaded.tableSettings(table).plannedRegions();
        List<OutputSpec> outputs = outs.stream().map(i -> loaded.outputs().get(i)).toList();
        SplitPlanner.Plan plan = SplitPlanner.plan(outputs, loaded.columns(), r, tableKeys);
        starts = KeyAnalysis.starts(plan.points());
        plans.add(table + ": " + plan.description());
      }
      spreads.add(KeyAnalysis.spread(table, starts, tableKeys));
    }
    List<String> warnings = new ArrayList<>(KeyWarnings.of(loaded));
    for (KeyAnalysis.KeyStats s : stats) {
      KeyWarnings.keyLength(s.output(), s.meanLength()).ifPresent(warnings::add);
      if (s.rows() >= 100 && s.growingShare() >= 0.9) {
        warnings.add(String.format(Locale.ROOT, "[output %s] HOTSPOT: the leading key part grew in %.0f%% of"
            + " consecutive records: the newest rows all go to one region", s.output(), 100 * s.growingShare()));
      }
    }
    for (OutputSpec o : loaded.outputs()) {
      spreads.stream().filter(sp -> sp.table().equals(o.table())).findFirst()
          .ifPresent(sp -> KeyWarnings.saltRegions(o, sp.rows().length).ifPresent(warnings::add));
    }
    long maxFile = conf.getLong(HConstants.HREGION_MAX_FILESIZE, HConstants.DEFAULT_MAX_FILE_SIZE);
    int maxFiles = conf.getInt("hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily", 32);
    PrintStream out = parent.out();
    if (json) {
      out.print(json(keys, stats, spreads, plans, warnings, KeyAnalysis.lint(loaded), scale, maxFile, maxFiles));
      return allRejected(keys);
    }
    out.printf(Locale.ROOT, "sampled %,d record(s), %,d byte(s) of %,d (x%.1f to the whole input); %,d would be rejected%n",
        keys.records(), keys.rawBytes(), inputBytes, scale, keys.rejects().size());
    for (KeyAnalysis.KeyStats s : stats) {
      out.printf(Locale.ROOT, "[output %s] keys: min %d, mean %.1f, max %d bytes; %,d key bytes repeated in the"
          + " cells of each record; %,d duplicate key(s) in the sample; leading part grew in %.0f%% of"
          + " consecutive records%n", s.output(), s.minLength(), s.meanLength(), s.maxLength(),
          s.keyBytesPerRecord(), s.duplicates(), 100 * s.growingShare());
    }
    for (int t = 0; t < spreads.size(); t++) {
      KeyAnalysis.Spread sp = spreads.get(t);
      out.printf(Locale.ROOT, "table %s over %s; skew (max/mean) rows %.2f, bytes %.2f%n", sp.table(), plans.get(t),
          sp.rowSkew(), sp.byteSkew());
      out.print(KeyAnalysis.histogram(sp));
      long worst = (long) (Arrays.stream(sp.bytes()).max().orElse(0) * scale);
      long files = Math.max(1, (worst + maxFile - 1) / maxFile);
      out.printf(Locale.ROOT, "  projected: the fullest region gets %s, about %d HFile(s) per family (limit %d per"
          + " region and family: hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily)%s%n",
          LoadReport.bytes(worst), files, maxFiles, files > maxFiles ? "  OVER THE LIMIT: add regions" : "");
    }
    keys.rejects().stream().limit(5).forEach(r -> out.println("reject " + r.reason() + ": " + r.message()
        + ": " + r.record()));
    KeyAnalysis.lint(loaded).forEach(n -> out.println("note: " + n));
    warnings.forEach(w -> out.println("warning: " + w));
    return allRejected(keys);
  }

  /** 0, or exit 15 when no sampled record would load: a load of this input would reject it all. */
  private int allRejected(KeySample keys) throws HbulkException {
    if (keys.records() == 0 || keys.rejects().size() < keys.records()) {
      return 0;
    }
    Map<String, List<KeySample.Reject>> byReason = new java.util.LinkedHashMap<>();
    keys.rejects().forEach(r -> byReason.computeIfAbsent(r.reason(), k -> new ArrayList<>()).add(r));
    List<String> top = byReason.values().stream()
        .sorted(java.util.Comparator.comparingInt((List<KeySample.Reject> l) -> l.size()).reversed())
        .limit(3)
        .map(l -> String.format(Locale.ROOT, "%s %,d (e.g. %s)", l.get(0).reason(), l.size(), l.get(0).message()))
        .toList();
    throw new HbulkException(ExitCode.ALL_REJECTED, String.format(Locale.ROOT, "every one of the %,d sampled"
        + " record(s) would be rejected: %s. Check [csv] and [columns] against the input (hbulk explain"
        + " --input FILE shows each record's fields)", keys.records(), String.join("; ", top)));
  }

  private long inputBytes(Configuration conf) throws Exception {
    long total = 0;
    for (String input : inputs) {
      Path p = new Path(input);
      FileStatus[] matches = p.getFileSystem(conf).globStatus(p);
      for (FileStatus m : matches == null ? new FileStatus[0] : matches) {
        total += p.getFileSystem(conf).getContentSummary(m.getPath()).getLength();
      }
    }
    return total;
  }

  private static Map<String, List<byte[]>> currentStarts(Configuration conf, LoadSpec loaded) throws Exception {
    Map<String, List<byte[]>> starts = new java.util.LinkedHashMap<>();
    try (Connection connection = Connections.open(conf)) {
      Tables.requireExisting(connection, loaded.tables());
      for (String table : loaded.tables()) {
        try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
          starts.put(table, Arrays.asList(locator.getStartKeys()));
        }
      }
    }
    return starts;
  }

  private static String json(KeySample keys, List<KeyAnalysis.KeyStats> stats, List<KeyAnalysis.Spread> spreads,
      List<String> plans, List<String> warnings, List<String> notes, double scale, long maxFile, int maxFiles) {
    StringBuilder b = new StringBuilder("{\n");
    b.append("  \"sampled_records\": ").append(keys.records()).append(",\n");
    b.append("  \"sampled_bytes\": ").append(keys.rawBytes()).append(",\n");
    b.append("  \"scale_to_input\": ").append(String.format(Locale.ROOT, "%.4f", scale)).append(",\n");
    b.append("  \"outputs\": [");
    String sep = "\n";
    for (KeyAnalysis.KeyStats s : stats) {
      b.append(sep).append(String.format(Locale.ROOT, "    {\"output\": %s, \"table\": %s, \"rows\": %d,"
          + " \"key_min\": %d, \"key_mean\": %.2f, \"key_max\": %d, \"key_bytes_per_record\": %d,"
          + " \"duplicates\": %d, \"leading_growing_share\": %.4f}", Json.quote(s.output()), Json.quote(s.table()),
          s.rows(), s.minLength(), s.meanLength(), s.maxLength(), s.keyBytesPerRecord(), s.duplicates(),
          s.growingShare()));
      sep = ",\n";
    }
    b.append("\n  ],\n  \"tables\": [");
    sep = "\n";
    for (int t = 0; t < spreads.size(); t++) {
      KeyAnalysis.Spread sp = spreads.get(t);
      long worst = (long) (Arrays.stream(sp.bytes()).max().orElse(0) * scale);
      b.append(sep).append("    {\"table\": ").append(Json.quote(sp.table())).append(", \"plan\": ")
          .append(Json.quote(plans.get(t))).append(String.format(Locale.ROOT, ", \"row_skew\": %.4f, \"byte_skew\": %.4f",
              sp.rowSkew(), sp.byteSkew()))
          .append(", \"projected_hfiles_per_family_worst_region\": ").append(Math.max(1, (worst + maxFile - 1) / maxFile))
          .append(", \"hfile_limit\": ").append(maxFiles).append(", \"regions\": [");
      String rsep = "";
      for (int i = 0; i < sp.rows().length; i++) {
        b.append(rsep).append("{\"start\": ").append(Json.quote(Bytes.toStringBinary(sp.starts().get(i))))
            .append(", \"rows\": ").append(sp.rows()[i]).append(", \"bytes\": ").append(sp.bytes()[i]).append('}');
        rsep = ", ";
      }
      b.append("]}");
      sep = ",\n";
    }
    b.append("\n  ],\n  \"rejects_preview\": [");
    sep = "";
    for (KeySample.Reject r : keys.rejects().stream().limit(5).toList()) {
      b.append(sep).append("{\"reason\": ").append(Json.quote(r.reason())).append(", \"message\": ")
          .append(Json.quote(r.message())).append(", \"record\": ").append(Json.quote(r.record())).append('}');
      sep = ", ";
    }
    b.append("],\n  \"warnings\": [").append(String.join(", ", warnings.stream().map(Json::quote).toList()))
        .append("],\n  \"notes\": [").append(String.join(", ", notes.stream().map(Json::quote).toList()))
        .append("]\n}\n");
    return b.toString();
  }
}
