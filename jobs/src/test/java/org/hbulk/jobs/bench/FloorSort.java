package org.hbulk.jobs.bench;

import java.util.Arrays;

/**
 * Sorts the floor's records by row key, in HBase's order (unsigned bytes): a quicksort on the
 * records' first 16 key bytes held as two longs, in three parallel primitive arrays; each run of
 * records whose 16 bytes are equal then gets the next 16 bytes of its keys as its longs and is
 * sorted on them, and so on (the keys are read from the arena once per 16 bytes the run shares, not
 * once per comparison). Keys that end within the bytes compared (equal, or one a prefix of another
 * but for zero bytes) are compared whole.
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

  /** Sorts the records; their prefixes no longer hold the keys' first 16 bytes afterwards. */
  static void sort(FloorRecords records) {
    FloorSort s = new FloorSort(records);
    s.quicksort(0, records.count - 1);
    s.resolveTies(0, records.count - 1, 16);
  }

  /** Sorts each run of equal prefixes in {@code [lo, hi]} on its keys' bytes from {@code depth}. */
  private void resolveTies(int lo, int hi, int depth) {
    int i = lo;
    while (i < hi) {
      int j = i + 1;
      while (j <= hi && p0[j] == p0[i] && p1[j] == p1[i]) {
        j++;
      }
      if (j - i > 1) {
        sortRun(i, j - 1, depth);
      }
      i = j;
    }
  }

  private void sortRun(int lo, int hi, int depth) {
    boolean longer = false;
    for (int k = lo; k <= hi; k++) {
      byte[] a = records.chunkOf(addr[k]);
      int row = FloorRecords.rowOf(addr[k]);
      int length = FloorRecords.rowLength(a, addr[k]);
      longer |= length > depth;
      p0[k] = FloorRecords.prefix(a, row, length, depth);
      p1[k] = FloorRecords.prefix(a, row, length, depth + 8);
    }
    if (!longer) {
      wholeKeys(lo, hi);
      return;
    }
    quicksort(lo, hi);
    resolveTies(lo, hi, depth + 16);
  }

  /** Insertion sort on whole keys: runs of keys that ended within the bytes compared. */
  private void wholeKeys(int lo, int hi) {
    for (int i = lo + 1; i <= hi; i++) {
      long va = addr[i];
      int j = i - 1;
      while (j >= lo && compareRows(records, addr[j], va) > 0) {
        addr[j + 1] = addr[j];
        j--;
      }
      addr[j + 1] = va;
    }
  }

  private void quicksort(int lo, int hi) {
    while (hi - lo > SMALL) {
      int mid = (lo + hi) >>> 1;
      if (compare(mid, p0[lo], p1[lo]) < 0) {
        swap(lo, mid);
      }
      if (compare(hi, p0[lo], p1[lo]) < 0) {
        swap(lo, hi);
      }
      if (compare(hi, p0[mid], p1[mid]) < 0) {
        swap(mid, hi);
      }
      long v0 = p0[mid];
      long v1 = p1[mid];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (compare(i, v0, v1) < 0) {
          i++;
        }
        while (compare(j, v0, v1) > 0) {
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
      while (j >= lo && compare(j, v0, v1) > 0) {
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

  /** Record {@code i}'s prefixes against {@code v0}, {@code v1}, unsigned. */
  private int compare(int i, long v0, long v1) {
    int c = Long.compareUnsigned(p0[i], v0);
    return c != 0 ? c : Long.compareUnsigned(p1[i], v1);
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
