package org.hbulk.jobs.table;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.spec.FamilySettings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/** What a sample of keys says about a design: lengths, duplicates, growth, spread over regions. */
public final class KeyAnalysis {
  private KeyAnalysis() {}

  /** One output's keys in the sample. */
  public record KeyStats(
      String output,
      String table,
      long rows,
      int minLength,
      double meanLength,
      int maxLength,
      long keyBytesPerRecord,
      long duplicates,
      double growingShare) {}

  /** How sampled rows fall over a table's regions. */
  public record Spread(String table, List<byte[]> starts, long[] rows, long[] bytes) {
    public double rowSkew() {
      return skew(rows);
    }

    public double byteSkew() {
      return skew(bytes);
    }

    private static double skew(long[] v) {
      long sum = Arrays.stream(v).sum();
      long max = Arrays.stream(v).max().orElse(0);
      return sum == 0 ? 0 : max / ((double) sum / v.length);
    }
  }

  public static KeyStats stats(LoadSpec spec, KeySample sample, int output) {
    OutputSpec o = spec.outputs().get(output);
    int min = Integer.MAX_VALUE;
    int max = 0;
    long total = 0;
    long rows = 0;
    long cells = o.cells().size();
    Set<String> seen = new HashSet<>();
    long duplicates = 0;
    long growing = 0;
    long pairs = 0;
    byte[] previousLead = null;
    KeyReader reader = new KeyReader(o.key(), spec.columns());
    int leadWidth = reader.parts().get(0).fixedWidth();
    for (KeySample.Row r : sample.rows()) {
      if (r.output() != output) {
        continue;
      }
      rows++;
      min = Math.min(min, r.key().length);
      max = Math.max(max, r.key().length);
      total += r.key().length;
      if (!o.sharedRows() && !seen.add(Bytes.toHex(r.key()))) {
        duplicates++;
      }
      byte[] lead =
          leadWidth > 0 && leadWidth <= r.key().length
              ? Arrays.copyOf(r.key(), leadWidth)
              : r.key();
      if (previousLead != null) {
        pairs++;
        if (Bytes.compareTo(lead, previousLead) >= 0) {
          growing++;
        }
      }
      previousLead = lead;
    }
    double mean = rows == 0 ? 0 : (double) total / rows;
    return new KeyStats(
        o.name(),
        o.table(),
        rows,
        rows == 0 ? 0 : min,
        mean,
        max,
        Math.round(mean * cells),
        duplicates,
        pairs == 0 ? 0 : (double) growing / pairs);
  }

  /**
   * Rows and bytes of the sample per region, for regions starting at {@code starts} (first empty).
   */
  public static Spread spread(
      String table, List<byte[]> starts, List<SplitPlanner.WeightedKey> keys) {
    byte[][] sorted = starts.toArray(new byte[0][]);
    long[] rows = new long[sorted.length];
    long[] bytes = new long[sorted.length];
    for (SplitPlanner.WeightedKey k : keys) {
      int i = Arrays.binarySearch(sorted, k.key(), Bytes.BYTES_COMPARATOR);
      int region = i >= 0 ? i : -i - 2;
      rows[region]++;
      bytes[region] += k.bytes();
    }
    return new Spread(table, starts, rows, bytes);
  }

  /** Region start keys of a plan: the empty key, then the split points. */
  public static List<byte[]> starts(List<byte[]> splitPoints) {
    List<byte[]> starts = new ArrayList<>();
    starts.add(new byte[0]);
    starts.addAll(splitPoints);
    return starts;
  }

  /** An ASCII histogram of rows per region, 40 characters for the fullest region. */
  public static String histogram(Spread s) {
    long max = Math.max(1, Arrays.stream(s.rows()).max().orElse(1));
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.rows().length; i++) {
      String start = Bytes.toStringBinary(s.starts().get(i));
      int bar = (int) Math.round(40.0 * s.rows()[i] / max);
      b.append(
          String.format(
              Locale.ROOT,
              "    %-18s %9d rows %10s  %s%n",
              start.isEmpty()
                  ? "(first)"
                  : start.length() > 18 ? start.substring(0, 15) + "..." : start,
              s.rows()[i],
              org.hbulk.jobs.load.LoadReport.bytes(s.bytes()[i]),
              "#".repeat(bar)));
    }
    return b.toString();
  }

  /** Notes on the families: how many, their names' length, versions and TTL. */
  public static List<String> lint(LoadSpec spec) {
    List<String> notes = new ArrayList<>();
    for (String table : spec.tables()) {
      Set<String> families = new HashSet<>();
      for (OutputSpec o : spec.outputs()) {
        if (o.table().equals(table)) {
          families.addAll(o.families());
        }
      }
      if (families.size() > 3) {
        notes.add(
            "table "
                + table
                + " has "
                + families.size()
                + " families: HBase copes badly with more"
                + " than two or three (flushes and compactions are per region, a big family drags the small ones along)");
      }
      for (String f : families) {
        if (f.length() > 2) {
          notes.add(
              "family '"
                  + f
                  + "' of "
                  + table
                  + ": every cell stores its family name; one letter is best");
        }
        int versions = spec.familySettings(f).versions().orElse(1);
        if (versions > 1) {
          notes.add(
              "family '"
                  + f
                  + "' keeps "
                  + versions
                  + " versions: re-runs with run-start timestamps add"
                  + " versions that count against it");
        }
        Duration ttl = spec.familySettings(f).ttl().orElse(FamilySettings.FOREVER);
        if (!ttl.equals(FamilySettings.FOREVER)) {
          notes.add(
              "family '"
                  + f
                  + "' has a TTL of "
                  + ttl.toSeconds()
                  + " s: cells whose timestamp is older are dropped"
                  + " at the next compaction, and bulk-loaded old data may vanish at once");
        }
      }
    }
    return notes;
  }
}
