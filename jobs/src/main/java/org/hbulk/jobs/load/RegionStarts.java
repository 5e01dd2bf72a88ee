package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.RegionReplicaUtil;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.hfile.TableRegions;

/**
 * The region start keys of a run's tables: read before the job (its partitions), and read again
 * before the bulk load, which says when they moved in between.
 */
final class RegionStarts {
  private RegionStarts() {}

  /** Each table's start keys now, kept in the run's state. */
  static Map<String, byte[][]> read(Connection connection, RunState state) throws IOException {
    Map<String, byte[][]> startKeys = new LinkedHashMap<>();
    for (String table : state.tables()) {
      try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
        startKeys.put(table, locator.getStartKeys());
      }
      state.startKeys(table, startKeys.get(table));
    }
    return startKeys;
  }

  /**
   * Where each region of the run's tables is served, for the reducers of a cluster job, which then
   * place their HFiles there without asking HBase themselves ({@link TableRegions}).
   */
  static void recordServers(Configuration conf, Connection connection, RunState state)
      throws IOException {
    for (String table : state.tables()) {
      try (RegionLocator locator = connection.getRegionLocator(TableName.valueOf(table))) {
        List<byte[]> starts = new ArrayList<>();
        List<String> servers = new ArrayList<>();
        for (HRegionLocation l : locator.getAllRegionLocations()) {
          // Every replica of a region is listed: each start key once, with the primary's server
          // (the one the bulk load writes to), or a file would go to a secondary's server and a
          // start key repeated could be found as its own region's end.
          if (l == null || !RegionReplicaUtil.isDefaultReplica(l.getRegion())) {
            continue;
          }
          starts.add(l.getRegion().getStartKey());
          servers.add(l.getHostname() + ":" + l.getPort());
        }
        TableRegions.record(conf, table, starts, servers);
      }
    }
  }

  /** The start keys a run's state kept at prepare. */
  static Map<String, byte[][]> atPrepare(RunState state) {
    Map<String, byte[][]> keys = new LinkedHashMap<>();
    for (String table : state.tables()) {
      keys.put(table, state.startKeys(table).toArray(new byte[0][]));
    }
    return keys;
  }

  /**
   * Each table's start keys now, for the bulk load; a change since prepare is noted in the state
   * and the log (it costs time, not correctness), a table gone is exit 4.
   */
  static Map<String, byte[][]> recheck(Connection connection, RunState state, PrintStream log)
      throws HbulkException, IOException {
    Map<String, byte[][]> now = new LinkedHashMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (String table : state.tables()) {
        TableName name = TableName.valueOf(table);
        if (!admin.tableExists(name)) {
          throw new HbulkException(ExitCode.HBASE, "table " + name + " no longer exists");
        }
        try (RegionLocator locator = connection.getRegionLocator(name)) {
          now.put(table, locator.getStartKeys());
        }
        String change = change(table, state.startKeys(table), now.get(table));
        if (change != null) {
          state.regionChange(change);
          log.println("hbulk: " + change);
        }
      }
    }
    return now;
  }

  private static String change(String table, List<byte[]> before, byte[][] now) {
    boolean same = before.size() == now.length;
    for (int i = 0; same && i < now.length; i++) {
      same = Arrays.equals(before.get(i), now[i]);
    }
    if (same) {
      return null;
    }
    return "regions of "
        + table
        + " changed since prepare ("
        + before.size()
        + " -> "
        + now.length
        + " regions); BulkLoadHFiles splits HFiles that now span two regions, which costs time";
  }
}
