package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.coprocessor.CoprocessorHost;
import org.apache.hadoop.hbase.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.protobuf.generated.VisibilityLabelsProtos.VisibilityLabelsResponse;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.visibility.VisibilityClient;
import org.apache.hadoop.hbase.security.visibility.VisibilityConstants;
import org.apache.hadoop.hbase.security.visibility.VisibilityController;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Per-cell TTL and visibility labels on an HBase with the visibility coprocessor, set up as HBase's
 * own {@code TestImportTSVWithVisibilityLabels} does: VisibilityController on the master and the
 * region servers, labels added, readers given auths. One load writes cells with labels (a constant
 * expression and one per record from a column), with a TTL (a constant and one per record from a
 * column, on timestamps in the past, so no test waits) and without either; each reader's view is
 * checked cell by cell.
 */
class CellTagsIT extends MiniClusterSupport {
  static User topSecret;
  static User publicOnly;
  static User nobody;

  private static final TableName TABLE = TableName.valueOf("tagged");
  private static final long HOUR = 3_600_000L;
  private static final long DAY = 24 * HOUR;

  private static final String SPEC =
      """
      [columns]
      id = string
      ts = long
      name = string
      vis = string
      ttl = string

      [output main]
      table = tagged
      key = id
      timestamp = ts
      d:name = name
      visibility.d:name = vis
      d:const = "c"
      visibility.d:const = "secret&ops"
      t:name = name
      ttl.t:name = ttl
      t:day = "1"
      ttl.t:day = 1d
      e:name = name

      [rejects]
      max = 2
      """;

  /** Hides MiniClusterSupport's: the coprocessor must be configured before the cluster starts. */
  @BeforeAll
  static void startCluster() throws Throwable {
    startCluster(CellTagsIT::withVisibilityLabels);
    Configuration conf = util.getConfiguration();
    util.waitTableEnabled(VisibilityConstants.LABELS_TABLE_NAME.getName(), 50_000);
    topSecret = User.createUserForTesting(conf, "top_secret", new String[0]);
    publicOnly = User.createUserForTesting(conf, "public_only", new String[0]);
    nobody = User.createUserForTesting(conf, "nobody", new String[0]);
    // The test's own user is the superuser: it defines the labels, and hbulk, running as it, may
    // read hbase:labels.
    Connection admin = util.getConnection();
    succeeded(VisibilityClient.addLabels(admin, new String[] {"secret", "ops", "public"}));
    succeeded(
        VisibilityClient.setAuths(admin, new String[] {"secret", "ops"}, topSecret.getShortName()));
    succeeded(VisibilityClient.setAuths(admin, new String[] {"public"}, publicOnly.getShortName()));
  }

  /** As HBase's own visibility tests set a cluster up ({@code VisibilityTestUtil}). */
  static void withVisibilityLabels(Configuration conf) {
    // Tags need HFile v3, HBase 2's default; said here as HBase's visibility tests say it.
    conf.setInt("hfile.format.version", 3);
    // Without it the coprocessor loads but filters nothing: every reader sees every cell.
    conf.setBoolean(User.HBASE_SECURITY_AUTHORIZATION_CONF_KEY, true);
    conf.set(CoprocessorHost.MASTER_COPROCESSOR_CONF_KEY, VisibilityController.class.getName());
    conf.set(CoprocessorHost.REGION_COPROCESSOR_CONF_KEY, VisibilityController.class.getName());
    // Labels are defined by a superuser, and only a superuser reads hbase:labels.
    try {
      conf.set("hbase.superuser", User.getCurrent().getShortName());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The visibility calls answer each item apart; none may have failed. */
  static void succeeded(VisibilityLabelsResponse response) {
    for (RegionActionResult r : response.getResultList()) {
      assertTrue(!r.hasException(), () -> r.getException().getValue().toStringUtf8());
    }
  }

  /**
   * Every cell of the loaded table {@code user} reads, timestamps zeroed: they come from this run's
   * clock, and the expected sets are written out (the test checks the timestamps apart).
   */
  static Set<String> cellsReadBy(User user) throws IOException {
    Set<String> cells = new TreeSet<>();
    for (CellView c : cellsReadBy(user, TABLE)) {
      cells.add(c.withTs(0).toString());
    }
    return cells;
  }

  /** Every cell of the table, every version, as {@code user} reads it (with no authorizations). */
  static List<CellView> cellsReadBy(User user, TableName name) throws IOException {
    try (Connection c = ConnectionFactory.createConnection(util.getConfiguration(), user);
        Table table = c.getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().readAllVersions())) {
      return CellView.sorted(CellView.all(scanner));
    }
  }

  @Test
  void readersSeeTheCellsTheirLabelsAllowAndNoExpiredCell() throws Exception {
    Path spec = tmp.resolve("cell-tags-it.spec");
    Files.writeString(spec, SPEC);
    assertEquals(0, hbulk("create-table", "--spec", spec.toString(), "--single-region"), err);
    long now = System.currentTimeMillis();
    long twoDaysAgo = now - 2 * DAY;
    long anHourAgo = now - HOUR;
    Path csv = tmp.resolve("tagged.csv");
    Files.writeString(
        csv,
        String.join(
            "\n",
            // Two days old: t:day (1 day) has expired, t:name (its own 3 days) has not.
            "r1," + twoDaysAgo + ",alice,secret," + 3 * DAY,
            // An hour old: t:day lives, t:name (its own 1 s) has expired.
            "r2," + anHourAgo + ",bob,public|ops,1000",
            // An empty TTL field: the cell lives by its family's TTL (forever here).
            "r3," + anHourAgo + ",carol,public,",
            // Rejected: a label the cluster does not define, a negative TTL.
            "r4," + anHourAgo + ",dave,nope|secret,1000",
            "r5," + anHourAgo + ",erin,public,-1",
            ""));

    assertEquals(0, load(spec, csv, "/runs/tags"), err);
    assertTrue(out.contains("read 5 = loaded 3 + rejected 2"), out);
    assertTrue(out.contains("BAD_VISIBILITY 1"), out);
    assertTrue(out.contains("BAD_TTL 1"), out);
    // Labels: d:name and d:const of 3 records; TTL: t:day of 3, t:name of the 2 with a field.
    assertTrue(out.contains("cells with a TTL 5, with visibility labels 6"), out);

    Set<String> seenByTopSecret = cellsReadBy(topSecret);
    Set<String> seenByPublicOnly = cellsReadBy(publicOnly);
    Set<String> seenByNobody = cellsReadBy(nobody);
    String views =
        "top_secret: "
            + seenByTopSecret
            + "\npublic_only: "
            + seenByPublicOnly
            + "\nnobody: "
            + seenByNobody;
    Set<String> everyone =
        Set.of(
            "r1/e:name/0/Put=alice",
            "r2/e:name/0/Put=bob",
            "r3/e:name/0/Put=carol",
            "r1/t:name/0/Put=alice",
            "r2/t:day/0/Put=1",
            "r3/t:day/0/Put=1",
            "r3/t:name/0/Put=carol");
    assertEquals(
        union(
            everyone,
            Set.of(
                "r1/d:name/0/Put=alice",
                "r1/d:const/0/Put=c",
                "r2/d:name/0/Put=bob",
                "r2/d:const/0/Put=c",
                "r3/d:const/0/Put=c")),
        seenByTopSecret,
        "secret and ops: the secret, the ops and the secret&ops cells, not the public one\n"
            + views);
    assertEquals(
        union(everyone, Set.of("r2/d:name/0/Put=bob", "r3/d:name/0/Put=carol")),
        seenByPublicOnly,
        "public: the public|ops and the public cells only\n" + views);
    assertEquals(everyone, seenByNobody, "no labels: only the cells without any\n" + views);
    for (CellView c : cellsReadBy(topSecret, TABLE)) {
      assertEquals(
          c.row().equals("r1") ? twoDaysAgo : anHourAgo, c.ts(), "its record's time: " + c);
    }

    // verify reads as this test's user: the expired cells are not looked for, and labelled cells
    // it may not see are counted apart; everything else must be there.
    assertEquals(0, hbulk("verify", "--run-dir", "/runs/tags"), out + err);
    assertTrue(out.contains("2 cell(s) past their TTL, not looked for"), out);
  }

  @Test
  void anUndefinedLabelInAConstantExpressionStopsTheRunBeforeTheJob() throws Exception {
    Path spec = tmp.resolve("undefined-label.spec");
    Files.writeString(
        spec,
        SPEC.replace("table = tagged", "table = tagged_too")
            .replace("\"secret&ops\"", "\"secret&undefined_label\""));
    assertEquals(0, hbulk("create-table", "--spec", spec.toString(), "--single-region"), err);
    Path csv = tmp.resolve("one.csv");
    Files.writeString(csv, "r1,1,alice,secret,1000\n");
    int code = load(spec, csv, "/runs/undefined");
    assertEquals(ExitCode.BAD_SPEC.code(), code, err);
    assertTrue(err.contains("visibility \"secret&undefined_label\""), err);
    assertTrue(err.contains("undefined_label"), err);
    assertTrue(!out.contains("[job]") && !err.contains("[job]"), "no job ran: " + out + err);
    assertEquals(List.of(), cellsReadBy(User.getCurrent(), TableName.valueOf("tagged_too")));
  }

  private int load(Path spec, Path csv, String runDir) {
    return hbulk(
        "load", "--spec", spec.toString(), "--input", csv.toUri().toString(), "--run-dir", runDir);
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new TreeSet<>(a);
    all.addAll(b);
    return all;
  }
}
