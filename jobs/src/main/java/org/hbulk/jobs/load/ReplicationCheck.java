package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * A replicated family that will not replicate this load. HBase ships a bulk load to its peers only
 * where the region servers run with {@code hbase.replication.bulkload.enabled}; otherwise the Puts
 * of a family with replication scope on reach the peer and its bulk loads silently never do. That
 * setting is the servers', so the client's own configuration cannot tell: a server running with it
 * opens every region with HBase's {@code ReplicationObserver} coprocessor, which the servers list
 * in their metrics. A warning before loading, or exit 18 under {@link HbulkConf#STRICT}.
 */
final class ReplicationCheck {
  /** The region coprocessor HBase adds to every region where bulk loads are replicated. */
  static final String BULK_LOAD_OBSERVER = "ReplicationObserver";

  private ReplicationCheck() {}

  static void check(
      Configuration conf,
      Connection connection,
      LoadSpec spec,
      Map<String, TableDescriptor> tables,
      PrintStream log)
      throws HbulkException, IOException {
    List<String> problems = new ArrayList<>();
    ClusterMetrics cluster = null;
    for (Map.Entry<String, TableDescriptor> t : tables.entrySet()) {
      Set<String> replicated = replicatedFamilies(spec, t.getKey(), t.getValue());
      if (replicated.isEmpty()) {
        continue;
      }
      String families =
          "table "
              + t.getKey()
              + " replicates famil"
              + (replicated.size() == 1 ? "y " : "ies ")
              + String.join(", ", replicated)
              + " (REPLICATION_SCOPE on), but ";
      if (cluster == null) {
        try (Admin admin = connection.getAdmin()) {
          cluster = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
        } catch (IOException e) {
          // A user without the right to read the cluster's metrics: say so rather than guess.
          problems.add(
              families
                  + "whether its region servers replicate bulk loads could not be read ("
                  + e.getClass().getSimpleName()
                  + ")");
          continue;
        }
      }
      Set<String> without = serversWithoutBulkLoadReplication(connection, t.getKey(), cluster);
      if (!without.isEmpty()) {
        problems.add(
            families
                + "region server(s) "
                + String.join(", ", without)
                + " do not replicate bulk loads");
      }
    }
    if (problems.isEmpty()) {
      return;
    }
    String message =
        String.join("; ", problems)
            + ": a peer cluster never sees a bulk load its source's region servers do not"
            + " replicate. Set"
            + " hbase.replication.bulkload.enabled=true (and hbase.replication.cluster.id) on the"
            + " region servers of this cluster and restart them, or set the families'"
            + " REPLICATION_SCOPE to 0 if they should not replicate.";
    StrictWarning.raise(conf, log, message);
  }

  /** The families the spec writes into the table whose replication scope is not local. */
  private static Set<String> replicatedFamilies(
      LoadSpec spec, String table, TableDescriptor descriptor) {
    Set<String> written = new TreeSet<>();
    for (OutputSpec o : spec.outputs()) {
      if (o.table().equals(table)) {
        written.addAll(o.families());
      }
    }
    Set<String> replicated = new TreeSet<>();
    for (ColumnFamilyDescriptor f : descriptor.getColumnFamilies()) {
      if (f.getScope() != HConstants.REPLICATION_SCOPE_LOCAL
          && written.contains(f.getNameAsString())) {
        replicated.add(f.getNameAsString());
      }
    }
    return replicated;
  }

  /** The servers holding the table's regions that do not run the bulk-load replication observer. */
  private static Set<String> serversWithoutBulkLoadReplication(
      Connection connection, String table, ClusterMetrics cluster) throws IOException {
    Set<ServerName> hosts = new TreeSet<>();
    try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
      for (HRegionLocation location : locator.getAllRegionLocations()) {
        if (location.getServerName() != null) {
          hosts.add(location.getServerName());
        }
      }
    }
    Set<String> without = new TreeSet<>();
    for (ServerName host : hosts) {
      ServerMetrics metrics = cluster.getLiveServerMetrics().get(host);
      if (metrics == null || !replicatesBulkLoads(metrics.getCoprocessorNames())) {
        without.add(host.getAddress().toString());
      }
    }
    return without;
  }

  static boolean replicatesBulkLoads(Set<String> coprocessors) {
    return coprocessors.stream()
        .anyMatch(c -> c.equals(BULK_LOAD_OBSERVER) || c.endsWith("." + BULK_LOAD_OBSERVER));
  }
}
