package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * Where a table's regions should start, from its key design: one region per salt bucket; even
 * slices of the hash space for hash-prefixed keys; otherwise cuts at quantiles of a sample of keys
 * weighted by their bytes, so each region gets about the same bytes. {@code create-table} and
 * {@code analyze} both plan with this class, so they never disagree.
 */
public final class SplitPlanner {
  /** How the split points were chosen. */
  public enum Strategy {
    SALT,
    HASH,
    SAMPLE
  }

  /** Split points (region start keys but the first) and how they were found. */
  public record Plan(Strategy strategy, List<byte[]> points, String description) {
    public int regions() {
      return points.size() + 1;
    }
  }

  /** A sampled row key and the bytes its row carries. */
  public record WeightedKey(byte[] key, long bytes) {}

  private SplitPlanner() {}

  /**
   * @param outputs the spec's outputs into one table
   * @param regions how many regions when the design does not say (no salt)
   * @param sample sampled keys of the table; only read for the SAMPLE strategy
   */
  public static Plan plan(
      List<OutputSpec> outputs, List<Column> columns, int regions, List<WeightedKey> sample) {
    Optional<List<byte[]>> salt = SplitPoints.fromSalt(outputs);
    if (salt.isPresent()) {
      return new Plan(
          Strategy.SALT,
          salt.get(),
          "one region per salt bucket (" + (salt.get().size() + 1) + ")");
    }
    KeyReader.Leading leading = null;
    for (OutputSpec o : outputs) {
      KeyReader.Leading l = new KeyReader(o.key(), columns).leading();
      leading = leading == null || leading == l ? l : KeyReader.Leading.OTHER;
    }
    if (leading == KeyReader.Leading.HASH_BYTES || leading == KeyReader.Leading.HASH_HEX) {
      return new Plan(
          Strategy.HASH,
          hashSpace(regions, leading == KeyReader.Leading.HASH_HEX),
          regions + " even slices of the hash space");
    }
    return new Plan(
        Strategy.SAMPLE,
        quantiles(sample, regions),
        String.format(
            Locale.ROOT,
            "%d regions cut at byte quantiles of %,d sampled keys",
            regions,
            sample.size()));
  }

  /** Points i * 65536 / regions, as 2 raw bytes or 4 hex characters. */
  static List<byte[]> hashSpace(int regions, boolean hex) {
    List<byte[]> points = new ArrayList<>();
    for (int i = 1; i < regions; i++) {
      int v = (int) ((long) i * 65536 / regions);
      points.add(
          hex
              ? Bytes.toBytes(String.format(Locale.ROOT, "%04x", v))
              : new byte[] {(byte) (v >>> 8), (byte) v});
    }
    return points;
  }

  /** Cuts the sorted sample where the running total of bytes crosses each 1/regions share. */
  static List<byte[]> quantiles(List<WeightedKey> sample, int regions) {
    List<WeightedKey> sorted = new ArrayList<>(sample);
    sorted.sort(Comparator.comparing(WeightedKey::key, Bytes.BYTES_COMPARATOR));
    long total = 0;
    for (WeightedKey k : sorted) {
      total += k.bytes();
    }
    List<byte[]> points = new ArrayList<>();
    long running = 0;
    int next = 1;
    for (WeightedKey k : sorted) {
      if (next >= regions) {
        break;
      }
      if (running >= total * next / regions
          && k.key().length > 0
          && (points.isEmpty() || Bytes.compareTo(points.get(points.size() - 1), k.key()) < 0)) {
        points.add(k.key());
        next++;
      }
      running += k.bytes();
    }
    return points;
  }
}
