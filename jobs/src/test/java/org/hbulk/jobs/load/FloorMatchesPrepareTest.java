package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Job;
import org.hbulk.jobs.CellView;
import org.hbulk.jobs.bench.BenchData;
import org.hbulk.jobs.bench.ParallelFloor;
import org.hbulk.jobs.bench.SingleThreadFloor;
import org.hbulk.jobs.table.TableLayout;
import org.hbulk.mappers.expr.Salt;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.tags.LabelOrdinals;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark's floor ({@link SingleThreadFloor}) does all of hbulk prepare's work: on the
 * benchmark's generated events (quoted commas and quotes, empty notes) and its spec with a
 * compressed, encoded family, its HFiles hold exactly the cells hbulk's own prepare job writes
 * (row, family, qualifier, timestamp, type, value and tags, in order), one file per region as
 * hbulk's, each written with the same compression, encoding and bloom filter. So do the parallel
 * floor's ({@link ParallelFloor}) files, taken together.
 */
class FloorMatchesPrepareTest {
  private static final long RUN_START = 1_764_000_000_000L;

  @Test
  void floorWritesTheCellsAndFilesOfHbulksPrepare(@TempDir Path tmp) throws Exception {
    Path specFile = tmp.resolve("events.spec");
    Files.writeString(
        specFile,
        Files.readString(Path.of("..", "conf", "bench", "events.spec"))
            + "\n[family d]\ncompression = ZSTD\nencoding = FAST_DIFF\n");
    Path data = tmp.resolve("data");
    BenchData.main(new String[] {specFile.toString(), "400", data.toString()});
    Path csv = data.resolve("events.csv");
    LoadSpec spec = LoadSpec.parse(specFile.toString(), Files.readString(specFile));
    OutputSpec out = spec.outputs().get(0);
    Salt salt = out.key().leadingSalt().orElseThrow();
    List<byte[]> starts = new ArrayList<>();
    starts.add(new byte[0]);
    starts.addAll(salt.splitPoints());

    Configuration conf = LocalRuns.conf(tmp);
    RunDirectory run =
        RunDirectory.at(conf, new org.apache.hadoop.fs.Path(tmp.resolve("run").toUri()));
    run.create();
    TableDescriptor table =
        TableLayout.descriptor(
            TableName.valueOf(out.table()),
            out.families(),
            spec.tableSettings(out.table()),
            Map.of("d", spec.familySettings("d")));
    Job job =
        JobSetup.create(
            conf,
            spec,
            List.of(new org.apache.hadoop.fs.Path(csv.toUri())),
            Files.size(csv),
            run,
            "floor-test",
            RUN_START,
            List.of(table),
            new LabelOrdinals(Map.of()),
            Map.of(out.table(), starts.toArray(new byte[0][])));
    assertTrue(job.waitForCompletion(false), "hbulk's prepare job failed");

    Path floorOut = tmp.resolve("floor");
    SingleThreadFloor.main(
        new String[] {
          specFile.toString(), csv.toString(), floorOut.toString(), Long.toString(RUN_START)
        });

    org.apache.hadoop.fs.Path hbulkFiles =
        new org.apache.hadoop.fs.Path(run.hfiles(), out.table() + "/d");
    org.apache.hadoop.fs.Path floorFiles =
        new org.apache.hadoop.fs.Path(floorOut.toUri().toString(), out.table() + "/d");
    List<HFileView> hbulk = read(conf, hbulkFiles);
    List<HFileView> floor = read(conf, floorFiles);
    assertEquals(16, hbulk.size(), "one HFile per region");
    assertTrue(
        formats(hbulk).get(0).contains(" ZSTD FAST_DIFF ROW tags false mvcc false"),
        formats(hbulk).get(0));
    assertEquals(formats(hbulk), formats(floor), "files' first rows and formats");
    List<CellView> hbulkCells = cells(hbulk);
    assertTrue(hbulkCells.size() > 3000, hbulkCells.size() + " cells");
    assertTrue(
        hbulkCells.stream().anyMatch(c -> c.value().endsWith("\"buy now\"")), "a quoted quote");
    assertTrue(
        hbulkCells.stream().anyMatch(c -> c.value().endsWith("shoes,red")), "a quoted comma");
    assertEquals(hbulkCells, cells(floor));

    // The parallel floor, three threads: each part's files have hbulk's format, and together they
    // hold hbulk's cells. (These events have no line break inside quotes: FloorCutsTest has those.)
    Path parallelOut = tmp.resolve("parallel");
    ParallelFloor.main(
        new String[] {
          specFile.toString(), csv.toString(), parallelOut.toString(), "3", Long.toString(RUN_START)
        });
    List<CellView> partCells = new ArrayList<>();
    for (int part = 0; part < 3; part++) {
      List<HFileView> files =
          read(
              conf,
              new org.apache.hadoop.fs.Path(
                  parallelOut.resolve("part-" + part).toUri().toString(), out.table() + "/d"));
      assertTrue(files.size() > 8, "part " + part + ": " + files.size() + " files");
      for (HFileView file : files) {
        assertTrue(
            formats(hbulk).get(0).endsWith(file.format().substring(file.format().indexOf(' '))),
            file.format());
        partCells.addAll(file.cells());
      }
    }
    assertEquals(sorted(hbulkCells), sorted(partCells));
  }

  private static List<String> sorted(List<CellView> cells) {
    return cells.stream().map(CellView::toString).sorted().toList();
  }

  /** One HFile: its format and its cells in file order. */
  private record HFileView(String format, List<CellView> cells) {}

  private static List<String> formats(List<HFileView> files) {
    return files.stream().map(HFileView::format).toList();
  }

  private static List<CellView> cells(List<HFileView> files) {
    return files.stream().flatMap(f -> f.cells().stream()).collect(Collectors.toList());
  }

  /** The HFiles of a family folder, in the order of their first rows. */
  private static List<HFileView> read(Configuration conf, org.apache.hadoop.fs.Path dir)
      throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    List<HFileView> files = new ArrayList<>();
    for (FileStatus file : fs.listStatus(dir)) {
      String name = file.getPath().getName();
      if (name.startsWith(".") || name.startsWith("_")) {
        continue;
      }
      try (HFile.Reader reader =
          HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
        Map<byte[], byte[]> info = reader.getHFileInfo();
        List<CellView> cells = CellView.all(reader.getScanner(conf, false, false));
        String format =
            (cells.isEmpty() ? "" : cells.get(0).row())
                + " "
                + reader.getFileContext().getCompression()
                + " "
                + reader.getDataBlockEncoding()
                + " "
                + Bytes.toString(info.get(HStoreFile.BLOOM_FILTER_TYPE_KEY))
                + " tags "
                + reader.getFileContext().isIncludesTags()
                + " mvcc "
                + reader.getFileContext().isIncludesMvcc();
        files.add(new HFileView(format, cells));
      }
    }
    files.sort((a, b) -> a.format().compareTo(b.format()));
    return files;
  }
}
