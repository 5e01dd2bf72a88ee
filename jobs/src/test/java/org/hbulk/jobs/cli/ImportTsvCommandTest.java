package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hbulk importtsv's command line, up to where it would contact HBase. */
class ImportTsvCommandTest extends CommandLineTest {
  @TempDir Path tmp;

  @Test
  void printSpecTakesImportTsvsAttachedDefinesAndContactsNoCluster() throws Exception {
    assertEquals(
        0,
        launch(
            "importtsv",
            "-Dimporttsv.columns=HBASE_ROW_KEY,d:a",
            "-Dimporttsv.separator=,",
            "-D",
            "hbulk.spec.load.collisions=keep-last-record",
            "--print-spec",
            "users"),
        err);
    assertTrue(out.contains("[output importtsv]\ntable = users\nkey = row_key\n"), out);
    assertTrue(out.contains("delimiter = ,\nquote = none\n"), out);
    assertTrue(
        out.contains(
            "# and, from the command line: -D hbulk.spec.load.collisions=keep-last-record"),
        out);
  }

  @Test
  void mistakesStopBeforeAnyJobWithExitTwo() throws Exception {
    assertEquals(2, hbulk("importtsv", "-Dimporttsv.columns=HBASE_ROW_KEY,d:a", "t1"));
    assertTrue(err.contains("give the INPUT to load after TABLE"), err);
    assertEquals(2, hbulk("importtsv", "t1", "in.tsv"));
    assertTrue(err.contains("importtsv.columns is not given"), err);
    assertEquals(
        2,
        hbulk(
            "importtsv",
            "-Dimporttsv.columns=HBASE_ROW_KEY,d:a",
            "-Dimporttsv.mapper.class=x.Y",
            "t1",
            "in.tsv"));
    assertTrue(err.contains("importtsv.mapper.class is not supported"), err);
  }

  @Test
  void anExistingBulkOutputIsRefusedBeforeHBaseIsContacted() throws Exception {
    Path out = Files.createDirectory(tmp.resolve("hfiles"));
    assertEquals(
        2,
        hbulk(
            "importtsv",
            "-Dimporttsv.columns=HBASE_ROW_KEY,d:a",
            "-Dimporttsv.bulk.output=" + out,
            "t1",
            "in.tsv"));
    assertTrue(err.contains("already exists; give a new directory"), err);
  }
}
