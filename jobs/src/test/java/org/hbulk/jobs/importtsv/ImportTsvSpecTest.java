package org.hbulk.jobs.importtsv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * ImportTsv's options through the spec they translate to, and lines through that spec's converter:
 * the cells ImportTsv's TsvImporterMapper would make of them (ImportTsvDiffIT compares with the
 * real ImportTsv on a cluster).
 */
class ImportTsvSpecTest {
  private static final long RUN_START = 1_700_000_000_000L;

  private static LoadSpec spec(String... options) throws HbulkException {
    Configuration conf = new Configuration(false);
    for (String o : options) {
      int eq = o.indexOf('=');
      conf.set(o.substring(0, eq), o.substring(eq + 1));
    }
    String text = ImportTsvSpec.text(ImportTsvOptions.from(conf), "t1");
    return LoadSpec.parse(ImportTsvSpec.source("t1"), text, Map.of());
  }

  /** The cells of one line, as "row/family:qualifier/timestamp=value". */
  private static List<String> cells(LoadSpec spec, String line) throws RejectException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    List<String> cells = new ArrayList<>();
    for (KeyValue kv : new RecordConverter(spec, RUN_START).convert(b, b.length)) {
      cells.add(
          Bytes.toString(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength())
              + "/"
              + Bytes.toString(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength())
              + ":"
              + Bytes.toString(
                  kv.getQualifierArray(), kv.getQualifierOffset(), kv.getQualifierLength())
              + "/"
              + kv.getTimestamp()
              + "="
              + Bytes.toString(kv.getValueArray(), kv.getValueOffset(), kv.getValueLength()));
    }
    return cells;
  }

  @Test
  void tabSeparatedFieldsBecomeCellsAtTheRunStart() throws Exception {
    LoadSpec spec = spec("importtsv.columns=HBASE_ROW_KEY,d:a,d");
    assertEquals(
        List.of("r1/d:/" + RUN_START + "=y", "r1/d:a/" + RUN_START + "=x"),
        cells(spec, "r1\tx\ty"));
    assertEquals("t1", spec.outputs().get(0).table());
  }

  @Test
  void quotesAreOrdinaryCharactersUnderAnySeparator() throws Exception {
    LoadSpec spec = spec("importtsv.columns=d:a,HBASE_ROW_KEY", "importtsv.separator=,");
    assertEquals(List.of("\"k\"/d:a/" + RUN_START + "=\"x"), cells(spec, "\"x,\"k\""));
  }

  @Test
  void aControlCharacterSeparatorIsWrittenAsItsCode() throws Exception {
    LoadSpec spec = spec("importtsv.columns=HBASE_ROW_KEY,d:a", "importtsv.separator=\u0001");
    assertTrue(spec.text().contains("delimiter = \\x01"), spec.text());
    assertEquals(List.of("r/d:a/" + RUN_START + "=v,w"), cells(spec, "r\u0001v,w"));
  }

  @Test
  void timestampsComeFromTheTsKeyOrTheOption() throws Exception {
    assertEquals(
        List.of("r/d:a/5=v"),
        cells(spec("importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:a"), "r\t5\tv"));
    assertEquals(
        List.of("r/d:a/42=v"),
        cells(spec("importtsv.columns=HBASE_ROW_KEY,d:a", "importtsv.timestamp=42"), "r\tv"));
    RejectException bad =
        assertThrows(
            RejectException.class,
            () -> cells(spec("importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:a"), "r\tx5\tv"));
    assertEquals(RejectReason.BAD_VALUE, bad.reason(), bad.getMessage());
  }

  @Test
  void emptyFieldsWriteEmptyValuesUnlessSkipped() throws Exception {
    assertEquals(
        List.of("r/d:a/" + RUN_START + "=", "r/d:b/" + RUN_START + "=v"),
        cells(spec("importtsv.columns=HBASE_ROW_KEY,d:a,d:b"), "r\t\tv"));
    assertEquals(
        List.of("r/d:b/" + RUN_START + "=v"),
        cells(
            spec("importtsv.columns=HBASE_ROW_KEY,d:a,d:b", "importtsv.skip.empty.columns=true"),
            "r\t\tv"));
  }

  @Test
  void anEmptyRowKeyOrTooManyFieldsIsABadLine() throws Exception {
    LoadSpec spec = spec("importtsv.columns=HBASE_ROW_KEY,d:a");
    assertEquals(
        RejectReason.EMPTY_KEY_PART,
        assertThrows(RejectException.class, () -> cells(spec, "\tv")).reason());
    assertEquals(
        RejectReason.FIELD_COUNT,
        assertThrows(RejectException.class, () -> cells(spec, "r\tv\tw")).reason());
  }

  @Test
  void aShortLineLoadsTheCellsItReachesButNotWithoutItsTimestamp() throws Exception {
    LoadSpec spec = spec("importtsv.columns=HBASE_ROW_KEY,d:a,HBASE_TS_KEY,d:b");
    assertEquals(List.of("r/d:a/7=x", "r/d:b/7="), cells(spec, "r\tx\t7\t"));
    assertEquals(List.of("r/d:a/7=x"), cells(spec, "r\tx\t7"));
    assertEquals(
        RejectReason.FIELD_COUNT,
        assertThrows(RejectException.class, () -> cells(spec, "r\tx")).reason());
  }

  @Test
  void skipBadLinesSetsTheRejectBudget() throws Exception {
    assertEquals(-1, spec("importtsv.columns=HBASE_ROW_KEY,d:a").rejectBudget().maxCount());
    assertEquals(
        0,
        spec("importtsv.columns=HBASE_ROW_KEY,d:a", "importtsv.skip.bad.lines=false")
            .rejectBudget()
            .maxCount());
  }

  @Test
  void columnNamesAreUniqueIdentifiers() throws Exception {
    LoadSpec spec = spec("importtsv.columns=HBASE_ROW_KEY,d:a-b,d:a_b,9:x,HBASE_ATTRIBUTES_KEY");
    assertTrue(spec.text().contains("d_a_b = string\nd_a_b_2 = string\nc_9_x = string\n"));
    assertTrue(spec.text().contains("attributes = skip"));
    assertEquals(
        List.of(
            "r/9:x/" + RUN_START + "=3",
            "r/d:a-b/" + RUN_START + "=1",
            "r/d:a_b/" + RUN_START + "=2"),
        cells(spec, "r\t1\t2\t3\tk=>v"));
  }

  @Test
  void aQualifierNoSpecLineCanCarryIsRefused() {
    HbulkException e =
        assertThrows(HbulkException.class, () -> spec("importtsv.columns=HBASE_ROW_KEY,d:a=b"));
    assertEquals(ExitCode.USAGE, e.exitCode());
    assertTrue(e.getMessage().contains("'d:a=b' cannot be written"), e.getMessage());
  }

  @Test
  void aFamilyASpecWouldReadAsACellsSettingIsRefused() {
    // "ttl.d:a = ttl_d_a" in a spec is d:a's TTL, not a cell of family ttl.d: such a column would
    // drop its cells and give d:a a TTL and a label no one asked for.
    for (String family : List.of("ttl.d", "visibility.d", "empty.d")) {
      HbulkException e =
          assertThrows(
              HbulkException.class,
              () -> spec("importtsv.columns=HBASE_ROW_KEY,d:a," + family + ":a"),
              family);
      assertEquals(ExitCode.USAGE, e.exitCode());
      assertTrue(e.getMessage().contains("'" + family + ":a' cannot be written"), e.getMessage());
    }
  }

  @Test
  void ttlAndVisibilityColumnsBecomeTheOutputsTagSources() throws Exception {
    LoadSpec spec =
        spec("importtsv.columns=HBASE_ROW_KEY,HBASE_CELL_TTL,HBASE_CELL_VISIBILITY,d:a");
    assertTrue(spec.text().contains("ttl = cell_ttl\nvisibility = cell_visibility\n"), spec.text());
    assertEquals("cell_ttl", spec.outputs().get(0).tags().ttl().column().name());
    assertEquals("cell_visibility", spec.outputs().get(0).tags().visibility().column().name());
  }
}
