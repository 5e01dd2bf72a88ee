package org.hbulk.mappers.hfile;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.HbulkConf;

/**
 * A table's regions as the driver found them before the job ({@link HbulkConf#HFILE_REGIONS}): each
 * start key with the server that serves it. The reducers need both without an HBase connection of
 * their own (on a cluster a connection and its {@code hbase:meta} lookups cost each reduce task
 * seconds): a reducer that writes several regions closes a file where the next region starts, and
 * each file's first replica goes to its region's server.
 */
public final class TableRegions {
  private final byte[][] startKeys;
  private final InetSocketAddress[] servers;

  private TableRegions(byte[][] startKeys, InetSocketAddress[] servers) {
    this.startKeys = startKeys;
    this.servers = servers;
  }

  /**
   * Records a table's regions for the tasks: their start keys, in order, each with its server's
   * host and port.
   */
  public static void record(
      Configuration conf, String table, List<byte[]> startKeys, List<String> hostPorts) {
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < startKeys.size(); i++) {
      entries.add(Bytes.toHex(startKeys.get(i)) + "@" + hostPorts.get(i));
    }
    conf.set(HbulkConf.HFILE_REGIONS + "." + table, String.join(",", entries));
  }

  /** A table's regions as the driver recorded them; null when it recorded none. */
  static TableRegions of(Configuration conf, String table) {
    String text = conf.get(HbulkConf.HFILE_REGIONS + "." + table);
    if (text == null || text.isEmpty()) {
      return null;
    }
    String[] entries = text.split(",");
    byte[][] keys = new byte[entries.length][];
    InetSocketAddress[] servers = new InetSocketAddress[entries.length];
    for (int i = 0; i < entries.length; i++) {
      int at = entries[i].indexOf('@');
      int colon = entries[i].lastIndexOf(':');
      keys[i] = Bytes.fromHex(entries[i].substring(0, at));
      servers[i] =
          new InetSocketAddress(
              entries[i].substring(at + 1, colon),
              Integer.parseInt(entries[i].substring(colon + 1)));
    }
    return new TableRegions(keys, servers);
  }

  /** The server of the region holding {@code row}; null if it did not resolve. */
  InetSocketAddress serverOf(byte[] row) {
    InetSocketAddress address = servers[regionOf(row)];
    return address.isUnresolved() ? null : address;
  }

  /** The start key of the region after the one holding {@code row}; null for the last region. */
  byte[] endOf(byte[] row) {
    int next = regionOf(row) + 1;
    return next < startKeys.length ? startKeys[next] : null;
  }

  private int regionOf(byte[] row) {
    int i = Arrays.binarySearch(startKeys, row, Bytes.BYTES_COMPARATOR);
    return i >= 0 ? i : Math.max(0, -i - 2);
  }
}
