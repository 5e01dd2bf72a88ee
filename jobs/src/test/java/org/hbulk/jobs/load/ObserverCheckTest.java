package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A table's own coprocessors see Puts, not bulk loads: the load says so. */
class ObserverCheckTest {
  @TempDir Path tmp;

  private static TableDescriptor table(String name, String... coprocessors) throws Exception {
    TableDescriptorBuilder b =
        TableDescriptorBuilder.newBuilder(TableName.valueOf(name))
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"));
    for (String c : coprocessors) {
      b.setCoprocessor(c);
    }
    return b.build();
  }

  @Test
  void aTableCoprocessorIsNamedInAWarning() throws Exception {
    Map<String, TableDescriptor> tables =
        Map.of(
            "plain",
            table("plain"),
            "indexed",
            table("indexed", "com.example.IndexObserver", "com.example.AuditObserver"));
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    ObserverCheck.check(tables, log);
    String text = logged.toString(StandardCharsets.UTF_8);
    assertTrue(
        text.startsWith(
            "hbulk: WARNING: table indexed loads coprocessor(s) com.example.AuditObserver,"
                + " com.example.IndexObserver: a bulk load bypasses"),
        text);
    assertTrue(!text.contains("plain"), text);

    ByteArrayOutputStream quiet = new ByteArrayOutputStream();
    ObserverCheck.check(
        Map.of("plain", table("plain")), new PrintStream(quiet, true, StandardCharsets.UTF_8));
    assertEquals("", quiet.toString(StandardCharsets.UTF_8), "nothing to say of a plain table");
  }

  @Test
  void aPrepareIntoATableWithACoprocessorWarnsBeforeItWrites() throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("a.csv"), "a,x\n");
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    new BulkLoad(
            LocalRuns.conf(tmp),
            LocalRuns.oneRegionTable(table("t", "com.example.IndexObserver")),
            log,
            log,
            ReportFormat.TEXT)
        .prepare(
            LoadSpec.parse(
                "t.spec",
                "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\nd:v = v\n"),
            List.of(in.toString()),
            new org.apache.hadoop.fs.Path(tmp.resolve("run").toString()),
            1000,
            RunState.Mode.PREPARE);
    String text = logged.toString(StandardCharsets.UTF_8);
    assertTrue(
        text.contains("WARNING: table t loads coprocessor(s) com.example.IndexObserver"), text);
    assertTrue(text.indexOf("coprocessor(s)") < text.indexOf("[job]"), "before the job: " + text);
  }
}
