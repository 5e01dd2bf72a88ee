package org.apache.hadoop.hbase.io.hfile;

import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.io.ByteBuffAllocator;
import org.apache.hadoop.hbase.io.crypto.Encryption;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.encoding.IndexBlockEncoding;
import org.apache.hadoop.hbase.util.BloomFilterWriter;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.Writable;
import org.hbulk.mappers.hfile.DataBlockBuffer;

/**
 * hbulk's HFile writer: the file HBase's {@code HFileWriterImpl} writes, byte for byte, for a
 * family without tags, sequence ids or encryption whose data blocks are plain or FAST_DIFF encoded,
 * with the cells' hot path its own ({@link DataBlockBuffer}) and every other part HBase's (block
 * framing, compression and checksums, the multi-level block index, Bloom chunks, file info,
 * trailer).
 *
 * <p>It lives in HBase's package because HBase's block writer, trailer and file info writer are
 * package-private there: this class is the one place hbulk relies on them, behind {@code
 * hbulk.hfile.fast-writer} (README, "Where hbulk relies on internals"). {@link #unsupported} says
 * which files it cannot write; {@code FastHFileWriterTest} writes the same cells with both writers
 * and compares the files whole, so an HBase upgrade that changes the format fails the build.
 */
public final class HbulkHFileWriter implements HFile.Writer {
  private static final long UNSET = -1;

  private final Path path;
  private final HFileContext context;
  private final CellComparator comparator;
  private final HFileDataBlockEncoder blockEncoder;
  private final HFileBlock.Writer blockWriter;
  private final HFileBlockIndex.BlockIndexWriter dataIndex;
  private final HFileBlockIndex.BlockIndexWriter metaIndex = new HFileBlockIndex.BlockIndexWriter();
  private final List<InlineBlockWriter> inlineWriters = new ArrayList<>();
  private final List<HFileBlock.BlockWritable> loadOnOpen = new ArrayList<>();
  private final HFileInfo fileInfo = new HFileInfo();
  private final List<byte[]> metaNames = new ArrayList<>();
  private final List<Writable> metaData = new ArrayList<>();
  private final DataBlockBuffer block;
  private final int encodedLimit;
  private FSDataOutputStream out;

  private boolean writing;
  private Cell firstInBlock;
  private Cell lastOfPreviousBlock;
  private KeyValue last;
  private long firstDataBlockOffset = UNSET;
  private long lastDataBlockOffset = UNSET;
  private long entries;
  private long totalKeyLength;
  private long totalValueLength;
  private long totalUncompressedBytes;
  private long lenOfBiggestCell;
  private byte[] keyOfBiggestCell;

  /**
   * Why HBase's writer must write a file of this context under this configuration, or null when
   * this one writes it as HBase would.
   */
  public static String unsupported(Configuration conf, HFileContext context) {
    DataBlockEncoding encoding = context.getDataBlockEncoding();
    if (encoding != DataBlockEncoding.NONE && encoding != DataBlockEncoding.FAST_DIFF) {
      return "data block encoding " + encoding;
    }
    if (context.isIncludesTags()) {
      return "cells with tags";
    }
    if (context.isIncludesMvcc()) {
      return "cells with sequence ids";
    }
    if (context.getEncryptionContext() != Encryption.Context.NONE) {
      return "encryption";
    }
    if (context.getIndexBlockEncoding() != IndexBlockEncoding.NONE) {
      return "index block encoding " + context.getIndexBlockEncoding();
    }
    if (HFile.getFormatVersion(conf) != HFile.MAX_FORMAT_VERSION) {
      return HFile.FORMAT_VERSION_KEY + " " + HFile.getFormatVersion(conf);
    }
    // The predicator would need the encoded size of every block, which HBase's encoder counts.
    if (conf.get(BlockCompressedSizePredicator.BLOCK_COMPRESSED_SIZE_PREDICATOR) != null) {
      return BlockCompressedSizePredicator.BLOCK_COMPRESSED_SIZE_PREDICATOR;
    }
    return null;
  }

  /** A writer of a new file at {@code path}, as HBase's writer factory opens one. */
  public HbulkHFileWriter(
      Configuration conf,
      FileSystem fs,
      Path path,
      InetSocketAddress[] favoredNodes,
      HFileContext context)
      throws IOException {
    String why = unsupported(conf, context);
    if (why != null) {
      throw new IllegalArgumentException("hbulk's HFile writer cannot write " + why);
    }
    this.path = path;
    this.context = context;
    this.comparator = context.getCellComparator();
    DataBlockEncoding encoding = context.getDataBlockEncoding();
    this.blockEncoder =
        encoding == DataBlockEncoding.NONE
            ? NoOpDataBlockEncoder.INSTANCE
            : new HFileDataBlockEncoderImpl(encoding);
    this.block = new DataBlockBuffer(encoding);
    this.encodedLimit =
        (int)
            (context.getBlocksize()
                * conf.getFloat(HFileWriterImpl.UNIFIED_ENCODED_BLOCKSIZE_RATIO, 0f));
    this.blockWriter =
        new HFileBlock.Writer(
            conf,
            blockEncoder,
            context,
            ByteBuffAllocator.HEAP,
            conf.getInt(
                BlockCompressedSizePredicator.MAX_BLOCK_SIZE_UNCOMPRESSED,
                context.getBlocksize() * 10));
    this.dataIndex =
        new HFileBlockIndex.BlockIndexWriter(
            blockWriter, null, null, NoOpIndexBlockEncoder.INSTANCE);
    dataIndex.setMaxChunkSize(HFileBlockIndex.getMaxChunkSize(conf));
    dataIndex.setMinIndexNumEntries(HFileBlockIndex.getMinIndexNumEntries(conf));
    inlineWriters.add(dataIndex);
    // Opened last: nothing above can fail with a file left open.
    this.out = HFileWriterImpl.createOutputStream(conf, fs, path, favoredNodes);
    try {
      out.setDropBehind(false);
    } catch (UnsupportedOperationException e) {
      // As HBase's factory: not every file system lets the writer choose.
    }
  }

  @Override
  public void append(Cell cell) throws IOException {
    KeyValue kv = cell instanceof KeyValue k ? k : KeyValueUtil.copyToNewKeyValue(cell);
    boolean sameKey = false;
    if (last != null) {
      int order = PrivateCellUtil.compareKeyIgnoresMvcc(comparator, last, kv);
      if (order > 0) {
        throw new IOException(
            "Added a key not lexically larger than previous. Current cell = "
                + kv
                + ", lastCell = "
                + last
                + " in "
                + path);
      }
      sameKey = order == 0;
    }
    // As HBase: a block ends before a cell once either size reaches the block size (or the
    // encoded size reaches the unified limit), never between two cells of the same key.
    if (writing && !sameKey && blockFull() && blockWriter.checkBoundariesWithPredicate()) {
      finishBlock();
      writeInlineBlocks(false);
      newBlock();
    }
    if (!writing) {
      newBlock();
    }
    block.add(kv);
    totalKeyLength += kv.getKeyLength();
    totalValueLength += kv.getValueLength();
    long serialized = kv.getSerializedSize() + Bytes.SIZEOF_INT;
    if (lenOfBiggestCell < serialized) {
      lenOfBiggestCell = serialized;
      keyOfBiggestCell = PrivateCellUtil.getCellKeySerializedAsKeyValueKey(kv);
    }
    if (firstInBlock == null) {
      firstInBlock = kv;
    }
    last = kv;
    entries++;
  }

  private boolean blockFull() {
    if (encodedLimit > 0) {
      return block.encodedSize() >= encodedLimit;
    }
    return block.encodedSize() >= context.getBlocksize()
        || block.unencodedSize() >= context.getBlocksize();
  }

  private void newBlock() {
    writing = true;
    block.reset();
    firstInBlock = null;
    if (last != null) {
      lastOfPreviousBlock = last;
    }
  }

  private void finishBlock() throws IOException {
    if (!writing || block.unencodedSize() == 0) {
      return;
    }
    if (firstDataBlockOffset == UNSET) {
      firstDataBlockOffset = out.getPos();
    }
    lastDataBlockOffset = out.getPos();
    // An encoded block is handed over as HBase's encoder would have left it: HBase's block
    // writer then compresses and frames it as it frames its own.
    DataOutputStream data =
        blockWriter.startWriting(block.encoded() ? BlockType.ENCODED_DATA : BlockType.DATA);
    block.writeTo(data);
    blockWriter.writeHeaderAndData(out);
    writing = false;
    Cell indexEntry = HFileWriterImpl.getMidpoint(comparator, lastOfPreviousBlock, firstInBlock);
    dataIndex.addEntry(
        PrivateCellUtil.getCellKeySerializedAsKeyValueKey(indexEntry),
        lastDataBlockOffset,
        blockWriter.getOnDiskSizeWithHeader());
    totalUncompressedBytes += blockWriter.getUncompressedSizeWithHeader();
  }

  private void writeInlineBlocks(boolean closing) throws IOException {
    for (InlineBlockWriter w : inlineWriters) {
      while (w.shouldWriteBlock(closing)) {
        long offset = out.getPos();
        w.writeInlineBlock(blockWriter.startWriting(w.getInlineBlockType()));
        blockWriter.writeHeaderAndData(out);
        w.blockWritten(
            offset,
            blockWriter.getOnDiskSizeWithHeader(),
            blockWriter.getUncompressedSizeWithoutHeader());
        totalUncompressedBytes += blockWriter.getUncompressedSizeWithHeader();
      }
    }
  }

  @Override
  public void close() throws IOException {
    if (out == null) {
      return;
    }
    blockEncoder.saveMetadata(this);
    finishBlock();
    writeInlineBlocks(true);
    FixedFileTrailer trailer =
        new FixedFileTrailer(HFile.MAX_FORMAT_VERSION, HFileReaderImpl.MAX_MINOR_VERSION);
    for (int i = 0; i < metaNames.size(); i++) {
      long offset = out.getPos();
      metaData.get(i).write(blockWriter.startWriting(BlockType.META));
      blockWriter.writeHeaderAndData(out);
      totalUncompressedBytes += blockWriter.getUncompressedSizeWithHeader();
      metaIndex.addEntry(metaNames.get(i), offset, blockWriter.getOnDiskSizeWithHeader());
    }
    trailer.setLoadOnOpenOffset(dataIndex.writeIndexBlocks(out));
    metaIndex.writeSingleLevelIndex(blockWriter.startWriting(BlockType.ROOT_INDEX), "meta");
    blockWriter.writeHeaderAndData(out);
    totalUncompressedBytes += blockWriter.getUncompressedSizeWithHeader();

    trailer.setFileInfoOffset(out.getPos());
    finishFileInfo();
    fileInfo.write(blockWriter.startWriting(BlockType.FILE_INFO));
    blockWriter.writeHeaderAndData(out);
    totalUncompressedBytes += blockWriter.getUncompressedSizeWithHeader();
    for (HFileBlock.BlockWritable w : loadOnOpen) {
      blockWriter.writeBlock(w, out);
      totalUncompressedBytes += blockWriter.getUncompressedSizeWithHeader();
    }

    trailer.setNumDataIndexLevels(dataIndex.getNumLevels());
    trailer.setUncompressedDataIndexSize(dataIndex.getTotalUncompressedSize());
    trailer.setFirstDataBlockOffset(firstDataBlockOffset);
    trailer.setLastDataBlockOffset(lastDataBlockOffset);
    trailer.setComparatorClass(comparator.getClass());
    trailer.setDataIndexCount(dataIndex.getNumRootEntries());
    trailer.setMetaIndexCount(metaNames.size());
    trailer.setTotalUncompressedBytes(totalUncompressedBytes + trailer.getTrailerSize());
    trailer.setEntryCount(entries);
    trailer.setCompressionCodec(context.getCompression());
    trailer.serialize(out);
    out.close();
    out = null;
    blockWriter.release();
  }

  /** Closes the file as it is, unfinished, for the caller to delete: nothing else may follow. */
  public void abandon() throws IOException {
    if (out != null) {
      out.close();
      out = null;
      blockWriter.release();
    }
  }

  private void finishFileInfo() throws IOException {
    if (last != null) {
      fileInfo.append(
          HFileInfo.LASTKEY, PrivateCellUtil.getCellKeySerializedAsKeyValueKey(last), false);
    }
    fileInfo.append(
        HFileInfo.AVG_KEY_LEN,
        Bytes.toBytes(entries == 0 ? 0 : (int) (totalKeyLength / entries)),
        false);
    fileInfo.append(HFileInfo.CREATE_TIME_TS, Bytes.toBytes(context.getFileCreateTime()), false);
    fileInfo.append(
        HFileInfo.AVG_VALUE_LEN,
        Bytes.toBytes(entries == 0 ? 0 : (int) (totalValueLength / entries)),
        false);
    if (keyOfBiggestCell != null) {
      fileInfo.append(HFileInfo.KEY_OF_BIGGEST_CELL, keyOfBiggestCell, false);
      fileInfo.append(HFileInfo.LEN_OF_BIGGEST_CELL, Bytes.toBytes(lenOfBiggestCell), false);
    }
  }

  @Override
  public void appendFileInfo(byte[] key, byte[] value) throws IOException {
    fileInfo.append(key, value, true);
  }

  @Override
  public Path getPath() {
    return path;
  }

  @Override
  public void addInlineBlockWriter(InlineBlockWriter writer) {
    inlineWriters.add(writer);
  }

  @Override
  public void appendMetaBlock(String name, Writable content) {
    byte[] key = Bytes.toBytes(name);
    int i = 0;
    while (i < metaNames.size() && Bytes.BYTES_RAWCOMPARATOR.compare(metaNames.get(i), key) <= 0) {
      i++;
    }
    metaNames.add(i, key);
    metaData.add(i, content);
  }

  @Override
  public void addGeneralBloomFilter(BloomFilterWriter bloom) {
    addBloomFilter(bloom, BlockType.GENERAL_BLOOM_META);
  }

  @Override
  public void addDeleteFamilyBloomFilter(BloomFilterWriter bloom) {
    addBloomFilter(bloom, BlockType.DELETE_FAMILY_BLOOM_META);
  }

  private void addBloomFilter(BloomFilterWriter bloom, BlockType type) {
    if (bloom.getKeyCount() <= 0) {
      return;
    }
    loadOnOpen.add(
        new HFileBlock.BlockWritable() {
          @Override
          public BlockType getBlockType() {
            return type;
          }

          @Override
          public void writeToBlock(DataOutput data) throws IOException {
            bloom.getMetaWriter().write(data);
            Writable dataWriter = bloom.getDataWriter();
            if (dataWriter != null) {
              dataWriter.write(data);
            }
          }
        });
  }

  @Override
  public HFileContext getFileContext() {
    return context;
  }

  /**
   * Nothing to do, unlike HBase's writer, which copies the cells it keeps: hbulk's callers never
   * change a cell once appended (the contract of {@link DataBlockBuffer}), so this writer is not
   * for a caller that reuses cells, as a region server's scanners do.
   */
  @Override
  public void beforeShipped() {}
}
