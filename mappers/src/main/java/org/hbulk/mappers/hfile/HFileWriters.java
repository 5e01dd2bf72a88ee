package org.hbulk.mappers.hfile;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.fs.HFileSystem;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.regionserver.StoreFileWriter;
import org.apache.hadoop.hbase.regionserver.StoreUtils;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hbulk.mappers.HbulkConf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a reducer's cells into one HFile per table, family and region (more when one passes {@code
 * hbase.hregion.max.filesize}, cut between rows), laid out and stamped as HBase's multi-table HFile
 * output does: {@code work/[namespace/]table/family/file}, each family's compression, bloom filter,
 * block size and encoding, the bulk-load file info, favoured HDFS nodes where the region lives.
 *
 * <p>Why not HBase's own writer: it parses the table name out of every cell's key, copies the row
 * and family of every cell and looks the writer up by a new byte array per cell, work of the order
 * of writing the HFile itself (README, "Performance and the benchmark"). Here the writer is looked
 * up only when the table or family changes, and a roll is decided against the last cell written.
 */
public final class HFileWriters extends RecordWriter<ImmutableBytesWritable, Cell> {
  private static final Logger LOG = LoggerFactory.getLogger(HFileWriters.class);

  /** HBase's switches that override every family's setting, honoured as HBase's output does. */
  static final String COMPRESSION_OVERRIDE = "hbase.mapreduce.hfileoutputformat.compression";

  static final String ENCODING_OVERRIDE = "hbase.mapreduce.hfileoutputformat.datablock.encoding";
  static final String COMPACTION_EXCLUDE = "hbase.mapreduce.hfileoutputformat.compaction.exclude";
  static final String LOCALITY_SENSITIVE = "hbase.bulkload.locality.sensitive.enabled";
  static final String STORAGE_POLICY = "hbase.hstore.block.storage.policy";

  /**
   * File info: how many rows start in the file (a row's first cell is in its first family's file),
   * so that the report can add rows up per region without reading any cell. An 8-byte long.
   */
  public static final byte[] ROWS_STARTED = Bytes.toBytes("HBULK_ROWS_STARTED");

  private final Configuration conf;
  private final FileSystem fs;
  private final Path workDir;
  private final String taskAttempt;
  private final long maxFileSize;
  private final Map<String, FamilyFormat> formats;

  /** The {@link FamilyFormat#key}s of the families whose cells may carry tags. */
  private final Set<String> tagged;

  /** The families with a TTL, by {@link FamilyFormat#key}. */
  private final Map<String, FamilyExpiry> expiries;

  /** Cells written that their family's TTL already hides ({@link FamilyExpiry}). */
  private long pastFamilyTtl;

  private final Map<String, FamilyWriter> writers = new HashMap<>();
  private final boolean fastWriter;

  /** Files written by hbulk's writer, by HBase's, and by HBase's where hbulk's could not start. */
  private long byHbulk;

  private long byHBase;
  private long fellBack;
  private final long now = System.currentTimeMillis();
  private FamilyWriter current;

  /** The {@code table;row} of the last cell written, to count rows. */
  private byte[] lastTableRow;

  /**
   * One table's family: its folder, its format (null: HBase's defaults) and the file being written.
   */
  private static final class FamilyWriter {
    final byte[] table;
    final byte[] family;
    final Path dir;
    final FamilyFormat format;
    final boolean tags;

    /** The family's TTL; null when it keeps cells forever. */
    final FamilyExpiry expiry;

    /** Puts of the last cell's column written so far in its row: the next one's version. */
    long version;

    /**
     * The table's regions as the driver recorded them; null when it did not (a local job writing to
     * a file system other than HDFS).
     */
    final TableRegions regions;

    FamilyFile writer;
    long written;
    Cell last;
    long rowsStarted;

    /** The last {@code table;row} array found to be of this table. */
    byte[] heldTableRow;

    /** Where the region of the open file ends; null for the last region, or regions unknown. */
    byte[] end;

    /**
     * The {@code table;row} array whose row was last checked against {@link #endsBefore}: the other
     * cells of that row need no check (a row never ends a file in its middle).
     */
    byte[] checkedRow;

    FamilyWriter(
        byte[] table,
        byte[] family,
        Path dir,
        FamilyFormat format,
        boolean tags,
        FamilyExpiry expiry,
        TableRegions regions) {
      this.table = table;
      this.family = family;
      this.dir = dir;
      this.format = format;
      this.tags = tags;
      this.expiry = expiry;
      this.regions = regions;
    }

    /**
     * Whether HBase will return none of the cell: its family's TTL has passed it. Cells come in
     * HBase's order, so a column's versions follow one another, newest first.
     */
    boolean pastTtl(Cell cell) {
      if (expiry.minVersions() == 0) {
        // The usual family: no version is kept past the TTL, so no column is followed.
        return cell.getTimestamp() < expiry.oldestUnexpiredMillis()
            && cell.getType() == Cell.Type.Put;
      }
      if (last == null || !CellUtil.matchingRowColumn(last, cell)) {
        version = 0;
      }
      if (cell.getType() != Cell.Type.Put) {
        return false;
      }
      return expiry.hides(cell.getTimestamp(), version++);
    }

    /**
     * Whether the open file must end before {@code cell}: it starts the next region (a reducer may
     * write several, and BulkLoadHFiles would have to split a file that spans two), or the file is
     * full and the cell starts a new row.
     */
    boolean endsBefore(Cell cell, long maxFileSize) {
      if (end != null
          && Bytes.compareTo(
                  cell.getRowArray(), cell.getRowOffset(), cell.getRowLength(), end, 0, end.length)
              >= 0) {
        return true;
      }
      return written >= maxFileSize && !CellUtil.matchingRows(last, cell);
    }

    boolean holds(byte[] tableRow, Cell cell) {
      // A row's array is not changed once written: its table is checked once per row, not once
      // per cell (this ran on every cell, a few per cent of a reducer's time).
      if (tableRow != heldTableRow) {
        if (tableRow.length <= table.length
            || tableRow[table.length] != ';'
            || !Arrays.equals(table, 0, table.length, tableRow, 0, table.length)) {
          return false;
        }
        heldTableRow = tableRow;
      }
      int offset = cell.getFamilyOffset();
      return Arrays.equals(
          family, 0, family.length, cell.getFamilyArray(), offset, offset + cell.getFamilyLength());
    }
  }

  public HFileWriters(Configuration conf, Path workDir, String taskAttempt) throws IOException {
    this.conf = conf;
    this.fs = workDir.getFileSystem(conf);
    this.workDir = workDir;
    this.taskAttempt = taskAttempt;
    this.maxFileSize =
        conf.getLong(HConstants.HREGION_MAX_FILESIZE, HConstants.DEFAULT_MAX_FILE_SIZE);
    this.formats = FamilyFormat.decode(conf.get(HbulkConf.HFILE_FAMILIES));
    this.tagged = FamilyFormat.decodeKeys(conf.get(HbulkConf.HFILE_TAGGED_FAMILIES));
    this.expiries = FamilyExpiry.decode(conf.get(HbulkConf.HFILE_FAMILY_EXPIRY));
    this.fastWriter =
        conf.getBoolean(HbulkConf.HFILE_FAST_WRITER, HbulkConf.HFILE_FAST_WRITER_DEFAULT);
  }

  /** Where a table's family folders go under a job's output: {@code [namespace/]table}. */
  public static Path tableDirectory(Path output, String table) {
    TableName name = TableName.valueOf(table);
    Path dir = output;
    if (!name.getNamespaceAsString().equals(NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR)) {
      dir = new Path(dir, name.getNamespaceAsString());
    }
    return new Path(dir, name.getQualifierAsString());
  }

  /**
   * Writes a cell of the row {@code tableRow} ({@code table;row}); cells come in HBase's order per
   * family, rows one after the other, and a row's array is not changed once written.
   */
  @Override
  public void write(ImmutableBytesWritable tableRow, Cell cell) throws IOException {
    byte[] tr = tableRow.get();
    FamilyWriter w = current;
    if (w == null || !w.holds(tr, cell)) {
      w = writerFor(tr, cell);
      current = w;
    }
    // Once a row, not once a cell (comparing each cell's row with the region's end: 2 % more user
    // CPU in paired 4 M-row prepares). The reducer gives each row its own array (as below).
    if (w.writer != null && w.checkedRow != tr && w.endsBefore(cell, maxFileSize)) {
      close(w);
    }
    if (w.writer == null) {
      w.writer = open(w, cell);
    }
    assert w.checkedRow != tr || CellUtil.matchingRows(w.last, cell)
        : "one table;row array for two rows: " + Bytes.toStringBinary(tr);
    w.checkedRow = tr;
    // The reducer gives each row its own array: the comparison runs once a row, not once a cell.
    if (tr != lastTableRow && !Bytes.equals(tr, lastTableRow)) {
      w.rowsStarted++;
      lastTableRow = tr;
    }
    if (cell.getTimestamp() == HConstants.LATEST_TIMESTAMP && cell instanceof KeyValue kv) {
      kv.updateLatestStamp(Bytes.toBytes(now));
    }
    if (w.expiry != null && w.pastTtl(cell)) {
      pastFamilyTtl++;
    }
    w.writer.append(cell);
    w.written += cell.getSerializedSize();
    w.last = cell;
  }

  private FamilyWriter writerFor(byte[] tableRow, Cell cell) throws IOException {
    int semicolon = Bytes.indexOf(tableRow, (byte) ';');
    if (semicolon < 0) {
      throw new IllegalArgumentException(
          "output key is not table;row: " + Bytes.toStringBinary(tableRow));
    }
    String table = Bytes.toString(tableRow, 0, semicolon);
    String family =
        Bytes.toString(cell.getFamilyArray(), cell.getFamilyOffset(), cell.getFamilyLength());
    String key = FamilyFormat.key(table, family);
    FamilyWriter w = writers.get(key);
    if (w == null) {
      Path dir = new Path(tableDirectory(workDir, table), family);
      fs.mkdirs(dir);
      w =
          new FamilyWriter(
              Bytes.toBytes(table),
              CellUtil.cloneFamily(cell),
              dir,
              formats.get(key),
              tagged.contains(key),
              expiries.get(key),
              TableRegions.of(conf, table));
      writers.put(key, w);
    }
    return w;
  }

  private FamilyFile open(FamilyWriter w, Cell first) throws IOException {
    String table = Bytes.toString(w.table);
    String family = Bytes.toString(w.family);
    FamilyFormat format = w.format;
    Configuration writerConf = conf;
    String compressionName =
        conf.get(
            COMPRESSION_OVERRIDE,
            format != null ? format.compression() : conf.get("hfile.compression", "none"));
    String encodingName = conf.get(ENCODING_OVERRIDE, format != null ? format.encoding() : "NONE");
    BloomType bloom = format != null ? BloomType.valueOf(format.bloom()) : BloomType.NONE;
    if (bloom == BloomType.ROWPREFIX_FIXED_LENGTH) {
      writerConf = new Configuration(conf);
      writerConf.set(BloomFilterUtil.PREFIX_LENGTH_KEY, format.bloomPrefixLength());
    }
    HFileContextBuilder context =
        new HFileContextBuilder()
            .withCompression(Compression.getCompressionAlgorithmByName(compressionName))
            .withDataBlockEncoding(DataBlockEncoding.valueOf(encodingName))
            .withChecksumType(StoreUtils.getChecksumType(conf))
            .withBytesPerCheckSum(StoreUtils.getBytesPerChecksum(conf))
            .withBlockSize(format != null ? format.blockSize() : HConstants.DEFAULT_BLOCKSIZE)
            .withColumnFamily(w.family)
            .withTableName(w.table)
            // Every cell has sequence id 0, so it does not go in, as HBase's compactions write such
            // files (readers give a bulk-loaded file's cells its own sequence id either way). Tags
            // go in only for families whose cells get a TTL or labels (the writer then records
            // MAX_TAGS_LEN in the file info, which tells readers to read them): the others save
            // two bytes a cell, to write and to read back.
            .withIncludesMvcc(false)
            .withIncludesTags(w.tags);
    byte[] row = CellUtil.cloneRow(first);
    w.end = w.regions == null ? null : w.regions.endOf(row);
    InetSocketAddress[] favoured = favouredNodes(w, row);
    FileSystem writerFs = favoured == null ? fs : new HFileSystem(fs);
    // A family's own storage policy goes on its folder, as HBase's output puts it there, by both
    // writers' own setting of the folder's policy: handed to them as a file's policy instead, it
    // put the file in a subfolder, which BulkLoadHFiles skips ("Skipping non-file"), so the
    // load left it out and the run then deleted it. The table-wide one the writers set already.
    String policy = conf.get(STORAGE_POLICY + "." + table + ";" + family);
    if (policy != null) {
      writerConf = writerConf == conf ? new Configuration(conf) : writerConf;
      writerConf.set(ColumnFamilyDescriptorBuilder.STORAGE_POLICY, policy);
    }
    HFileContext fileContext = context.build();
    if (fastWriter) {
      FamilyFile fast = openFast(w, writerConf, writerFs, bloom, favoured, fileContext);
      if (fast != null) {
        return fast;
      }
    } else {
      byHBase++;
    }
    StoreFileWriter.Builder builder =
        new StoreFileWriter.Builder(writerConf, CacheConfig.DISABLED, writerFs)
            .withOutputDir(w.dir)
            .withBloomType(bloom)
            .withFileContext(fileContext);
    if (favoured != null) {
      builder.withFavoredNodes(favoured);
    }
    return FamilyFile.of(builder.build());
  }

  /**
   * A file of hbulk's writer, or null where HBase's must write it: the family's format is not one
   * hbulk's writes (counted as HBase's), or hbulk's writer does not write HBase's file on this
   * JVM's HBase (counted as a fallback, and said once in the task's log).
   */
  private FamilyFile openFast(
      FamilyWriter w,
      Configuration writerConf,
      FileSystem writerFs,
      BloomType bloom,
      InetSocketAddress[] favoured,
      HFileContext fileContext)
      throws IOException {
    String broken;
    try {
      if (FastStoreFileWriter.unsupported(writerConf, fileContext, bloom) != null) {
        byHBase++;
        return null;
      }
      broken = FastWriterCheck.failure(conf);
      if (broken == null) {
        FamilyFile file =
            new FastStoreFileWriter(writerConf, writerFs, w.dir, bloom, favoured, fileContext);
        byHbulk++;
        return file;
      }
    } catch (LinkageError e) {
      // The check links everything the writer uses; this would be a class it reached only now.
      broken = e.toString();
    }
    if (fellBack++ == 0) {
      LOG.warn(
          "hbulk's HFile writer does not write HBase's files on this HBase ({}): HBase's writer"
              + " writes them instead ({}=false stops this check)",
          broken,
          HbulkConf.HFILE_FAST_WRITER);
    }
    return null;
  }

  /**
   * The region server that will serve the file's first row, so HDFS puts a replica there, as the
   * driver recorded it ({@link TableRegions}); none on other file systems, when the driver recorded
   * no regions (a job not set up by hbulk's driver), or when the server does not resolve: the file
   * is then placed as HDFS likes. Never a lookup of its own: a reducer per region asking HBase is
   * the load on the cluster the bulk load is meant to spare.
   */
  private InetSocketAddress[] favouredNodes(FamilyWriter w, byte[] row) {
    if (!"hdfs".equals(fs.getUri().getScheme())
        || !conf.getBoolean(LOCALITY_SENSITIVE, true)
        || w.regions == null) {
      return null;
    }
    InetSocketAddress address = w.regions.serverOf(row);
    return address == null ? null : new InetSocketAddress[] {address};
  }

  private void close(FamilyWriter w) throws IOException {
    FamilyFile writer = w.writer;
    writer.appendFileInfo(HStoreFile.BULKLOAD_TIME_KEY, Bytes.toBytes(System.currentTimeMillis()));
    writer.appendFileInfo(HStoreFile.BULKLOAD_TASK_KEY, Bytes.toBytes(taskAttempt));
    writer.appendFileInfo(HStoreFile.MAJOR_COMPACTION_KEY, Bytes.toBytes(true));
    writer.appendFileInfo(
        HStoreFile.EXCLUDE_FROM_MINOR_COMPACTION_KEY,
        Bytes.toBytes(conf.getBoolean(COMPACTION_EXCLUDE, false)));
    writer.appendFileInfo(ROWS_STARTED, Bytes.toBytes(w.rowsStarted));
    writer.finish();
    w.writer = null;
    w.written = 0;
    w.rowsStarted = 0;
  }

  @Override
  public void close(TaskAttemptContext context) throws IOException {
    if (context != null) {
      context.getCounter(FastHFileWriting.Counter.BY_HBULK_WRITER).increment(byHbulk);
      context.getCounter(FastHFileWriting.Counter.BY_HBASE_WRITER).increment(byHBase);
      context.getCounter(FastHFileWriting.Counter.FALLBACKS).increment(fellBack);
      context.getCounter(FamilyExpiry.Counter.CELLS_PAST_FAMILY_TTL).increment(pastFamilyTtl);
    }
    for (FamilyWriter w : writers.values()) {
      if (w.writer != null) {
        close(w);
      }
    }
  }
}
