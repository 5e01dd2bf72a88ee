package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The cells of a bulk output directory as HBase's own HFile reader sees them, tags included: the
 * most precise view of what a tool wrote, before a region server has had any say. The directory
 * must be laid out as ImportTsv leaves it and {@code completebulkload} reads it: {@code
 * DIR/<family>/<hfile>}, with nothing but bookkeeping files (names starting with {@code _} or
 * {@code .}) beside.
 */
final class BulkOutputCells {
  private BulkOutputCells() {}

  /** One cell, every part of it, printable: a list of these diffs readably in an assertion. */
  record CellView(
      String row,
      String family,
      String qualifier,
      long ts,
      String type,
      String value,
      String tags) {
    static CellView of(Cell c) {
      List<String> tags = new ArrayList<>();
      for (Tag t : PrivateCellUtil.getTags(c)) {
        tags.add(t.getType() + ":" + Bytes.toHex(Tag.cloneValue(t)));
      }
      return new CellView(
          Bytes.toStringBinary(CellUtil.cloneRow(c)),
          Bytes.toStringBinary(CellUtil.cloneFamily(c)),
          Bytes.toStringBinary(CellUtil.cloneQualifier(c)),
          c.getTimestamp(),
          c.getType().name(),
          Bytes.toStringBinary(CellUtil.cloneValue(c)),
          String.join(",", tags));
    }

    CellView withTs(long newTs) {
      return new CellView(row, family, qualifier, newTs, type, value, tags);
    }

    CellView withTags(String newTags) {
      return new CellView(row, family, qualifier, ts, type, value, newTags);
    }

    String column() {
      return row + "/" + family + ":" + qualifier + "/" + ts;
    }

    @Override
    public String toString() {
      return row + "/" + family + ":" + qualifier + "/" + ts + "/" + type + "=" + value + " ["
          + tags + "]";
    }
  }

  static final Comparator<CellView> ORDER =
      Comparator.comparing(CellView::row)
          .thenComparing(CellView::family)
          .thenComparing(CellView::qualifier)
          .thenComparing(Comparator.comparingLong(CellView::ts).reversed())
          .thenComparing(CellView::value)
          .thenComparing(CellView::tags);

  /**
   * Every cell of every HFile under {@code dir}, sorted; fails unless each file sits in a folder
   * named for its family and holds only that family's cells.
   */
  static List<CellView> read(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    List<CellView> cells = new ArrayList<>();
    for (FileStatus family : fs.listStatus(dir)) {
      if (bookkeeping(family.getPath().getName())) {
        continue;
      }
      assertTrue(family.isDirectory(), "a file beside the family folders: " + family.getPath());
      readFamily(conf, family.getPath(), cells);
    }
    cells.sort(ORDER);
    return cells;
  }

  /**
   * Every cell of the store files of {@code families} in every region of a table (under HBase's
   * root directory: {@code data/NAMESPACE/TABLE/REGION/FAMILY/}), sorted: what a region server
   * wrote, tags and all, once its memstores are flushed.
   */
  static List<CellView> storeFiles(Configuration conf, Path tableDir, String... families)
      throws IOException {
    FileSystem fs = tableDir.getFileSystem(conf);
    List<CellView> cells = new ArrayList<>();
    for (FileStatus region : fs.listStatus(tableDir)) {
      for (String family : families) {
        Path dir = new Path(region.getPath(), family);
        if (region.isDirectory() && fs.exists(dir)) {
          readFamily(conf, dir, cells);
        }
      }
    }
    cells.sort(ORDER);
    return cells;
  }

  private static void readFamily(Configuration conf, Path familyDir, List<CellView> cells)
      throws IOException {
    FileSystem fs = familyDir.getFileSystem(conf);
    String name = familyDir.getName();
    for (FileStatus file : fs.listStatus(familyDir)) {
      if (bookkeeping(file.getPath().getName())) {
        continue;
      }
      assertTrue(file.isFile(), "not <family>/<hfile>: " + file.getPath());
      try (HFile.Reader reader =
          HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
        HFileScanner scanner = reader.getScanner(conf, false, false);
        if (!scanner.seekTo()) {
          continue;
        }
        do {
          CellView c = CellView.of(scanner.getCell());
          assertEquals(name, c.family(), "a cell in another family's folder: " + file.getPath());
          cells.add(c);
        } while (scanner.next());
      }
    }
  }

  /** The number of HFiles under {@code dir} (0 if it does not exist). */
  static int hfiles(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir)) {
      return 0;
    }
    int n = 0;
    for (FileStatus family : fs.listStatus(dir)) {
      if (family.isDirectory() && !bookkeeping(family.getPath().getName())) {
        for (FileStatus file : fs.listStatus(family.getPath())) {
          n += file.isFile() && !bookkeeping(file.getPath().getName()) ? 1 : 0;
        }
      }
    }
    return n;
  }

  static String lines(List<CellView> cells) {
    return cells.stream().map(CellView::toString).collect(Collectors.joining("\n"));
  }

  private static boolean bookkeeping(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }
}
