package org.hbulk.mappers.shuffle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class VarintTest {
  @Test
  void valuesOnEitherSideOfEachByteBoundaryReadBackAndEndWhereWidthSays() {
    int[] values = {
      0,
      1,
      127,
      128,
      300,
      16_383,
      16_384,
      2_097_151,
      2_097_152,
      268_435_455,
      268_435_456,
      Integer.MAX_VALUE,
      -1
    };
    int[] widths = {1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5};
    for (int i = 0; i < values.length; i++) {
      byte[] b = new byte[12];
      Arrays.fill(b, (byte) 0x55);
      int end = Varint.put(b, 3, values[i]);
      assertEquals(3 + widths[i], end, "bytes written for " + values[i]);
      assertEquals(widths[i], Varint.width(values[i]), "width of " + values[i]);
      assertEquals(values[i], Varint.read(b, 3), "read back");
      assertEquals((byte) 0x55, b[end], "nothing written past the end");
    }
  }

  @Test
  void leastSignificantSevenBitsComeFirst() {
    byte[] b = new byte[2];
    Varint.put(b, 0, 300);
    assertArrayEquals(new byte[] {(byte) 0xac, 0x02}, b);
  }
}
