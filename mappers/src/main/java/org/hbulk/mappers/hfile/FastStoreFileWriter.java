package org.hbulk.mappers.hfile;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HbulkHFileWriter;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStore;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.regionserver.TimeRangeTracker;
import org.apache.hadoop.hbase.util.BloomContext;
import org.apache.hadoop.hbase.util.BloomFilterFactory;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.hbase.util.BloomFilterWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.hbase.util.RowBloomContext;

/**
 * What HBase's {@code StoreFileWriter} adds around the HFile writer (the family's row Bloom filter,
 * the delete-family Bloom filter and count, the time range, where the file goes), around hbulk's
 * {@link HbulkHFileWriter}: the same file, with the cells' hot path hbulk's own.
 */
final class FastStoreFileWriter implements FamilyFile {
  private final HbulkHFileWriter writer;
  private final BloomType bloomType;
  private final BloomFilterWriter bloom;
  private final byte[] bloomParam;
  private final BloomFilterWriter deleteFamilyBloom;
  private final BloomContext deleteFamilyContext;
  private final CellComparator comparator;
  private final TimeRangeTracker timeRange =
      TimeRangeTracker.create(TimeRangeTracker.Type.NON_SYNC);

  /** The first cell of the last row added to the Bloom filter. */
  private KeyValue lastBloomRow;

  private long earliestPutTs = HConstants.LATEST_TIMESTAMP;
  private long deleteFamilies;

  /**
   * Why HBase's writer must write this family's files, or null when this one writes them as it
   * would.
   */
  static String unsupported(Configuration conf, HFileContext context, BloomType bloom) {
    if (bloom != BloomType.NONE && bloom != BloomType.ROW) {
      return "bloom filter " + bloom;
    }
    return HbulkHFileWriter.unsupported(conf, context);
  }

  /**
   * A new file in {@code dir}, named and placed as HBase's {@code StoreFileWriter.Builder} places
   * it when given no file storage policy (with one it makes a subfolder, which BulkLoadHFiles
   * skips): the configuration's storage policy goes on {@code dir}.
   */
  FastStoreFileWriter(
      Configuration conf,
      FileSystem fs,
      Path dir,
      BloomType bloomType,
      InetSocketAddress[] favoredNodes,
      HFileContext context)
      throws IOException {
    String why = unsupported(conf, context, bloomType);
    if (why != null) {
      throw new IllegalArgumentException("hbulk's HFile writer cannot write " + why);
    }
    if (!fs.exists(dir)) {
      fs.mkdirs(dir);
    }
    String policy = conf.get(ColumnFamilyDescriptorBuilder.STORAGE_POLICY);
    CommonFSUtils.setStoragePolicy(
        fs, dir, policy != null ? policy : conf.get(HStore.BLOCK_STORAGE_POLICY_KEY));
    Path path = StoreFileWriter.getUniqueFile(fs, dir);
    BloomType type = BloomFilterFactory.isGeneralBloomEnabled(conf) ? bloomType : BloomType.NONE;

    this.comparator = context.getCellComparator();
    this.writer = new HbulkHFileWriter(conf, fs, path, favoredNodes, context);
    try {
      this.bloom =
          BloomFilterFactory.createGeneralBloomAtWrite(conf, CacheConfig.DISABLED, type, 0, writer);
      this.bloomType = bloom != null ? type : BloomType.NONE;
      this.bloomParam = bloom != null ? BloomFilterUtil.getBloomFilterParam(type, conf) : null;
      this.deleteFamilyBloom =
          BloomFilterFactory.createDeleteBloomAtWrite(conf, CacheConfig.DISABLED, 0, writer);
      this.deleteFamilyContext =
          deleteFamilyBloom != null ? new RowBloomContext(deleteFamilyBloom, comparator) : null;
    } catch (RuntimeException | Error e) {
      // No empty file is left for the bulk load to find, whoever writes this one instead.
      try {
        writer.abandon();
      } catch (IOException | RuntimeException closing) {
        e.addSuppressed(closing);
      } finally {
        try {
          fs.delete(path, false);
        } catch (IOException | RuntimeException deleting) {
          e.addSuppressed(deleting);
        }
      }
      throw e;
    }
  }

  @Override
  public void append(Cell cell) throws IOException {
    KeyValue kv = cell instanceof KeyValue k ? k : KeyValueUtil.copyToNewKeyValue(cell);
    if (bloom != null) {
      addToBloom(kv);
    }
    byte type = kv.getTypeByte();
    if (type == KeyValue.Type.DeleteFamily.getCode()
        || type == KeyValue.Type.DeleteFamilyVersion.getCode()) {
      deleteFamilies++;
      if (deleteFamilyContext != null) {
        deleteFamilyContext.writeBloom(kv);
      }
    }
    writer.append(kv);
    if (type == KeyValue.Type.Put.getCode()) {
      earliestPutTs = Math.min(earliestPutTs, kv.getTimestamp());
    }
    timeRange.includeTimestamp(kv);
  }

  /**
   * Adds a row's key to the row Bloom filter on the row's first cell, as HBase's row Bloom context
   * does, with the rows compared as plain byte ranges (HBase's row comparison was a sizeable part
   * of writing a cell).
   */
  private void addToBloom(KeyValue kv) throws IOException {
    KeyValue last = lastBloomRow;
    if (last != null) {
      int row = kv.getRowOffset();
      int lastRow = last.getRowOffset();
      if (Arrays.equals(
          kv.getRowArray(),
          row,
          row + kv.getRowLength(),
          last.getRowArray(),
          lastRow,
          lastRow + last.getRowLength())) {
        return;
      }
      if (comparator.compareRows(kv, last) < 0) {
        throw new IOException(
            "Added a key not lexically larger than previous. Current cell = "
                + kv
                + ", prevCell = "
                + last);
      }
    }
    bloom.append(kv);
    lastBloomRow = kv;
  }

  @Override
  public void appendFileInfo(byte[] key, byte[] value) throws IOException {
    writer.appendFileInfo(key, value);
  }

  @Override
  public void finish() throws IOException {
    writer.appendFileInfo(HStoreFile.TIMERANGE_KEY, TimeRangeTracker.toByteArray(timeRange));
    writer.appendFileInfo(HStoreFile.EARLIEST_PUT_TS, Bytes.toBytes(earliestPutTs));
    if (bloom != null && bloom.getKeyCount() > 0) {
      bloom.compactBloom();
      writer.addGeneralBloomFilter(bloom);
      writer.appendFileInfo(HStoreFile.BLOOM_FILTER_TYPE_KEY, Bytes.toBytes(bloomType.toString()));
      if (bloomParam != null) {
        writer.appendFileInfo(HStoreFile.BLOOM_FILTER_PARAM_KEY, bloomParam);
      }
      writer.appendFileInfo(HStoreFile.LAST_BLOOM_KEY, CellUtil.cloneRow(lastBloomRow));
    }
    if (deleteFamilyBloom != null && deleteFamilyBloom.getKeyCount() > 0) {
      deleteFamilyBloom.compactBloom();
      writer.addDeleteFamilyBloomFilter(deleteFamilyBloom);
    }
    writer.appendFileInfo(HStoreFile.DELETE_FAMILY_COUNT, Bytes.toBytes(deleteFamilies));
    // A file of the region's live cells, not one of a compaction's historical files.
    writer.appendFileInfo(HStoreFile.HISTORICAL_KEY, Bytes.toBytes(false));
    writer.close();
  }

  @Override
  public Path path() {
    return writer.getPath();
  }
}
