package org.hbulk.mappers.hfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.ByteBufferKeyValue;
import org.apache.hadoop.hbase.CellComparatorImpl;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class ReusableKeyValueTest {
  private static final byte[] ROW = Bytes.toBytes("user-17|0042");
  private static final byte[] FAMILY = Bytes.toBytes("d");

  /** A cell with a TTL tag, as a family with a TTL column keeps them. */
  private static final KeyValue TAGGED =
      new KeyValue(
          ROW,
          FAMILY,
          Bytes.toBytes("q"),
          3L,
          KeyValue.Type.Put,
          Bytes.toBytes("value"),
          List.of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(5000L))));

  /** The bytes of a KeyValue from its offset to its end. */
  private static byte[] bytesOf(KeyValue kv) {
    return Arrays.copyOfRange(kv.getBuffer(), kv.getOffset(), kv.getOffset() + kv.getLength());
  }

  @Test
  void laysOutTheBytesKeyValuesConstructorLaysOut() {
    ReusableKeyValue reused = new ReusableKeyValue();
    List<KeyValue> expected =
        List.of(
            new KeyValue(ROW, FAMILY, Bytes.toBytes("country"), 1_700_000_000_123L, new byte[0]),
            new KeyValue(
                ROW, FAMILY, Bytes.toBytes("url"), 5L, Bytes.toBytes("https://example.org/a")),
            new KeyValue(ROW, FAMILY, null, 9L, KeyValue.Type.DeleteFamily),
            new KeyValue(ROW, FAMILY, Bytes.toBytes("q"), -1L, KeyValue.Type.DeleteColumn),
            new KeyValue(new byte[300], FAMILY, Bytes.toBytes("q"), 2L, new byte[70_000]),
            TAGGED);
    for (KeyValue kv : expected) {
      // Each part at an offset inside a larger array, as the reducer's runs hold them.
      byte[] parts = new byte[kv.getLength() * 2 + 16];
      int at = 3;
      int row = at;
      at = Bytes.putBytes(parts, at, kv.getRowArray(), kv.getRowOffset(), kv.getRowLength());
      int family = at;
      at =
          Bytes.putBytes(
              parts, at, kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength());
      int qualifier = at;
      at =
          Bytes.putBytes(
              parts, at, kv.getQualifierArray(), kv.getQualifierOffset(), kv.getQualifierLength());
      int value = at;
      at = Bytes.putBytes(parts, at, kv.getValueArray(), kv.getValueOffset(), kv.getValueLength());
      int tag = at;
      Bytes.putBytes(parts, at, kv.getTagsArray(), kv.getTagsOffset(), kv.getTagsLength());
      reused.set(
          parts,
          row,
          kv.getRowLength(),
          parts,
          family,
          kv.getFamilyLength(),
          parts,
          qualifier,
          kv.getQualifierLength(),
          kv.getTimestamp(),
          kv.getTypeByte(),
          parts,
          value,
          kv.getValueLength(),
          parts,
          tag,
          kv.getTagsLength());
      assertArrayEquals(bytesOf(kv), bytesOf(reused), kv.toString());
      assertEquals(0, CellComparatorImpl.COMPARATOR.compare(kv, reused), kv.toString());
      assertEquals(kv.getTagsLength(), reused.getTagsLength(), kv.toString());
    }
  }

  @Test
  void copiesKeyValuesAndOtherCellsWithTheirTags() {
    KeyValue tagged = TAGGED;
    byte[] wider = new byte[tagged.getLength() + 20];
    System.arraycopy(tagged.getBuffer(), 0, wider, 11, tagged.getLength());
    ReusableKeyValue reused = new ReusableKeyValue();
    assertArrayEquals(
        bytesOf(tagged), bytesOf(reused.copyOf(new KeyValue(wider, 11, tagged.getLength()))));
    assertArrayEquals(
        bytesOf(tagged),
        bytesOf(
            reused.copyOf(new ByteBufferKeyValue(ByteBuffer.wrap(wider), 11, tagged.getLength()))));
    // A shorter cell after a longer one: only its own bytes count.
    KeyValue small = new KeyValue(Bytes.toBytes("r"), FAMILY, null, 1L, new byte[0]);
    assertArrayEquals(bytesOf(small), bytesOf(reused.copyOf(small)));
    assertEquals(0, reused.getOffset());
  }

  @Test
  void refusesWhatAKeyValueCannotHold() {
    ReusableKeyValue reused = new ReusableKeyValue();
    byte[] big = new byte[70_000];
    byte type = KeyValue.Type.Put.getCode();
    IllegalArgumentException row =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                reused.set(big, 0, 32768, FAMILY, 0, 1, big, 0, 1, 1L, type, big, 0, 1, big, 0, 0));
    assertTrue(row.getMessage().contains("row of 32768 bytes"), row.getMessage());
    IllegalArgumentException family =
        assertThrows(
            IllegalArgumentException.class,
            () -> reused.set(ROW, 0, 1, big, 0, 128, big, 0, 1, 1L, type, big, 0, 1, big, 0, 0));
    assertTrue(family.getMessage().contains("family of 128 bytes"), family.getMessage());
    IllegalArgumentException tags =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                reused.set(ROW, 0, 1, FAMILY, 0, 1, big, 0, 1, 1L, type, big, 0, 1, big, 0, 65536));
    assertTrue(tags.getMessage().contains("tags of 65536 bytes"), tags.getMessage());
  }
}
