package org.hbulk.mappers.spec;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * A {@code [family NAME]} section: how {@code create-table} sets up that column family in every
 * table of the spec. Only the settings written are present; the others stay HBase's defaults, but
 * for compression and encoding, where {@code create-table} uses {@link #DEFAULT_COMPRESSION} and
 * {@link #DEFAULT_ENCODING}. Values are checked and normalized by the spec's parser, turned into a
 * descriptor by the driver.
 *
 * @param versions {@code versions}
 * @param minVersions {@code min-versions}
 * @param ttl {@code ttl}: seconds, or 30d/12h/15m, or {@code forever} ({@link #FOREVER})
 * @param blockSize {@code block-size}: bytes, or 64k/1m
 * @param blockCache {@code block-cache}: true/false
 * @param inMemory {@code in-memory}: true/false
 * @param compression {@code compression}
 * @param bloom {@code bloom}
 * @param encoding {@code encoding}
 */
public record FamilySettings(
    String family,
    Optional<Integer> versions,
    Optional<Integer> minVersions,
    Optional<Duration> ttl,
    Optional<Integer> blockSize,
    Optional<Boolean> blockCache,
    Optional<Boolean> inMemory,
    Optional<Compression> compression,
    Optional<Bloom> bloom,
    Optional<Encoding> encoding) {
  public static final List<String> KEYS =
      List.of(
          "versions",
          "min-versions",
          "ttl",
          "block-size",
          "block-cache",
          "in-memory",
          "compression",
          "bloom",
          "encoding");

  /**
   * The compression of a family whose section does not name one. SNAPPY: the benchmark's HFiles 8
   * times smaller than uncompressed, written as fast (the README's Performance section: "The
   * default family format follows from these rounds"), read back at little CPU cost, and HBase
   * 2.6's default SNAPPY codec is Hadoop's, which needs no native library; GZ is smaller still but
   * slower to write and read, and the pure-Java ZSTD codec cannot read what the native one writes.
   */
  public static final Compression DEFAULT_COMPRESSION = Compression.SNAPPY;

  /**
   * The data block encoding of a family whose section does not name one. FAST_DIFF stores only how
   * each cell's key differs from the one before: a row's ten cells repeat its key ten times.
   */
  public static final Encoding DEFAULT_ENCODING = Encoding.FAST_DIFF;

  /** {@code ttl = forever}: cells never expire. */
  public static final Duration FOREVER = ChronoUnit.FOREVER.getDuration();

  /** A family the spec says nothing about. */
  public static FamilySettings none(String family) {
    return new FamilySettings(
        family,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** Block compression, by HBase's names. */
  public enum Compression {
    NONE,
    GZ,
    SNAPPY,
    LZ4,
    ZSTD
  }

  /** Data block encoding, by HBase's names. */
  public enum Encoding {
    NONE,
    PREFIX,
    DIFF,
    FAST_DIFF,
    ROW_INDEX_V1
  }

  /** A bloom filter, with the prefix length of {@code ROWPREFIX_FIXED_LENGTH(n)} (else 0). */
  public record Bloom(Type type, int prefixLength) {
    /** Bloom filter types, by HBase's names. */
    public enum Type {
      NONE,
      ROW,
      ROWCOL,
      ROWPREFIX_FIXED_LENGTH
    }

    /** As a spec writes it: {@code ROWPREFIX_FIXED_LENGTH(4)}, {@code ROW}. */
    @Override
    public String toString() {
      return type == Type.ROWPREFIX_FIXED_LENGTH ? type + "(" + prefixLength + ")" : type.name();
    }
  }
}
