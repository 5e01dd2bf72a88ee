package org.hbulk.mappers.sort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.util.IndexedSortable;
import org.apache.hadoop.util.QuickSort;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.TableCodes;
import org.junit.jupiter.api.Test;

/**
 * The prefix sort puts a spill's records in exactly the order Hadoop's QuickSort gives with the
 * shuffle's comparator: partitions first, then HBase's cell order, over keys chosen to defeat
 * prefixes (shared starts, rows that start other rows, zero and 0xFF bytes, many equal rows).
 */
class CellKeySorterTest {
  private static final byte[] FAMILY = {'d'};

  /** The tables the keys here are of, coded as a spec writing to them codes them. */
  private static final TableCodes TABLES = TableCodes.of(List.of("t", "t2", "events"));

  @Test
  void randomKeysOverASmallAlphabetSortAsTheComparatorSorts() throws IOException {
    for (int seed = 0; seed < 20; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      Spill spill = new Spill();
      String[] tables = {"t", "t2", "events"};
      for (int i = 0; i < 3000; i++) {
        spill.add(
            r.nextInt(4),
            tables[r.nextInt(tables.length)],
            bytes(r, r.nextInt(24)),
            bytes(r, r.nextInt(3)),
            r.nextInt(3));
      }
      assertSortsLikeQuickSort(spill, 0, spill.size());
    }
  }

  @Test
  void benchShapedKeysWithSaltSkewedUsersAndTimesSort() throws IOException {
    SplittableRandom r = new SplittableRandom(42);
    Spill spill = new Spill();
    for (int i = 0; i < 20000; i++) {
      int user = (int) Math.min(999, Math.abs(r.nextGaussian() * 20));
      int salt = user % 16;
      String row = String.format("%02d|u%07d|%d", salt, user, 1_700_000_000_000L + r.nextInt(5000));
      spill.add(
          salt,
          "events",
          row.getBytes(StandardCharsets.UTF_8),
          "q".getBytes(StandardCharsets.UTF_8),
          r.nextInt(2));
    }
    assertSortsLikeQuickSort(spill, 0, spill.size());
  }

  @Test
  void oneWideRowIsOrderedByFamilyQualifierAndTimeThroughTheComparator() throws IOException {
    SplittableRandom r = new SplittableRandom(3);
    Spill spill = new Spill();
    byte[] row = "a-row-longer-than-two-slices-of-eight".getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < 5000; i++) {
      spill.add(0, "t", row, Bytes.toBytes("q" + r.nextInt(700)), r.nextInt(50));
    }
    assertSortsLikeQuickSort(spill, 0, spill.size());
  }

  @Test
  void rowsThatStartOtherRowsOrEndInZerosSortShortestFirst() throws IOException {
    Spill spill = new Spill();
    byte[][] rows = {
      {},
      {0},
      {0, 0},
      {'a'},
      {'a', 0},
      {'a', 0, 0, 0, 0, 0, 0, 0, 0},
      {'a', 0, 0, 0, 0, 0, 0, 0},
      "abcdefgh".getBytes(StandardCharsets.UTF_8),
      "abcdefgh\0".getBytes(StandardCharsets.UTF_8),
      "abcdefg".getBytes(StandardCharsets.UTF_8),
      {(byte) 0xff},
      {(byte) 0x80, 0},
      {0x7f}
    };
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < 400; i++) {
      spill.add(
          0, "t", rows[r.nextInt(rows.length)], new byte[] {(byte) r.nextInt(3)}, r.nextInt(3));
    }
    assertSortsLikeQuickSort(spill, 0, spill.size());
  }

  @Test
  void aRangeInsideTheSpillIsSortedAndTheRestLeftAlone() throws IOException {
    assertSortsLikeQuickSort(thousandRecords(11), 100, 900);
  }

  @Test
  void aRangeThatWrapsAroundTheBuffersEndIsSorted() throws IOException {
    // Hadoop numbers a spill's records on from where the last spill ended, modulo the buffer's
    // capacity in records: 900 .. 1199 here are records 900 .. 999 and then 0 .. 199.
    assertSortsLikeQuickSort(thousandRecords(13), 900, 1200);
  }

  private static Spill thousandRecords(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    Spill spill = new Spill();
    for (int i = 0; i < 1000; i++) {
      spill.add(r.nextInt(3), "t", bytes(r, 12), bytes(r, 2), r.nextInt(4));
    }
    return spill;
  }

  @Test
  void anyOtherSortableIsSortedByHadoopsQuickSort() {
    int[] values = new SplittableRandom(1).ints(500, 0, 100).toArray();
    IndexedSortable ints =
        new IndexedSortable() {
          @Override
          public int compare(int i, int j) {
            return Integer.compare(values[i], values[j]);
          }

          @Override
          public void swap(int i, int j) {
            int v = values[i];
            values[i] = values[j];
            values[j] = v;
          }
        };
    assertNull(MapOutputBufferRecords.of(ints));
    new CellKeySorter().sort(ints, 0, values.length);
    int[] sorted = values.clone();
    Arrays.sort(sorted);
    assertArrayEquals(sorted, values);
  }

  @Test
  void thisHadoopsMapOutputBufferIsOneTheSorterCanRead() {
    // Without this the prefix sort would quietly fall back to QuickSort after a Hadoop upgrade.
    assertTrue(MapOutputBufferRecords.knowsThisHadoop());
  }

  private static void assertSortsLikeQuickSort(Spill spill, int from, int to) {
    Spill expected = spill.copy();
    new QuickSort().sort(expected, from, to);
    CellKeySorter.sort(spill, from, to, null);
    for (int i = 0; i < spill.size(); i++) {
      assertEquals(expected.describe(i), spill.describe(i), "record " + i);
    }
    for (int i = from + 1; i < to; i++) {
      assertTrue(spill.compare(i - 1, i) <= 0, "records " + (i - 1) + " and " + i + " in order");
    }
  }

  private static byte[] bytes(SplittableRandom r, int length) {
    byte[] alphabet = {0, 1, 'a', 'b', (byte) 0x7f, (byte) 0x80, (byte) 0xff};
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = alphabet[r.nextInt(alphabet.length)];
    }
    return b;
  }

  /**
   * Serialized keys in one buffer and per-record metadata, compared and swapped as Hadoop's map
   * output buffer does it: partition first, then the shuffle's comparator on the key bytes, and
   * record numbers taken modulo the number of records.
   */
  private static final class Spill implements SpillRecords {
    private static final RawComparator<?> COMPARATOR = new CellKey.Comparator();
    private final ByteArrayOutputStream keys = new ByteArrayOutputStream();
    private byte[] buffer = new byte[0];
    private int[] partitions = new int[0];
    private int[] starts = new int[0];
    private int[] ends = new int[0];

    void add(int partition, String table, byte[] row, byte[] qualifier, long timestamp)
        throws IOException {
      CellKey key =
          new CellKey()
              .set(
                  TABLES.code(table),
                  row,
                  0,
                  row.length,
                  FAMILY,
                  0,
                  1,
                  qualifier,
                  0,
                  qualifier.length,
                  timestamp,
                  CellKey.PUT);
      int n = size();
      partitions = Arrays.copyOf(partitions, n + 1);
      starts = Arrays.copyOf(starts, n + 1);
      ends = Arrays.copyOf(ends, n + 1);
      partitions[n] = partition;
      starts[n] = keys.size();
      key.write(new DataOutputStream(keys));
      ends[n] = keys.size();
      buffer = keys.toByteArray();
    }

    Spill copy() {
      Spill c = new Spill();
      c.buffer = buffer;
      c.partitions = partitions.clone();
      c.starts = starts.clone();
      c.ends = ends.clone();
      return c;
    }

    int size() {
      return partitions.length;
    }

    String describe(int record) {
      return partitions[record]
          + " "
          + Bytes.toStringBinary(buffer, starts[record], ends[record] - starts[record]);
    }

    @Override
    public int partition(int record) {
      return partitions[record % size()];
    }

    @Override
    public byte[] buffer() {
      return buffer;
    }

    @Override
    public int keyStart(int record) {
      return starts[record % size()];
    }

    @Override
    public int compare(int a, int b) {
      int i = a % size();
      int j = b % size();
      if (partitions[i] != partitions[j]) {
        return partitions[i] - partitions[j];
      }
      return COMPARATOR.compare(
          buffer, starts[i], ends[i] - starts[i], buffer, starts[j], ends[j] - starts[j]);
    }

    @Override
    public void swap(int a, int b) {
      int i = a % size();
      int j = b % size();
      swap(partitions, i, j);
      swap(starts, i, j);
      swap(ends, i, j);
    }

    private static void swap(int[] a, int i, int j) {
      int v = a[i];
      a[i] = a[j];
      a[j] = v;
    }
  }
}
