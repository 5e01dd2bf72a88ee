package org.hbulk.jobs.cli;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/** Opens the HBase connection, turning "cannot reach" into an error the user can act on. */
final class Connections {
  private Connections() {}

  static Connection open(Configuration conf) throws HbulkException {
    try {
      return ConnectionFactory.createConnection(conf);
    } catch (IOException e) {
      throw new HbulkException(ExitCode.HBASE, "cannot connect to HBase (ZooKeeper "
          + conf.get("hbase.zookeeper.quorum") + ":" + conf.get("hbase.zookeeper.property.clientPort")
          + "): " + e.getMessage() + ". Is it running? Locally: scripts/hbase-local.sh start", e);
    }
  }
}
