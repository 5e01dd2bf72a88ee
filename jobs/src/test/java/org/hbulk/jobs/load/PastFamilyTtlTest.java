package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load of timestamps from the data into a family with a TTL: HBase will not return the cells the
 * TTL has already passed, so prepare counts them and warns instead of reporting them loaded
 * silently.
 */
class PastFamilyTtlTest {
  @TempDir Path tmp;

  @Test
  void aPrepareCountsAndWarnsOfTheCellsItsFamilysTtlAlreadyHides() throws Exception {
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            "[columns]\nid = string\nts = long\nv = string\n\n[output o]\ntable = t\nkey = id\n"
                + "timestamp = ts\nd:v = v\nd:w = v\n");
    long now = System.currentTimeMillis();
    long day = 86_400_000L;
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(
        in.resolve("a.csv"),
        "fresh," + (now - day / 2) + ",x\nstale," + (now - 3 * day) + ",y\nancient,1000,z\n");
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    LoadReport report =
        new BulkLoad(
                LocalRuns.conf(tmp),
                LocalRuns.oneRegionTable(
                    "t",
                    ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
                        .setTimeToLive(86_400)
                        .build()),
                log,
                log,
                ReportFormat.TEXT)
            .prepare(
                spec,
                List.of(in.toString()),
                new org.apache.hadoop.fs.Path(tmp.resolve("run").toString()),
                now,
                RunState.Mode.PREPARE);
    // Two records a day or more old, two cells each; the fresh record's cells are readable.
    assertEquals(4, report.state().counts().pastFamilyTtl());
    assertEquals(3, report.state().counts().loaded(), "loaded all the same, as HBase would");
    String text = logged.toString(StandardCharsets.UTF_8);
    assertTrue(
        text.contains("WARNING: 4 cell(s) are older than their family's TTL: HBase will not"),
        text);
  }
}
