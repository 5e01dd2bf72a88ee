package org.hbulk.mappers.expr;

/**
 * MurmurHash3, x86 32-bit variant, seed 0: small, fast, published and identical in every language,
 * so a reader in any client can rebuild a salted key. Written out here rather than taken from a
 * library so that no library upgrade can ever move a row to another bucket.
 */
public final class Murmur3 {
  private Murmur3() {}

  public static int hash32(byte[] data, int offset, int length) {
    final int c1 = 0xcc9e2d51;
    final int c2 = 0x1b873593;
    int h = 0;
    int end = offset + (length & ~3);
    for (int i = offset; i < end; i += 4) {
      int k =
          (data[i] & 0xff)
              | (data[i + 1] & 0xff) << 8
              | (data[i + 2] & 0xff) << 16
              | (data[i + 3] & 0xff) << 24;
      k *= c1;
      k = Integer.rotateLeft(k, 15);
      k *= c2;
      h ^= k;
      h = Integer.rotateLeft(h, 13);
      h = h * 5 + 0xe6546b64;
    }
    int k = 0;
    switch (length & 3) {
      case 3:
        k ^= (data[end + 2] & 0xff) << 16;
      // fall through
      case 2:
        k ^= (data[end + 1] & 0xff) << 8;
      // fall through
      case 1:
        k ^= data[end] & 0xff;
        k *= c1;
        k = Integer.rotateLeft(k, 15);
        k *= c2;
        h ^= k;
        break;
      default:
        break;
    }
    h ^= length;
    h ^= h >>> 16;
    h *= 0x85ebca6b;
    h ^= h >>> 13;
    h *= 0xc2b2ae35;
    h ^= h >>> 16;
    return h;
  }
}
