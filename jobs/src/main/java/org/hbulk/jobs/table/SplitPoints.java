package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.expr.KeyText;
import org.hbulk.mappers.expr.Salt;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * Where a table's regions start. The salt case comes from the same {@link Salt} object that builds
 * the keys, so the table and the writer can never disagree on the buckets.
 */
public final class SplitPoints {
  private SplitPoints() {}

  /** One region per salt bucket, when every output's key begins with the same salt. */
  public static Optional<List<byte[]>> fromSalt(LoadSpec spec) {
    return fromSalt(spec.outputs());
  }

  /** One region per salt bucket, when all these outputs' keys begin with the same salt. */
  public static Optional<List<byte[]>> fromSalt(List<OutputSpec> outputs) {
    List<byte[]> points = null;
    for (OutputSpec o : outputs) {
      Optional<Salt> salt = o.key().leadingSalt();
      if (salt.isEmpty()) {
        return Optional.empty();
      }
      List<byte[]> these = salt.get().splitPoints();
      if (points != null && !sameKeys(points, these)) {
        return Optional.empty();
      }
      points = these;
    }
    return Optional.ofNullable(points);
  }

  /**
   * Parses split points written as text, read with {@link KeyText} ({@code \\xHH} for a raw byte in
   * either case, {@code \\\\} for a backslash). Sorted, without repeats.
   *
   * @param where for each entry, where it was written (for the error messages)
   */
  public static List<byte[]> parse(List<String> written, List<String> where) {
    TreeSet<byte[]> sorted = new TreeSet<>(Bytes.BYTES_COMPARATOR);
    for (int i = 0; i < written.size(); i++) {
      String w = written.get(i);
      if (w.isEmpty()) {
        throw new IllegalArgumentException(
            where.get(i)
                + ": an empty split point: the first region"
                + " already starts at the empty key");
      }
      try {
        sorted.add(KeyText.parse(w));
      } catch (KeyText.BadKeyText e) {
        throw new IllegalArgumentException(where.get(i) + " '" + w + "': " + e.getMessage(), e);
      }
    }
    return new ArrayList<>(sorted);
  }

  private static boolean sameKeys(List<byte[]> a, List<byte[]> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!Bytes.equals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }
}
