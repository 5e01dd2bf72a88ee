package org.hbulk.mappers.sort;

import java.util.SplittableRandom;

/**
 * Sorts a range of (prefix, record) pairs, held in two parallel arrays, by prefix as signed longs:
 * a three-way quicksort, so the long runs of equal prefixes that keys sharing a start produce cost
 * one pass, with pivots drawn at random (from a fixed seed, so runs repeat) so that no ordinary
 * input order, sorted or reversed or nearly so, makes it quadratic. Not stable.
 */
final class PrefixPairs {
  private static final int INSERTION = 16;

  private final long[] prefixes;
  private final int[] records;
  private final SplittableRandom random = new SplittableRandom(0x5eed);

  PrefixPairs(long[] prefixes, int[] records) {
    this.prefixes = prefixes;
    this.records = records;
  }

  /** Sorts positions {@code from} (inclusive) to {@code to} (exclusive). */
  void sort(int from, int to) {
    while (to - from > INSERTION) {
      long pivot =
          medianOfThree(
              from + random.nextInt(to - from),
              from + random.nextInt(to - from),
              from + random.nextInt(to - from));
      int lt = from;
      int i = from;
      int gt = to - 1;
      while (i <= gt) {
        long p = prefixes[i];
        if (p < pivot) {
          swap(lt++, i++);
        } else if (p > pivot) {
          swap(i, gt--);
        } else {
          i++;
        }
      }
      // [from, lt) < pivot, [lt, gt] = pivot, (gt, to) > pivot: recurse on the smaller side
      if (lt - from < to - gt - 1) {
        sort(from, lt);
        from = gt + 1;
      } else {
        sort(gt + 1, to);
        to = lt;
      }
    }
    insertionSort(from, to);
  }

  private long medianOfThree(int a, int b, int c) {
    long x = prefixes[a];
    long y = prefixes[b];
    long z = prefixes[c];
    return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
  }

  private void insertionSort(int from, int to) {
    for (int i = from + 1; i < to; i++) {
      long p = prefixes[i];
      int r = records[i];
      int j = i - 1;
      while (j >= from && prefixes[j] > p) {
        prefixes[j + 1] = prefixes[j];
        records[j + 1] = records[j];
        j--;
      }
      prefixes[j + 1] = p;
      records[j + 1] = r;
    }
  }

  private void swap(int i, int j) {
    long p = prefixes[i];
    prefixes[i] = prefixes[j];
    prefixes[j] = p;
    int r = records[i];
    records[i] = records[j];
    records[j] = r;
  }
}
