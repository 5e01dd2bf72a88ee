package org.hbulk.jobs.bench;

import java.util.Arrays;

/**
 * Sorts the floor's records by row key, in HBase's order (unsigned bytes): a quicksort on the
 * records' first 16 key bytes held as two longs, in three parallel primitive arrays, reading the
 * keys themselves only for records whose 16 bytes are equal.
 */
final class FloorSort {
  private static final int SMALL = 16;

  private final long[] p0;
  private final long[] p1;
  private final long[] addr;
  private final FloorRecords records;

  private FloorSort(FloorRecords records) {
    this.records = records;
    this.p0 = records.prefix0;
    this.p1 = records.prefix1;
    this.addr = records.address;
  }

  static void sort(FloorRecords records) {
    new FloorSort(records).quicksort(0, records.count - 1);
  }

  private void quicksort(int lo, int hi) {
    while (hi - lo > SMALL) {
      int mid = (lo + hi) >>> 1;
      if (compare(mid, p0[lo], p1[lo], addr[lo]) < 0) {
        swap(lo, mid);
      }
      if (compare(hi, p0[lo], p1[lo], addr[lo]) < 0) {
        swap(lo, hi);
      }
      if (compare(hi, p0[mid], p1[mid], addr[mid]) < 0) {
        swap(mid, hi);
      }
      long v0 = p0[mid];
      long v1 = p1[mid];
      long va = addr[mid];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (compare(i, v0, v1, va) < 0) {
          i++;
        }
        while (compare(j, v0, v1, va) > 0) {
          j--;
        }
        if (i <= j) {
          swap(i, j);
          i++;
          j--;
        }
      }
      // The smaller side by recursion, the larger by the loop: the stack stays logarithmic.
      if (j - lo < hi - i) {
        quicksort(lo, j);
        lo = i;
      } else {
        quicksort(i, hi);
        hi = j;
      }
    }
    for (int i = lo + 1; i <= hi; i++) {
      long v0 = p0[i];
      long v1 = p1[i];
      long va = addr[i];
      int j = i - 1;
      while (j >= lo && compare(j, v0, v1, va) > 0) {
        p0[j + 1] = p0[j];
        p1[j + 1] = p1[j];
        addr[j + 1] = addr[j];
        j--;
      }
      p0[j + 1] = v0;
      p1[j + 1] = v1;
      addr[j + 1] = va;
    }
  }

  /** Record {@code i} against the record of prefixes {@code v0}, {@code v1} at {@code va}. */
  private int compare(int i, long v0, long v1, long va) {
    int c = Long.compareUnsigned(p0[i], v0);
    if (c != 0) {
      return c;
    }
    c = Long.compareUnsigned(p1[i], v1);
    if (c != 0 || addr[i] == va) {
      return c;
    }
    return compareRows(records, addr[i], va);
  }

  /** Two records' row keys, unsigned bytes. */
  static int compareRows(FloorRecords records, long a, long b) {
    byte[] x = records.chunkOf(a);
    byte[] y = records.chunkOf(b);
    int xs = FloorRecords.rowOf(a);
    int ys = FloorRecords.rowOf(b);
    return Arrays.compareUnsigned(
        x, xs, xs + FloorRecords.rowLength(x, a), y, ys, ys + FloorRecords.rowLength(y, b));
  }

  private void swap(int i, int j) {
    long t = p0[i];
    p0[i] = p0[j];
    p0[j] = t;
    t = p1[i];
    p1[i] = p1[j];
    p1[j] = t;
    t = addr[i];
    addr[i] = addr[j];
    addr[j] = t;
  }
}
