package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.security.KerberosLogin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "ping",
    mixinStandardHelpOptions = true,
    description = {
      "Checks that HBase answers, waiting up to --timeout seconds; prints its region "
          + "servers and tables. Exit code 4 when it does not answer in time."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  hbulk ping", "  hbulk ping --timeout 90"})
final class PingCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(
      names = "--timeout",
      paramLabel = "SECONDS",
      defaultValue = "30",
      description = "How long to keep trying (default ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Override
  public Integer call() throws Exception {
    Configuration conf = common.apply(parent.conf());
    // Without credentials every attempt would fail alike until the deadline.
    KerberosLogin.requireCredentials(conf);
    // Fail each attempt fast, and try again until the deadline instead.
    conf.setInt("hbase.client.retries.number", 1);
    conf.setInt("zookeeper.recovery.retry", 0);
    conf.setInt("hbase.rpc.timeout", 5000);
    conf.setInt("hbase.client.operation.timeout", 8000);
    long deadline = System.currentTimeMillis() + timeoutSeconds * 1000L;
    Exception last = null;
    do {
      try (Connection connection = ConnectionFactory.createConnection(conf);
          Admin admin = connection.getAdmin()) {
        ClusterMetrics metrics = admin.getClusterMetrics();
        if (metrics.getLiveServerMetrics().isEmpty()
            || !admin.isTableAvailable(TableName.META_TABLE_NAME)) {
          throw new java.io.IOException("no region server is serving hbase:meta yet");
        }
        // Answers only once the master has finished initializing (it refuses DDL until then).
        admin.listNamespaceDescriptors();
        parent
            .out()
            .println(
                "HBase "
                    + metrics.getHBaseVersion()
                    + ": "
                    + metrics.getLiveServerMetrics().size()
                    + " region server(s), master "
                    + metrics.getMasterName());
        for (TableName t : admin.listTableNames()) {
          parent.out().println("  table " + t.getNameAsString());
        }
        return 0;
      } catch (Exception e) {
        last = e;
        Thread.sleep(1000);
      }
    } while (System.currentTimeMillis() < deadline);
    throw new HbulkException(
        ExitCode.HBASE,
        "HBase did not answer within "
            + timeoutSeconds
            + " s (ZooKeeper "
            + conf.get("hbase.zookeeper.quorum")
            + ":"
            + conf.get("hbase.zookeeper.property.clientPort")
            + "): "
            + (last == null ? "no attempt" : last.getMessage()),
        last);
  }
}
