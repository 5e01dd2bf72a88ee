package org.hbulk.jobs.table;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.HeaderCheck;
import org.hbulk.jobs.load.InputSample;
import org.hbulk.mappers.spec.FamilySettings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.spec.TableSettings;

/**
 * Plans the tables create-table makes, before HBase is asked anything: each table's descriptor
 * (families and settings from the spec, or the families given) and split points (given, or from the
 * key design: salt buckets, slices of a hash, or byte quantiles of a sample of the input).
 */
public final class CreateTablePlanner {
  /**
   * What the command line asks for, read and checked.
   *
   * @param spec the load spec, or null when the tables and families are given without one
   * @param families the families given; empty for the spec's families of each table
   * @param splitPoints the split points given (empty for one region), or null to plan them
   * @param regions the regions given, or null for the spec's {@code [table] regions}, else 16
   * @param inputs the input to sample when the key starts with neither salt nor a hash
   * @param sample how many records to sample
   */
  public record Request(
      LoadSpec spec,
      List<String> tables,
      Set<String> families,
      List<byte[]> splitPoints,
      Integer regions,
      List<String> inputs,
      int sample) {}

  private final Configuration conf;
  private final PrintStream log;

  /**
   * @param log where the header check's notes go
   */
  public CreateTablePlanner(Configuration conf, PrintStream log) {
    this.conf = conf;
    this.log = log;
  }

  /** One plan per table, in the order asked; the input is sampled at most once, for all tables. */
  public List<TablePlan> plan(Request request)
      throws HbulkException, IOException, InterruptedException {
    LoadSpec loaded = request.spec();
    List<TablePlan> plans = new ArrayList<>();
    KeySample sampled = null;
    for (String name : request.tables()) {
      List<Integer> outputIndexes = SpecTables.outputIndexes(loaded, name);
      List<OutputSpec> outputs = outputIndexes.stream().map(i -> loaded.outputs().get(i)).toList();
      Set<String> families = families(request, outputs);
      TableDescriptor descriptor =
          TableLayout.descriptor(
              TableName.valueOf(name),
              families,
              loaded == null ? TableSettings.none(name) : loaded.tableSettings(name),
              familySettings(loaded, families));
      if (request.splitPoints() != null) {
        plans.add(
            new TablePlan(name, descriptor, request.splitPoints(), "split points given", false));
        continue;
      }
      if (outputs.isEmpty()) {
        throw new HbulkException(
            ExitCode.USAGE,
            "without --spec, give --split-points, --split-points-file" + " or --single-region");
      }
      int r = SpecTables.regions(loaded, name, request.regions());
      boolean needsSample =
          SplitPoints.fromSalt(outputs).isEmpty()
              && SplitPlanner.plan(outputs, loaded.columns(), r, List.of()).strategy()
                  == SplitPlanner.Strategy.SAMPLE;
      if (needsSample && sampled == null) {
        sampled = sample(request, name);
      }
      SplitPlanner.Plan plan =
          SplitPlanner.plan(
              outputs, loaded.columns(), r, needsSample ? sampled.keys(outputIndexes) : List.of());
      plans.add(
          new TablePlan(
              name,
              descriptor,
              plan.points(),
              SpecTables.describe(plan, loaded, name, request.regions()),
              plan.strategy() == SplitPlanner.Strategy.SAMPLE));
    }
    return plans;
  }

  private static Set<String> families(Request request, List<OutputSpec> outputs)
      throws HbulkException {
    Set<String> fams = new TreeSet<>(request.families());
    if (fams.isEmpty()) {
      outputs.forEach(o -> fams.addAll(o.families()));
    }
    if (fams.isEmpty()) {
      throw new HbulkException(
          ExitCode.USAGE, "give --family (or --spec to take the spec's families)");
    }
    return fams;
  }

  private static Map<String, FamilySettings> familySettings(LoadSpec loaded, Set<String> families) {
    Map<String, FamilySettings> settings = new LinkedHashMap<>();
    for (String f : families) {
      if (loaded != null) {
        settings.put(f, loaded.familySettings(f));
      }
    }
    return settings;
  }

  private KeySample sample(Request request, String table)
      throws HbulkException, IOException, InterruptedException {
    if (request.inputs().isEmpty()) {
      throw new HbulkException(
          ExitCode.USAGE,
          "the row key of "
              + table
              + " starts with neither salt(...)"
              + " nor a hash, so split points come from the data: give --input to sample (or"
              + " --split-points, --split-points-file, --single-region)");
    }
    HeaderCheck.check(conf, request.spec(), request.inputs(), log);
    KeySample sampled =
        KeySample.of(
            request.spec(),
            InputSample.spread(conf, request.spec(), request.inputs(), request.sample()));
    if (sampled.rows().isEmpty()) {
      throw new HbulkException(
          ExitCode.USAGE, "--input " + request.inputs() + " gave no record to sample");
    }
    return sampled;
  }
}
