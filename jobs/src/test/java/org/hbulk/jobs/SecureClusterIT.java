package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.security.SecurityUtil;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hbulk against HDFS and HBase with Kerberos authentication ({@link SecureMiniCluster}, one for the
 * class), started from the built job jar in JVMs of its own that know the KDC only from its
 * krb5.conf and have no ticket cache: they log in from a keytab or not at all. Jobs run under the
 * local job runner.
 */
class SecureClusterIT {
  private static final String LOADER = "loader";
  private static final int ROWS = 1000;

  @TempDir static Path tmp;

  static SecureMiniCluster cluster;

  /** hbulk with the cluster's client configuration and no credentials of its own. */
  static JobJarProcess hbulk;

  static Path spec;

  @BeforeAll
  static void startCluster() throws Exception {
    assertTrue(
        Files.isRegularFile(JobJarProcess.JOB_JAR), JobJarProcess.JOB_JAR + " was not built");
    cluster = SecureMiniCluster.start(tmp.resolve("cluster"), SecureClusterIT.class);
    spec = tmp.resolve("secure-it.spec");
    Files.copy(Path.of("src/test/resources/secure-it.spec"), spec);
    hbulk = process(clientConf(), "client");
  }

  @AfterAll
  static void stopCluster() throws Exception {
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
  }

  @Test
  void aUserLoggedInFromAKeytabPreparesAndCompletesAndHBaseMovesTheHFilesAsThatUser()
      throws Exception {
    Path keytab = cluster.addUser(LOADER + "@" + cluster.realm(), LOADER);
    String[] login = {"--principal", LOADER + "@" + cluster.realm(), "--keytab", keytab.toString()};
    TableName table = TableName.valueOf("secure_orders");
    Map<Long, Map<String, String>> expected = writeInput("/user/loader/in/orders.csv");

    JobJarProcess.Run create = hbulk.run(concat("create-table", login, "--spec", spec.toString()));
    assertEquals(0, create.code(), create.err());
    String runDir = "/user/loader/runs/r1";
    JobJarProcess.Run prepare =
        hbulk.run(
            concat(
                "prepare",
                login,
                "--spec",
                spec.toString(),
                "--input",
                "/user/loader/in",
                "--run-dir",
                runDir));
    assertEquals(0, prepare.code(), prepare.err());
    FileSystem fs = FileSystem.get(cluster.conf());
    List<String> hfiles = hfiles(fs, runDir + "/hfiles");
    assertEquals(3, hfiles.size(), "one HFile per region: " + hfiles);
    for (String f : hfiles) {
      assertEquals(LOADER, fs.getFileStatus(new org.apache.hadoop.fs.Path(f)).getOwner(), f);
    }

    // The region server acting as the loading user, authenticated by the delegation token hbulk
    // passed to it, not as itself (auth:KERBEROS).
    String loader = LOADER + "@" + cluster.realm() + " (auth:TOKEN)";
    RecordingAuditLogger.EVENTS.clear();
    JobJarProcess.Run complete = hbulk.run(concat("complete", login, "--run-dir", runDir));
    assertEquals(0, complete.code(), complete.err());

    assertEquals(expected, readBack(table), "every row, every cell");
    for (String f : hfiles) {
      assertTrue(
          RecordingAuditLogger.EVENTS.stream()
              .anyMatch(
                  e ->
                      e.allowed()
                          && e.cmd().startsWith("rename")
                          && e.src().equals(f)
                          && e.ugi().equals(loader)),
          f + " was not renamed with ugi=" + loader + "; renames seen: " + renames());
      assertFalse(fs.exists(new org.apache.hadoop.fs.Path(f)), f + " is still in the run");
    }
    List<String> stored = storeFiles(fs, table);
    assertEquals(3, stored.size(), "the three HFiles, now in the regions: " + stored);
    for (String f : stored) {
      assertEquals(
          LOADER,
          fs.getFileStatus(new org.apache.hadoop.fs.Path(f)).getOwner(),
          "moved, not copied (a copy would be HBase's own): " + f);
    }
  }

  @Test
  void hbaseSiteKeysWithHostInThePrincipalLogInWithoutOptions() throws Exception {
    String principal = "loader/_HOST@" + cluster.realm();
    Path keytab =
        cluster.addUser(SecurityUtil.getServerPrincipal(principal, (String) null), LOADER);
    Configuration conf = clientConf();
    conf.set(HbulkConf.KERBEROS_PRINCIPAL, principal);
    conf.set(HbulkConf.KERBEROS_KEYTAB, keytab.toString());
    JobJarProcess keyed = process(conf, "keyed-client");
    TableName table = TableName.valueOf("secure_keys");
    Map<Long, Map<String, String>> expected = writeInput("/user/loader/in-keys/orders.csv");

    JobJarProcess.Run create =
        keyed.run("create-table", "--spec", spec.toString(), "--table", table.getNameAsString());
    assertEquals(0, create.code(), create.err());
    JobJarProcess.Run load =
        keyed.run(
            "load",
            "--spec",
            spec.toString(),
            "--table",
            table.getNameAsString(),
            "--input",
            "/user/loader/in-keys",
            "--run-dir",
            "/user/loader/runs/keys");
    assertEquals(0, load.code(), load.err());
    assertEquals(expected, readBack(table), "every row, every cell");
    FileSystem fs = FileSystem.get(cluster.conf());
    List<String> stored = storeFiles(fs, table);
    assertEquals(3, stored.size(), "one HFile per region: " + stored);
    for (String f : stored) {
      assertEquals(LOADER, fs.getFileStatus(new org.apache.hadoop.fs.Path(f)).getOwner(), f);
    }
  }

  @Test
  void aClientWithoutCredentialsIsRefusedAndLoadsNothing() throws Exception {
    TableName table = TableName.valueOf("secure_refused");
    cluster
        .util()
        .getAdmin()
        .createTable(
            TableDescriptorBuilder.newBuilder(table)
                .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
                .build());
    Path csv = tmp.resolve("refused.csv");
    Files.writeString(csv, "1,u1,Hangzhou,n1\n", StandardCharsets.UTF_8);

    JobJarProcess.Run prepare =
        hbulk.run(
            "prepare",
            "--spec",
            spec.toString(),
            "--table",
            table.getNameAsString(),
            "--input",
            "file://" + csv,
            "--run-dir",
            "/tmp/refused");
    assertEquals(ExitCode.HBASE.code(), prepare.code(), prepare.err());
    assertTrue(
        prepare.err().contains("authentication failed: no Kerberos credentials"), prepare.err());
    assertEquals(Map.of(), readBack(table), "nothing loaded");
    assertFalse(
        FileSystem.get(cluster.conf()).exists(new org.apache.hadoop.fs.Path("/tmp/refused")),
        "no run directory");
  }

  @Test
  void aLoginTheKdcRefusesIsExit4NamingPrincipalAndKeytab() throws Exception {
    Path keytab = cluster.addUser("other@" + cluster.realm(), "other");
    String nobody = "nobody@" + cluster.realm();
    JobJarProcess.Run ping =
        hbulk.run("ping", "--principal", nobody, "--keytab", keytab.toString());
    assertEquals(ExitCode.HBASE.code(), ping.code(), ping.err());
    assertTrue(
        ping.err().contains("Kerberos login as " + nobody + " from keytab " + keytab + " failed"),
        ping.err());
  }

  /**
   * The cluster's client configuration, as an edge node has it: the local job runner, its folders
   * in the test's.
   */
  private static Configuration clientConf() {
    Configuration conf = new Configuration(cluster.conf());
    conf.set("mapreduce.framework.name", "local");
    conf.set("mapreduce.cluster.local.dir", tmp.resolve("mapred-local").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", tmp.resolve("staging").toString());
    return conf;
  }

  /** hbulk in its own JVM: the KDC known from its krb5.conf only, and no ticket cache. */
  private static JobJarProcess process(Configuration conf, String name) throws IOException {
    return new JobJarProcess(conf, Files.createDirectories(tmp.resolve(name)), "1g")
        .jvmOption("-Djava.security.krb5.conf=" + cluster.krb5Conf().getAbsolutePath())
        .environment("KRB5CCNAME", tmp.resolve("no-ticket-cache").toString());
  }

  /** ROWS records with quotes, commas and non-ASCII text on HDFS, owned by the loading user. */
  private static Map<Long, Map<String, String>> writeInput(String file) throws IOException {
    Map<Long, Map<String, String>> expected = new TreeMap<>();
    StringBuilder b = new StringBuilder();
    String[] cities = {"Hangzhou", "北京", "São Paulo", "Zürich, CH"};
    for (long id = 1; id <= ROWS; id++) {
      String user = "u" + (id % 97);
      String city = cities[(int) (id % cities.length)];
      String note = id % 5 == 0 ? "said \"fragile\"" : "n" + id;
      expected.put(id, Map.of("user", user, "city", city, "note", note));
      b.append(id).append(',').append(user).append(',').append(quote(city)).append(',');
      b.append(quote(note)).append('\n');
    }
    FileSystem fs = FileSystem.get(cluster.conf());
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file);
    try (OutputStream o = fs.create(path)) {
      o.write(b.toString().getBytes(StandardCharsets.UTF_8));
    }
    fs.setOwner(path.getParent(), LOADER, null);
    fs.setOwner(path, LOADER, null);
    return expected;
  }

  private static String quote(String s) {
    return "\"" + s.replace("\"", "\"\"") + "\"";
  }

  /** Every cell of the table: id -> qualifier -> value. */
  private static Map<Long, Map<String, String>> readBack(TableName name) throws IOException {
    Map<Long, Map<String, String>> rows = new TreeMap<>();
    try (Table t = cluster.util().getConnection().getTable(name);
        ResultScanner scanner = t.getScanner(new Scan().readAllVersions())) {
      for (Result r : scanner) {
        String key = Bytes.toString(r.getRow());
        long id = Long.parseLong(key.substring(key.lastIndexOf('|') + 1));
        Map<String, String> cells = new HashMap<>();
        for (Cell c : r.rawCells()) {
          String q = Bytes.toString(CellUtil.cloneQualifier(c));
          assertEquals(null, cells.put(q, Bytes.toString(CellUtil.cloneValue(c))), key + " " + q);
        }
        rows.put(id, cells);
      }
    }
    return rows;
  }

  private static List<String> hfiles(FileSystem fs, String dir) throws IOException {
    List<String> out = new ArrayList<>();
    RemoteIterator<LocatedFileStatus> it = fs.listFiles(new org.apache.hadoop.fs.Path(dir), true);
    while (it.hasNext()) {
      org.apache.hadoop.fs.Path p = it.next().getPath();
      if (!p.toUri().getPath().contains("/_")) {
        out.add(p.toUri().getPath());
      }
    }
    return out;
  }

  /** The store files of the table's family d, in every region. */
  private static List<String> storeFiles(FileSystem fs, TableName table) throws IOException {
    org.apache.hadoop.fs.Path dir =
        CommonFSUtils.getTableDir(CommonFSUtils.getRootDir(cluster.conf()), table);
    List<String> out = new ArrayList<>();
    for (String f : hfiles(fs, dir.toUri().getPath())) {
      if (f.contains("/d/")) {
        out.add(f);
      }
    }
    return out;
  }

  private static List<String> renames() {
    return RecordingAuditLogger.EVENTS.stream()
        .filter(e -> e.cmd().startsWith("rename"))
        .map(e -> "ugi=" + e.ugi() + " " + e.src() + " -> " + e.dst())
        .toList();
  }

  private static String[] concat(String command, String[] login, String... rest) {
    List<String> all = new ArrayList<>(List.of(command));
    all.addAll(List.of(login));
    all.addAll(List.of(rest));
    return all.toArray(String[]::new);
  }
}
