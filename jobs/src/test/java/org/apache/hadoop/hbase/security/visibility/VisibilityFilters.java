package org.apache.hadoop.hbase.security.visibility;

import java.util.Map;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.util.ByteRange;

/** HBase's package-private label filter, which a region server adds to a reader's scans. */
public final class VisibilityFilters {
  private VisibilityFilters() {}

  public static Filter labelFilter(
      VisibilityExpEvaluator evaluator, Map<ByteRange, Integer> maxVersionsByFamily) {
    return new VisibilityLabelFilter(evaluator, maxVersionsByFamily);
  }
}
