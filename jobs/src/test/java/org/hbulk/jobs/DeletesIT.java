package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Deletions bulk-loaded as delete markers, read back cell by cell: a load then a delete load (whole
 * rows, cells, cleared fields, an index row going with its main row), puts and deletes of the same
 * rows in one input against the same mutations sent one by one, and verify over both.
 */
class DeletesIT extends MiniClusterSupport {
  private static final byte[] D = Bytes.toBytes("d");

  private static final String COLUMNS =
      """
      [columns]
      id = string
      op = string
      ts = long
      name = string
      city = string

      """;

  /** A change-data dump: main rows by id, an index by name, a table whose deletions are cells. */
  private static final String CHANGES_SPEC =
      COLUMNS
          + """
      [output main]
      table = del_main
      key = id
      timestamp = ts
      delete-when = op = D
      empty.d:city = delete
      d:name = name
      d:city = city

      [output byname]
      table = del_index
      key = name + "|" + id
      timestamp = ts
      delete-when = op = D
      i:id = id

      [output cells]
      table = del_cells
      key = id
      timestamp = ts
      delete-when = op = D
      delete = cells
      d:name = name
      d:city = city

      [output note]
      table = del_cells
      key = id
      timestamp = ts
      shared-rows = true
      d:note = "seen " + op

      [family d]
      versions = 10

      [family i]
      versions = 10
      """;

  /** Puts and deletes of the same rows in one input, against table del_a. */
  private static final String MIXED_SPEC =
      COLUMNS
          + """
      [output main]
      table = del_a
      key = id
      timestamp = ts
      delete-when = op = D
      empty.d:city = delete
      d:name = name
      d:city = city

      [family d]
      versions = 1000

      [load]
      collisions = keep-last-record
      """;

  @Test
  void aDeleteLoadRemovesRowsCellsAndIndexRowsAndVerifyChecksThem() throws Exception {
    Path spec = write("changes.spec", CHANGES_SPEC);
    assertEquals(0, hbulk("create-table", "--spec", spec.toString(), "--single-region"), err);
    Path inserts =
        write(
            "inserts.csv",
            """
            1,I,100,ann,Paris
            2,I,100,bob,Rome
            3,I,100,cid,Oslo
            4,I,100,dan,Kyiv
            """);
    assertEquals(0, load(spec, inserts, "/runs/inserts"), err);
    // 1 and 3 are deleted whole (3's record stops after its key fields: the rest is not needed),
    // 2's city is cleared; 4 is untouched.
    Path deletes =
        write(
            "deletes.csv",
            """
            1,D,200,ann,
            2,U,200,bob,
            3,D,200,cid
            """);
    assertEquals(0, load(spec, deletes, "/runs/deletes"), err);
    assertTrue(out.contains("deletes   records 2, cleared fields 1"), out);
    String report = readRunFile("/runs/deletes/report.json");
    assertTrue(
        report.contains("\"deletions\": {\"records\": 2, \"empty_values_deleted\": 1"), report);
    // main: 2 rows x 1 family; index: 2 rows; cells: rows 1 and 3 x 2 columns, 2's cleared city.
    assertTrue(report.contains("\"markers\": {\"DeleteFamily\": 4, \"DeleteColumn\": 5}"), report);

    assertEquals(
        List.of(
            "2/d:name/200/Put=bob",
            "2/d:name/100/Put=bob",
            "4/d:city/100/Put=Kyiv",
            "4/d:name/100/Put=dan"),
        versions(TableName.valueOf("del_main")),
        "rows 1 and 3 gone; 2's city cleared at 200, which masks its version at 100");
    assertEquals(
        List.of("bob|2/i:id/200/Put=2", "bob|2/i:id/100/Put=2", "dan|4/i:id/100/Put=4"),
        versions(TableName.valueOf("del_index")),
        "the index rows of deleted main rows went in the same job");
    assertEquals(
        List.of(
            "1/d:note/200/Put=seen D",
            "1/d:note/100/Put=seen I",
            "2/d:city/100/Put=Rome",
            "2/d:name/200/Put=bob",
            "2/d:name/100/Put=bob",
            "2/d:note/200/Put=seen U",
            "2/d:note/100/Put=seen I",
            "3/d:note/200/Put=seen D",
            "3/d:note/100/Put=seen I",
            "4/d:city/100/Put=Kyiv",
            "4/d:name/100/Put=dan",
            "4/d:note/100/Put=seen I"),
        versions(TableName.valueOf("del_cells")),
        "delete = cells removes only the output's columns; another output's column stays");

    assertEquals(
        0, hbulk("verify", "--run-dir", "/runs/deletes", "--allow-older-versions"), out + err);
    assertTrue(out.contains("of the cells are delete markers"), out);

    // Once a major compaction has dropped the markers with what they masked, a deleted cell put
    // back at a masked timestamp is visible again: verify must say so.
    for (String t : List.of("del_main", "del_index", "del_cells")) {
      util.flush(TableName.valueOf(t));
      util.compact(TableName.valueOf(t), true);
    }
    try (Table t = util.getConnection().getTable(TableName.valueOf("del_main"))) {
      t.put(
          new Put(Bytes.toBytes("1")).addColumn(D, Bytes.toBytes("name"), 150, Bytes.toBytes("x")));
    }
    assertEquals(
        ExitCode.VERIFY_FAILED.code(),
        hbulk("verify", "--run-dir", "/runs/deletes", "--allow-older-versions"),
        out + err);
    assertTrue(
        out.contains(
            "del_main: row 1 d:name @150 is still there, though the run deleted family d @200"),
        out);
  }

  @Test
  void putsAndDeletesInOneInputReadAsTheSameMutationsSentOneByOne() throws Exception {
    Path spec = write("mixed.spec", MIXED_SPEC);
    assertEquals(0, hbulk("create-table", "--spec", spec.toString(), "--single-region"), err);
    assertEquals(
        0,
        hbulk(
            "create-table", "--spec", spec.toString(), "--table", "main=del_b", "--single-region"),
        err);
    // Hand-picked cases first, then random ones over few rows and timestamps so that deletes come
    // before and after puts in time and in file order, and puts and deletes share timestamps.
    StringBuilder csv =
        new StringBuilder(
            """
            r1,I,10,a,x
            r1,D,10,a,x
            r1,I,10,b,y
            r2,I,5,a,x
            r2,D,7,a,
            r2,I,6,b,y
            r2,I,9,c,z
            r3,I,4,a,
            r3,U,3,b,w
            r3,U,4,c,v
            r4,D,20,,
            r4,I,10,a,b
            r4,I,30,c,d
            """);
    Random random = new Random(21);
    String[] ops = {"I", "U", "U", "U", "U", "U", "U", "D"};
    for (int i = 0; i < 400; i++) {
      csv.append("k")
          .append(random.nextInt(8))
          .append(',')
          .append(ops[random.nextInt(ops.length)])
          .append(',')
          .append(1 + random.nextInt(40))
          .append(",n")
          .append(random.nextInt(3))
          .append(',')
          .append(random.nextInt(4) == 0 ? "" : "c" + random.nextInt(3))
          .append('\n');
    }
    Path input = write("mixed.csv", csv.toString());
    assertEquals(0, load(spec, input, "/runs/mixed"), err);

    try (Table b = util.getConnection().getTable(TableName.valueOf("del_b"))) {
      for (String line : csv.toString().split("\n")) {
        String[] f = line.split(",", -1);
        byte[] row = Bytes.toBytes(f[0]);
        long ts = Long.parseLong(f[2]);
        if (f[1].equals("D")) {
          b.delete(new Delete(row).addFamily(D, ts));
          continue;
        }
        b.put(new Put(row).addColumn(D, Bytes.toBytes("name"), ts, Bytes.toBytes(f[3])));
        if (f[4].isEmpty()) {
          b.delete(new Delete(row).addColumns(D, Bytes.toBytes("city"), ts));
        } else {
          b.put(new Put(row).addColumn(D, Bytes.toBytes("city"), ts, Bytes.toBytes(f[4])));
        }
      }
    }
    TableName a = TableName.valueOf("del_a");
    TableName b = TableName.valueOf("del_b");
    List<String> loaded = versions(a);
    assertTrue(loaded.size() > 40, "enough cells survive to compare: " + loaded.size());
    assertEquals(
        List.of(), rowOf(loaded, "r1"), "a delete at 10 masks the puts at 10, even later ones");
    assertEquals(List.of("r4/d:city/30/Put=d", "r4/d:name/30/Put=c"), rowOf(loaded, "r4"));
    assertEquals(versions(b), loaded, "the same cells at every version");
    for (TableName t : List.of(a, b)) {
      util.flush(t);
      util.compact(t, true);
    }
    assertEquals(versions(b), versions(a), "and after a major compaction of both");
  }

  @Test
  void theChangeDataExampleLoadsADayOfChangesAndVerifies() throws Exception {
    String spec = Path.of("..", "conf", "examples", "customer-changes.spec").toString();
    Path data = Path.of("..", "conf", "examples", "data", "customer-changes.csv");
    assertEquals(0, hbulk("create-table", "--spec", spec, "--single-region"), err);
    assertEquals(0, load(Path.of(spec), data.toAbsolutePath(), "/runs/example"), err);
    assertEquals(
        List.of(
            "c-1001/c:city/0/Put=Lyon",
            "c-1001/c:email/0/Put=ann@example.com",
            "c-1001/c:name/0/Put=Ann Lee",
            "c-1001/c:phone/0/Put=+33 4 555 0199",
            "c-1002/c:city/0/Put=Rome",
            "c-1002/c:email/0/Put=bob@example.com",
            "c-1002/c:name/0/Put=Bob Ray",
            "c-1004/c:email/0/Put=dee@example.com",
            "c-1004/c:name/0/Put=Dee Fox",
            "c-1004/c:phone/0/Put=+380 44 555 0105"),
        // The example's times are its data's; which change won is in the values.
        CellView.texts(
            cellViews(TableName.valueOf("customers")).stream().map(c -> c.withTs(0)).toList()),
        "c-1003 deleted, c-1002's phone and c-1004's city cleared, c-1001 updated");
    assertEquals(
        List.of("ann@example.com|c-1001", "bob@example.com|c-1002", "dee@example.com|c-1004"),
        cellViews(TableName.valueOf("customers_by_email")).stream().map(CellView::row).toList(),
        "c-1003's index row went with it");
    assertEquals(0, hbulk("verify", "--run-dir", "/runs/example"), out + err);
  }

  private static List<String> rowOf(List<String> cells, String row) {
    return cells.stream().filter(c -> c.startsWith(row + "/")).toList();
  }

  private int load(Path spec, Path input, String runDir) {
    return hbulk(
        "load",
        "--spec",
        spec.toString(),
        "--input",
        input.toUri().toString(),
        "--run-dir",
        runDir);
  }

  private static Path write(String name, String text) throws IOException {
    Path p = tmp.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return p;
  }

  private static String readRunFile(String path) throws IOException {
    org.apache.hadoop.fs.FileSystem fs = util.getTestFileSystem();
    try (java.io.InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Every version of every cell, as {@link CellView} prints it, in the scan's order. */
  private static List<String> versions(TableName name) throws IOException {
    return CellView.texts(cellViews(name));
  }
}
