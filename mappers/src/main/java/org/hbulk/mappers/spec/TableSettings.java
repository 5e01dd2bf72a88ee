package org.hbulk.mappers.spec;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A {@code [table NAME]} section: how {@code create-table} sets up a table of the spec. Only the
 * settings written are present; the others stay HBase's defaults. Values are checked and normalized
 * by the spec's parser, turned into a descriptor by the driver.
 *
 * @param splitPolicy {@code split-policy}: ConstantSize, IncreasingToUpperBound, Stepping,
 *     KeyPrefix(n), DelimitedKeyPrefix(d), Busy, Disabled
 * @param maxFileSize {@code max-filesize}: bytes (written as bytes, or 10g)
 * @param majorCompaction {@code major-compaction}: the periodic major compaction's interval, zero
 *     for {@code off} (off, with compactions run off-peak, keeps a nightly load's HFiles from being
 *     rewritten at once)
 * @param regions {@code regions}: how many regions split points are planned for when the key has no
 *     salt (hash prefixes cut the hash space evenly, other keys are cut at quantiles of a sample)
 */
public record TableSettings(
    String table,
    Optional<SplitPolicy> splitPolicy,
    Optional<Long> maxFileSize,
    Optional<Duration> majorCompaction,
    Optional<Integer> regions) {
  public static final List<String> KEYS =
      List.of("split-policy", "max-filesize", "major-compaction", "regions");

  /** The regions planned for when neither the spec nor the command line says. */
  public static final int DEFAULT_REGIONS = 16;

  /**
   * The most regions split points are planned for: the hash space is cut in 2 bytes, so more would
   * repeat split points.
   */
  public static final int MAX_REGIONS = 65536;

  /** A table the spec says nothing about. */
  public static TableSettings none(String table) {
    return new TableSettings(
        table, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** The same settings for another table (a section whose output an override sent there). */
  public TableSettings forTable(String other) {
    return new TableSettings(other, splitPolicy, maxFileSize, majorCompaction, regions);
  }

  /** The regions split points are planned for: the spec's, else {@link #DEFAULT_REGIONS}. */
  public int plannedRegions() {
    return regions.orElse(DEFAULT_REGIONS);
  }

  /** A region split policy, with its parameter for the two that take one. */
  public record SplitPolicy(Type type, String parameter) {
    /** HBase's split policies, by the names a spec writes. */
    public enum Type {
      CONSTANT_SIZE("ConstantSize"),
      INCREASING_TO_UPPER_BOUND("IncreasingToUpperBound"),
      STEPPING("Stepping"),
      /** The parameter is the prefix length in bytes. */
      KEY_PREFIX("KeyPrefix"),
      /** The parameter is the delimiter. */
      DELIMITED_KEY_PREFIX("DelimitedKeyPrefix"),
      BUSY("Busy"),
      DISABLED("Disabled");

      private final String word;

      Type(String word) {
        this.word = word;
      }

      /** The name a spec writes, e.g. {@code KeyPrefix}. */
      public String word() {
        return word;
      }

      public boolean takesParameter() {
        return this == KEY_PREFIX || this == DELIMITED_KEY_PREFIX;
      }

      /** The type a spec names, or null. */
      static Type of(String word) {
        for (Type t : values()) {
          if (t.word.equals(word)) {
            return t;
          }
        }
        return null;
      }

      static List<String> words() {
        return List.of(values()).stream().map(Type::word).toList();
      }
    }

    /** As a spec writes it: {@code KeyPrefix(4)}, {@code Busy}. */
    @Override
    public String toString() {
      return type.takesParameter() ? type.word + "(" + parameter + ")" : type.word;
    }
  }
}
