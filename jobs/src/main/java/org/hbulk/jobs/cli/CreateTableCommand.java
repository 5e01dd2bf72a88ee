package org.hbulk.jobs.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.table.SplitPoints;
import org.hbulk.jobs.table.TableCreator;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "create-table", mixinStandardHelpOptions = true,
    description = {"Creates the tables a spec loads into, pre-split: one region per salt bucket when "
        + "the row key starts with salt(...), or at the split points you give (to every table).",
        "Families get HBase's default settings."},
    footerHeading = "%nExamples:%n",
    footer = {
        "  hbulk create-table --spec conf/examples/orders.spec",
        "  hbulk create-table --table events --family e --split-points 2,4,6,8",
        "  hbulk create-table --spec users.spec --split-points-file splits.txt --if-not-exists"})
final class CreateTableCommand implements Callable<Integer> {
  @ParentCommand
  HbulkCommand parent;

  @Mixin
  CommonOptions common;

  @Option(names = {"-s", "--spec"}, paramLabel = "FILE",
      description = "Take the table name and families from this load spec.")
  String spec;

  @Option(names = "--table", paramLabel = "NAME", description = "The table (default: the spec's).")
  String table;

  @Option(names = "--family", paramLabel = "NAME",
      description = "A column family (repeatable; default: the spec's families).")
  List<String> families = new ArrayList<>();

  @ArgGroup(exclusive = true)
  Splits splits;

  static final class Splits {
    @Option(names = "--split-points", split = ",", paramLabel = "KEY",
        description = "Region start keys, comma-separated; \\xHH for a raw byte.")
    List<String> points;

    @Option(names = "--split-points-file", paramLabel = "FILE",
        description = "Region start keys, one per line; \\xHH for a raw byte.")
    java.nio.file.Path file;

    @Option(names = "--single-region", description = "Create one region (not recommended for loads).")
    boolean single;
  }

  @Option(names = "--if-not-exists", description = "Succeed without changes when the table exists.")
  boolean ifNotExists;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec loaded = spec == null ? null : SpecFiles.load(spec, conf, Map.of());
    List<String> tables = table != null ? List.of(table)
        : loaded != null ? new ArrayList<>(loaded.tables()) : List.of();
    if (tables.isEmpty()) {
      throw new HbulkException(ExitCode.USAGE, "give --spec or --table");
    }
    // Everything the command line and the spec decide is checked before HBase is contacted.
    Map<String, Set<String>> familiesByTable = new LinkedHashMap<>();
    Map<String, List<byte[]>> pointsByTable = new LinkedHashMap<>();
    for (String name : tables) {
      List<OutputSpec> outputs = outputsOf(loaded, name);
      Set<String> fams = new TreeSet<>(families);
      if (fams.isEmpty()) {
        outputs.forEach(o -> fams.addAll(o.families()));
      }
      if (fams.isEmpty()) {
        throw new HbulkException(ExitCode.USAGE, "give --family (or --spec to take the spec's families)");
      }
      familiesByTable.put(name, fams);
      pointsByTable.put(name, splitPoints(outputs));
    }
    try (Connection connection = Connections.open(conf); Admin admin = connection.getAdmin()) {
      for (String name : tables) {
        List<byte[]> points = pointsByTable.get(name);
        Set<String> fams = familiesByTable.get(name);
        boolean created = new TableCreator(admin).create(TableName.valueOf(name), fams, points, ifNotExists);
        parent.out().println(created
            ? "created table " + name + " with families " + fams + " and " + (points.size() + 1)
                + " region(s)" + describe(points)
            : "table " + name + " exists; left as it is");
      }
    }
    return 0;
  }

  /** The spec's outputs into a table; with --table on a one-table spec, all of them. */
  private static List<OutputSpec> outputsOf(LoadSpec loaded, String name) {
    if (loaded == null) {
      return List.of();
    }
    List<OutputSpec> outputs = loaded.outputs().stream().filter(o -> o.table().equals(name)).toList();
    return outputs.isEmpty() && loaded.tables().size() == 1 ? loaded.outputs() : outputs;
  }

  private List<byte[]> splitPoints(List<OutputSpec> outputs) throws HbulkException {
    try {
      if (splits != null && splits.points != null) {
        return SplitPoints.parse(splits.points);
      }
      if (splits != null && splits.file != null) {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(splits.file, StandardCharsets.UTF_8)) {
          if (!line.isBlank()) {
            lines.add(line.strip());
          }
        }
        return SplitPoints.parse(lines);
      }
    } catch (IllegalArgumentException | IOException e) {
      throw new HbulkException(ExitCode.USAGE, "bad split points: " + e.getMessage());
    }
    if (splits != null && splits.single) {
      return List.of();
    }
    Optional<List<byte[]>> salt = outputs.isEmpty() ? Optional.empty() : SplitPoints.fromSalt(outputs);
    if (salt.isPresent()) {
      return salt.get();
    }
    throw new HbulkException(ExitCode.USAGE, "the row key does not start with salt(...), so there are no"
        + " natural split points: give --split-points, --split-points-file, or --single-region");
  }

  private static String describe(List<byte[]> points) {
    if (points.isEmpty()) {
      return "";
    }
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < Math.min(points.size(), 8); i++) {
      shown.add(Bytes.toStringBinary(points.get(i)));
    }
    return ", split at " + String.join(", ", shown) + (points.size() > 8 ? ", ..." : "");
  }
}
