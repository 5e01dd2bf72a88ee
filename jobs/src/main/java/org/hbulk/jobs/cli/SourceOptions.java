package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Option;

/** What to load and how: the options of {@code load} and {@code prepare}, read and checked. */
final class SourceOptions {
  @Option(
      names = {"-s", "--spec"},
      required = true,
      paramLabel = "FILE",
      description = "The load spec (local file, or hdfs://... ).")
  String spec;

  @Option(
      names = {"-i", "--input"},
      required = true,
      paramLabel = "PATH",
      description = "CSV input: a file, a directory or a glob, plain or .gz/.bz2 (repeatable).")
  List<String> inputs = new ArrayList<>();

  @Option(names = "--table", paramLabel = TableOption.LABEL, description = TableOption.DESCRIPTION)
  List<String> tables = new ArrayList<>();

  @Option(
      names = "--run-dir",
      paramLabel = "DIR",
      description =
          "The run's directory (HFiles, rejects, report). Default: "
              + "<hbulk.work.dir>/<spec name>/<run id>.")
  String runDir;

  @Option(
      names = "--max-rejects",
      paramLabel = "N",
      description =
          "Reject budget: most rejected records allowed (overrides the spec's [rejects] max).")
  Long maxRejects;

  @Option(
      names = "--max-reject-ratio",
      paramLabel = "R",
      description = "Reject budget: highest share of rejected records, 0..1 (overrides max-ratio).")
  Double maxRejectRatio;

  /** The run directory given, or null for the default one. */
  Path runDir() {
    return runDir == null ? null : new Path(runDir);
  }

  /** The spec with the command line's overrides (tables, reject budget), validated. */
  LoadSpec spec(Configuration conf) throws HbulkException {
    LoadSpec first = SpecFiles.load(spec, conf, Map.of());
    Map<String, String> extra = new TreeMap<>(TableOption.overrides(first, tables));
    if (maxRejects != null) {
      extra.put("rejects.max", Long.toString(maxRejects));
    }
    if (maxRejectRatio != null) {
      extra.put("rejects.max-ratio", Double.toString(maxRejectRatio));
    }
    return extra.isEmpty() ? first : SpecFiles.load(spec, conf, extra);
  }
}
