package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Scan;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.read.SpecDecoder;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import picocli.CommandLine.Option;

/** What get and scan read of each row, and the spec they read it through. */
final class ReadOptions {
  @Option(
      names = "--table",
      paramLabel = "NAME",
      description = "The table (default with --spec: the table of its output).")
  String table;

  @Option(
      names = {"-s", "--spec"},
      paramLabel = "FILE",
      description =
          "Decode values and key parts through this load spec, and take keys as key parts"
              + " (COLUMN=VALUE,...).")
  String spec;

  @Option(
      names = "--output",
      paramLabel = "NAME",
      description =
          "The [output] of --spec to read through (needed when several write the table, or"
              + " none does under that name).")
  String output;

  @Option(
      names = "--columns",
      paramLabel = "FAMILY[:QUALIFIER]",
      split = ",",
      description = "Only these families or columns (qualifiers in the key notation).")
  List<String> columns = new ArrayList<>();

  @Option(
      names = "--time-range",
      paramLabel = "FROM..[TO]",
      description = "Only cells with FROM <= timestamp < TO (epoch milliseconds; no TO: no end).")
  String timeRange;

  @Option(
      names = "--timestamp",
      paramLabel = "TS",
      description = "Only cells with exactly this timestamp (epoch milliseconds).")
  Long timestamp;

  @Option(
      names = "--versions",
      paramLabel = "N",
      description = "Versions of each column to show, newest first (default 1).")
  Integer versions;

  /** The table and decoder these options name. */
  record Target(String table, SpecDecoder decoder) {}

  Target target(Configuration conf) throws HbulkException {
    if (spec == null) {
      if (table == null) {
        throw new HbulkException(ExitCode.USAGE, "give --table, or --spec to read its table");
      }
      if (output != null) {
        throw new HbulkException(ExitCode.USAGE, "--output needs --spec");
      }
      return new Target(table, SpecDecoder.RAW);
    }
    LoadSpec loaded = SpecFiles.load(spec, conf, Map.of());
    List<OutputSpec> candidates = new ArrayList<>();
    for (OutputSpec o : loaded.outputs()) {
      if (output != null ? o.name().equals(output) : table == null || o.table().equals(table)) {
        candidates.add(o);
      }
    }
    if (candidates.isEmpty() && output == null && loaded.outputs().size() == 1) {
      // A one-output spec loaded into another table with load --table.
      candidates.add(loaded.outputs().get(0));
    }
    List<String> names = loaded.outputs().stream().map(OutputSpec::name).toList();
    if (candidates.size() != 1) {
      throw new HbulkException(
          ExitCode.USAGE,
          (candidates.isEmpty()
                  ? (output != null
                      ? "the spec has no [output " + output + "]"
                      : "no output of the spec writes table " + table)
                  : "the spec has several outputs for this table: say which with --output")
              + " (outputs: "
              + String.join(", ", names)
              + ")");
    }
    OutputSpec chosen = candidates.get(0);
    return new Target(table != null ? table : chosen.table(), SpecDecoder.of(loaded, chosen));
  }

  void applyTo(Get get) throws HbulkException {
    forEachColumn(get::addFamily, get::addColumn);
    long[] range = timeRange();
    try {
      if (range != null) {
        get.setTimeRange(range[0], range[1]);
      }
      if (timestamp != null) {
        get.setTimestamp(timestamp);
      }
      if (versions != null) {
        get.readVersions(positiveVersions());
      }
    } catch (java.io.IOException e) {
      throw new HbulkException(ExitCode.USAGE, "--time-range " + timeRange + ": " + e.getMessage());
    }
  }

  void applyTo(Scan scan) throws HbulkException {
    forEachColumn(scan::addFamily, scan::addColumn);
    long[] range = timeRange();
    try {
      if (range != null) {
        scan.setTimeRange(range[0], range[1]);
      }
    } catch (java.io.IOException e) {
      throw new HbulkException(ExitCode.USAGE, "--time-range " + timeRange + ": " + e.getMessage());
    }
    if (timestamp != null) {
      scan.setTimestamp(timestamp);
    }
    if (versions != null) {
      scan.readVersions(positiveVersions());
    }
  }

  private void forEachColumn(
      java.util.function.Consumer<byte[]> family,
      java.util.function.BiConsumer<byte[], byte[]> column)
      throws HbulkException {
    for (String c : columns) {
      byte[][] fq = column(c);
      if (fq[1] == null) {
        family.accept(fq[0]);
      } else {
        column.accept(fq[0], fq[1]);
      }
    }
  }

  private int positiveVersions() throws HbulkException {
    if (versions < 1) {
      throw new HbulkException(ExitCode.USAGE, "--versions " + versions + ": at least 1");
    }
    return versions;
  }

  /** {@code [from, to)}, or null without {@code --time-range}. */
  long[] timeRange() throws HbulkException {
    if (timeRange == null) {
      return null;
    }
    if (timestamp != null) {
      throw new HbulkException(ExitCode.USAGE, "give --time-range or --timestamp, not both");
    }
    int dots = timeRange.indexOf("..");
    try {
      if (dots <= 0) {
        throw new NumberFormatException();
      }
      long from = Long.parseLong(timeRange.substring(0, dots).strip());
      String to = timeRange.substring(dots + 2).strip();
      long[] range = {from, to.isEmpty() ? Long.MAX_VALUE : Long.parseLong(to)};
      if (range[0] < 0 || range[1] < range[0]) {
        throw new NumberFormatException();
      }
      return range;
    } catch (NumberFormatException e) {
      throw new HbulkException(
          ExitCode.USAGE,
          "--time-range " + timeRange + ": takes FROM..TO or FROM.. in epoch milliseconds");
    }
  }

  private static byte[][] column(String text) throws HbulkException {
    int colon = text.indexOf(':');
    String family = colon < 0 ? text : text.substring(0, colon);
    if (family.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "--columns " + text + ": no family");
    }
    return new byte[][] {
      KeyOption.parse("--columns", family),
      colon < 0 ? null : KeyOption.parse("--columns", text.substring(colon + 1))
    };
  }

  /**
   * Key parts ({@code COLUMN=VALUE,...}, every COLUMN a column of the spec's key), or null when
   * {@code text} is a raw key: without a spec, or when some item is not such a pair.
   */
  static Map<String, String> keyParts(String text, SpecDecoder decoder) {
    List<String> keyColumns = decoder.keyColumns();
    if (keyColumns.isEmpty()) {
      return null;
    }
    Map<String, String> parts = new LinkedHashMap<>();
    for (String item : text.split(",", -1)) {
      int eq = item.indexOf('=');
      if (eq <= 0 || !keyColumns.contains(item.substring(0, eq).strip())) {
        return null;
      }
      parts.put(item.substring(0, eq).strip(), item.substring(eq + 1));
    }
    return parts;
  }
}
