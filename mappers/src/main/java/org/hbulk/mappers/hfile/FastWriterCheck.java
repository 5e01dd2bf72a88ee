package org.hbulk.mappers.hfile;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.HFileBlockIndex;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterFactory;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Whether hbulk's HFile writer, on the HBase this JVM runs (a cluster's may not be the one hbulk
 * was built and tested against), writes the file HBase's own writer writes. Checked once per JVM
 * before its first file: a few hundred cells in small blocks (so the index has levels and the Bloom
 * filter chunks) through both writers, for each layout it writes, into a local temporary folder,
 * compared byte for byte. Any difference, and any error (a package-private class of HBase's that
 * changed shape fails to link here), makes every file of the JVM HBase's.
 */
final class FastWriterCheck {
  private static String failure;
  private static boolean done;

  private FastWriterCheck() {}

  /** Why hbulk's writer must not be used in this JVM, or null when it writes HBase's files. */
  static synchronized String failure(Configuration conf) {
    if (!done) {
      failure = run(conf);
      done = true;
    }
    return failure;
  }

  private static String run(Configuration jobConf) {
    java.nio.file.Path dir = null;
    try {
      dir = Files.createTempDirectory("hbulk-writer-check");
      Configuration conf = new Configuration(jobConf);
      conf.setInt(HFileBlockIndex.MAX_CHUNK_SIZE_KEY, 1024);
      conf.setInt(BloomFilterFactory.IO_STOREFILE_BLOOM_BLOCK_SIZE, 512);
      FileSystem fs = FileSystem.getLocal(conf).getRawFileSystem();
      List<KeyValue> cells = cells();
      for (DataBlockEncoding encoding :
          List.of(DataBlockEncoding.NONE, DataBlockEncoding.FAST_DIFF)) {
        byte[] hbase = write(conf, fs, dir, false, encoding, cells);
        byte[] hbulk = write(conf, fs, dir, true, encoding, cells);
        int at = Arrays.mismatch(hbase, hbulk);
        if (at >= 0) {
          return "with "
              + encoding
              + " encoding its file differs from HBase's at byte "
              + at
              + " of "
              + hbase.length;
        }
      }
      return null;
    } catch (IOException | RuntimeException | LinkageError e) {
      return e.toString();
    } finally {
      delete(dir);
    }
  }

  /** The file one writer makes of {@code cells}, in a folder of its own under {@code root}. */
  private static byte[] write(
      Configuration conf,
      FileSystem fs,
      java.nio.file.Path root,
      boolean hbulk,
      DataBlockEncoding encoding,
      List<KeyValue> cells)
      throws IOException {
    HFileContext context =
        new HFileContextBuilder()
            .withCompression(Compression.Algorithm.NONE)
            .withDataBlockEncoding(encoding)
            .withBlockSize(1024)
            .withColumnFamily(Bytes.toBytes("f"))
            .withTableName(Bytes.toBytes("check"))
            .withIncludesMvcc(false)
            .withIncludesTags(false)
            .build();
    Path dir = new Path(root.resolve((hbulk ? "hbulk-" : "hbase-") + encoding).toUri());
    fs.mkdirs(dir);
    FamilyFile file =
        hbulk
            ? new FastStoreFileWriter(conf, fs, dir, BloomType.ROW, null, context)
            : FamilyFile.hbase(conf, fs, dir, BloomType.ROW, context);
    for (KeyValue kv : cells) {
      file.append(kv);
    }
    file.finish();
    return Files.readAllBytes(java.nio.file.Path.of(file.path().toUri()));
  }

  /** Rows of several lengths, columns of several lengths, versions, repeated values, deletes. */
  private static List<KeyValue> cells() {
    List<KeyValue> cells = new ArrayList<>();
    byte[] family = Bytes.toBytes("f");
    for (int r = 0; r < 300; r++) {
      byte[] row = Bytes.toBytes(String.format("%04d", r) + "-".repeat(r % 5));
      if (r % 17 == 0) {
        cells.add(new KeyValue(row, family, null, 1_000L, KeyValue.Type.DeleteFamily));
      }
      for (String column : List.of("a", "ab", "b", "column-" + r % 3)) {
        for (long ts = 3; ts > 0; ts -= 1 + r % 2) {
          byte[] q = Bytes.toBytes(column);
          cells.add(
              r % 11 == 0
                  ? new KeyValue(row, family, q, ts * 1_000, KeyValue.Type.DeleteColumn)
                  : new KeyValue(row, family, q, ts * 1_000, Bytes.toBytes("v" + (r * ts) % 7)));
        }
      }
    }
    return cells;
  }

  private static void delete(java.nio.file.Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<java.nio.file.Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary folder left behind costs a few kilobytes; the check's answer stands.
    }
  }
}
