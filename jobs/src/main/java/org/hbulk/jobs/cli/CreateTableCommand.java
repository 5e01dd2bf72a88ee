package org.hbulk.jobs.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.HeaderCheck;
import org.hbulk.jobs.load.InputSample;
import org.hbulk.jobs.table.KeySample;
import org.hbulk.jobs.table.SplitPlanner;
import org.hbulk.jobs.table.SplitPoints;
import org.hbulk.jobs.table.TableCreator;
import org.hbulk.jobs.table.TableLayout;
import org.hbulk.mappers.expr.KeyText;
import org.hbulk.mappers.spec.FamilySettings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "create-table", mixinStandardHelpOptions = true,
    description = {"Creates the tables a spec loads into, pre-split to match the row key: one region "
        + "per salt bucket; even slices of the hash space for hash-prefixed keys; for other keys, cuts "
        + "at byte quantiles of a sample of --input run through the key expression. Families and "
        + "table settings come from the spec's [family NAME] and [table NAME] sections.",
        "Idempotent: a table that exists and matches the spec is left alone (exit 0); one that differs "
        + "is listed field by field and refused (exit 4) unless --alter. Never re-splits."},
    footerHeading = "%nExamples:%n",
    footer = {
        "  hbulk create-table --spec conf/examples/orders.spec",
        "  hbulk create-table --spec users.spec --input 'data/users-*.csv' --regions 16",
        "  hbulk create-table --table events --family e --split-points 2,4,6,8",
        "  hbulk create-table --spec orders.spec --alter"})
final class CreateTableCommand implements Callable<Integer> {
  @ParentCommand
  HbulkCommand parent;

  @Mixin
  CommonOptions common;

  @Option(names = {"-s", "--spec"}, paramLabel = "FILE",
      description = "Take the tables, families and settings from this load spec.")
  String spec;

  @Option(names = "--table", paramLabel = TableOption.LABEL,
      description = "Only this table (repeatable; default: every table of the spec). A table the spec does not"
          + " name: TABLE alone for a spec with one [output], OUTPUT=TABLE for one output of a spec with several.")
  List<String> tableOptions = new ArrayList<>();

  @Option(names = "--family", paramLabel = "NAME",
      description = "A column family (repeatable; default: the spec's families of the table).")
  List<String> families = new ArrayList<>();

  @ArgGroup(exclusive = true)
  Splits splits;

  static final class Splits {
    @Option(names = "--split-points", split = ",", paramLabel = "KEY",
        description = "Region start keys, comma-separated; \\xHH (either case) for a raw byte, \\\\ for a backslash.")
    List<String> points;

    @Option(names = "--split-points-file", paramLabel = "FILE",
        description = "Region start keys, one per line; \\xHH (either case) for a raw byte, \\\\ for a backslash.")
    java.nio.file.Path file;

    @Option(names = "--single-region", description = "Create one region (not recommended for loads).")
    boolean single;
  }

  @Option(names = "--regions", paramLabel = "R",
      description = "Regions for hash-prefixed or sampled keys (default: the spec's [table] regions, else 16).")
  Integer regions;

  @Option(names = {"-i", "--input"}, paramLabel = "PATH",
      description = "CSV to sample for split points when the key has neither salt nor hash in front (repeatable).")
  List<String> inputs = new ArrayList<>();

  @Option(names = "--sample", paramLabel = "N", defaultValue = "100000",
      description = "Records to sample from --input (default ${DEFAULT-VALUE}).")
  int sample;

  @Option(names = "--alter", description = "Change an existing table's family and table settings to the spec's.")
  boolean alter;

  @Option(names = "--if-not-exists", description = "Accept an existing table even if it differs (differences are printed).")
  boolean ifNotExists;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec chosen = spec == null ? null : SpecFiles.load(spec, conf, Map.of());
    List<String> tables = new ArrayList<>();
    if (chosen == null) {
      for (String t : tableOptions) {
        if (t.contains("=")) {
          throw new HbulkException(ExitCode.USAGE, "--table " + t + ": OUTPUT=TABLE needs --spec");
        }
        tables.add(t);
      }
    } else {
      // Tables of the spec select; other names say where outputs go, as for load.
      List<String> renames = new ArrayList<>();
      for (String t : tableOptions) {
        (chosen.tables().contains(t) ? tables : renames).add(t);
      }
      Map<String, String> overrides = TableOption.overrides(chosen, renames);
      if (!overrides.isEmpty()) {
        chosen = SpecFiles.load(spec, conf, overrides);
        overrides.values().stream().filter(t -> !tables.contains(t)).forEach(tables::add);
      }
      if (tableOptions.isEmpty()) {
        tables.addAll(chosen.tables());
      }
    }
    LoadSpec loaded = chosen;
    for (String t : tables) {
      Tables.name("--table", t);
    }
    if (tables.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "give --spec or --table");
    }
    // Everything the command line and the spec decide is checked before HBase is contacted.
    Map<String, TableDescriptor> wanted = new LinkedHashMap<>();
    Map<String, List<byte[]>> pointsByTable = new LinkedHashMap<>();
    Map<String, String> how = new LinkedHashMap<>();
    KeySample sampled = null;
    for (String name : tables) {
      List<Integer> outputIndexes = outputsOf(loaded, name);
      List<OutputSpec> outputs = outputIndexes.stream().map(i -> loaded.outputs().get(i)).toList();
      Set<String> fams = new TreeSet<>(families);
      if (fams.isEmpty()) {
        outputs.forEach(o -> fams.addAll(o.families()));
      }
      if (fams.isEmpty()) {
        throw new HbulkException(ExitCode.USAGE, "give --family (or --spec to take the spec's families)");
      }
      Map<String, FamilySettings> settings = new LinkedHashMap<>();
      for (String f : fams) {
        if (loaded != null) {
          settings.put(f, loaded.familySettings(f));
        }
      }
      wanted.put(name, TableLayout.descriptor(TableName.valueOf(name), fams,
          loaded == null ? org.hbulk.mappers.spec.TableSettings.none(name) : loaded.tableSettings(name),
          settings));
      List<byte[]> explicit = explicitPoints();
      if (explicit != null) {
        pointsByTable.put(name, explicit);
        how.put(name, "split points given");
        continue;
      }
      if (outputs.isEmpty()) {
        throw new HbulkException(ExitCode.USAGE, "without --spec, give --split-points, --split-points-file"
            + " or --single-region");
      }
      int r = regions != null ? regions : loaded.tableSettings(name).plannedRegions();
      boolean needsSample = SplitPoints.fromSalt(outputs).isEmpty()
          && SplitPlanner.plan(outputs, loaded.columns(), r, List.of()).strategy() == SplitPlanner.Strategy.SAMPLE;
      if (needsSample && sampled == null) {
        if (inputs.isEmpty()) {
          throw new HbulkException(ExitCode.USAGE, "the row key of " + name + " starts with neither salt(...)"
              + " nor a hash, so split points come from the data: give --input to sample (or"
              + " --split-points, --split-points-file, --single-region)");
        }
        HeaderCheck.check(conf, loaded, inputs, parent.err());
        sampled = KeySample.of(loaded, InputSample.spread(conf, loaded, inputs, sample));
        if (sampled.rows().isEmpty()) {
          throw new HbulkException(ExitCode.USAGE, "--input " + inputs + " gave no record to sample");
        }
      }
      SplitPlanner.Plan plan = SplitPlanner.plan(outputs, loaded.columns(), r,
          needsSample ? sampled.keys(outputIndexes) : List.of());
      pointsByTable.put(name, plan.points());
      how.put(name, plan.description());
    }
    int status = 0;
    try (Connection connection = Connections.open(conf); Admin admin = connection.getAdmin()) {
      for (String name : tables) {
        List<byte[]> points = pointsByTable.get(name);
        List<String> diffs = new ArrayList<>();
        TableCreator.Outcome outcome = new TableCreator(admin).createOrCompare(wanted.get(name), points, alter, diffs);
        switch (outcome) {
          case CREATED -> parent.out().println("created table " + name + " with " + (points.size() + 1)
              + " region(s), " + how.get(name) + describe(points) + TableLayout.describe(wanted.get(name)));
          case UNCHANGED -> parent.out().println("table " + name + " exists and matches the spec; nothing to do"
              + regionNote(admin, name, points));
          case ALTERED -> parent.out().println("table " + name + " altered:\n  " + String.join("\n  ", diffs));
          case DIFFERS -> {
            parent.out().println("table " + name + " exists and differs from the spec:\n  " + String.join("\n  ", diffs));
            if (!ifNotExists) {
              status = ExitCode.HBASE.code();
            }
          }
        }
      }
    }
    if (status != 0) {
      throw new HbulkException(ExitCode.HBASE, "left unchanged; run again with --alter to apply the"
          + " differences (hbulk never re-splits a table)");
    }
    return 0;
  }

  private static String regionNote(Admin admin, String name, List<byte[]> points) throws IOException {
    int now = admin.getRegions(TableName.valueOf(name)).size();
    return now == points.size() + 1 ? "" : " (it has " + now + " regions, the plan " + (points.size() + 1)
        + "; hbulk never re-splits)";
  }

  /** Indexes of the spec's outputs into a table. */
  private static List<Integer> outputsOf(LoadSpec loaded, String name) {
    List<Integer> found = new ArrayList<>();
    if (loaded == null) {
      return found;
    }
    for (int i = 0; i < loaded.outputs().size(); i++) {
      if (loaded.outputs().get(i).table().equals(name)) {
        found.add(i);
      }
    }
    return found;
  }

  /** The split points the command line gives, or null when it leaves them to the key design. */
  private List<byte[]> explicitPoints() throws HbulkException {
    try {
      if (splits != null && splits.points != null) {
        List<String> where = new ArrayList<>();
        for (int i = 1; i <= splits.points.size(); i++) {
          where.add("--split-points entry " + i);
        }
        return SplitPoints.parse(splits.points, where);
      }
      if (splits != null && splits.file != null) {
        List<String> lines = new ArrayList<>();
        List<String> where = new ArrayList<>();
        List<String> all = Files.readAllLines(splits.file, StandardCharsets.UTF_8);
        for (int i = 0; i < all.size(); i++) {
          if (!all.get(i).isBlank()) {
            lines.add(all.get(i).strip());
            where.add("--split-points-file " + splits.file + ":" + (i + 1));
          }
        }
        return SplitPoints.parse(lines, where);
      }
    } catch (IllegalArgumentException | IOException e) {
      throw new HbulkException(ExitCode.USAGE, "bad split points: " + e.getMessage());
    }
    return splits != null && splits.single ? List.of() : null;
  }

  private static String describe(List<byte[]> points) {
    if (points.isEmpty()) {
      return "";
    }
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < Math.min(points.size(), 8); i++) {
      shown.add(KeyText.format(points.get(i)));
    }
    return ", split at " + String.join(", ", shown) + (points.size() > 8 ? ", ..." : "");
  }
}
