package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * What hbulk importtsv does around the load, as ImportTsv does it: creating a missing table for a
 * bulk output (create.table), a dry run that leaves nothing behind, HFiles left for
 * completebulkload, a direct load. ImportTsvDiffIT compares the cells with HBase's ImportTsv.
 */
class ImportTsvIT extends MiniClusterSupport {
  private static final String COLUMNS = "-Dimporttsv.columns=HBASE_ROW_KEY,d:name,e:city";

  private static Path input() throws Exception {
    Path p = tmp.resolve("people.tsv");
    if (!Files.exists(p)) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 200; i++) {
        b.append(String.format("p%03d\tname %d\tcity %d%n", i, i, i % 7));
      }
      b.append("\tno key\tx\n");
      Files.writeString(p, b.toString(), StandardCharsets.UTF_8);
    }
    return p;
  }

  @Test
  void aMissingTableIsCreatedPreSplitAndTheHFilesAreLeftForCompleteBulkLoad() throws Exception {
    FileSystem fs = util.getTestFileSystem();
    org.apache.hadoop.fs.Path output =
        fs.makeQualified(new org.apache.hadoop.fs.Path("/itsv/out1"));
    assertEquals(
        0,
        hbulk(
            "importtsv",
            COLUMNS,
            "-Dimporttsv.timestamp=1000",
            "-Dimporttsv.bulk.output=" + output,
            "--run-dir",
            "/runs/itsv1",
            "people",
            input().toUri().toString()),
        out + err);
    assertTrue(err.contains("created table people with"), err);
    TableName people = TableName.valueOf("people");
    try (Admin admin = util.getConnection().getAdmin()) {
      assertTrue(admin.getRegions(people).size() > 1, "pre-split from the sample");
    }
    assertTrue(out.contains("NOT LOADED: HFiles moved to " + output), out);
    assertTrue(out.contains("next: hbase completebulkload " + output + " people"), out);
    assertTrue(out.contains("+ rejected 1"), out);
    assertEquals(0, cells(people, -1).size(), "nothing loaded yet");
    assertTrue(hfileCount(fs, new org.apache.hadoop.fs.Path(output, "d")) > 0);
    assertTrue(hfileCount(fs, new org.apache.hadoop.fs.Path(output, "e")) > 0);

    // complete refuses the run: its HFiles are elsewhere.
    assertEquals(2, hbulk("complete", "--run-dir", "/runs/itsv1"), out + err);
    assertTrue(err.contains("load them from there (hbase completebulkload " + output), err);

    BulkLoadHFiles.create(util.getConfiguration()).bulkLoad(people, output);
    List<String> cells = cells(people, 1000);
    assertEquals(400, cells.size());
    assertTrue(cells.contains("p007/d:name=" + Bytes.toHex(Bytes.toBytes("name 7"))), cells.get(0));
  }

  @Test
  void withoutCreateTableOrWithoutBulkOutputAMissingTableStopsTheRun() throws Exception {
    assertEquals(
        4,
        hbulk(
            "importtsv",
            COLUMNS,
            "-Dimporttsv.bulk.output=/itsv/out2",
            "-Dcreate.table=no",
            "absent1",
            input().toUri().toString()),
        out + err);
    assertTrue(err.contains("table absent1 does not exist and create.table is no"), err);
    assertEquals(4, hbulk("importtsv", COLUMNS, "absent1", input().toUri().toString()));
    assertTrue(err.contains("hbulk create-table --table absent1 --family d --family e"), err);
    FileSystem fs = util.getTestFileSystem();
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/itsv/out2")));
  }

  @Test
  void aDryRunCountsTheLinesAndLeavesNoTableNoHFilesBehind() throws Exception {
    assertEquals(
        0,
        hbulk(
            "importtsv",
            COLUMNS,
            "-Dimporttsv.dry.run=true",
            "-Dimporttsv.bulk.output=/itsv/out3",
            "--run-dir",
            "/runs/itsv3",
            "drytable",
            input().toUri().toString()),
        out + err);
    assertTrue(out.contains("NOT LOADED: dry run, HFiles deleted"), out);
    assertTrue(out.contains("+ rejected 1"), out);
    assertTrue(err.contains("deleted table drytable again"), err);
    try (Admin admin = util.getConnection().getAdmin()) {
      assertFalse(admin.tableExists(TableName.valueOf("drytable")));
    }
    FileSystem fs = util.getTestFileSystem();
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/itsv/out3")));
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/runs/itsv3/hfiles")));
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path("/runs/itsv3/report.json")));
  }

  @Test
  void withoutBulkOutputTheLinesAreLoaded() throws Exception {
    util.createTable(TableName.valueOf("direct"), new String[] {"d", "e"});
    assertEquals(
        0,
        hbulk(
            "importtsv",
            COLUMNS,
            "-Dimporttsv.timestamp=2000",
            "--json",
            "direct",
            input().toUri().toString()),
        out + err);
    JsonSchemas.assertValid("importtsv", out);
    assertEquals(
        "LOADED",
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(out).get("stage").asText());
    assertEquals(400, cells(TableName.valueOf("direct"), 2000).size());
  }
}
