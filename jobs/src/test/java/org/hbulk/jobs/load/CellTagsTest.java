package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** What verify reads of a cell's tags, on cells tagged as HBase tags them. */
class CellTagsTest {
  private static KeyValue cell(long timestamp, Tag... tags) {
    return new KeyValue(
        Bytes.toBytes("r"),
        Bytes.toBytes("f"),
        Bytes.toBytes("q"),
        timestamp,
        KeyValue.Type.Put,
        Bytes.toBytes("v"),
        List.of(tags));
  }

  @Test
  void aCellExpiresWhenItsTimestampPlusItsTtlIsPast() {
    Tag ttl = new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(1000L));
    assertTrue(CellTags.expiresBefore(cell(5000, ttl), 6001));
    assertFalse(CellTags.expiresBefore(cell(5000, ttl), 6000), "HBase: expired only after");
    assertFalse(CellTags.expiresBefore(cell(5000), Long.MAX_VALUE), "no tags, no TTL");
    Tag label = new ArrayBackedTag(TagType.VISIBILITY_TAG_TYPE, new byte[] {1});
    assertFalse(CellTags.expiresBefore(cell(5000, label), Long.MAX_VALUE), "labels, no TTL");
  }

  @Test
  void aCellHasLabelsWhenItCarriesAVisibilityTag() {
    Tag label = new ArrayBackedTag(TagType.VISIBILITY_TAG_TYPE, new byte[] {1});
    Tag ttl = new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(1000L));
    assertTrue(CellTags.hasLabels(cell(1, label, ttl)));
    assertFalse(CellTags.hasLabels(cell(1, ttl)));
    assertFalse(CellTags.hasLabels(cell(1)));
  }
}
