package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;

/**
 * The cells of a bulk output directory as HBase's own HFile reader sees them, tags included: the
 * most precise view of what a tool wrote, before a region server has had any say. The directory
 * must be laid out as ImportTsv leaves it and {@code completebulkload} reads it: {@code
 * DIR/<family>/<hfile>}, with nothing but bookkeeping files (names starting with {@code _} or
 * {@code .}) beside.
 */
final class BulkOutputCells {
  private BulkOutputCells() {}

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
    cells.sort(CellView.ORDER);
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
    cells.sort(CellView.ORDER);
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
        for (CellView c : CellView.all(reader.getScanner(conf, false, false))) {
          assertEquals(name, c.family(), "a cell in another family's folder: " + file.getPath());
          cells.add(c);
        }
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

  private static boolean bookkeeping(String name) {
    return name.startsWith("_") || name.startsWith(".");
  }
}
