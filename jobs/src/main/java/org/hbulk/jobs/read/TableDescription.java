package org.hbulk.jobs.read;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.Json;
import org.hbulk.mappers.expr.KeyText;

/**
 * A table as HBase holds it: its families' settings, named as the HBase shell's {@code describe}
 * names them, and its regions with their boundaries, server and sizes as the region servers report
 * them ({@link RegionMetrics}: sizes in whole megabytes, as the servers count them, so a few
 * kilobytes of store files show as 1).
 */
public record TableDescription(
    String table, boolean enabled, List<Family> families, List<Region> regions)
    implements TableReport {

  /**
   * @param ttlSeconds null for FOREVER
   */
  public record Family(
      String name,
      int versions,
      int minVersions,
      Integer ttlSeconds,
      String compression,
      String encoding,
      String bloom,
      int blockSize,
      boolean inMemory,
      boolean blockCache,
      int replicationScope,
      String keepDeletedCells) {}

  /**
   * @param server null when the region is not assigned
   * @param storeFileMb the store files' size; with the other figures, -1 when the server did not
   *     report the region
   */
  public record Region(
      String name,
      byte[] start,
      byte[] end,
      String server,
      long storeFiles,
      long storeFileMb,
      long memStoreMb) {}

  public static TableDescription describe(Connection connection, TableName table)
      throws IOException {
    try (Admin admin = connection.getAdmin();
        RegionLocator locator = connection.getRegionLocator(table)) {
      TableDescriptor descriptor = admin.getDescriptor(table);
      List<Family> families = new ArrayList<>();
      for (ColumnFamilyDescriptor f : descriptor.getColumnFamilies()) {
        families.add(
            new Family(
                f.getNameAsString(),
                f.getMaxVersions(),
                f.getMinVersions(),
                f.getTimeToLive() == HConstants.FOREVER ? null : f.getTimeToLive(),
                f.getCompressionType().name(),
                f.getDataBlockEncoding().name(),
                f.getBloomFilterType().name(),
                f.getBlocksize(),
                f.isInMemory(),
                f.isBlockCacheEnabled(),
                f.getScope(),
                f.getKeepDeletedCells().name()));
      }
      boolean enabled = admin.isTableEnabled(table);
      Map<String, RegionMetrics> metrics = new HashMap<>();
      List<HRegionLocation> locations = locator.getAllRegionLocations();
      if (enabled) {
        for (ServerName server :
            locations.stream().map(HRegionLocation::getServerName).distinct().toList()) {
          if (server != null) {
            for (RegionMetrics m : admin.getRegionMetrics(server, table)) {
              metrics.put(Bytes.toHex(m.getRegionName()), m);
            }
          }
        }
      }
      List<Region> regions = new ArrayList<>();
      for (HRegionLocation location : locations) {
        RegionMetrics m = metrics.get(Bytes.toHex(location.getRegion().getRegionName()));
        regions.add(
            new Region(
                location.getRegion().getEncodedName(),
                location.getRegion().getStartKey(),
                location.getRegion().getEndKey(),
                location.getServerName() == null ? null : location.getServerName().toString(),
                m == null ? -1 : m.getStoreFileCount(),
                m == null ? -1 : (long) m.getStoreFileSize().get(Size.Unit.MEGABYTE),
                m == null ? -1 : (long) m.getMemStoreSize().get(Size.Unit.MEGABYTE)));
      }
      return new TableDescription(table.getNameAsString(), enabled, families, regions);
    }
  }

  /** The shell's {@code {NAME => 'f', VERSIONS => '1', ...}} per family, then a line per region. */
  @Override
  public void printText(PrintStream out) {
    out.println("table " + table + " (" + (enabled ? "enabled" : "disabled") + ")");
    out.println("families:");
    for (Family f : families) {
      out.println(
          "  {NAME => '"
              + f.name()
              + "', VERSIONS => '"
              + f.versions()
              + "', MIN_VERSIONS => '"
              + f.minVersions()
              + "', TTL => '"
              + (f.ttlSeconds() == null ? "FOREVER" : f.ttlSeconds() + " SECONDS")
              + "', COMPRESSION => '"
              + f.compression()
              + "', DATA_BLOCK_ENCODING => '"
              + f.encoding()
              + "', BLOOMFILTER => '"
              + f.bloom()
              + "', BLOCKSIZE => '"
              + f.blockSize()
              + "', IN_MEMORY => '"
              + f.inMemory()
              + "', BLOCKCACHE => '"
              + f.blockCache()
              + "', REPLICATION_SCOPE => '"
              + f.replicationScope()
              + "', KEEP_DELETED_CELLS => '"
              + f.keepDeletedCells()
              + "'}");
    }
    out.println("regions: " + regions.size());
    for (Region r : regions) {
      out.println(
          "  "
              + r.name()
              + "  start '"
              + KeyText.format(r.start())
              + "'  end '"
              + KeyText.format(r.end())
              + "'  server "
              + (r.server() == null ? "(none)" : r.server())
              + "  store files "
              + figure(r.storeFiles(), "")
              + "  store file size "
              + figure(r.storeFileMb(), " MB")
              + "  memstore "
              + figure(r.memStoreMb(), " MB"));
    }
  }

  /** One object; see the README's "JSON output" for the fields. */
  @Override
  public String toJson() {
    StringBuilder b = new StringBuilder("{\"table\": ").append(Json.quote(table));
    b.append(", \"enabled\": ").append(enabled).append(",\n\"families\": [");
    String sep = "";
    for (Family f : families) {
      b.append(sep)
          .append("\n  {\"name\": ")
          .append(Json.quote(f.name()))
          .append(", \"versions\": ")
          .append(f.versions())
          .append(", \"min_versions\": ")
          .append(f.minVersions())
          .append(", \"ttl_seconds\": ")
          .append(f.ttlSeconds())
          .append(", \"compression\": ")
          .append(Json.quote(f.compression()))
          .append(", \"data_block_encoding\": ")
          .append(Json.quote(f.encoding()))
          .append(", \"bloom_filter\": ")
          .append(Json.quote(f.bloom()))
          .append(", \"block_size\": ")
          .append(f.blockSize())
          .append(", \"in_memory\": ")
          .append(f.inMemory())
          .append(", \"block_cache\": ")
          .append(f.blockCache())
          .append(", \"replication_scope\": ")
          .append(f.replicationScope())
          .append(", \"keep_deleted_cells\": ")
          .append(Json.quote(f.keepDeletedCells()))
          .append('}');
      sep = ",";
    }
    b.append("\n],\n\"regions\": [");
    sep = "";
    for (Region r : regions) {
      b.append(sep)
          .append("\n  ")
          .append(RowCount.regionJson(r.name(), r.start(), r.end()))
          .append(", \"server\": ")
          .append(Json.quote(r.server()))
          .append(", \"store_files\": ")
          .append(nullable(r.storeFiles()))
          .append(", \"store_file_size_mb\": ")
          .append(nullable(r.storeFileMb()))
          .append(", \"memstore_size_mb\": ")
          .append(nullable(r.memStoreMb()))
          .append('}');
      sep = ",";
    }
    return b.append("\n]}\n").toString();
  }

  private static String figure(long n, String unit) {
    return n < 0 ? "?" : n + unit;
  }

  private static String nullable(long n) {
    return n < 0 ? "null" : Long.toString(n);
  }
}
