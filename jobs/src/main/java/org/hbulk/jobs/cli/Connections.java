package org.hbulk.jobs.cli;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.security.KerberosLogin;

/** Opens the HBase connection, turning "cannot reach" into an error the user can act on. */
final class Connections {
  private Connections() {}

  /**
   * Opens a connection after one quick round trip: the client's own retries would take minutes to
   * say that nobody answers.
   */
  static Connection open(Configuration conf) throws HbulkException {
    KerberosLogin.requireCredentials(conf);
    Configuration probe = new Configuration(conf);
    probe.setInt("hbase.client.retries.number", 1);
    probe.setInt("zookeeper.recovery.retry", 0);
    probe.setInt("hbase.rpc.timeout", 10_000);
    probe.setInt("hbase.client.operation.timeout", 15_000);
    probe.setInt("hbase.client.meta.operation.timeout", 15_000);
    try (Connection c = ConnectionFactory.createConnection(probe);
        Admin admin = c.getAdmin()) {
      admin.listTableNames();
    } catch (IOException e) {
      String refusal = KerberosLogin.refusal(e);
      if (refusal != null) {
        throw new HbulkException(
            ExitCode.HBASE,
            "authentication failed: HBase refused the connection ("
                + refusal
                + "). On a Kerberos cluster the client needs hadoop.security.authentication and"
                + " hbase.security.authentication = kerberos, and kinit or --principal/--keytab",
            e);
      }
      throw new HbulkException(
          ExitCode.HBASE,
          "cannot reach HBase (ZooKeeper "
              + conf.get("hbase.zookeeper.quorum")
              + ":"
              + conf.get("hbase.zookeeper.property.clientPort")
              + "). Is it running? Locally: scripts/hbase-local.sh start",
          e);
    }
    try {
      return ConnectionFactory.createConnection(conf);
    } catch (IOException e) {
      throw new HbulkException(ExitCode.HBASE, "cannot connect to HBase: " + e.getMessage(), e);
    }
  }
}
