package org.hbulk.jobs.read;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.RegionReplicaUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.hbulk.mappers.Json;
import org.hbulk.mappers.expr.KeyText;

/**
 * The rows of a table, counted region by region with a scan that brings back one key-only cell per
 * row (what the shell's {@code count} does, without its cache tuning).
 *
 * @param regions the count per region in key order; empty unless asked for
 */
public record RowCount(String table, long rows, List<Region> regions) implements TableReport {
  /** One region's rows; start and end empty at the ends of the table. */
  public record Region(String name, byte[] start, byte[] end, long rows) {}

  /**
   * What a row's cells are read through: their keys, not their values. Not HBase's
   * FirstKeyOnlyFilter (which its RowCounter uses): a region server with visibility labels runs the
   * scan's filter before its label filter, so a row whose first cell the reader may not see would
   * end at that cell and not be counted, while scan shows the row.
   */
  static Filter countFilter() {
    return new KeyOnlyFilter();
  }

  /** Counts {@code table}'s rows, keeping each region's count when {@code perRegion}. */
  public static RowCount count(Connection connection, TableName table, boolean perRegion)
      throws IOException {
    List<Region> regions = new ArrayList<>();
    long total = 0;
    try (RegionLocator locator = connection.getRegionLocator(table);
        Table t = connection.getTable(table)) {
      for (HRegionLocation location : locator.getAllRegionLocations()) {
        // Every replica of a region is listed, each holding the region's rows: counted once.
        if (location == null || !RegionReplicaUtil.isDefaultReplica(location.getRegion())) {
          continue;
        }
        RegionInfo info = location.getRegion();
        Scan scan =
            new Scan()
                .withStartRow(info.getStartKey())
                .withStopRow(info.getEndKey())
                .setFilter(countFilter())
                .setCaching(1000)
                .setCacheBlocks(false);
        long rows = 0;
        try (ResultScanner scanner = t.getScanner(scan)) {
          for (Result r : scanner) {
            rows++;
          }
        }
        total += rows;
        regions.add(new Region(info.getEncodedName(), info.getStartKey(), info.getEndKey(), rows));
      }
    }
    return new RowCount(table.getNameAsString(), total, perRegion ? regions : List.of());
  }

  /**
   * {@code TABLE: N rows}, then with regions one line each: {@code region NAME start 'KEY' end
   * 'KEY' N rows}.
   */
  @Override
  public void printText(PrintStream out) {
    out.println(table + ": " + rows(rows));
    for (Region r : regions) {
      out.println(
          "  region "
              + r.name()
              + "  start '"
              + KeyText.format(r.start())
              + "'  end '"
              + KeyText.format(r.end())
              + "'  "
              + rows(r.rows()));
    }
  }

  /** {@code {"table", "rows", "regions": [{"name", "start", "end", "rows"}]}}, keys as text. */
  @Override
  public String toJson() {
    StringBuilder b = new StringBuilder("{\"table\": ").append(Json.quote(table));
    b.append(", \"rows\": ").append(rows);
    b.append(", \"regions\": [");
    String sep = "";
    for (Region r : regions) {
      b.append(sep)
          .append("\n  ")
          .append(regionJson(r.name(), r.start(), r.end()))
          .append(", \"rows\": ")
          .append(r.rows())
          .append('}');
      sep = ",";
    }
    return b.append(regions.isEmpty() ? "]}\n" : "\n]}\n").toString();
  }

  /** A region's name and boundaries as the start of its JSON object, left open for more fields. */
  static String regionJson(String name, byte[] start, byte[] end) {
    return "{\"name\": "
        + Json.quote(name)
        + ", \"start\": "
        + Json.quote(KeyText.format(start))
        + ", \"end\": "
        + Json.quote(KeyText.format(end));
  }

  private static String rows(long n) {
    return n + " row" + (n == 1 ? "" : "s");
  }
}
