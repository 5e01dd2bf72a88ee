package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.mapreduce.DefaultVisibilityExpressionResolver;
import org.apache.hadoop.hbase.mapreduce.ImportTsv;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.visibility.Authorizations;
import org.apache.hadoop.hbase.security.visibility.VisibilityClient;
import org.apache.hadoop.hbase.security.visibility.VisibilityConstants;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The differential test of {@code hbulk importtsv} against HBase's own {@link ImportTsv}: the same
 * TSV input and the same {@code -D} options through both, each into its own bulk output directory
 * and its own table (identically pre-split, three regions). Every cell is compared twice: in the
 * HFiles, read with HBase's HFile reader (row, family, qualifier, timestamp, type, value and tags),
 * and in the tables after {@link BulkLoadHFiles} loaded both outputs (a raw scan of every version
 * by a reader holding every label).
 *
 * <p>Where the two differ on purpose (see the README's "Coming from ImportTsv"), the test pins the
 * difference exactly: two lines giving one cell different values make ImportTsv keep one of them,
 * in no stated order, and stop hbulk (exit 8); ImportTsv would read a cell TTL as an 8-byte binary
 * long, hbulk reads decimal milliseconds. Where ImportTsv differs from what its own code seems to
 * say, the test pins what it does: its bulk output loses every cell tag (TTL and visibility) in the
 * shuffle, so hbulk's tags are checked against HBase's own visibility resolver and ImportTsv's Put
 * path instead.
 *
 * <p>The cluster runs HBase's {@code VisibilityController}, as ImportTsv's visibility resolver
 * reads {@code hbase:labels}; the test's user is a superuser holding every label. {@link
 * AroundTheLoad} runs hbulk importtsv alone on the same cluster.
 */
class ImportTsvDiffIT extends MiniClusterSupport {
  private static final String[] LABELS = {"secret", "ops", "public"};
  private static final byte[][] SPLITS = {Bytes.toBytes("h"), Bytes.toBytes("p")};
  private static final String[] FAMILIES = {"d", "e"};
  private static final long FIXED_TS = 1_700_000_000_000L;

  /** Hides MiniClusterSupport's: the coprocessor must be configured before the cluster starts. */
  @BeforeAll
  static void startCluster() throws Throwable {
    // Set up as CellTagsIT's (and HBase's own TestImportTSVWithVisibilityLabels) cluster.
    startCluster(CellTagsIT::withVisibilityLabels);
    util.waitTableEnabled(VisibilityConstants.LABELS_TABLE_NAME.getName(), 50_000);
    Connection admin = util.getConnection();
    CellTagsIT.succeeded(VisibilityClient.addLabels(admin, LABELS));
    CellTagsIT.succeeded(
        VisibilityClient.setAuths(admin, LABELS, User.getCurrent().getShortName()));
  }

  // ---------------------------------------------------------------------------------------------
  // The cases

  @Test
  void plainColumnsWithTheDefaultTimestamp() throws Exception {
    Run run =
        run(
            "plain",
            """
            apple\t1\tfamily only\tred
            kiwi\t2\t\tgreen
            melon\t3\tx\t
            plum\t4\ty\tpurple
            zucchini\t5\tz\tgreen
            """,
            "importtsv.columns=HBASE_ROW_KEY,d:n,d,e:colour");
    run.both(0);
    // The default timestamp: each run stamps all its cells with one time between its start and
    // end; the two runs' times differ, everything else must not.
    long itsv = run.singleTimestamp(run.itsvCells(), run.itsvWindow);
    long hbulk = run.singleTimestamp(run.hbulkCells(), run.hbulkWindow);
    run.assertSameCells(c -> c.ts() == itsv || c.ts() == hbulk ? c.withTs(0) : c);
    assertTrue(
        run.itsvCells().stream().anyMatch(c -> c.family().equals("d") && c.qualifier().isEmpty()),
        "a family-only column writes an empty qualifier");
  }

  @Test
  void aSeparatorOtherThanTabWithAFixedTimestamp() throws Exception {
    Run run =
        run(
            "separator",
            """
            b-1,alpha,one
            i-2,beta,two
            q-3,gamma\tstill gamma,three
            y-4,delta,four
            """,
            "importtsv.columns=HBASE_ROW_KEY,d:a,e:b",
            "importtsv.separator=,",
            "importtsv.timestamp=" + FIXED_TS);
    run.both(0);
    run.assertSameCells(UnaryOperator.identity());
    assertTrue(run.itsvCells().stream().allMatch(c -> c.ts() == FIXED_TS), run.itsvLines());
    assertTrue(
        run.itsvCells().stream().anyMatch(c -> c.value().equals("gamma\\x09still gamma")),
        "a tab is an ordinary byte: " + run.itsvLines());
  }

  @Test
  void timestampsFromAColumnKeepEveryVersion() throws Exception {
    Run run =
        run(
            "tskey",
            """
            c\t1000\tfirst
            c\t2000\tsecond
            c\t3000\tthird
            j\t1000\tone
            r\t5000\tr-five
            r\t5000\tr-five
            w\t0\tzero
            """,
            "importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:v",
            // Ignored when HBASE_TS_KEY is given (ImportTsv's usage says so).
            "importtsv.timestamp=" + FIXED_TS);
    run.both(0);
    run.assertSameCells(UnaryOperator.identity());
    assertEquals(
        List.of("c/d:v/3000", "c/d:v/2000", "c/d:v/1000"),
        run.itsvCells().stream().filter(c -> c.row().equals("c")).map(CellView::column).toList(),
        "three versions of one cell");
    assertEquals(
        1,
        run.itsvCells().stream().filter(c -> c.row().equals("r")).count(),
        "the same line twice is one cell");
  }

  @Test
  void emptyFieldsWriteEmptyCellsUnlessSkipped() throws Exception {
    String tsv =
        """
        alpha\t\tx\t
        kappa\tv\t\tw
        sigma\t\t\t
        """;
    for (String skip : List.of("false", "true")) {
      Run run =
          run(
              "empty_" + skip,
              tsv,
              "importtsv.columns=HBASE_ROW_KEY,d:a,d:b,e",
              "importtsv.timestamp=" + FIXED_TS,
              "importtsv.skip.empty.columns=" + skip);
      run.both(0);
      run.assertSameCells(UnaryOperator.identity());
      long empty = run.itsvCells().stream().filter(c -> c.value().isEmpty()).count();
      assertEquals(skip.equals("true") ? 0 : 6, empty, run.itsvLines());
    }
  }

  /**
   * TTL and visibility columns. What ImportTsv 2.6.1 does here differs from what its code seems to
   * say: TsvImporterMapper builds each cell with its visibility tags and a TTL tag (the TTL read
   * with {@code Bytes.toLong(bytes, off, len)}: the field's 8 ASCII bytes as a big-endian binary
   * long, any other length a bad line), but the cells reach PutSortReducer inside Puts through the
   * shuffle, and HBase's {@code MutationSerialization} does not carry cell tags: its bulk output
   * has no tags at all, and once loaded every reader sees every cell. Its Put path (no bulk output)
   * sets them as the Put's TTL and visibility, which the region server turns into tags.
   *
   * <p>hbulk writes the visibility tags exactly as HBase's own resolver makes them, then a TTL tag
   * of the field read as decimal milliseconds (the decided difference; ImportTsv's usage promises
   * milliseconds). So: the HFiles' cells are equal but for the tags; ImportTsv's carry none,
   * hbulk's the expected ones; the tables read equal to a reader holding every label. Against
   * ImportTsv's Put path: its flushed store files hold hbulk's cells with the same visibility tags
   * and the TTL read as binary; a reader holding no label sees in hbulk's table what it sees in the
   * Put path's, and in the table of ImportTsv's bulk output every cell.
   */
  @Test
  void ttlAndVisibilityColumns() throws Exception {
    Run run =
        run(
            "tags",
            """
            ant\tsecret\t86400000\tsmall\tsix legs
            hen\tpublic|ops\t43200000\tloud\ttwo legs
            owl\t(secret&ops)|public\t99999999\twise\tno legs to speak of
            yak\t!secret\t10000000\thairy\tfour legs
            """,
            "importtsv.columns=HBASE_ROW_KEY,HBASE_CELL_VISIBILITY,HBASE_CELL_TTL,d:a,e");
    run.both(0);
    List<CellView> itsv = run.itsvCells();
    List<CellView> hbulk = run.hbulkCells();
    assertEquals(8, itsv.size(), run.itsvLines());
    long itsvTs = run.singleTimestamp(itsv, run.itsvWindow);
    long hbulkTs = run.singleTimestamp(hbulk, run.hbulkWindow);
    assertTrue(
        itsv.stream().allMatch(c -> c.tags().isEmpty()),
        "ImportTsv's bulk output carries no tags:\n" + run.itsvLines());
    DefaultVisibilityExpressionResolver labels = new DefaultVisibilityExpressionResolver();
    labels.setConf(conf());
    labels.init();
    List<String> lines = Files.readAllLines(run.input.resolve("input.tsv"));
    for (CellView c : hbulk) {
      List<String> expected = new ArrayList<>();
      for (Tag t : labels.createVisibilityExpTags(field(lines, c.row(), 1))) {
        expected.add(t.getType() + ":" + Bytes.toHex(Tag.cloneValue(t)));
      }
      long ttl = Long.parseLong(field(lines, c.row(), 2));
      expected.add(TTL_TAG + ":" + Bytes.toHex(Bytes.toBytes(ttl)));
      assertEquals(String.join(",", expected), c.tags(), "HBase's visibility tags, then the TTL");
    }
    UnaryOperator<CellView> sameTime = c -> c.ts() == itsvTs || c.ts() == hbulkTs ? c.withTs(0) : c;
    run.assertSameHFileCells(c -> sameTime.apply(c).withTags(""));
    run.loadBothAndCompareTables(sameTime);

    TableName puts = TableName.valueOf("itsvput_tags");
    createTable(puts);
    assertEquals(0, run.importTsvPuts(puts), "ImportTsv's Put path");
    // The Put path's cells as its region server wrote them: the same visibility tags as hbulk's,
    // and the TTL the field's 8 bytes make as a binary long. The server puts the TTL tag first,
    // hbulk (as ImportTsv's mapper) last; readers find tags by type, so the order means nothing.
    util.getAdmin().flush(puts);
    List<CellView> putCells =
        BulkOutputCells.storeFiles(
            conf(), CommonFSUtils.getTableDir(CommonFSUtils.getRootDir(conf()), puts), FAMILIES);
    long putTs = run.singleTimestamp(putCells, new long[] {0, Long.MAX_VALUE});
    List<CellView> expectedFromPuts = new ArrayList<>();
    for (CellView c : putCells) {
      String ttlField = field(lines, c.row(), 2);
      String binary = Bytes.toHex(Bytes.toBytes(Bytes.toLong(Bytes.toBytes(ttlField))));
      String decimal = Bytes.toHex(Bytes.toBytes(Long.parseLong(ttlField)));
      assertTrue(c.tags().startsWith(TTL_TAG + ":" + binary + ","), "the field as binary: " + c);
      expectedFromPuts.add(
          c.withTs(hbulkTs).withTags(sortedTags(c.tags().replace(binary, decimal))));
    }
    assertEquals(
        CellView.lines(normalized(expectedFromPuts, UnaryOperator.identity())),
        CellView.lines(normalized(hbulk, c -> c.withTags(sortedTags(c.tags())))),
        "hbulk's cells are ImportTsv's Put path's (stamped " + putTs + "), TTL read as decimal");
    UnaryOperator<CellView> anyTime = c -> c.withTs(0);
    User nobody = User.createUserForTesting(conf(), "nobody", new String[0]);
    List<CellView> seenInPuts = normalized(CellTagsIT.cellsReadBy(nobody, puts), anyTime);
    assertEquals(List.of("yak", "yak"), seenInPuts.stream().map(CellView::row).toList());
    assertEquals(
        CellView.lines(seenInPuts),
        CellView.lines(normalized(CellTagsIT.cellsReadBy(nobody, run.hbulkTable), anyTime)),
        "a reader without labels sees in hbulk's table what ImportTsv's Puts let it see");
    assertEquals(
        CellView.lines(normalized(tableCells(run.itsvTable), anyTime)),
        CellView.lines(normalized(CellTagsIT.cellsReadBy(nobody, run.itsvTable), anyTime)),
        "ImportTsv's bulk output lost its labels: a reader without any sees every cell");
  }

  @Test
  void badLinesAreSkippedAlike() throws Exception {
    Run run = run("skipped", BAD_LINES, BAD_LINE_OPTIONS);
    run.both(0);
    // ImportTsv counts the blank line as a bad line ("No delimiter"), hbulk as a blank line.
    assertTrue(out.contains("read 6 = loaded 3 + rejected 3   (blank lines 1"), out);
    run.assertSameCells(UnaryOperator.identity());
    assertEquals(
        Set.of("ada", "lin", "tux"),
        run.itsvCells().stream().map(CellView::row).collect(java.util.stream.Collectors.toSet()));
  }

  @Test
  void badLinesFailBothWhenNotSkipped() throws Exception {
    String[] options = append(BAD_LINE_OPTIONS, "importtsv.skip.bad.lines=false");
    Run run = run("notskipped", BAD_LINES, options);
    assertNotEquals(0, run.importTsv(), "ImportTsv's job fails on the first bad line");
    assertEquals(0, BulkOutputCells.hfiles(conf(), run.itsvOut), "ImportTsv left no HFiles");
    assertEquals(ExitCode.REJECTS_OVER_BUDGET.code(), run.hbulk(), err);
    assertEquals(0, BulkOutputCells.hfiles(conf(), run.hbulkOut), "hbulk left no HFiles");
    // And without bulk output, hbulk loads nothing at all.
    assertEquals(ExitCode.REJECTS_OVER_BUDGET.code(), run.hbulkFullLoad(), err);
    assertEquals(List.of(), tableCells(run.hbulkTable), "nothing loaded by hbulk");
    assertEquals(List.of(), tableCells(run.itsvTable), "nothing loaded by ImportTsv");
  }

  /**
   * Decided difference: ImportTsv's PutSortReducer keeps whichever of two cells with one row,
   * column and timestamp reaches it first (a TreeSet, in no stated order); hbulk stops with exit 8
   * and loads nothing, unless told which record to keep.
   */
  @Test
  void duplicateKeysWithDifferentValues() throws Exception {
    String tsv =
        """
        dup\tfirst\tsame
        dup\tsecond\tsame
        ok\tonly\tone
        """;
    String[] options = {
      "importtsv.columns=HBASE_ROW_KEY,d:a,d:b", "importtsv.timestamp=" + FIXED_TS
    };
    Run run = run("dups", tsv, options);
    assertEquals(0, run.importTsv(), "ImportTsv keeps one value silently");
    List<CellView> itsv = run.itsvCells();
    List<CellView> dupA = itsv.stream().filter(c -> c.column().startsWith("dup/d:a/")).toList();
    assertEquals(1, dupA.size(), run.itsvLines());
    assertTrue(Set.of("first", "second").contains(dupA.get(0).value()), run.itsvLines());
    assertEquals(ExitCode.COLLISIONS.code(), run.hbulk(), out + err);
    assertEquals(0, BulkOutputCells.hfiles(conf(), run.hbulkOut), "hbulk left no HFiles");

    Run last =
        run("dups_last", tsv, append(options, "hbulk.spec.load.collisions=keep-last-record"));
    assertEquals(0, last.hbulk(), out + err);
    List<CellView> kept = last.hbulkCells();
    // ImportTsv's cells, with the value the last line gave where it kept the first one's.
    List<CellView> expected =
        itsv.stream()
            .map(c -> c.column().startsWith("dup/d:a/") ? withValue(c, "second") : c)
            .toList();
    assertEquals(CellView.lines(expected), CellView.lines(kept));
  }

  @Test
  void aFullLoadWithoutBulkOutputEqualsImportTsvsLoadedTable() throws Exception {
    Run run =
        run(
            "full",
            """
            beta\t10\tb
            iota\t20\ti
            rho\t30\tr
            rho\t40\tr2
            """,
            "importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:v");
    assertEquals(0, run.importTsv(), "ImportTsv's bulk output");
    BulkLoadHFiles.create(conf()).bulkLoad(run.itsvTable, run.itsvOut);
    assertEquals(0, run.hbulkFullLoad(), out + err);
    List<CellView> itsv = tableCells(run.itsvTable);
    assertEquals(4, itsv.size());
    assertEquals(CellView.lines(itsv), CellView.lines(tableCells(run.hbulkTable)));
  }

  /**
   * A line with fewer fields than importtsv.columns: both load the fields it has (hbulk through
   * {@code [csv] missing-fields = absent}).
   */
  @Test
  void shortLinesLoadTheFieldsPresent() throws Exception {
    Run run =
        run(
            "short",
            """
            aa\t1\t2\t3
            bb\t1\t2
            cc\t1
            """,
            "importtsv.columns=HBASE_ROW_KEY,d:x,d:y,e:z",
            "importtsv.timestamp=" + FIXED_TS);
    run.both(0);
    run.assertSameCells(UnaryOperator.identity());
    assertEquals(6, run.itsvCells().size(), run.itsvLines());
  }

  /**
   * ImportTsv alone, on fields whose handling its documentation leaves open, pinned as observed
   * (HBase 2.6.1, skip.bad.lines at its default, true). An empty or malformed visibility expression
   * fails the whole job: {@code VisibilityUtils} wraps the parser's ParseException in an
   * IOException, which TsvImporterMapper does not count as a bad line. An undefined label
   * (InvalidLabelException), an empty or non-numeric HBASE_TS_KEY and an HBASE_CELL_TTL field that
   * is not exactly 8 bytes long (empty, or {@code 3600000}: Bytes.toLong's
   * IllegalArgumentException) are bad lines, skipped.
   */
  @Test
  void importTsvOnOddFieldsAsObserved() throws Exception {
    String columns =
        "importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,HBASE_CELL_VISIBILITY,HBASE_CELL_TTL,d:a";
    String ok = "ok\t5\tsecret\t86400000\tv\n";
    assertEquals(
        1, importTsvAlone("odd_vis_empty", ok + "odd\t5\t\t86400000\tv\n", columns), "job fails");
    assertEquals(
        1, importTsvAlone("odd_vis_syntax", ok + "odd\t5\tsecret&\t86400000\tv\n", columns));
    String skipped =
        String.join(
            "\n",
            "undefined\t5\tnope\t86400000\tv",
            "ts_empty\t\tsecret\t86400000\tv",
            "ts_text\tfive\tsecret\t86400000\tv",
            "ttl_empty\t5\tsecret\t\tv",
            "ttl_seven_digits\t5\tsecret\t3600000\tv",
            "");
    assertEquals(0, importTsvAlone("odd_skipped", ok + skipped, columns));
    assertEquals(
        List.of("ok"),
        BulkOutputCells.read(conf(), oddOutput("odd_skipped")).stream()
            .map(CellView::row)
            .distinct()
            .toList(),
        "an undefined label, an empty or non-numeric timestamp, a TTL not 8 bytes: skipped");
  }

  private int importTsvAlone(String name, String tsv, String columns) throws Exception {
    Path dir = tmp.resolve("diff-" + name);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("input.tsv"), tsv, StandardCharsets.UTF_8);
    TableName table = TableName.valueOf("itsv_" + name);
    createTable(table);
    int code =
        ToolRunner.run(
            conf(),
            new ImportTsv(),
            new String[] {
              "-D" + columns,
              "-D" + ImportTsv.BULK_OUTPUT_CONF_KEY + "=" + oddOutput(name),
              table.getNameAsString(),
              dir.toUri().toString()
            });
    if (code != 0) {
      assertEquals(0, BulkOutputCells.hfiles(conf(), oddOutput(name)), "a failed job, no HFiles");
    }
    return code;
  }

  private static org.apache.hadoop.fs.Path oddOutput(String name) {
    return new org.apache.hadoop.fs.Path("/diff/" + name + "/importtsv");
  }

  // ---------------------------------------------------------------------------------------------
  // Inputs shared by cases

  /** Good lines among lines both tools refuse (a blank line is refused by ImportTsv alone). */
  private static final String BAD_LINES =
      """
      ada\t100\tlovelace
      bob\tnot-a-number\tbuilder
      \t200\tno row key
      lin\t300\ttorvalds\textra field

      tux\t400\tpenguin
      lin\t500\tagain
      """;

  private static final String[] BAD_LINE_OPTIONS = {
    "importtsv.columns=HBASE_ROW_KEY,HBASE_TS_KEY,d:name"
  };

  private static final byte TTL_TAG = 8;

  // ---------------------------------------------------------------------------------------------
  // The harness

  /** A case: its input written, its two tables created. */
  private Run run(String name, String tsv, String... options) throws IOException {
    Path dir = tmp.resolve("diff-" + name);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("input.tsv"), tsv, StandardCharsets.UTF_8);
    Run run = new Run(name, dir, options);
    createTable(run.itsvTable);
    createTable(run.hbulkTable);
    return run;
  }

  /** One case, its two tables, its two bulk outputs, and the options both tools get. */
  final class Run {
    final String name;
    final Path input;
    final String[] options;
    final TableName itsvTable;
    final TableName hbulkTable;
    final org.apache.hadoop.fs.Path itsvOut;
    final org.apache.hadoop.fs.Path hbulkOut;
    long[] itsvWindow;
    long[] hbulkWindow;
    private List<CellView> itsvFileCells;
    private List<CellView> hbulkFileCells;

    private Run(String name, Path input, String[] options) {
      this.name = name;
      this.input = input;
      this.options = options;
      this.itsvTable = TableName.valueOf("itsv_" + name);
      this.hbulkTable = TableName.valueOf("hbulk_" + name);
      this.itsvOut = new org.apache.hadoop.fs.Path("/diff/" + name + "/importtsv");
      this.hbulkOut = new org.apache.hadoop.fs.Path("/diff/" + name + "/hbulk");
    }

    /** Both tools with bulk output; both must end with {@code code} (0: success). */
    void both(int code) throws Exception {
      assertEquals(code, importTsv(), "ImportTsv");
      assertEquals(code, hbulk(), "hbulk importtsv: " + out + err);
    }

    int importTsv() throws Exception {
      List<String> args = new ArrayList<>();
      for (String o : options) {
        args.add("-D" + o);
      }
      args.add("-D" + ImportTsv.BULK_OUTPUT_CONF_KEY + "=" + itsvOut);
      args.add(itsvTable.getNameAsString());
      args.add(input.toUri().toString());
      long start = System.currentTimeMillis();
      int code = ToolRunner.run(conf(), new ImportTsv(), args.toArray(String[]::new));
      itsvWindow = new long[] {start, System.currentTimeMillis()};
      return code;
    }

    /** ImportTsv without bulk output: its Put path, into {@code table}. */
    int importTsvPuts(TableName table) throws Exception {
      List<String> args = new ArrayList<>();
      for (String o : options) {
        args.add("-D" + o);
      }
      args.add(table.getNameAsString());
      args.add(input.toUri().toString());
      return ToolRunner.run(conf(), new ImportTsv(), args.toArray(String[]::new));
    }

    int hbulk() {
      return hbulkImportTsv(hbulkOut);
    }

    int hbulkFullLoad() {
      return hbulkImportTsv(null);
    }

    private int hbulkImportTsv(org.apache.hadoop.fs.Path bulkOutput) {
      List<String> args = new ArrayList<>(List.of("importtsv"));
      for (String o : options) {
        args.add("-D");
        args.add(o);
      }
      if (bulkOutput != null) {
        args.add("-D");
        args.add(ImportTsv.BULK_OUTPUT_CONF_KEY + "=" + bulkOutput);
      }
      args.add(hbulkTable.getNameAsString());
      args.add(input.toUri().toString());
      long start = System.currentTimeMillis();
      int code = ImportTsvDiffIT.this.hbulk(args.toArray(String[]::new));
      hbulkWindow = new long[] {start, System.currentTimeMillis()};
      return code;
    }

    /** ImportTsv's HFiles' cells, read before a bulk load moves the files away. */
    List<CellView> itsvCells() throws IOException {
      if (itsvFileCells == null) {
        itsvFileCells = BulkOutputCells.read(conf(), itsvOut);
      }
      return itsvFileCells;
    }

    List<CellView> hbulkCells() throws IOException {
      if (hbulkFileCells == null) {
        hbulkFileCells = BulkOutputCells.read(conf(), hbulkOut);
      }
      return hbulkFileCells;
    }

    String itsvLines() throws IOException {
      return CellView.lines(itsvCells());
    }

    /** The one timestamp of all the cells, which must lie in the run's window. */
    long singleTimestamp(List<CellView> cells, long[] window) {
      Set<Long> ts = cells.stream().map(CellView::ts).collect(java.util.stream.Collectors.toSet());
      assertEquals(1, ts.size(), "one timestamp for the whole run: " + ts);
      long t = ts.iterator().next();
      assertTrue(
          window[0] <= t && t <= window[1], t + " within the run " + window[0] + ".." + window[1]);
      return t;
    }

    /** The HFiles' cells, then the tables' after loading both outputs, equal after {@code norm}. */
    void assertSameCells(UnaryOperator<CellView> norm) throws IOException {
      assertSameHFileCells(norm);
      loadBothAndCompareTables(norm);
    }

    void assertSameHFileCells(UnaryOperator<CellView> norm) throws IOException {
      List<CellView> itsv = itsvCells();
      assertTrue(!itsv.isEmpty(), "ImportTsv wrote cells");
      assertEquals(
          CellView.lines(normalized(itsv, norm)),
          CellView.lines(normalized(hbulkCells(), norm)),
          name + ": the HFiles' cells, ImportTsv's (expected) against hbulk's");
    }

    void loadBothAndCompareTables(UnaryOperator<CellView> norm) throws IOException {
      itsvCells();
      hbulkCells();
      BulkLoadHFiles.create(conf()).bulkLoad(itsvTable, itsvOut);
      BulkLoadHFiles.create(conf()).bulkLoad(hbulkTable, hbulkOut);
      List<CellView> itsv = tableCells(itsvTable);
      assertTrue(!itsv.isEmpty(), "ImportTsv's table has cells");
      assertEquals(
          CellView.lines(normalized(itsv, norm)),
          CellView.lines(normalized(tableCells(hbulkTable), norm)),
          name + ": the loaded tables' cells, ImportTsv's (expected) against hbulk's");
    }
  }

  private static List<CellView> normalized(List<CellView> cells, UnaryOperator<CellView> norm) {
    return CellView.sorted(cells.stream().map(norm).toList());
  }

  private static Configuration conf() {
    return new Configuration(util.getConfiguration());
  }

  private static void createTable(TableName name) throws IOException {
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (String f : FAMILIES) {
      // Versions kept: a load of several versions of a cell must read back whole.
      table.setColumnFamily(
          ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(f)).setMaxVersions(10).build());
    }
    try (Admin admin = util.getConnection().getAdmin()) {
      admin.createTable(table.build(), SPLITS);
    }
  }

  /** Every cell of the table, every version, raw, as a reader holding every label sees it. */
  static List<CellView> tableCells(TableName name) throws IOException {
    try (Table table = util.getConnection().getTable(name);
        ResultScanner scanner =
            table.getScanner(
                new Scan()
                    .setRaw(true)
                    .readAllVersions()
                    .setAuthorizations(new Authorizations(LABELS)))) {
      return CellView.sorted(CellView.all(scanner));
    }
  }

  private static String field(List<String> lines, String row, int index) {
    for (String line : lines) {
      String[] fields = line.split("\t", -1);
      if (fields[0].equals(row)) {
        return fields[index];
      }
    }
    throw new AssertionError("no line for row " + row);
  }

  private static String sortedTags(String tags) {
    return String.join(",", new java.util.TreeSet<>(List.of(tags.split(","))));
  }

  private static CellView withValue(CellView c, String value) {
    return new CellView(c.row(), c.family(), c.qualifier(), c.ts(), c.type(), value, c.tags());
  }

  private static String[] append(String[] options, String more) {
    String[] all = java.util.Arrays.copyOf(options, options.length + 1);
    all[options.length] = more;
    return all;
  }

  /**
   * What hbulk importtsv does around the load, as ImportTsv does it: creating a missing table for a
   * bulk output (create.table), a dry run that leaves nothing behind, HFiles left for
   * completebulkload, a direct load. Nested here rather than a class of its own for this class's
   * cluster: failsafe gives each IT class a JVM, so a class of its own starts a cluster of its own
   * (a JVM, a cluster start and stop: 18 s on this 2-core machine when idle, twice that when busy).
   * Its tables, paths and run directories are its own, so neither part depends on the other having
   * run, or in any order.
   */
  @Nested
  class AroundTheLoad {
    static final String COLUMNS = "-Dimporttsv.columns=HBASE_ROW_KEY,d:name,e:city";

    /** hbulk importtsv of the people input, COLUMNS, {@code optionsAndTable} between. */
    int importPeople(String... optionsAndTable) throws Exception {
      List<String> args = new ArrayList<>(List.of("importtsv", COLUMNS));
      args.addAll(List.of(optionsAndTable));
      args.add(input().toUri().toString());
      return hbulk(args.toArray(String[]::new));
    }

    Path input() throws Exception {
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
          importPeople(
              "-Dimporttsv.timestamp=1000",
              "-Dimporttsv.bulk.output=" + output,
              "--run-dir",
              "/runs/itsv1",
              "people"),
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
      assertTrue(cells.contains("p007/d:name/0/Put=name 7"), cells.get(0));
    }

    @Test
    void withoutCreateTableOrWithoutBulkOutputAMissingTableStopsTheRun() throws Exception {
      assertEquals(
          4,
          importPeople("-Dimporttsv.bulk.output=/itsv/out2", "-Dcreate.table=no", "absent1"),
          out + err);
      assertTrue(err.contains("table absent1 does not exist and create.table is no"), err);
      assertEquals(4, importPeople("absent1"));
      assertTrue(err.contains("hbulk create-table --table absent1 --family d --family e"), err);
      FileSystem fs = util.getTestFileSystem();
      assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/itsv/out2")));
    }

    @Test
    void aDryRunCountsTheLinesAndLeavesNoTableNoHFilesBehind() throws Exception {
      assertEquals(
          0,
          importPeople(
              "-Dimporttsv.dry.run=true",
              "-Dimporttsv.bulk.output=/itsv/out3",
              "--run-dir",
              "/runs/itsv3",
              "drytable"),
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
      assertEquals(0, importPeople("-Dimporttsv.timestamp=2000", "--json", "direct"), out + err);
      JsonSchemas.assertValid("importtsv", out);
      assertEquals(
          "LOADED",
          new com.fasterxml.jackson.databind.ObjectMapper().readTree(out).get("stage").asText());
      assertEquals(400, cells(TableName.valueOf("direct"), 2000).size());
    }
  }
}
