package org.hbulk.jobs.cli;

import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.HbulkConf;
import picocli.CommandLine.Option;

/** {@code --strict}, for the commands that load: {@link HbulkConf#STRICT}. */
final class StrictOption {
  @Option(
      names = "--strict",
      description =
          "Stop (exit 18) before writing anything where hbulk would only warn that the load will"
              + " not reach everyone it should: a family with replication scope on whose region"
              + " servers do not replicate bulk loads (-D hbulk.strict=true).")
  boolean strict;

  /** The configuration, with hbulk.strict set when --strict was given. */
  Configuration apply(Configuration conf) {
    if (strict) {
      conf.setBoolean(HbulkConf.STRICT, true);
    }
    return conf;
  }
}
