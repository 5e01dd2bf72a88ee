package org.hbulk.mappers.spec;

import java.util.List;
import java.util.Map;

/**
 * A {@code [table NAME]} section: how {@code create-table} sets up a table of the spec.
 *
 * <p>Settings: {@code split-policy} (ConstantSize, IncreasingToUpperBound, Stepping, KeyPrefix(n),
 * DelimitedKeyPrefix(d), Busy, Disabled), {@code max-filesize} (bytes, or 10g), {@code
 * major-compaction} ({@code off}, or an interval like 7d: the seeds advise off and compacting
 * off-peak), {@code regions} (how many regions split points are planned for when the key has no
 * salt: hash prefixes cut the hash space evenly, other keys are cut at quantiles of a sample).
 */
public record TableSettings(String table, Map<String, String> values) {
  public static final List<String> KEYS = List.of("split-policy", "max-filesize", "major-compaction",
      "regions");
  static final List<String> POLICIES = List.of("ConstantSize", "IncreasingToUpperBound", "Stepping",
      "KeyPrefix", "DelimitedKeyPrefix", "Busy", "Disabled");

  public TableSettings {
    values = Map.copyOf(values);
  }

  public String get(String key) {
    return values.get(key);
  }
}
