package org.hbulk.jobs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.Connection;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.BulkLoad;
import org.hbulk.jobs.load.LoadReport;
import org.hbulk.jobs.load.RunState;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Option;

/** What to load and how: the options of {@code load} and {@code prepare}. */
final class SourceOptions {
  @Option(names = {"-s", "--spec"}, required = true, paramLabel = "FILE",
      description = "The load spec (local file, or hdfs://... ).")
  String spec;

  @Option(names = {"-i", "--input"}, required = true, paramLabel = "PATH",
      description = "CSV input: a file, a directory or a glob, plain or .gz/.bz2 (repeatable).")
  List<String> inputs = new ArrayList<>();

  @Option(names = "--table", paramLabel = TableOption.LABEL, description = TableOption.DESCRIPTION)
  List<String> tables = new ArrayList<>();

  @Option(names = "--run-dir", paramLabel = "DIR",
      description = "The run's directory (HFiles, rejects, report). Default: "
          + "<hbulk.work.dir>/<spec name>/<run id>.")
  String runDir;

  @Option(names = "--max-rejects", paramLabel = "N",
      description = "Reject budget: most rejected records allowed (overrides the spec's [rejects] max).")
  Long maxRejects;

  @Option(names = "--max-reject-ratio", paramLabel = "R",
      description = "Reject budget: highest share of rejected records, 0..1 (overrides max-ratio).")
  Double maxRejectRatio;

  /**
   * Validates the spec, then prepares the load and, when asked, completes it; prints the report.
   * What {@code load} and {@code prepare} share.
   */
  void run(HbulkCommand parent, CommonOptions common, boolean complete) throws Exception {
    Configuration conf = common.apply(parent.conf());
    LoadSpec spec = load(conf);
    long runStart = System.currentTimeMillis();
    Path dir = runDir(conf, spec, runStart);
    try (Connection connection = Connections.open(conf)) {
      BulkLoad bulkLoad = new BulkLoad(conf, connection, parent.out(), parent.err());
      if (runDir == null) {
        bulkLoad.refuseUnfinished(spec, dir);
      }
      LoadReport report = bulkLoad.prepare(spec, inputs, dir, runStart,
          complete ? RunState.Mode.LOAD : RunState.Mode.PREPARE);
      if (complete) {
        report = bulkLoad.complete(dir, false);
      }
      if (complete) {
        report.printTo(parent.out());
      } else {
        parent.out().print(report.toText());
        parent.out().println("next: hbulk complete --run-dir " + report.runDir());
      }
    }
  }

  /** The run directory given, or the default one for this spec and run start. */
  Path runDir(Configuration conf, LoadSpec loaded, long runStartMillis) {
    return runDir != null ? new Path(runDir)
        : BulkLoad.defaultRunDir(conf, loaded, runStartMillis);
  }

  LoadSpec load(Configuration conf) throws HbulkException {
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
