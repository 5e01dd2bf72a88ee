package org.hbulk.jobs;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.security.token.TokenProvider;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * A KDC, HDFS and HBase with Kerberos authentication, in this JVM, as a secure production cluster
 * is set up (the wiring of HBase's own SecureTestCluster and HBaseKerberosUtils): one service
 * principal for the NameNode, DataNode, master and region server, SPNEGO for the NameNode's web
 * server, HDFS data transfer authenticated by SASL with HTTPS only (what a DataNode without root's
 * privileged ports requires), block access tokens, and HBase's TokenProvider so MapReduce jobs get
 * HBase tokens. HBase's secure bulk load is the region server's own SecureBulkLoadManager. Users
 * get principals and keytabs from {@link #addUser}.
 */
final class SecureMiniCluster implements AutoCloseable {
  static final String HOST = "localhost";

  private final Path work;
  private final MiniKdc kdc;
  private final HBaseTestingUtility util;
  private final String sslConfDir;
  private LocalHBaseCluster hbase;

  private SecureMiniCluster(Path work, MiniKdc kdc, HBaseTestingUtility util, String sslConfDir) {
    this.work = work;
    this.kdc = kdc;
    this.util = util;
    this.sslConfDir = sslConfDir;
  }

  /**
   * Starts the KDC, logs this JVM in as the service principal, starts ZooKeeper, HDFS and HBase.
   *
   * @param testClass the test, whose classpath folder gets the ssl-server/client.xml the NameNode
   *     and DataNode look up as resources
   */
  static SecureMiniCluster start(Path work, Class<?> testClass) throws Exception {
    MiniKdc kdc =
        new MiniKdc(MiniKdc.createConf(), Files.createDirectories(work.resolve("kdc")).toFile());
    kdc.start();
    HBaseTestingUtility util = new HBaseTestingUtility();
    SecureMiniCluster cluster =
        new SecureMiniCluster(work, kdc, util, KeyStoreTestUtil.getClasspathDir(testClass));
    try {
      cluster.startServices();
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
    return cluster;
  }

  private void startServices() throws Exception {
    File keytab = work.resolve("service.keytab").toFile();
    // The service user is the one running the JVM, as in HBase's SecureTestCluster: HDFS's
    // superuser is the NameNode's user.
    String service = System.getProperty("user.name") + "/" + HOST;
    String http = "HTTP/" + HOST;
    kdc.createPrincipal(keytab, service, http);
    String servicePrincipal = service + "@" + kdc.getRealm();

    Configuration conf = util.getConfiguration();
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hbase.security.authentication", "kerberos");
    for (String role : new String[] {"hbase.master", "hbase.regionserver"}) {
      conf.set(role + ".kerberos.principal", servicePrincipal);
      conf.set(role + ".keytab.file", keytab.getAbsolutePath());
    }
    for (String role : new String[] {"dfs.namenode", "dfs.datanode"}) {
      conf.set(role + ".kerberos.principal", servicePrincipal);
      conf.set(role + ".keytab.file", keytab.getAbsolutePath());
    }
    conf.set("dfs.web.authentication.kerberos.principal", http + "@" + kdc.getRealm());
    conf.set("dfs.web.authentication.kerberos.keytab", keytab.getAbsolutePath());
    conf.setBoolean("dfs.block.access.token.enable", true);
    conf.set("dfs.data.transfer.protection", "authentication");
    conf.set("dfs.http.policy", "HTTPS_ONLY");
    conf.set("dfs.namenode.https-address", HOST + ":0");
    conf.set("dfs.datanode.https.address", HOST + ":0");
    Path keystores = Files.createDirectories(work.resolve("keystores"));
    KeyStoreTestUtil.setupSSLConfig(keystores.toString(), sslConfDir, conf, false);
    // The renewer of a job's HDFS tokens; every client asks for it, the local job runner too.
    conf.set("yarn.resourcemanager.principal", servicePrincipal);
    conf.set("hbase.coprocessor.region.classes", TokenProvider.class.getName());
    conf.set("dfs.namenode.audit.loggers", "default," + RecordingAuditLogger.class.getName());
    conf.setInt("hbase.master.port", 0);
    conf.setInt("hbase.regionserver.port", 0);
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    conf.setBoolean(LocalHBaseCluster.ASSIGN_RANDOM_PORTS, false);

    UserGroupInformation.setConfiguration(conf);
    UserGroupInformation.loginUserFromKeytab(servicePrincipal, keytab.getAbsolutePath());
    util.startMiniZKCluster();
    util.startMiniDFSCluster(1);
    CommonFSUtils.setRootDir(conf, util.getDataTestDirOnTestFS("hbase"));
    FileSystem fs = FileSystem.get(conf);
    fs.mkdirs(new org.apache.hadoop.fs.Path("/tmp"));
    fs.setPermission(new org.apache.hadoop.fs.Path("/tmp"), new FsPermission((short) 01777));
    // LocalHBaseCluster, not MiniHBaseCluster: the latter runs each region server as a made-up
    // user without Kerberos credentials.
    hbase = new LocalHBaseCluster(conf, 1);
    hbase.startup();
    util.waitFor(
        120_000,
        () -> {
          HMaster master = hbase.getActiveMaster();
          return master != null && master.isInitialized();
        });
  }

  /**
   * A user principal NAME@REALM, or NAME/INSTANCE@REALM, in a keytab of its own, and a home
   * directory on HDFS it owns; returns the keytab.
   */
  Path addUser(String principal, String shortName) throws Exception {
    Path keytab = work.resolve(principal.replace('/', '_') + ".keytab");
    kdc.createPrincipal(keytab.toFile(), principal);
    FileSystem fs = FileSystem.get(conf());
    org.apache.hadoop.fs.Path home = new org.apache.hadoop.fs.Path("/user/" + shortName);
    if (!fs.exists(home)) {
      fs.mkdirs(home);
      fs.setOwner(home, shortName, null);
    }
    return keytab;
  }

  String realm() {
    return kdc.getRealm();
  }

  File krb5Conf() {
    return kdc.getKrb5conf();
  }

  HBaseTestingUtility util() {
    return util;
  }

  Configuration conf() {
    return util.getConfiguration();
  }

  @Override
  public void close() throws IOException {
    try {
      if (hbase != null) {
        hbase.shutdown();
        hbase.join();
      }
      util.shutdownMiniDFSCluster();
      util.shutdownMiniZKCluster();
      util.cleanupTestDir();
    } finally {
      kdc.stop();
      try {
        KeyStoreTestUtil.cleanupSSLConfig(work.resolve("keystores").toString(), sslConfDir);
      } catch (Exception e) {
        throw new IOException("could not remove the test's SSL configuration", e);
      }
    }
  }
}
