package org.hbulk.mappers.hfile;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;

/**
 * One HFile being written for a family, by HBase's {@code StoreFileWriter} or by hbulk's ({@link
 * FastStoreFileWriter}); both write the same file.
 */
interface FamilyFile {
  void append(Cell cell) throws IOException;

  void appendFileInfo(byte[] key, byte[] value) throws IOException;

  /** Adds the cells' time range and earliest put to the file info, and closes the file. */
  void finish() throws IOException;

  Path path();

  /** A new file of HBase's writer in {@code dir}, with no favoured nodes or storage policy. */
  static FamilyFile hbase(
      Configuration conf, FileSystem fs, Path dir, BloomType bloom, HFileContext context)
      throws IOException {
    return of(
        new StoreFileWriter.Builder(conf, CacheConfig.DISABLED, fs)
            .withOutputDir(dir)
            .withBloomType(bloom)
            .withFileContext(context)
            .build());
  }

  /** HBase's writer. */
  static FamilyFile of(StoreFileWriter writer) {
    return new FamilyFile() {
      @Override
      public void append(Cell cell) throws IOException {
        writer.append(cell);
      }

      @Override
      public void appendFileInfo(byte[] key, byte[] value) throws IOException {
        writer.appendFileInfo(key, value);
      }

      @Override
      public void finish() throws IOException {
        writer.appendTrackedTimestampsToMetadata();
        writer.close();
      }

      @Override
      public Path path() {
        return writer.getPath();
      }
    };
  }
}
