package org.hbulk.jobs.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class SplitPointsTest {
  private static LoadSpec spec(String key) {
    return LoadSpec.parse(
        "t.spec",
        "[columns]\nu = string\nid = long\n[output o]\ntable = t\nkey = " + key + "\nf:a = id\n");
  }

  @Test
  void decimalSaltGivesOneRegionPerBucketWithPaddedPrefixes() {
    List<byte[]> points = SplitPoints.fromSalt(spec("salt(u, 12) + \"|\" + u")).orElseThrow();
    assertEquals(11, points.size());
    assertEquals("01", Bytes.toString(points.get(0)));
    assertEquals("11", Bytes.toString(points.get(10)));
  }

  @Test
  void byteSaltGivesRawBytePrefixes() {
    List<byte[]> points = SplitPoints.fromSalt(spec("salt(u, 4, byte) + u")).orElseThrow();
    assertEquals(3, points.size());
    assertArrayEquals(new byte[] {3}, points.get(2));
  }

  @Test
  void keyNotStartingWithSaltHasNoNaturalSplits() {
    assertTrue(SplitPoints.fromSalt(spec("u + salt(u, 4)")).isEmpty());
    assertTrue(SplitPoints.fromSalt(spec("left(hex(md5(u)), 4) + u")).isEmpty());
  }

  @Test
  void writtenPointsAreUnescapedSortedAndDeduplicated() {
    List<byte[]> points =
        SplitPoints.parse(List.of("m", "\\x00a", "c", "m"), List.of("1", "2", "3", "4"));
    assertEquals(3, points.size());
    assertArrayEquals(new byte[] {0, 'a'}, points.get(0));
    assertArrayEquals(Bytes.toBytes("c"), points.get(1));
    assertArrayEquals(Bytes.toBytes("m"), points.get(2));
  }

  @Test
  void emptyPointIsRefused() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SplitPoints.parse(List.of("a", ""), List.of("1", "2")));
  }

  @Test
  void lowerCaseHexIsOneByteAndABadEscapeNamesItsEntry() {
    List<byte[]> points =
        SplitPoints.parse(List.of("\\x0a", "\\x0B", "a\\\\b"), List.of("1", "2", "3"));
    assertArrayEquals(new byte[] {10}, points.get(0));
    assertArrayEquals(new byte[] {11}, points.get(1));
    assertArrayEquals(Bytes.toBytes("a\\b"), points.get(2));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SplitPoints.parse(List.of("a", "b\\xg1"), List.of("entry 1", "entry 2")));
    assertEquals(
        "entry 2 'b\\xg1': \\x at character 2 must be followed by two hex digits (0-9, a-f or A-F),"
            + " not 'g1'; write \\\\ for a backslash",
        e.getMessage());
  }
}
