package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.hfile.HFileWriters;

/**
 * Reads the prepared HFiles' trailers (not their data) to say which region each belongs to, and how
 * many bytes, cells and rows it holds: the report's per-region table.
 */
final class HFileInventory {
  private HFileInventory() {}

  /**
   * @param startKeys the table's region start keys, sorted, the first one empty
   */
  static List<RegionFiles> of(Configuration conf, Path hfileDir, byte[][] startKeys)
      throws IOException {
    int n = startKeys.length;
    int[] files = new int[n];
    long[] bytes = new long[n];
    long[] cells = new long[n];
    long[] rows = new long[n];
    List<Map<String, Integer>> familyFiles = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      familyFiles.add(new TreeMap<>());
    }
    FileSystem fs = hfileDir.getFileSystem(conf);
    if (fs.exists(hfileDir)) {
      for (FileStatus family : fs.listStatus(hfileDir)) {
        if (!family.isDirectory()) {
          continue;
        }
        for (FileStatus file : fs.listStatus(family.getPath())) {
          if (!file.isFile() || file.getPath().getName().startsWith("_")) {
            continue;
          }
          try (HFile.Reader reader =
              HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
            Optional<byte[]> first = reader.getFirstRowKey();
            int region = first.map(k -> regionOf(startKeys, k)).orElse(0);
            files[region]++;
            bytes[region] += file.getLen();
            cells[region] += reader.getEntries();
            familyFiles.get(region).merge(family.getPath().getName(), 1, Integer::sum);
            byte[] started = reader.getHFileInfo().get(HFileWriters.ROWS_STARTED);
            rows[region] =
                started == null || started.length != Bytes.SIZEOF_LONG || rows[region] < 0
                    ? -1
                    : rows[region] + Bytes.toLong(started);
          }
        }
      }
    }
    List<RegionFiles> regions = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] end = i + 1 < n ? startKeys[i + 1] : new byte[0];
      regions.add(
          new RegionFiles(
              startKeys[i],
              end,
              files[i],
              bytes[i],
              cells[i],
              rows[i],
              Collections.unmodifiableMap(familyFiles.get(i))));
    }
    return regions;
  }

  /**
   * How the HFiles found in a run differ from those its prepare wrote, table by table (files,
   * cells, bytes in all, whatever regions they fall in now); empty when they match. A run that
   * stopped while loading holds fewer ({@code loading}): only more than prepare wrote is a
   * difference then.
   */
  static List<String> differences(
      Map<String, List<RegionFiles>> prepared,
      Map<String, List<RegionFiles>> found,
      boolean loading) {
    List<String> differences = new ArrayList<>();
    for (Map.Entry<String, List<RegionFiles>> t : prepared.entrySet()) {
      long[] was = totals(t.getValue());
      long[] is = totals(found.getOrDefault(t.getKey(), List.of()));
      boolean differs =
          loading ? is[0] > was[0] || is[1] > was[1] || is[2] > was[2] : !Arrays.equals(was, is);
      if (differs) {
        differences.add(
            t.getKey()
                + ": prepared "
                + describe(was)
                + ", "
                + (loading ? "left to load " : "found ")
                + describe(is));
      }
    }
    return differences;
  }

  private static long[] totals(List<RegionFiles> regions) {
    long[] totals = new long[3];
    for (RegionFiles r : regions) {
      totals[0] += r.files();
      totals[1] += r.cells();
      totals[2] += r.bytes();
    }
    return totals;
  }

  private static String describe(long[] totals) {
    return totals[0] + " HFile(s) of " + totals[1] + " cell(s), " + totals[2] + " bytes";
  }

  /** The index of the region whose range holds {@code row}. */
  static int regionOf(byte[][] startKeys, byte[] row) {
    int i = Arrays.binarySearch(startKeys, row, Bytes.BYTES_COMPARATOR);
    return i >= 0 ? i : -i - 2;
  }
}
