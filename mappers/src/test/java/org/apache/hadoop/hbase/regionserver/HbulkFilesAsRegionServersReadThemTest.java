package org.apache.hadoop.hbase.regionserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.TimeRange;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.hbulk.mappers.hfile.HFileWriters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hbulk's HFiles as a region server decides what to read of them: for every family format (each
 * bloom filter type, every data block encoding, by hbulk's writer and by HBase's, with TTL tags), a
 * Get of every row (and, under ROWCOL, of every column) passes the file's bloom filter, a time
 * range around every cell's timestamp passes the file's TIMERANGE, every row with a DeleteFamily
 * marker passes the delete-family bloom, and the counts, first and last keys and earliest put are
 * those of the cells written: a file that failed any of these would make Gets and time-range scans
 * miss its cells without a word. Timestamps come "from a column": out of order between rows, from 0
 * to far in the future. The same files split as BulkLoadHFiles splits a file whose region split
 * between prepare and complete keep every cell, on the right side of the split.
 */
class HbulkFilesAsRegionServersReadThemTest {
  @TempDir java.nio.file.Path tmp;

  private static final long[] TIMESTAMPS = {
    1_700_000_000_000L, 0L, 5L, 1_600_000_000_000L, 4_102_444_800_000L, 1_700_000_000_001L
  };

  @Test
  void everyRowColumnAndTimestampPassesTheFilesFilters() throws Exception {
    Configuration conf = new Configuration();
    Map<String, FamilyFormat> formats = new LinkedHashMap<>();
    // Families a..e by hbulk's writer where it can (a, b), HBase's otherwise; g carries TTL tags.
    formats.put(key("a"), new FamilyFormat("gz", "ROW", "", 512, "FAST_DIFF"));
    formats.put(key("b"), new FamilyFormat("none", "NONE", "", 512, "NONE"));
    formats.put(key("c"), new FamilyFormat("none", "ROWCOL", "", 512, "DIFF"));
    formats.put(key("e"), new FamilyFormat("gz", "ROWPREFIX_FIXED_LENGTH", "5", 512, "PREFIX"));
    formats.put(key("f"), new FamilyFormat("none", "ROW", "", 512, "ROW_INDEX_V1"));
    formats.put(key("g"), new FamilyFormat("none", "ROW", "", 512, "FAST_DIFF"));
    conf.set(HbulkConf.HFILE_FAMILIES, FamilyFormat.encode(formats));
    conf.set(HbulkConf.HFILE_TAGGED_FAMILIES, FamilyFormat.encodeKeys(List.of(key("g"))));
    HFileWriters writers = new HFileWriters(conf, new Path(tmp.resolve("out").toUri()), "a_1");
    Map<String, List<KeyValue>> written = new LinkedHashMap<>();
    for (int r = 0; r < 300; r++) {
      byte[] row = Bytes.toBytes(String.format("row%04d", r) + "-".repeat(r % 4));
      ImmutableBytesWritable tr = new ImmutableBytesWritable(Bytes.add(Bytes.toBytes("t;"), row));
      long ts = TIMESTAMPS[r % TIMESTAMPS.length];
      for (String family : formats.keySet().stream().map(k -> k.split("\n")[1]).toList()) {
        byte[] f = Bytes.toBytes(family);
        List<KeyValue> cells = new ArrayList<>();
        if (r % 13 == 0) {
          cells.add(new KeyValue(row, f, null, ts, KeyValue.Type.DeleteFamily));
        }
        for (int q = 0; q < 1 + r % 5; q++) {
          byte[] value = q == 3 ? new byte[0] : q == 4 ? new byte[2000] : Bytes.toBytes(r + q);
          cells.add(
              family.equals("g")
                  ? new KeyValue(
                      row,
                      f,
                      Bytes.toBytes("q" + q),
                      ts,
                      value,
                      List.of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(86_400_000L))))
                  : new KeyValue(row, f, Bytes.toBytes("q" + q), ts, value));
          if (q == 1 && ts > 0) {
            cells.add(new KeyValue(row, f, Bytes.toBytes("q" + q), ts - 1, value));
          }
        }
        for (KeyValue kv : cells) {
          writers.write(tr, kv);
        }
        written.computeIfAbsent(family, k -> new ArrayList<>()).addAll(cells);
      }
    }
    writers.close(null);

    for (Map.Entry<String, List<KeyValue>> e : written.entrySet()) {
      String family = e.getKey();
      FamilyFormat format = formats.get(key(family));
      List<KeyValue> cells = e.getValue();
      Path file = onlyFile(tmp.resolve("out/t/" + family));
      checkFile(conf, family, format, file, cells);

      // Split as BulkLoadHFiles splits a file that now spans two regions.
      byte[] splitRow = Bytes.toBytes("row0150");
      Path bottom = new Path(tmp.resolve("split/" + family + "/b0770a").toUri());
      Path top = new Path(tmp.resolve("split/" + family + "/70b0").toUri());
      Method split =
          Class.forName("org.apache.hadoop.hbase.tool.LoadIncrementalHFiles")
              .getDeclaredMethod(
                  "splitStoreFile",
                  Configuration.class,
                  Path.class,
                  ColumnFamilyDescriptor.class,
                  byte[].class,
                  Path.class,
                  Path.class);
      split.setAccessible(true);
      // HBase's split writes its halves under the client's configuration, not the family's: a
      // ROWPREFIX_FIXED_LENGTH family's split fails unless the client has the prefix length too.
      Configuration splitConf = new Configuration(conf);
      if (!format.bloomPrefixLength().isEmpty()) {
        splitConf.set(BloomFilterUtil.PREFIX_LENGTH_KEY, format.bloomPrefixLength());
      }
      split.invoke(null, splitConf, file, descriptor(family, format), splitRow, bottom, top);
      List<KeyValue> below = new ArrayList<>();
      List<KeyValue> above = new ArrayList<>();
      for (KeyValue kv : cells) {
        (Bytes.compareTo(CellUtil.cloneRow(kv), splitRow) < 0 ? below : above).add(kv);
      }
      checkFile(conf, family + " bottom half", format, bottom, below);
      checkFile(conf, family + " top half", format, top, above);
    }
  }

  private static void checkFile(
      Configuration conf, String what, FamilyFormat format, Path file, List<KeyValue> cells)
      throws Exception {
    BloomType type = BloomType.valueOf(format.bloom());
    Configuration readConf = new Configuration(conf);
    if (type == BloomType.ROWPREFIX_FIXED_LENGTH) {
      readConf.set(BloomFilterUtil.PREFIX_LENGTH_KEY, format.bloomPrefixLength());
    }
    HStoreFile sf =
        new HStoreFile(
            new StoreFileInfo(readConf, FileSystem.getLocal(conf), file, true),
            type,
            CacheConfig.DISABLED,
            new org.apache.hadoop.hbase.io.hfile.BloomFilterMetrics());
    sf.initReader();
    StoreFileReader reader = sf.getReader();
    try {
      assertEquals(type, reader.getBloomFilterType(), what + ": bloom type");
      assertEquals(cells.size(), reader.getEntries(), what + ": entries");
      assertEquals(
          cells.stream()
              .filter(c -> c.getTypeByte() == KeyValue.Type.DeleteFamily.getCode())
              .count(),
          reader.getDeleteFamilyCnt(),
          what + ": DELETE_FAMILY_COUNT");
      assertTrue(
          org.apache.hadoop.hbase.CellComparatorImpl.COMPARATOR.compare(
                  cells.get(0), reader.getFirstKey().get())
              == 0,
          what + ": first key");
      assertTrue(
          CellUtil.matchingRows(cells.get(cells.size() - 1), reader.getLastKey().get()),
          what + ": last key's row");
      for (KeyValue kv : cells) {
        byte[] row = CellUtil.cloneRow(kv);
        byte[] q = CellUtil.cloneQualifier(kv);
        TreeSet<byte[]> columns = new TreeSet<>(Bytes.BYTES_COMPARATOR);
        columns.add(q);
        Scan get = new Scan(new Get(row).addColumn(CellUtil.cloneFamily(kv), q));
        assertTrue(
            reader.passesBloomFilter(get, columns),
            what + ": a Get of " + kv + " skips the file by its bloom filter");
        assertTrue(
            reader.passesTimerangeFilter(TimeRange.at(kv.getTimestamp()), Long.MIN_VALUE),
            what + ": a time range at " + kv.getTimestamp() + " skips the file");
        if (kv.getTypeByte() == KeyValue.Type.DeleteFamily.getCode()) {
          assertTrue(
              reader.passesDeleteFamilyBloomFilter(row, 0, row.length),
              what + ": delete family bloom misses " + kv);
        }
      }
      // The file's own time range and earliest put are HBase's rules over its cells (a split
      // half keeps the whole file's: wider, which skips nothing).
      TimeRangeTracker expected = TimeRangeTracker.create(TimeRangeTracker.Type.NON_SYNC);
      long earliestPut = Long.MAX_VALUE;
      for (KeyValue kv : cells) {
        expected.includeTimestamp(kv);
        if (kv.getTypeByte() == KeyValue.Type.Put.getCode()) {
          earliestPut = Math.min(earliestPut, kv.getTimestamp());
        }
      }
      if (!what.endsWith("half")) {
        assertEquals(expected.getMin(), reader.timeRange.getMin(), what + ": TIMERANGE min");
        assertEquals(expected.getMax(), reader.timeRange.getMax(), what + ": TIMERANGE max");
        assertEquals(
            earliestPut,
            Bytes.toLong(reader.loadFileInfo().get(HStoreFile.EARLIEST_PUT_TS)),
            what + ": EARLIEST_PUT_TS");
      }
      List<String> read = new ArrayList<>();
      HFileScanner scanner = reader.getScanner(false, false);
      if (scanner.seekTo()) {
        do {
          read.add(describe(scanner.getCell()));
        } while (scanner.next());
      }
      assertEquals(cells.stream().map(c -> describe(c)).toList(), read, what + ": cells");
    } finally {
      sf.closeStoreFile(true);
    }
  }

  private static String describe(Cell c) {
    return c
        + " v="
        + Bytes.toStringBinary(CellUtil.cloneValue(c))
        + " tags="
        + Bytes.toStringBinary(PrivateCellUtil.cloneTags(c));
  }

  private static ColumnFamilyDescriptor descriptor(String family, FamilyFormat format) {
    ColumnFamilyDescriptorBuilder b =
        ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(family))
            .setBloomFilterType(BloomType.valueOf(format.bloom()))
            .setDataBlockEncoding(DataBlockEncoding.valueOf(format.encoding()))
            .setCompressionType(Compression.getCompressionAlgorithmByName(format.compression()))
            .setBlocksize(format.blockSize());
    if (!format.bloomPrefixLength().isEmpty()) {
      b.setConfiguration(BloomFilterUtil.PREFIX_LENGTH_KEY, format.bloomPrefixLength());
    }
    return b.build();
  }

  private static Path onlyFile(java.nio.file.Path dir) throws Exception {
    try (Stream<java.nio.file.Path> s = Files.list(dir)) {
      List<java.nio.file.Path> files =
          s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
      assertEquals(1, files.size(), dir + ": " + files);
      return new Path(files.get(0).toUri());
    }
  }

  private static String key(String family) {
    return FamilyFormat.key("t", family);
  }
}
