package org.hbulk.mappers.shuffle;

/**
 * The lengths inside a {@link CellRun}: seven bits a byte, least significant first, the high bit
 * set on every byte but the last. Writing and reading live here together, so that the layout is
 * spelled out once for {@link CellRun} and {@link RunCursor}.
 *
 * <p>Reading gives the value only, and {@link #width(int)} where it ends: a static method cannot
 * hand back two ints without an object, and the cursor reads these per cell of the shuffle.
 */
final class Varint {
  private Varint() {}

  /** Writes {@code v} at {@code p} in the fewest bytes; returns the position after it. */
  static int put(byte[] b, int p, int v) {
    while ((v & ~0x7f) != 0) {
      b[p++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    return p;
  }

  /** The value written by {@link #put} at {@code p}. */
  static int read(byte[] b, int p) {
    byte first = b[p];
    if (first >= 0) {
      // Most lengths in a run are under 128: one byte, no loop.
      return first;
    }
    int v = 0;
    int shift = 0;
    byte x;
    do {
      x = b[p++];
      v |= (x & 0x7f) << shift;
      shift += 7;
    } while (x < 0);
    return v;
  }

  /**
   * How many bytes {@link #put} writes for {@code v}, so a value read at {@code p} ends at {@code p
   * + width(value)}: exact because {@code put} never writes more bytes than the value needs.
   */
  static int width(int v) {
    // Comparisons rather than arithmetic on the leading zeros: the cursor's next position waits on
    // this, and the branches predict well where most lengths take one byte (measured about twice
    // as fast as numberOfLeadingZeros and a division by 7, and no slower than decoding inline).
    if ((v & ~0x7f) == 0) {
      return 1;
    }
    if ((v & ~0x3fff) == 0) {
      return 2;
    }
    if ((v & ~0x1fffff) == 0) {
      return 3;
    }
    return (v & ~0xfffffff) == 0 ? 4 : 5;
  }
}
