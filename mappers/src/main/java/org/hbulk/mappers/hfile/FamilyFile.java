package org.hbulk.mappers.hfile;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
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
