package org.hbulk.jobs.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.local.LocalRunnerFileSystem;
import picocli.CommandLine.Option;

/** Options every command takes. */
final class CommonOptions {
  @Option(
      names = {"-v", "--verbose"},
      description = "Print stack traces of errors.")
  boolean verbose;

  @Option(
      names = "-D",
      paramLabel = "KEY=VALUE",
      description =
          "Set a Hadoop/HBase/hbulk configuration property (repeatable); "
              + "hbulk.spec.SECTION.KEY overrides the spec, e.g. -D hbulk.spec.rejects.max=100.")
  Map<String, String> properties = new LinkedHashMap<>();

  /**
   * The configuration with this command's {@code -D} properties applied, and the local file system
   * of a local run chosen by them (before the command opens its first file).
   */
  Configuration apply(Configuration base) {
    Configuration conf = new Configuration(base);
    properties.forEach(conf::set);
    LocalRunnerFileSystem.installIfLocal(conf);
    return conf;
  }
}
