package org.hbulk.jobs.load;

import java.util.Optional;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;

/**
 * What {@link Verifier} reads of a cell's tags: whether its TTL has passed, whether it has labels.
 */
final class CellTags {
  private CellTags() {}

  /**
   * Whether the cell's TTL (if it has one) has passed at {@code millis}: HBase no longer returns a
   * cell whose timestamp plus its TTL is before the time it is read.
   */
  static boolean expiresBefore(KeyValue cell, long millis) {
    if (cell.getTagsLength() == 0) {
      return false;
    }
    Optional<Tag> ttl = PrivateCellUtil.getTag(cell, TagType.TTL_TAG_TYPE);
    if (ttl.isEmpty()) {
      return false;
    }
    long ttlMillis = Tag.getValueAsLong(ttl.get());
    return cell.getTimestamp() + ttlMillis < millis;
  }

  /** Whether the cell carries visibility labels. */
  static boolean hasLabels(KeyValue cell) {
    return cell.getTagsLength() > 0
        && PrivateCellUtil.getTag(cell, TagType.VISIBILITY_TAG_TYPE).isPresent();
  }
}
