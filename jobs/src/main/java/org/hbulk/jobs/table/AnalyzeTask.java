package org.hbulk.jobs.table;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.HeaderCheck;
import org.hbulk.jobs.load.InputSample;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * analyze's dry run, which writes nothing: samples the input (or reads it all) through the spec and
 * measures each output's keys and each table's spread over its regions, planned or current.
 */
public final class AnalyzeTask {
  /** The tables' region start keys as they are now, read from HBase only when asked for. */
  @FunctionalInterface
  public interface CurrentRegions {
    Map<String, List<byte[]>> startKeys(Collection<String> tables)
        throws HbulkException, IOException;
  }

  private final Configuration conf;
  private final PrintStream log;

  /**
   * @param log where the header check's notes go
   */
  public AnalyzeTask(Configuration conf, PrintStream log) {
    this.conf = conf;
    this.log = log;
  }

  /**
   * @param limit records to sample, spread over the files ({@link Integer#MAX_VALUE}: all)
   * @param regions regions of the planned split, or null for the spec's {@code [table] regions},
   *     else 16
   * @param current the tables' regions now, or null to spread over the regions create-table would
   *     make
   */
  public Analysis run(
      LoadSpec spec, List<String> inputs, int limit, Integer regions, CurrentRegions current)
      throws HbulkException, IOException, InterruptedException {
    HeaderCheck.check(conf, spec, inputs, log);
    List<byte[]> raw = InputSample.spread(conf, spec, inputs, limit);
    if (raw.isEmpty()) {
      throw new HbulkException(
          ExitCode.USAGE, "--input " + inputs + " matches no file with records");
    }
    KeySample keys = KeySample.of(spec, raw);
    long inputBytes = inputBytes(inputs);
    List<KeyAnalysis.KeyStats> stats = new ArrayList<>();
    for (int o = 0; o < spec.outputs().size(); o++) {
      stats.add(KeyAnalysis.stats(spec, keys, o));
    }
    List<KeyAnalysis.Spread> spreads = new ArrayList<>();
    List<String> plans = new ArrayList<>();
    Map<String, List<byte[]>> currentStarts =
        current != null ? current.startKeys(spec.tables()) : Map.of();
    for (String table : spec.tables()) {
      List<Integer> outs = SpecTables.outputIndexes(spec, table);
      List<SplitPlanner.WeightedKey> tableKeys = keys.keys(outs);
      List<byte[]> starts;
      if (current != null) {
        starts = currentStarts.get(table);
        plans.add(table + ": its " + starts.size() + " current region(s)");
      } else {
        List<OutputSpec> outputs = outs.stream().map(i -> spec.outputs().get(i)).toList();
        SplitPlanner.Plan plan =
            SplitPlanner.plan(
                outputs, spec.columns(), SpecTables.regions(spec, table, regions), tableKeys);
        starts = KeyAnalysis.starts(plan.points());
        plans.add(table + ": " + SpecTables.describe(plan, spec, table, regions));
      }
      spreads.add(KeyAnalysis.spread(table, starts, tableKeys));
    }
    return new Analysis(
        keys,
        inputBytes,
        stats,
        spreads,
        plans,
        warnings(spec, stats, spreads),
        KeyAnalysis.lint(spec),
        conf.getLong(HConstants.HREGION_MAX_FILESIZE, HConstants.DEFAULT_MAX_FILE_SIZE),
        conf.getInt("hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily", 32));
  }

  private static List<String> warnings(
      LoadSpec spec, List<KeyAnalysis.KeyStats> stats, List<KeyAnalysis.Spread> spreads) {
    List<String> warnings = new ArrayList<>(KeyWarnings.of(spec));
    for (KeyAnalysis.KeyStats s : stats) {
      KeyWarnings.keyLength(s.output(), s.meanLength()).ifPresent(warnings::add);
      if (s.rows() >= 100 && s.growingShare() >= 0.9) {
        warnings.add(
            String.format(
                Locale.ROOT,
                "[output %s] HOTSPOT: the leading key part grew in %.0f%% of"
                    + " consecutive records: the newest rows all go to one region",
                s.output(),
                100 * s.growingShare()));
      }
    }
    for (OutputSpec o : spec.outputs()) {
      spreads.stream()
          .filter(sp -> sp.table().equals(o.table()))
          .findFirst()
          .ifPresent(sp -> KeyWarnings.saltRegions(o, sp.rows().length).ifPresent(warnings::add));
    }
    return warnings;
  }

  private long inputBytes(List<String> inputs) throws IOException {
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
}
