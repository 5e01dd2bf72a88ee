package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResolvedInputsTest {
  @TempDir Path tmp;

  private static org.apache.hadoop.fs.Path qualified(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  @Test
  void anInputDirectoryHoldingNoFileTheJobReadsMatchesNoFile() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("empty/sub"));
    Files.writeString(empty.resolve(".a.csv.crc"), "x");
    Files.writeString(empty.resolve("_b.csv"), "1,a\n");
    for (String input : List.of(tmp.resolve("empty").toString(), tmp.resolve("em*").toString())) {
      HbulkException e =
          assertThrows(
              HbulkException.class, () -> ResolvedInputs.of(new Configuration(), List.of(input)));
      assertEquals(ExitCode.USAGE, e.exitCode());
      assertTrue(e.getMessage().contains("holds no file"), e.getMessage());
    }
    // An empty file is an input: a load of 0 records.
    Files.writeString(empty.resolve("c.csv"), "");
    assertEquals(
        1,
        ResolvedInputs.of(new Configuration(), List.of(tmp.resolve("empty").toString()))
            .paths()
            .size());
  }

  @Test
  void aRunDirectoryInsideAnInputDirectoryWhereTheJobReadsIsRefused() throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("a.csv"), "1,a\n");
    Files.writeString(tmp.resolve("b.csv"), "2,b\n");
    ResolvedInputs inputs =
        ResolvedInputs.of(
            new Configuration(), List.of(in.toString(), tmp.resolve("b.csv").toString()));
    for (Path inside : List.of(in.resolve("run"), in.resolve("hbulk-runs/r1"), in)) {
      HbulkException e =
          assertThrows(HbulkException.class, () -> inputs.refuseInside(qualified(inside)));
      assertEquals(ExitCode.USAGE, e.exitCode());
      assertTrue(e.getMessage().contains("would read as records"), e.getMessage());
    }
    // The job's listing skips what is named _* or .*, as Hadoop's does.
    for (Path outside :
        List.of(
            tmp.resolve("in2/run"),
            tmp.resolve("runs/r1"),
            in.resolve("_runs/r1"),
            in.resolve(".hbulk/r1"),
            in.resolve("x/_r1"))) {
      assertDoesNotThrow(() -> inputs.refuseInside(qualified(outside)), outside.toString());
    }
  }
}
