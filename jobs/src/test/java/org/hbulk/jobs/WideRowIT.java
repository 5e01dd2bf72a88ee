package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Memory does not grow with row width: one row of 2,000,000 cells is loaded by a JVM whose whole
 * heap is 256 MB, reduce task included (the local job runner runs the tasks in the driver's JVM). A
 * reducer that gathered a row before writing it would need more than that for this row alone.
 */
class WideRowIT extends MiniClusterSupport {
  private static final int CELLS = 2_000_000;

  @Test
  void aRowOfTwoMillionCellsLoadsWithA256MegabyteHeap() throws Exception {
    Path csv = tmp.resolve("readings.csv");
    try (Writer w =
        new BufferedWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8), 1 << 16)) {
      for (int i = 0; i < CELLS; i++) {
        w.write("sys.cpu.user,");
        w.write(Integer.toString(i));
        w.write(",");
        w.write(Integer.toString(i % 1000));
        w.write('\n');
      }
    }
    Path spec = tmp.resolve("wide-row-it.spec");
    Files.copy(Path.of("src/test/resources/wide-row-it.spec"), spec);
    assertEquals(0, hbulk("create-table", "--spec", spec.toString(), "--single-region"), err);

    JobJarProcess small = new JobJarProcess(util.getConfiguration(), tmp, "256m");
    JobJarProcess.Run load =
        small.run(
            "-D",
            "hbulk.local.parallelism=1",
            "-D",
            "mapreduce.task.io.sort.mb=32",
            "load",
            "--spec",
            spec.toString(),
            "--input",
            csv.toUri().toString(),
            "--run-dir",
            "/runs/wide");
    assertEquals(0, load.code(), load.err());
    String counts = String.format(java.util.Locale.ROOT, "read %,d = loaded %,d", CELLS, CELLS);
    assertTrue(load.out().contains(counts), load.out());
    assertTrue(load.out().contains("1 rows, 2,000,000 cells"), load.out());

    long cells = 0;
    String first = null;
    String last = null;
    Scan scan = new Scan().setBatch(10_000).setCaching(1);
    try (Table t = util.getConnection().getTable(TableName.valueOf("wide_row"));
        ResultScanner scanner = t.getScanner(scan)) {
      for (Result r : scanner) {
        for (Cell c : r.rawCells()) {
          assertEquals("sys.cpu.user", Bytes.toString(CellUtil.cloneRow(c)));
          last =
              Bytes.toString(CellUtil.cloneQualifier(c))
                  + "="
                  + Bytes.toString(CellUtil.cloneValue(c));
          if (first == null) {
            first = last;
          }
          cells++;
        }
      }
    }
    assertEquals(CELLS, cells, "every reading is a cell of the one row");
    assertEquals("0=0", first);
    assertEquals("999999=999", last, "qualifiers sort as text: 999999 is the last");
  }
}
