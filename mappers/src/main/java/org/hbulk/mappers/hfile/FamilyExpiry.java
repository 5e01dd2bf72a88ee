package org.hbulk.mappers.hfile;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;

/**
 * Where a family's TTL already hides cells of a load: HBase returns no cell whose timestamp is
 * older than the family's TTL before now (but for the newest {@code MIN_VERSIONS} of a column), so
 * a load of old timestamps into a family with a TTL "succeeds" with cells nobody can read. The
 * reducers count them ({@link Counter#CELLS_PAST_FAMILY_TTL}) for the report's warning; {@code
 * verify} does not look for them.
 *
 * @param oldestUnexpiredMillis the oldest timestamp HBase still returns, at the moment the driver
 *     took
 * @param minVersions the family's {@code MIN_VERSIONS}: that many newest versions of a column are
 *     returned however old
 */
public record FamilyExpiry(long oldestUnexpiredMillis, int minVersions) {

  /** The reducers' count. */
  public enum Counter {
    /**
     * Cells (not delete markers) older than their family's TTL at the run's start and not among a
     * column's newest MIN_VERSIONS of this load: HBase will not return them.
     */
    CELLS_PAST_FAMILY_TTL
  }

  /** What a family's TTL hides at {@code nowMillis}; null for a family that keeps cells forever. */
  public static FamilyExpiry of(ColumnFamilyDescriptor f, long nowMillis) {
    int ttl = f.getTimeToLive();
    if (ttl == HConstants.FOREVER || ttl <= 0) {
      return null;
    }
    return new FamilyExpiry(nowMillis - ttl * 1000L, f.getMinVersions());
  }

  /**
   * Whether HBase returns a Put at {@code timestamp} that is the {@code version}-th newest (0..).
   */
  public boolean hides(long timestamp, long version) {
    return timestamp < oldestUnexpiredMillis && version >= minVersions;
  }

  /** By {@link FamilyFormat#key}: one line each, as {@link FamilyFormat#encode} writes. */
  public static String encode(Map<String, FamilyExpiry> expiries) {
    Map<String, String> lines = new HashMap<>();
    expiries.forEach((k, e) -> lines.put(k, e.oldestUnexpiredMillis + " " + e.minVersions));
    return FamilyFormat.encodeLines(lines);
  }

  public static Map<String, FamilyExpiry> decode(String encoded) {
    Map<String, FamilyExpiry> expiries = new HashMap<>();
    FamilyFormat.decodeLines(encoded, 2)
        .forEach(
            (k, f) ->
                expiries.put(k, new FamilyExpiry(Long.parseLong(f[0]), Integer.parseInt(f[1]))));
    return expiries;
  }
}
