package org.hbulk.mappers.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.schema.MissingFields;
import org.hbulk.mappers.schema.SpecException;
import org.junit.jupiter.api.Test;

class LoadSpecTest {
  static final String ORDERS =
      """
      # orders
      [csv]
      delimiter = ;
      quote = '
      escape = \\
      header = true
      charset = ISO-8859-1
      multiline = true
      max-record-bytes = 4096
      trim = true

      [columns]
      order_id = long
      user_id = string
      created = timestamp(yyyy-MM-dd HH:mm:ss, Asia/Shanghai)
      amount = double
      ignored = skip

      [output orders]
      table = shop:orders
      key = salt(user_id, 4) + "|" + user_id + "|" + order_id
      timestamp = created
      d:user = user_id
      d:amount = binary(amount)

      [rejects]
      max = 10
      max-ratio = 0.5
      """;

  private static SpecException error(String text) {
    return assertThrows(SpecException.class, () -> LoadSpec.parse("t.spec", text));
  }

  private static void assertOverrideError(
      String text, Map<String, String> overrides, String expected) {
    SpecException e =
        assertThrows(SpecException.class, () -> LoadSpec.parse("t.spec", text, overrides));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }

  private static String minimal(String columns, String output) {
    return "[columns]\n" + columns + "\n[output o]\ntable = t\n" + output + "\n";
  }

  @Test
  void theTasksRebuildTheSpecAsWrittenWithoutExpandingConfigurationVariables() throws Exception {
    String text =
        "[columns]\nid = string\n[output o]\ntable = t\nkey = id\nd:v = \"${user.name}\"\n";
    LoadSpec driver = LoadSpec.parse("t.spec", text, Map.of("output.o.d:w", "\"o_${user.name}\""));
    Configuration conf = new Configuration(false);
    driver.toConfiguration(conf);
    LoadSpec task = LoadSpec.fromConfiguration(conf);
    byte[] line = "7".getBytes(StandardCharsets.UTF_8);
    List<String> values =
        new org.hbulk.mappers.convert.RecordConverter(task, 1L)
            .convert(line, line.length).stream()
                .map(
                    c ->
                        org.apache.hadoop.hbase.util.Bytes.toString(
                            c.getValueArray(), c.getValueOffset(), c.getValueLength()))
                .toList();
    assertEquals(List.of("${user.name}", "o_${user.name}"), values, "d:v, then the override's d:w");
  }

  @Test
  void everySectionIsReadIntoTypedValues() {
    LoadSpec spec = LoadSpec.parse("orders.spec", ORDERS);
    CsvOptions csv = spec.csv();
    assertEquals(';', csv.delimiter());
    assertEquals('\'', csv.quote());
    assertEquals('\\', csv.escape());
    assertTrue(csv.header() && csv.multiline() && csv.trim());
    assertEquals(StandardCharsets.ISO_8859_1, csv.charset());
    assertEquals(4096, csv.maxRecordBytes());
    assertEquals(5, spec.columns().size());
    Column created = spec.columns().get(2);
    assertEquals(ColumnType.TIMESTAMP, created.type());
    assertEquals(ZoneId.of("Asia/Shanghai"), created.zone());
    OutputSpec o = spec.outputs().get(0);
    assertEquals("shop:orders", o.table());
    assertEquals("salt(user_id, 4) + \"|\" + user_id + \"|\" + order_id", o.key().toString());
    assertEquals(TimestampSource.Kind.COLUMN, o.timestamp().kind());
    assertEquals(2, o.cells().size());
    assertEquals(new RejectBudget(10, 0.5), spec.rejectBudget());
  }

  @Test
  void defaultsAreCommaDoubleQuotesNoHeaderNoRejectsRunStart() {
    LoadSpec spec = LoadSpec.parse("t.spec", minimal("id = long", "key = id\nf:a = id"));
    assertEquals(CsvOptions.defaults(), spec.csv());
    assertEquals(RejectBudget.none(), spec.rejectBudget());
    assertEquals(TimestampSource.Kind.RUN_START, spec.outputs().get(0).timestamp().kind());
  }

  @Test
  void quoteNoneMeansNoQuoteAndAControlCharacterIsWrittenAsItsCode() {
    CsvOptions csv =
        LoadSpec.parse(
                "t.spec",
                "[csv]\ndelimiter = \\x01\nquote = none\n"
                    + minimal("id = long", "key = id\nf:a = id"))
            .csv();
    assertEquals('\u0001', csv.delimiter());
    assertNull(csv.quote());
    assertTrue(
        error("[csv]\ndelimiter = \\x0a\n").getMessage().contains("a line break cannot separate"));
  }

  @Test
  void unknownColumnInKeyNamesFileLineColumnAndPosition() {
    SpecException e = error(minimal("id = long", "key = \"x\" + idd\nf:a = id"));
    assertEquals(
        "t.spec:5: key: at character 7 of '\"x\" + idd': unknown column 'idd' (columns: id)",
        e.getMessage());
  }

  @Test
  void columnsAreByPositionUnlessTheSpecSaysByNameWhichNeedsAHeader() {
    String spec = minimal("id = long", "key = id\nf:a = id");
    assertFalse(LoadSpec.parse("t.spec", "[csv]\nheader = true\n" + spec).csv().byName());
    assertTrue(
        LoadSpec.parse("t.spec", "[csv]\nheader = true\ncolumns = by-name\n" + spec)
            .csv()
            .byName());
    assertFalse(
        LoadSpec.parse("t.spec", "[csv]\nheader = true\ncolumns = by-position\n" + spec)
            .csv()
            .byName());
    assertTrue(
        error("[csv]\ncolumns = by-name\n" + spec)
            .getMessage()
            .contains(
                "t.spec:2: columns: columns = by-name reads each file's header line: set header = true"));
    assertTrue(
        error("[csv]\nheader = true\ncolumns = names\n" + spec)
            .getMessage()
            .contains("t.spec:3: columns: expected by-position or by-name, found 'names'"));
  }

  @Test
  void missingFieldsRejectUnlessTheSpecSaysAbsent() {
    String spec = minimal("id = long", "key = id\nf:a = id");
    assertEquals(MissingFields.REJECT, LoadSpec.parse("t.spec", spec).csv().missingFields());
    assertEquals(
        MissingFields.ABSENT,
        LoadSpec.parse("t.spec", "[csv]\nmissing-fields = absent\n" + spec).csv().missingFields());
    assertEquals(
        MissingFields.REJECT,
        LoadSpec.parse("t.spec", "[csv]\nmissing-fields = reject\n" + spec).csv().missingFields());
    assertEquals(
        MissingFields.ABSENT,
        LoadSpec.parse(
                "t.spec",
                "[csv]\nheader = true\ncolumns = by-name\nmissing-fields = absent\n" + spec)
            .csv()
            .missingFields());
    assertEquals(
        "t.spec:3: missing-fields: expected reject or absent, found 'skip'",
        error("[csv]\ndelimiter = ;\nmissing-fields = skip\n" + spec).getMessage());
  }

  @Test
  void errorsNameTheLineAndWhatWasExpected() {
    assertTrue(
        error("[csv]\ndelimiter = ,,\n")
            .getMessage()
            .startsWith("t.spec:2: delimiter: expected one character"));
    assertTrue(error("[csvv]\n").getMessage().contains("t.spec:1: unknown section [csvv]"));
    assertTrue(
        error("[csv]\nheadr = true\n")
            .getMessage()
            .contains("t.spec:2: headr: unknown setting 'headr' in [csv]"));
    assertTrue(
        error("[csv]\nheader = yes\n")
            .getMessage()
            .contains("expected true or false, found 'yes'"));
    assertTrue(
        error(minimal("id = number", "key = id\nf:a = id"))
            .getMessage()
            .contains("t.spec:2: id: unknown type 'number'"));
    assertTrue(
        error(minimal("t = timestamp(yyyy-MM-dd bb)", "key = t\nf:a = t"))
            .getMessage()
            .contains("t.spec:2: t: bad time pattern"));
    assertTrue(
        error(minimal("t = timestamp(yyyy-MM-dd, Moon/Base)", "key = t\nf:a = t"))
            .getMessage()
            .contains("unknown time zone 'Moon/Base'"));
    assertTrue(error("[output o]\ntable = t\n").getMessage().contains("no [columns] section"));
    assertTrue(error("[columns]\nid = long\n").getMessage().contains("no [output NAME] section"));
    assertTrue(
        error(minimal("id = long", "key = id\nf:a = id").replace("table = t", "table = bad name!"))
            .getMessage()
            .contains("t.spec:4: table: 'bad name!' is not a valid HBase table name"));
    assertTrue(
        error("[columns]\nid = long\nid = string\n")
            .getMessage()
            .contains("t.spec:3: 'id' is given twice in this section (first at line 2)"));
    assertTrue(error("[csv]\ncharset = UTF-16\n").getMessage().contains("not ASCII-compatible"));
    assertTrue(
        error(minimal("id = long", "f:a = id")).getMessage().contains("needs 'key = EXPRESSION'"));
    assertTrue(error(minimal("id = long", "key = id")).getMessage().contains("has no cells"));
    assertTrue(
        error(minimal("id = long", "key = id\n.f:a = id"))
            .getMessage()
            .contains("'.f' is not a valid column family name"));
    assertTrue(
        error(minimal("id = long\nn = string", "key = id\ntimestamp = n\nf:a = id"))
            .getMessage()
            .contains("a cell timestamp column must be a timestamp or a long"));
    assertTrue(
        error("[rejects]\nmax-ratio = 1.5\n" + minimal("id = long", "key = id\nf:a = id"))
            .getMessage()
            .contains("expected a share between 0 and 1"));
  }

  @Test
  void outputsMayWriteToSeveralTablesWithQualifierExpressionsAndACollisionPolicy() {
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            "[columns]\nid = long\nb = string\n"
                + "[output a]\ntable = default:t1\nkey = id\nf:{b} = \"1\"\n"
                + "[output b]\ntable = ns:t2\nkey = b\nf:a = id\n[load]\ncollisions = keep-min-value\n");
    assertEquals(List.of("t1", "ns:t2"), List.copyOf(spec.tables()));
    assertEquals("b", spec.outputs().get(0).cells().get(0).qualifierExpr().toString());
    assertEquals(CollisionPolicy.KEEP_MIN_VALUE, spec.collisions());
    assertEquals(
        CollisionPolicy.FAIL,
        LoadSpec.parse("t.spec", minimal("id = long", "key = id\nf:a = id")).collisions());
    assertTrue(
        error("[load]\ncollisions = newest\n" + minimal("id = long", "key = id\nf:a = id"))
            .getMessage()
            .contains(
                "t.spec:2: collisions: expected one of fail, keep-max-value, keep-min-value,"
                    + " keep-last-record, keep-first-record, found 'newest'"));
    LoadSpec last =
        LoadSpec.parse(
            "t.spec",
            minimal("id = long", "key = id\nf:a = id"),
            Map.of("load.collisions", "keep-last-record"));
    assertEquals(CollisionPolicy.KEEP_LAST_RECORD, last.collisions());
    assertTrue(last.collisions().recordLevel() && !CollisionPolicy.KEEP_MAX_VALUE.recordLevel());
  }

  @Test
  void atMost64Outputs() {
    StringBuilder spec = new StringBuilder("[columns]\nid = long\n");
    for (int o = 0; o < 65; o++) {
      spec.append("[output o").append(o).append("]\ntable = t\nkey = id\nf:a = id\n");
    }
    assertEquals(
        "t.spec: 65 [output] sections: at most 64; split the spec into several loads",
        error(spec.toString()).getMessage());
  }

  @Test
  void emptyFieldsAreAbsentUnlessTheOutputOrTheCellSaysEmptyValue() {
    String cells = "key = id\nf:a = a\nf:{a} = id\n";
    LoadSpec plain = LoadSpec.parse("t.spec", minimal("id = long\na = string", cells));
    assertEquals(
        List.of(EmptyField.ABSENT, EmptyField.ABSENT),
        plain.outputs().get(0).cells().stream().map(CellSpec::empty).toList());
    LoadSpec one =
        LoadSpec.parse(
            "t.spec", minimal("id = long\na = string", cells + "empty.f:a = empty-value"));
    assertEquals(
        List.of(EmptyField.EMPTY_VALUE, EmptyField.ABSENT),
        one.outputs().get(0).cells().stream().map(CellSpec::empty).toList());
    LoadSpec all =
        LoadSpec.parse(
            "t.spec",
            minimal("id = long\na = string", cells),
            Map.of("output.o.empty", "empty-value", "output.o.empty.f:{a}", "absent"));
    assertEquals(
        List.of(EmptyField.EMPTY_VALUE, EmptyField.ABSENT),
        all.outputs().get(0).cells().stream().map(CellSpec::empty).toList());
    assertEquals(
        "t.spec:9: empty: expected absent (no cell where a field is empty), empty-value (a cell"
            + " with an empty value) or delete (a column delete marker), found 'null'",
        error(minimal("id = long\na = string", cells + "empty = null")).getMessage());
    assertEquals(
        "t.spec:9: empty.f:b: 'f:b' is not a cell of [output o] (cells: f:a, f:{a}); write"
            + " empty.FAMILY:QUALIFIER exactly as the cell's line does",
        error(minimal("id = long\na = string", cells + "empty.f:b = empty-value")).getMessage());
  }

  @Test
  void overridesReplaceAddAndCreateUnnamedSections() {
    LoadSpec spec =
        LoadSpec.parse(
            "orders.spec",
            ORDERS,
            Map.of(
                "rejects.max", "99", "output.orders.table", "orders_test", "csv.delimiter", "tab"));
    assertEquals(99, spec.rejectBudget().maxCount());
    assertEquals("orders_test", spec.outputs().get(0).table());
    assertEquals('\t', spec.csv().delimiter());
    LoadSpec noRejects =
        LoadSpec.parse(
            "t.spec", minimal("id = long", "key = id\nf:a = id"), Map.of("rejects.max", "5"));
    assertEquals(5, noRejects.rejectBudget().maxCount());
  }

  @Test
  void anOverriddenColumnKeepsItsPlaceInTheFieldOrder() {
    // The override once moved 'a' to the end: field 2 was read as b and field 3 as a.
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            minimal("id = long\na = long\nb = string", "key = id\nf:a = a"),
            Map.of("columns.a", "string", "columns.c", "int"));
    assertEquals(List.of("id", "a", "b", "c"), spec.columns().stream().map(c -> c.name()).toList());
    assertEquals(1, spec.columns().get(1).index());
    assertEquals(org.hbulk.mappers.schema.ColumnType.STRING, spec.columns().get(1).type());
  }

  @Test
  void tableAndFamilySettingsAreNormalizedAndChecked() {
    String base = minimal("id = long", "key = id\nf:a = id");
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            base
                + "[table t]\nsplit-policy = KeyPrefix(4)\nmax-filesize = 10g\n"
                + "major-compaction = 7d\nregions = 32\n[family f]\nttl = 30d\nblock-size = 64k\ncompression = zstd\n"
                + "bloom = ROWPREFIX_FIXED_LENGTH(4)\nversions = 3\n");
    TableSettings table = spec.tableSettings("t");
    assertEquals("KeyPrefix(4)", table.splitPolicy().orElseThrow().toString());
    assertEquals(10L << 30, table.maxFileSize().orElseThrow());
    assertEquals(7 * 86400_000L, table.majorCompaction().orElseThrow().toMillis());
    assertEquals(32, table.plannedRegions());
    FamilySettings family = spec.familySettings("f");
    assertEquals(30 * 86400L, family.ttl().orElseThrow().toSeconds());
    assertEquals(65536, family.blockSize().orElseThrow());
    assertEquals(FamilySettings.Compression.ZSTD, family.compression().orElseThrow());
    assertEquals("ROWPREFIX_FIXED_LENGTH(4)", family.bloom().orElseThrow().toString());
    assertEquals(3, family.versions().orElseThrow());
    assertTrue(family.encoding().isEmpty(), "a setting not written stays HBase's default");
    assertTrue(
        error(base + "[family f]\ncompression = brotli\n")
            .getMessage()
            .contains("compression: expected one of NONE, GZ, SNAPPY, LZ4, ZSTD, found 'brotli'"));
    assertTrue(
        error(base + "[table t]\nsplit-policy = KeyPrefix\n")
            .getMessage()
            .contains("KeyPrefix needs its parameter"));
    assertTrue(
        error(base + "[table other]\nregions = 4\n")
            .getMessage()
            .contains("[table other] is not a table of any output"));
    assertTrue(
        error(base + "[family g]\nversions = 1\n")
            .getMessage()
            .contains("[family g] is not a family of any cell"));
    assertTrue(
        error(base + "[family f]\nttl = soon\n")
            .getMessage()
            .contains("expected a duration like 3600, 90m, 12h, 30d"));
  }

  @Test
  void aTableSectionFollowsItsOutputWhereAnOverrideSendsIt() {
    String spec =
        minimal("id = long", "key = id\nf:a = id")
            + "[table t]\nregions = 8\n"
            + "[output copy]\ntable = t\nkey = id\nf:b = id\n";
    LoadSpec one = LoadSpec.parse("t.spec", spec, Map.of("output.o.table", "t_test"));
    assertEquals(8, one.tableSettings("t_test").plannedRegions(), "the renamed output's table");
    assertEquals("t_test", one.tableSettings("t_test").table());
    assertEquals(8, one.tableSettings("t").plannedRegions(), "the other output still writes t");
    LoadSpec both =
        LoadSpec.parse("t.spec", spec, Map.of("output.o.table", "t_a", "output.copy.table", "t_b"));
    assertEquals(8, both.tableSettings("t_a").plannedRegions());
    assertEquals(8, both.tableSettings("t_b").plannedRegions());
    assertEquals(
        TableSettings.DEFAULT_REGIONS,
        both.tableSettings("t").plannedRegions(),
        "no output writes t any more");
    String two =
        minimal("id = long", "key = id\nf:a = id")
            + "[table t]\nregions = 8\n[output other]\ntable = u\nkey = id\nf:b = id\n"
            + "[table u]\nregions = 4\n";
    assertOverrideError(
        two,
        Map.of("output.other.table", "t"),
        "[table u] and an earlier [table] section both set up table t");
  }

  @Test
  void anOverrideMayGiveATableOrFamilySectionTheFileLeavesOut() {
    String base = minimal("id = long", "key = id\nf:a = id");
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            base,
            Map.of(
                "family.f.compression", "gz",
                "family.f.versions", "2",
                "table.t.regions", "4"));
    assertEquals(
        FamilySettings.Compression.GZ, spec.familySettings("f").compression().orElseThrow());
    assertEquals(2, spec.familySettings("f").versions().orElseThrow());
    assertEquals(4, spec.tableSettings("t").plannedRegions());
    assertOverrideError(
        base, Map.of("family.g.compression", "gz"), "[family g] is not a family of any cell");
    assertOverrideError(
        base,
        Map.of("family.compression", "gz"),
        "override 'family.compression' must name the section and the key: family.NAME.KEY");
    // A family name with dots: the key is what follows the last one.
    String dotted = minimal("id = long", "key = id\nmy.fam:a = id");
    assertEquals(
        FamilySettings.Compression.GZ,
        LoadSpec.parse("t.spec", dotted, Map.of("family.my.fam.compression", "gz"))
            .familySettings("my.fam")
            .compression()
            .orElseThrow());
  }

  @Test
  void twoColumnsAddedByOverridesAreRefusedTheirOrderBeingUnknown() {
    String base = minimal("id = long", "key = id\nf:a = id");
    assertEquals(
        List.of("id", "zip"),
        LoadSpec.parse("t.spec", base, Map.of("columns.zip", "string")).columns().stream()
            .map(c -> c.name())
            .toList());
    assertOverrideError(
        base,
        Map.of("columns.zip", "string", "columns.city", "string"),
        "overrides add columns city, zip to [columns]");
  }

  @Test
  void familySettingsHBaseWouldRefuseAreSpecErrorsNamingTheLine() {
    String base = minimal("id = long", "key = id\nf:a = id");
    // Each went through to HBase's sanity check at create-table: exit 1, no line named.
    assertTrue(
        error(base + "[family f]\nttl = 0\n").getMessage().contains("t.spec:8: ttl: a TTL of 0"));
    assertTrue(error(base + "[family f]\nttl = 0d\n").getMessage().contains("write forever"));
    for (String size : List.of("0", "512", "17m", "1g")) {
      assertTrue(
          error(base + "[family f]\nblock-size = " + size + "\n")
              .getMessage()
              .contains("a block size is from 1k to 16m"),
          size);
    }
    assertTrue(
        error(base + "[family f]\nversions = 3\nmin-versions = 4\n")
            .getMessage()
            .contains("min-versions 4 is above versions 3, which HBase refuses"));
    assertEquals(
        2,
        LoadSpec.parse("t.spec", base + "[family f]\nmin-versions = 2\n")
            .familySettings("f")
            .minVersions()
            .orElseThrow(),
        "without versions, the table's own (made by hand, perhaps above 1) decides");
    FamilySettings ok =
        LoadSpec.parse(
                "t.spec",
                base + "[family f]\nttl = 1\nblock-size = 16m\nversions = 3\nmin-versions = 3\n")
            .familySettings("f");
    assertEquals(16 << 20, ok.blockSize().orElseThrow());
    assertEquals(3, ok.minVersions().orElseThrow());
  }

  @Test
  void aSizeOrDurationTooLargeForALongIsAnErrorNotWrappedRound() {
    String base = minimal("id = long", "key = id\nf:a = id");
    // 17179869185g is 2^64 + 2^30 bytes: it wrapped round to 1g.
    for (String setting :
        List.of(
            "[table t]\nmax-filesize = 17179869185g\n",
            "[table t]\nmax-filesize = 99999999999999999999\n",
            "[table t]\nmajor-compaction = 999999999999999999d\n",
            "[family f]\nttl = 999999999999999d\n",
            "[family f]\nblock-size = 99999999999999999999k\n")) {
      assertTrue(error(base + setting).getMessage().contains("is too large"), setting);
    }
  }

  @Test
  void overrideOfAMissingOutputFails() {
    SpecException e =
        assertThrows(
            SpecException.class,
            () -> LoadSpec.parse("orders.spec", ORDERS, Map.of("output.nope.table", "x")));
    assertTrue(
        e.getMessage().contains("override 'output.nope.table' names no section"), e.getMessage());
  }

  @Test
  void specSurvivesTheJobConfigurationThroughXml() throws Exception {
    LoadSpec spec = LoadSpec.parse("orders.spec", ORDERS, Map.of("rejects.max", "7"));
    Configuration conf = new Configuration(false);
    conf.set("hbulk.spec.csv.header", "stale: replaced by the spec's own overrides");
    spec.toConfiguration(conf);
    ByteArrayOutputStream xml = new ByteArrayOutputStream();
    conf.writeXml(xml);
    Configuration task = new Configuration(false);
    task.addResource(new ByteArrayInputStream(xml.toByteArray()));
    LoadSpec back = LoadSpec.fromConfiguration(task);
    assertEquals(spec.source(), back.source());
    assertEquals(spec.text(), back.text());
    assertEquals(spec.overrides(), back.overrides());
    assertEquals(spec.csv(), back.csv());
    assertEquals(spec.columns(), back.columns());
    assertEquals(spec.rejectBudget(), back.rejectBudget());
    assertEquals(7, back.rejectBudget().maxCount());
    assertEquals(spec.outputs().get(0).key().toString(), back.outputs().get(0).key().toString());
    assertEquals(spec.outputs().get(0).cells().size(), back.outputs().get(0).cells().size());
    assertNull(task.get(HbulkConf.SPEC_OVERRIDE_PREFIX + "csv.header"));
  }

  @Test
  void budgetSaysWhyItIsBroken() {
    assertNull(new RejectBudget(2, -1).violation(2, 100));
    assertEquals(
        "3 rejected records exceed the budget of 2", new RejectBudget(2, -1).violation(3, 100));
    assertNull(new RejectBudget(-1, 0.1).violation(10, 100));
    assertTrue(
        new RejectBudget(-1, 0.1).violation(11, 100).contains("exceed the budget of 10.0000%"));
  }
}
