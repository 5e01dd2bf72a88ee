package org.hbulk.jobs.importtsv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.junit.jupiter.api.Test;

class ImportTsvOptionsTest {
  private static ImportTsvOptions read(String... options) throws HbulkException {
    Configuration conf = new Configuration(false);
    for (String o : options) {
      int eq = o.indexOf('=');
      conf.set(o.substring(0, eq), o.substring(eq + 1));
    }
    return ImportTsvOptions.from(conf);
  }

  private static String refused(String... options) {
    HbulkException e = assertThrows(HbulkException.class, () -> read(options));
    assertEquals(ExitCode.USAGE, e.exitCode(), e.getMessage());
    return e.getMessage();
  }

  @Test
  void defaultsAreImportTsvs() throws Exception {
    ImportTsvOptions o = read("importtsv.columns= HBASE_ROW_KEY , d:a");
    assertEquals('\t', o.separator());
    assertTrue(o.skipBadLines());
    assertFalse(o.skipEmptyColumns());
    assertFalse(o.dryRun());
    assertTrue(o.createTable());
    assertNull(o.bulkOutput());
    assertNull(o.timestamp());
    assertEquals("d:a", o.columns().fields().get(1).written());
  }

  @Test
  void theColumnsAreCheckedAsImportTsvChecksThem() {
    assertTrue(refused("importtsv.separator=,").contains("importtsv.columns is not given"));
    assertTrue(refused("importtsv.columns=d:a,d:b").contains("exactly one field HBASE_ROW_KEY"));
    assertTrue(refused("importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY").contains("names no cell"));
    assertTrue(
        refused("importtsv.columns=HBASE_ROW_KEY,d:a,HBASE_ROW_KEY")
            .contains("names HBASE_ROW_KEY twice"));
    assertTrue(refused("importtsv.columns=HBASE_ROW_KEY,d:a,d:a").contains("names d:a twice"));
    assertTrue(refused("importtsv.columns=HBASE_ROW_KEY,,d:a").contains("field 2 has no name"));
    assertTrue(refused("importtsv.columns=HBASE_ROW_KEY,:a").contains("no column family"));
  }

  @Test
  void valuesImportTsvWouldReadAsItsDefaultAreRefused() {
    String columns = "importtsv.columns=HBASE_ROW_KEY,d:a";
    assertTrue(refused(columns, "importtsv.separator=||").contains("one single-byte"));
    assertTrue(refused(columns, "importtsv.skip.bad.lines=yes").contains("true or false"));
    assertTrue(refused(columns, "importtsv.timestamp=now").contains("epoch milliseconds"));
    assertTrue(refused(columns, "importtsv.timestamp=-1").contains("epoch milliseconds"));
    assertTrue(refused(columns, "create.table=maybe").contains("yes or no"));
  }

  @Test
  void aCustomMapperAndUnknownKeysAreRefusedByName() {
    String columns = "importtsv.columns=HBASE_ROW_KEY,d:a";
    String mapper = refused(columns, "importtsv.mapper.class=my.Mapper");
    assertTrue(mapper.startsWith("importtsv.mapper.class is not supported"), mapper);
    assertTrue(mapper.contains("--print-spec"), mapper);
    String typo = refused(columns, "importtsv.skip.bad.line=false");
    assertTrue(typo.startsWith("unknown ImportTsv option importtsv.skip.bad.line"), typo);
  }

  @Test
  void notesSayWhereAnOptionActsOtherwise() throws Exception {
    ImportTsvOptions o =
        read(
            "importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,HBASE_CELL_TTL,d:a",
            "importtsv.timestamp=5",
            "no.strict=true");
    assertEquals(3, o.notes().size(), String.join("\n", o.notes()));
    assertTrue(read("importtsv.columns=HBASE_ROW_KEY,d:a").notes().isEmpty());
    assertTrue(
        read("importtsv.columns=HBASE_ROW_KEY,HBASE_CELL_VISIBILITY,d:a", "importtsv.bulk.output=x")
            .notes()
            .get(0)
            .contains("wrote neither into a bulk output"));
  }
}
