package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;

/** A table's own coprocessors see Puts, not bulk loads: the load says so, or stops under strict. */
class ObserverCheckTest {
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
  void aTableCoprocessorIsNamedInAWarningOrStopsAStrictLoad() throws Exception {
    Map<String, TableDescriptor> tables =
        Map.of(
            "plain",
            table("plain"),
            "indexed",
            table("indexed", "com.example.IndexObserver", "com.example.AuditObserver"));
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    ObserverCheck.check(new Configuration(false), tables, log);
    String text = logged.toString(StandardCharsets.UTF_8);
    assertTrue(
        text.startsWith(
            "hbulk: WARNING: table indexed loads coprocessor(s) com.example.AuditObserver,"
                + " com.example.IndexObserver: a bulk load bypasses"),
        text);
    assertTrue(!text.contains("plain"), text);

    Configuration strict = new Configuration(false);
    strict.setBoolean(HbulkConf.STRICT, true);
    HbulkException e =
        assertThrows(HbulkException.class, () -> ObserverCheck.check(strict, tables, log));
    assertEquals(ExitCode.STRICT, e.exitCode());
    assertTrue(e.getMessage().endsWith("(--strict)."), e.getMessage());

    ByteArrayOutputStream quiet = new ByteArrayOutputStream();
    ObserverCheck.check(
        strict,
        Map.of("plain", table("plain")),
        new PrintStream(quiet, true, StandardCharsets.UTF_8));
    assertEquals("", quiet.toString(StandardCharsets.UTF_8), "nothing to say of a plain table");
  }
}
