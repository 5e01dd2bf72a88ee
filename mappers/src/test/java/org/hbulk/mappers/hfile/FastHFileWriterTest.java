package org.hbulk.mappers.hfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.ByteBufferKeyValue;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparatorImpl;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileBlockIndex;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.io.hfile.HFileWriterImpl;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreUtils;
import org.apache.hadoop.hbase.util.BloomFilterFactory;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The guard of hbulk's HFile writer: the same cells written by HBase's {@code StoreFileWriter} and
 * by {@link FastStoreFileWriter} make the same file, byte for byte, for every format hbulk's writer
 * takes; HBase's reader reads every cell back. An HBase upgrade that changes the format, the block
 * framing or the index fails here before any user's table sees a file.
 */
class FastHFileWriterTest {
  @TempDir java.nio.file.Path tmp;

  private static final byte[] FAMILY = Bytes.toBytes("d");

  static Stream<Arguments> formats() {
    List<Arguments> all = new ArrayList<>();
    for (DataBlockEncoding encoding :
        List.of(DataBlockEncoding.NONE, DataBlockEncoding.FAST_DIFF)) {
      for (String compression : List.of("none", "gz")) {
        for (BloomType bloom : List.of(BloomType.NONE, BloomType.ROW)) {
          // Small blocks make many of them, so the index has levels and the Bloom filter chunks.
          for (int blockSize : List.of(256, 65536)) {
            all.add(Arguments.of(encoding, compression, bloom, blockSize, 0f));
          }
        }
      }
    }
    // A block ends on its encoded size alone (hbase.writer.unified.encoded.blocksize.ratio).
    all.add(Arguments.of(DataBlockEncoding.FAST_DIFF, "gz", BloomType.ROW, 512, 0.5f));
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1} bloom {2} blocks of {3}, encoded size ratio {4}")
  @MethodSource("formats")
  void writesTheFileHBasesWriterWrites(
      DataBlockEncoding encoding, String compression, BloomType bloom, int blockSize, float ratio)
      throws Exception {
    Configuration conf = new Configuration();
    conf.setFloat(HFileWriterImpl.UNIFIED_ENCODED_BLOCKSIZE_RATIO, ratio);
    conf.setInt(HFileBlockIndex.MAX_CHUNK_SIZE_KEY, 1024);
    conf.setInt(BloomFilterFactory.IO_STOREFILE_BLOOM_BLOCK_SIZE, 512);
    List<Cell> cells = cells(new Random(blockSize * 31L + encoding.ordinal()));

    java.nio.file.Path hbase = write(conf, false, encoding, compression, bloom, blockSize, cells);
    java.nio.file.Path hbulk = write(conf, true, encoding, compression, bloom, blockSize, cells);

    byte[] expected = Files.readAllBytes(hbase);
    byte[] actual = Files.readAllBytes(hbulk);
    int first = Arrays.mismatch(expected, actual);
    assertEquals(
        -1,
        first,
        "first differing byte of "
            + expected.length
            + " / "
            + actual.length
            + ": "
            + around(expected, first)
            + " / "
            + around(actual, first));
    assertEquals(
        FastHFileWritingTest.text(cells.stream().map(KeyValueUtil::copyToNewKeyValue).toList()),
        FastHFileWritingTest.text(readBack(conf, hbulk)));
    if (blockSize == 256) {
      try (HFile.Reader reader = reader(conf, hbulk)) {
        assertTrue(
            reader.getTrailer().getNumDataIndexLevels() >= 2,
            "a multi-level index: " + reader.getTrailer());
      }
    }
  }

  /**
   * A row before the one written last is refused by the row Bloom filter's check; a column before
   * the one written last, in a family without a Bloom filter, by the writer's own key-order check.
   */
  @Test
  void cellsOutOfOrderAreRefused() throws Exception {
    assertRefused(
        BloomType.ROW,
        DataBlockEncoding.FAST_DIFF,
        new KeyValue(Bytes.toBytes("b"), FAMILY, Bytes.toBytes("q"), 1L, new byte[1]),
        new KeyValue(Bytes.toBytes("a"), FAMILY, Bytes.toBytes("q"), 1L, new byte[1]));
    assertRefused(
        BloomType.NONE,
        DataBlockEncoding.NONE,
        new KeyValue(Bytes.toBytes("r"), FAMILY, Bytes.toBytes("b"), 1L, new byte[1]),
        new KeyValue(Bytes.toBytes("r"), FAMILY, Bytes.toBytes("a"), 1L, new byte[1]));
  }

  private void assertRefused(
      BloomType bloom, DataBlockEncoding encoding, KeyValue first, KeyValue second)
      throws Exception {
    Configuration conf = new Configuration();
    FamilyFile file =
        new FastStoreFileWriter(
            conf,
            FileSystem.getLocal(conf),
            new Path(tmp.resolve("out-" + bloom).toUri()),
            bloom,
            null,
            context(conf, encoding, "none", 65536));
    file.append(first);
    IOException e = assertThrows(IOException.class, () -> file.append(second));
    assertTrue(e.getMessage().contains("not lexically larger"), e.getMessage());
  }

  @Test
  void formatsItDoesNotWriteAreNamed() {
    Configuration conf = new Configuration();
    assertNull(
        FastStoreFileWriter.unsupported(
            conf, context(conf, DataBlockEncoding.FAST_DIFF, "gz", 65536), BloomType.ROW));
    assertEquals(
        "data block encoding PREFIX",
        FastStoreFileWriter.unsupported(
            conf, context(conf, DataBlockEncoding.PREFIX, "none", 65536), BloomType.NONE));
    assertEquals(
        "bloom filter ROWCOL",
        FastStoreFileWriter.unsupported(
            conf, context(conf, DataBlockEncoding.NONE, "none", 65536), BloomType.ROWCOL));
    HFileContext tagged =
        new HFileContextBuilder(context(conf, DataBlockEncoding.NONE, "none", 65536))
            .withIncludesTags(true)
            .build();
    assertEquals("cells with tags", FastStoreFileWriter.unsupported(conf, tagged, BloomType.NONE));
    Configuration v2 = new Configuration();
    v2.setInt(HFile.FORMAT_VERSION_KEY, 2);
    assertNotNull(
        FastStoreFileWriter.unsupported(
            v2, context(v2, DataBlockEncoding.NONE, "none", 65536), BloomType.NONE));
  }

  /**
   * Rows of one to 300 bytes (a row length's high byte changes), shared prefixes, qualifiers that
   * are prefixes of one another, versions, delete markers of every kind, repeated values, empty
   * values, a value larger than a block, and a key written twice: every branch of the encoder.
   */
  private static List<Cell> cells(Random random) {
    List<Cell> cells = new ArrayList<>();
    byte[][] qualifiers = {
      Bytes.toBytes("a"),
      Bytes.toBytes("ab"),
      Bytes.toBytes("abc"),
      Bytes.toBytes("b"),
      Bytes.toBytes("q1"),
      Bytes.toBytes("q10"),
      Bytes.toBytes("q2"),
      Bytes.toBytes("a-rather-long-qualifier-that-shares-nothing-with-the-others")
    };
    byte[] value = Bytes.toBytes("v0");
    for (int r = 0; r < 600; r++) {
      byte[] row =
          switch (r % 7) {
            case 0 -> Bytes.toBytes(String.format("%03d", r));
            case 1 -> Bytes.toBytes(String.format("%03d|user-%05d", r, random.nextInt(100000)));
            case 2 -> Bytes.add(Bytes.toBytes(String.format("%03d", r)), new byte[297]);
            case 3 -> Bytes.toBytes(String.format("%03d", r) + "x");
            default -> Bytes.toBytes(String.format("%03d|%d", r, random.nextLong()));
          };
      if (random.nextInt(10) == 0) {
        cells.add(new KeyValue(row, FAMILY, null, 1_700_000_000_000L, KeyValue.Type.DeleteFamily));
      }
      if (random.nextInt(10) == 0) {
        cells.add(
            new KeyValue(row, FAMILY, null, 1_600_000_000_000L, KeyValue.Type.DeleteFamilyVersion));
      }
      for (byte[] q : qualifiers) {
        if (random.nextInt(3) == 0) {
          continue;
        }
        int versions = 1 + random.nextInt(3);
        long ts =
            1_700_000_000_000L + random.nextInt(1 << 20) * (random.nextBoolean() ? 1L : 1L << 30);
        for (int v = 0; v < versions; v++) {
          if (random.nextInt(4) != 0) {
            int length = random.nextInt(50) == 0 ? 70_000 : random.nextInt(40);
            value = new byte[length];
            random.nextBytes(value);
          }
          KeyValue.Type type =
              switch (random.nextInt(20)) {
                case 0 -> KeyValue.Type.DeleteColumn;
                case 1 -> KeyValue.Type.Delete;
                default -> KeyValue.Type.Put;
              };
          cells.add(
              type == KeyValue.Type.Put
                  ? new KeyValue(row, FAMILY, q, ts - v * 1000L, value)
                  : new KeyValue(row, FAMILY, q, ts - v * 1000L, type));
          if (random.nextInt(100) == 0) {
            cells.add(new KeyValue(row, FAMILY, q, ts - v * 1000L, value));
          }
        }
      }
    }
    cells.sort(CellComparatorImpl.COMPARATOR::compare);
    // Some cells as callers may hand them over: inside a larger array, with tags the family does
    // not keep (both writers drop them), or as another kind of cell than a key value.
    for (int i = 0; i < cells.size(); i += 7) {
      KeyValue kv = (KeyValue) cells.get(i);
      Cell other =
          switch (i % 3) {
            case 0 -> {
              byte[] wider = new byte[kv.getLength() + 20];
              System.arraycopy(kv.getBuffer(), kv.getOffset(), wider, 13, kv.getLength());
              yield new KeyValue(wider, 13, kv.getLength());
            }
            case 1 ->
                new KeyValue(
                    CellUtil.cloneRow(kv),
                    CellUtil.cloneFamily(kv),
                    CellUtil.cloneQualifier(kv),
                    kv.getTimestamp(),
                    KeyValue.Type.codeToType(kv.getTypeByte()),
                    CellUtil.cloneValue(kv),
                    List.of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(5000L))));
            default ->
                new ByteBufferKeyValue(
                    ByteBuffer.wrap(kv.getBuffer()), kv.getOffset(), kv.getLength());
          };
      cells.set(i, other);
    }
    return cells;
  }

  private java.nio.file.Path write(
      Configuration conf,
      boolean fast,
      DataBlockEncoding encoding,
      String compression,
      BloomType bloom,
      int blockSize,
      List<Cell> cells)
      throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    Path dir = new Path(tmp.resolve(fast ? "hbulk" : "hbase").toUri());
    HFileContext context = context(conf, encoding, compression, blockSize);
    FamilyFile file =
        fast
            ? new FastStoreFileWriter(conf, fs, dir, bloom, null, context)
            : FamilyFile.hbase(conf, fs, dir, bloom, context);
    for (Cell cell : cells) {
      file.append(cell);
    }
    file.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(1_700_000_000_000L));
    file.appendFileInfo(HStoreFile.MAJOR_COMPACTION_KEY, Bytes.toBytes(true));
    file.finish();
    return java.nio.file.Path.of(file.path().toUri());
  }

  private static HFileContext context(
      Configuration conf, DataBlockEncoding encoding, String compression, int blockSize) {
    return new HFileContextBuilder()
        .withCompression(Compression.getCompressionAlgorithmByName(compression))
        .withDataBlockEncoding(encoding)
        .withChecksumType(StoreUtils.getChecksumType(conf))
        .withBytesPerCheckSum(StoreUtils.getBytesPerChecksum(conf))
        .withBlockSize(blockSize)
        .withColumnFamily(FAMILY)
        .withTableName(Bytes.toBytes("t"))
        .withIncludesMvcc(false)
        .withIncludesTags(false)
        .build();
  }

  private static HFile.Reader reader(Configuration conf, java.nio.file.Path file)
      throws IOException {
    return HFile.createReader(
        FileSystem.getLocal(conf), new Path(file.toUri()), CacheConfig.DISABLED, true, conf);
  }

  private static String around(byte[] file, int at) {
    return at < 0
        ? ""
        : Bytes.toStringBinary(
            file, Math.max(0, at - 40), Math.min(240, file.length - Math.max(0, at - 40)));
  }

  /** Every cell of an HFile, read with HBase's reader. */
  static List<KeyValue> readBack(Configuration conf, java.nio.file.Path file) throws IOException {
    List<KeyValue> cells = new ArrayList<>();
    try (HFile.Reader reader = reader(conf, file)) {
      HFileScanner scanner = reader.getScanner(conf, false, false);
      if (scanner.seekTo()) {
        do {
          cells.add(KeyValueUtil.copyToNewKeyValue(scanner.getCell()));
        } while (scanner.next());
      }
    }
    return cells;
  }
}
