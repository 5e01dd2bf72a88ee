package org.hbulk.mappers.sort;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.IndexedSortable;
import org.apache.hadoop.util.IndexedSorter;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.QuickSort;
import org.hbulk.mappers.mapreduce.HbulkCounter;
import org.hbulk.mappers.shuffle.CellKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sort of a map task's spills (Hadoop's {@code map.sort.class}) for {@link CellKey} map
 * outputs.
 *
 * <p>Hadoop's QuickSort compares two records by following their metadata to their keys: about n log
 * n reads at scattered places of a buffer of tens of megabytes, mostly cache misses. This sort
 * reads 8 bytes of each record's row (its table's code, then the row) into a flat array, sorts that
 * array, and looks further only among records whose bytes so far are equal: the next 8 bytes, and
 * once the rows are used up the whole key through the comparator. Each level reads each of its
 * records' keys once, in buffer order at a partition's first level. What that saves is measured in
 * the README ("Where hbulk relies on internals").
 *
 * <p>The order is exactly the comparator's. Rows are compared as unsigned bytes, a shorter row
 * first where one is the start of the other; 8-byte slices padded with zeros past a row's end and
 * compared unsigned never put two rows the other way round, and records whose slices are equal are
 * left to the comparator. Records are ordered by partition first, as Hadoop's spill expects.
 *
 * <p>It needs the keys, which Hadoop does not hand a sorter: where the map output buffer is not one
 * {@link MapOutputBufferRecords} can read, or its keys are not {@link CellKey}s, Hadoop's QuickSort
 * sorts, counted under a {@link PrefixSortFallback} reason so the report says so. Switched on and
 * off by {@link PrefixSort}. Extra memory: 16 bytes per record of the spill, 20 where the
 * comparator must merge large runs of equal rows, for the length of the sort.
 */
public final class CellKeySorter implements IndexedSorter {
  private static final Logger LOG = LoggerFactory.getLogger(CellKeySorter.class);
  private static final IndexedSorter HADOOP = new QuickSort();

  @Override
  public void sort(IndexedSortable sortable, int from, int to) {
    sort(sortable, from, to, null);
  }

  @Override
  public void sort(IndexedSortable sortable, int from, int to, Progressable progress) {
    SpillRecords records = MapOutputBufferRecords.of(sortable);
    if (records == null) {
      fallBack(
          MapOutputBufferRecords.knowsThisHadoop()
              ? PrefixSortFallback.NOT_CELL_KEYS
              : PrefixSortFallback.UNKNOWN_BUFFER_LAYOUT,
          sortable,
          from,
          to,
          progress);
      return;
    }
    try {
      sort(records, from, to, progress);
    } catch (RuntimeException e) {
      // A buffer that passed the layout checks but holds something else. Its records have only
      // been read or swapped, so they are all still there, in some order QuickSort can start from.
      LOG.warn("Prefix sort failed, sorting this spill with Hadoop's QuickSort", e);
      fallBack(PrefixSortFallback.SORT_FAILED, sortable, from, to, progress);
      return;
    }
    if (progress instanceof Reporter reporter) {
      reporter.incrCounter(HbulkCounter.SPILLS_PREFIX_SORTED, 1);
    }
  }

  /**
   * Sorts the spill as Hadoop would, counted under the reason: the report says the sort fell back.
   */
  private static void fallBack(
      PrefixSortFallback reason,
      IndexedSortable sortable,
      int from,
      int to,
      Progressable progress) {
    HADOOP.sort(sortable, from, to, progress);
    if (progress instanceof Reporter reporter) {
      reporter.incrCounter(reason, 1);
    }
  }

  static void sort(SpillRecords records, int from, int to, Progressable progress) {
    if (to - from > 1) {
      new Sort(records, from, to - from, progress).run();
    }
  }

  /** One sort's state; indexes into its arrays are records' positions relative to {@code from}. */
  private static final class Sort {
    /** Ranges at most this long are sorted by the comparator alone, not sliced further. */
    private static final int SMALL = 16;

    private final SpillRecords records;
    private final byte[] buffer;
    private final int from;
    private final Progressable progress;

    /** The records in sorted order, in the end. */
    private final int[] order;

    /** Where each record's row starts in the buffer; its length is the two bytes before. */
    private final int[] rowStart;

    /** The current slice of the row of the record at the same position of {@link #order}. */
    private final long[] slices;

    private final PrefixPairs pairs;
    private int[] scratch;

    Sort(SpillRecords records, int from, int n, Progressable progress) {
      this.records = records;
      this.buffer = records.buffer();
      this.from = from;
      this.progress = progress;
      this.order = new int[n];
      this.rowStart = new int[n];
      this.slices = new long[n];
      this.pairs = new PrefixPairs(slices, order);
    }

    void run() {
      int n = order.length;
      int partitions = 0;
      // starts[p + 1] counts partition p's records, then becomes where partition p + 1 starts
      int[] starts = new int[2];
      for (int i = 0; i < n; i++) {
        // CellKey's two-byte length of its row (table code and row) follows the key's own length
        rowStart[i] = CellKey.afterLength(buffer, records.keyStart(from + i)) + 2;
        int p = records.partition(from + i);
        if (p + 2 > starts.length) {
          starts = Arrays.copyOf(starts, Math.max(p + 2, 2 * starts.length));
        }
        starts[p + 1]++;
        partitions = Math.max(partitions, p + 1);
      }
      for (int p = 0; p < partitions; p++) {
        starts[p + 1] += starts[p];
      }
      int[] next = starts.clone();
      for (int i = 0; i < n; i++) {
        order[next[records.partition(from + i)]++] = i;
      }
      for (int p = 0; p < partitions; p++) {
        sortRows(starts[p], starts[p + 1]);
        if (progress != null) {
          progress.progress();
        }
      }
      apply();
    }

    private void sortRows(int a, int b) {
      if (b - a <= SMALL) {
        byComparator(a, b);
        return;
      }
      Deque<int[]> pending = new ArrayDeque<>();
      pending.push(new int[] {a, b, 0});
      while (!pending.isEmpty()) {
        int[] range = pending.pop();
        int start = range[0];
        int end = range[1];
        int depth = range[2];
        for (int k = start; k < end; k++) {
          slices[k] = slice(order[k], depth);
        }
        pairs.sort(start, end);
        int run = start;
        int longest = rowLength(order[start]);
        for (int k = start + 1; k <= end; k++) {
          if (k < end && slices[k] == slices[run]) {
            longest = Math.max(longest, rowLength(order[k]));
            continue;
          }
          if (k - run > SMALL && longest > depth + 8) {
            pending.push(new int[] {run, k, depth + 8});
          } else if (k - run > 1) {
            byComparator(run, k);
          }
          if (k < end) {
            run = k;
            longest = rowLength(order[k]);
          }
        }
      }
    }

    private int rowLength(int record) {
      return Bytes.toShort(buffer, rowStart[record] - 2) & 0xffff;
    }

    /**
     * Bytes {@code depth .. depth + 7} of a row, zeros past its end, in an order signed longs keep.
     */
    private long slice(int record, int depth) {
      int left = rowLength(record) - depth;
      int at = rowStart[record] + depth;
      long v;
      if (left >= 8) {
        v = Bytes.toLong(buffer, at);
      } else {
        v = 0;
        for (int j = 0; j < 8; j++) {
          v = (v << 8) | (j < left ? buffer[at + j] & 0xff : 0);
        }
      }
      return v ^ Long.MIN_VALUE;
    }

    /** A merge sort of positions {@code a .. b - 1} of {@link #order} by the spill's comparator. */
    private void byComparator(int a, int b) {
      if (b - a <= SMALL) {
        for (int i = a + 1; i < b; i++) {
          int r = order[i];
          int j = i - 1;
          while (j >= a && compare(order[j], r) > 0) {
            order[j + 1] = order[j];
            j--;
          }
          order[j + 1] = r;
        }
        return;
      }
      int mid = (a + b) >>> 1;
      byComparator(a, mid);
      byComparator(mid, b);
      if (compare(order[mid - 1], order[mid]) <= 0) {
        return;
      }
      if (scratch == null) {
        scratch = new int[order.length];
      }
      System.arraycopy(order, a, scratch, a, mid - a);
      int i = a;
      int j = mid;
      int k = a;
      while (i < mid && j < b) {
        order[k++] = compare(order[j], scratch[i]) < 0 ? order[j++] : scratch[i++];
      }
      while (i < mid) {
        order[k++] = scratch[i++];
      }
    }

    private int compare(int i, int j) {
      return records.compare(from + i, from + j);
    }

    /**
     * Moves the records into {@link #order} with the spill's own swaps, one cycle of the
     * permutation at a time: each swap puts one record where it belongs.
     */
    private void apply() {
      for (int start = 0; start < order.length; start++) {
        if (order[start] < 0) {
          continue;
        }
        int at = start;
        while (true) {
          int source = order[at];
          order[at] = ~source;
          if (source == start) {
            break;
          }
          records.swap(from + at, from + source);
          at = source;
        }
      }
    }
  }
}
