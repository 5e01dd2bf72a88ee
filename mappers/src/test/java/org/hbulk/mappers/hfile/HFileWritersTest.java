package org.hbulk.mappers.hfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counters;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HFileWritersTest {
  @TempDir java.nio.file.Path tmp;

  @Test
  void familyFormatsSurviveTheirEncoding() {
    Map<String, FamilyFormat> formats = new LinkedHashMap<>();
    formats.put(
        FamilyFormat.key("ns:events", "d"),
        new FamilyFormat("zstd", "ROWPREFIX_FIXED_LENGTH", "4", 16384, "FAST_DIFF"));
    formats.put(
        FamilyFormat.key("t", "f with space;and=odd"),
        new FamilyFormat("none", "NONE", "", 65536, "NONE"));
    assertEquals(formats, FamilyFormat.decode(FamilyFormat.encode(formats)));
    assertEquals(Map.of(), FamilyFormat.decode(null));
  }

  /**
   * Cells a family's TTL already hides are counted: Puts older than its oldest unexpired time,
   * beyond the column's newest MIN_VERSIONS in the row; not delete markers, not other families.
   */
  @Test
  void cellsPastTheirFamilysTtlAreCounted() throws Exception {
    Configuration conf = new Configuration();
    Map<String, FamilyExpiry> expiries = new LinkedHashMap<>();
    expiries.put(FamilyFormat.key("t", "d"), new FamilyExpiry(1000, 0));
    expiries.put(FamilyFormat.key("t", "k"), new FamilyExpiry(1000, 2));
    conf.set(HbulkConf.HFILE_FAMILY_EXPIRY, FamilyExpiry.encode(expiries));
    assertEquals(expiries, FamilyExpiry.decode(FamilyExpiry.encode(expiries)));
    HFileWriters writers = new HFileWriters(conf, new Path(tmp.toUri()), "attempt_1");
    byte[] r1 = Bytes.toBytes("r1");
    ImmutableBytesWritable key1 = new ImmutableBytesWritable(Bytes.toBytes("t;r1"));
    writers.write(key1, put(r1, "d", "q1", 2000));
    writers.write(key1, put(r1, "d", "q1", 500)); // past
    writers.write(key1, put(r1, "d", "q2", 999)); // past
    writers.write(
        key1,
        new KeyValue(r1, Bytes.toBytes("d"), Bytes.toBytes("q3"), 10L, KeyValue.Type.DeleteColumn));
    writers.write(key1, put(r1, "k", "q", 900)); // the newest two versions stay readable
    writers.write(key1, put(r1, "k", "q", 800));
    writers.write(key1, put(r1, "k", "q", 700)); // past
    writers.write(key1, put(r1, "n", "q", 1)); // a family without a TTL
    byte[] r2 = Bytes.toBytes("r2");
    writers.write(new ImmutableBytesWritable(Bytes.toBytes("t;r2")), put(r2, "k", "q", 600));
    Counters counters = new Counters();
    writers.close(FastHFileWritingTest.context(conf, counters));
    assertEquals(3, counters.findCounter(FamilyExpiry.Counter.CELLS_PAST_FAMILY_TTL).getValue());
  }

  private static KeyValue put(byte[] row, String family, String qualifier, long ts) {
    return new KeyValue(
        row, Bytes.toBytes(family), Bytes.toBytes(qualifier), ts, Bytes.toBytes("v" + ts));
  }

  /**
   * Two tables, two families: each table;family gets its folder and format; files roll between rows
   * once past the maximum size, never inside a row; the bulk-load file info is there.
   */
  @Test
  void eachTableFamilyGetsItsFolderFormatAndWholeRowsPerFile() throws Exception {
    Configuration conf = new Configuration();
    conf.setLong(HConstants.HREGION_MAX_FILESIZE, 20_000);
    Map<String, FamilyFormat> formats = new LinkedHashMap<>();
    formats.put(
        FamilyFormat.key("ns:a", "d"), new FamilyFormat("gz", "ROW", "", 4096, "FAST_DIFF"));
    formats.put(FamilyFormat.key("b", "d"), new FamilyFormat("none", "NONE", "", 65536, "NONE"));
    conf.set(HbulkConf.HFILE_FAMILIES, FamilyFormat.encode(formats));
    Path work = new Path(tmp.toUri());
    HFileWriters writers = new HFileWriters(conf, work, "attempt_1");
    int rows = 200;
    for (String table : List.of("b", "ns:a")) {
      for (int r = 0; r < rows; r++) {
        byte[] row = Bytes.toBytes(String.format("row%04d", r));
        ImmutableBytesWritable key =
            new ImmutableBytesWritable(Bytes.add(Bytes.toBytes(table + ";"), row));
        // A row's cells of two families interleave as the reducer sends them: d before e.
        for (String family : List.of("d", "e")) {
          for (int q = 0; q < 5; q++) {
            writers.write(
                key,
                new KeyValue(
                    row,
                    Bytes.toBytes(family),
                    Bytes.toBytes("q" + q),
                    7L,
                    Bytes.toBytes("value-" + table + "-" + r + "-" + q)));
          }
        }
      }
    }
    writers.close(null);

    for (String dir : List.of("b/d", "b/e", "ns/a/d", "ns/a/e")) {
      List<java.nio.file.Path> files;
      try (Stream<java.nio.file.Path> s = Files.list(tmp.resolve(dir))) {
        files = s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
      }
      assertTrue(files.size() >= 2, dir + ": rolled past 20,000 bytes, " + files.size() + " files");
      int cells = 0;
      long rowsStarted = 0;
      List<String[]> spans = new ArrayList<>();
      for (java.nio.file.Path f : files) {
        try (HFile.Reader reader =
            HFile.createReader(
                FileSystem.getLocal(conf), new Path(f.toUri()), CacheConfig.DISABLED, true, conf)) {
          boolean a = dir.startsWith("ns/a/d");
          assertEquals(a ? "gz" : "none", reader.getFileContext().getCompression().getName(), dir);
          assertEquals(a ? "FAST_DIFF" : "NONE", reader.getDataBlockEncoding().name(), dir);
          assertFalse(reader.getFileContext().isIncludesMvcc(), dir + ": no per-cell sequence ids");
          assertFalse(reader.getFileContext().isIncludesTags(), dir + ": no tags");
          // The block size is not stored; 4 KB blocks show as several blocks in a 20 KB file.
          int blocks = reader.getTrailer().getDataIndexCount();
          assertTrue(a ? blocks > 1 : blocks == 1, dir + ": " + blocks + " data blocks");
          Map<byte[], byte[]> info = reader.getHFileInfo();
          byte[] bloom = info.get(HStoreFile.BLOOM_FILTER_TYPE_KEY);
          assertEquals(a ? "ROW" : null, bloom == null ? null : Bytes.toString(bloom), dir);
          assertArrayEquals(Bytes.toBytes(true), info.get(HStoreFile.MAJOR_COMPACTION_KEY));
          assertEquals("attempt_1", Bytes.toString(info.get(HStoreFile.BULKLOAD_TASK_KEY)));
          assertTrue(info.containsKey(HStoreFile.BULKLOAD_TIME_KEY));
          assertTrue(info.containsKey(HStoreFile.TIMERANGE_KEY));
          rowsStarted += Bytes.toLong(info.get(HFileWriters.ROWS_STARTED));
          HFileScanner scanner = reader.getScanner(conf, false, false);
          assertTrue(scanner.seekTo());
          String firstRow = null;
          String lastRow = null;
          do {
            Cell c = scanner.getCell();
            lastRow = Bytes.toString(CellUtil.cloneRow(c));
            firstRow = firstRow == null ? lastRow : firstRow;
            cells++;
          } while (scanner.next());
          spans.add(new String[] {firstRow, lastRow});
        }
      }
      assertEquals(rows * 5, cells, dir);
      // Every row starts in family d, its first: the rows of a table add up once, over files.
      assertEquals(dir.endsWith("/d") ? rows : 0, rowsStarted, dir + ": rows started");
      spans.sort(java.util.Comparator.comparing(span -> span[0]));
      for (int i = 1; i < spans.size(); i++) {
        assertTrue(
            spans.get(i - 1)[1].compareTo(spans.get(i)[0]) < 0, dir + ": a row split across files");
      }
    }
  }

  /**
   * A reducer that writes several regions of a table (the driver recorded them) closes each
   * family's file where the next region starts, so no file spans two regions; a table without a
   * record is written as one file per family.
   */
  @Test
  void aReducerOfSeveralRegionsWritesEachRegionsRowsToFilesOfTheirOwn() throws Exception {
    Configuration conf = new Configuration();
    TableRegions.record(
        conf,
        "t",
        List.of(new byte[0], Bytes.toBytes("row0050"), Bytes.toBytes("row0120")),
        List.of("localhost:1", "localhost:1", "localhost:1"));
    Path work = new Path(tmp.toUri());
    HFileWriters writers = new HFileWriters(conf, work, "attempt_1");
    for (String table : List.of("t", "u")) {
      for (int r = 0; r < 200; r++) {
        byte[] row = Bytes.toBytes(String.format("row%04d", r));
        ImmutableBytesWritable key =
            new ImmutableBytesWritable(Bytes.add(Bytes.toBytes(table + ";"), row));
        for (String family : List.of("d", "e")) {
          writers.write(key, new KeyValue(row, Bytes.toBytes(family), Bytes.toBytes("q"), 7L, row));
        }
      }
    }
    writers.close(null);

    for (String family : List.of("d", "e")) {
      assertEquals(
          List.of("row0000..row0049", "row0050..row0119", "row0120..row0199"),
          rowSpans(conf, tmp.resolve("t/" + family)),
          "t/" + family);
      assertEquals(List.of("row0000..row0199"), rowSpans(conf, tmp.resolve("u/" + family)));
    }
  }

  /**
   * A family some cell of which gets tags is written with tags (HFile v3's MAX_TAGS_LEN in the file
   * info tells readers so) and its cells keep them; the table's other family is written as before.
   */
  @Test
  void onlyTaggedFamiliesAreWrittenWithTags() throws Exception {
    Configuration conf = new Configuration();
    conf.set(
        HbulkConf.HFILE_TAGGED_FAMILIES,
        FamilyFormat.encodeKeys(List.of(FamilyFormat.key("t", "d"))));
    assertEquals(
        java.util.Set.of(FamilyFormat.key("t", "d")),
        FamilyFormat.decodeKeys(conf.get(HbulkConf.HFILE_TAGGED_FAMILIES)));
    HFileWriters writers = new HFileWriters(conf, new Path(tmp.toUri()), "attempt_1");
    byte[] row = Bytes.toBytes("row");
    ImmutableBytesWritable key = new ImmutableBytesWritable(Bytes.toBytes("t;row"));
    List<org.apache.hadoop.hbase.Tag> ttl =
        List.of(
            new org.apache.hadoop.hbase.ArrayBackedTag(
                org.apache.hadoop.hbase.TagType.TTL_TAG_TYPE, Bytes.toBytes(5000L)));
    for (String family : List.of("d", "e")) {
      writers.write(
          key,
          new KeyValue(
              row, Bytes.toBytes(family), Bytes.toBytes("q"), 7L, Bytes.toBytes("v"), ttl));
    }
    writers.close(null);
    for (String family : List.of("d", "e")) {
      java.nio.file.Path f;
      try (Stream<java.nio.file.Path> s = Files.list(tmp.resolve("t/" + family))) {
        f = s.filter(p -> !p.getFileName().toString().startsWith(".")).findFirst().orElseThrow();
      }
      boolean tagged = family.equals("d");
      try (HFile.Reader reader =
          HFile.createReader(
              FileSystem.getLocal(conf), new Path(f.toUri()), CacheConfig.DISABLED, true, conf)) {
        assertEquals(tagged, reader.getFileContext().isIncludesTags(), family);
        assertEquals(
            tagged,
            reader
                .getHFileInfo()
                .containsKey(org.apache.hadoop.hbase.io.hfile.HFileInfo.MAX_TAGS_LEN),
            family + ": MAX_TAGS_LEN");
        HFileScanner scanner = reader.getScanner(conf, false, false);
        assertTrue(scanner.seekTo());
        Cell c = scanner.getCell();
        assertEquals(tagged ? 11 : 0, c.getTagsLength(), family + ": one TTL tag of 8 bytes");
      }
    }
  }

  /**
   * A storage policy (HBase's {@code hbase.hstore.block.storage.policy}, as a cluster's
   * hbase-site.xml may set it, or one family's) leaves every HFile directly in its family folder,
   * by either writer: BulkLoadHFiles reads only the family folder's own files ("Skipping non-file"
   * for a folder), and the report's inventory as well, so a file one folder down was never loaded,
   * and deleted with the run's HFiles after a load that said it succeeded.
   */
  @Test
  void aStoragePolicyLeavesEveryFileInItsFamilyFolder() throws Exception {
    Configuration conf = new Configuration();
    conf.set(HFileWriters.STORAGE_POLICY, "HOT");
    conf.set(HFileWriters.STORAGE_POLICY + ".t;e", "ALL_SSD");
    Map<String, FamilyFormat> formats = new LinkedHashMap<>();
    // d by hbulk's writer, e by HBase's (hbulk's writes no ROWCOL bloom).
    formats.put(FamilyFormat.key("t", "d"), new FamilyFormat("none", "ROW", "", 65536, "NONE"));
    formats.put(FamilyFormat.key("t", "e"), new FamilyFormat("none", "ROWCOL", "", 65536, "NONE"));
    conf.set(HbulkConf.HFILE_FAMILIES, FamilyFormat.encode(formats));
    HFileWriters writers = new HFileWriters(conf, new Path(tmp.toUri()), "attempt_1");
    for (int r = 0; r < 10; r++) {
      byte[] row = Bytes.toBytes(String.format("row%04d", r));
      ImmutableBytesWritable key = new ImmutableBytesWritable(Bytes.add(Bytes.toBytes("t;"), row));
      for (String family : List.of("d", "e")) {
        writers.write(key, new KeyValue(row, Bytes.toBytes(family), Bytes.toBytes("q"), 7L, row));
      }
    }
    writers.close(null);
    for (String family : List.of("d", "e")) {
      List<java.nio.file.Path> entries;
      try (Stream<java.nio.file.Path> s = Files.list(tmp.resolve("t/" + family))) {
        entries = s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
      }
      assertFalse(entries.isEmpty(), family);
      for (java.nio.file.Path e : entries) {
        assertTrue(Files.isRegularFile(e), family + ": not an HFile in the family folder: " + e);
      }
      assertEquals(List.of("row0000..row0009"), rowSpans(conf, tmp.resolve("t/" + family)));
    }
  }

  /** Each file's first and last row, in order of the first. */
  private static List<String> rowSpans(Configuration conf, java.nio.file.Path dir)
      throws Exception {
    List<String> spans = new ArrayList<>();
    try (Stream<java.nio.file.Path> s = Files.list(dir)) {
      for (java.nio.file.Path f :
          s.filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
        try (HFile.Reader reader =
            HFile.createReader(
                FileSystem.getLocal(conf), new Path(f.toUri()), CacheConfig.DISABLED, true, conf)) {
          spans.add(
              Bytes.toString(reader.getFirstRowKey().get())
                  + ".."
                  + Bytes.toString(reader.getLastRowKey().get()));
        }
      }
    }
    spans.sort(null);
    return spans;
  }
}
