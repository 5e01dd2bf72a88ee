package org.hbulk.jobs.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;

/** count reads each region once, however many replicas serve it. */
class RowCountReplicasTest {
  @Test
  void aRegionWithAReplicaIsCountedOnce() throws Exception {
    TableName name = TableName.valueOf("t");
    RegionInfo primary = RegionInfoBuilder.newBuilder(name).build();
    RegionInfo replica = RegionInfoBuilder.newBuilder(primary).setReplicaId(1).build();
    ServerName server = ServerName.valueOf("h", 16020, 1);
    RegionLocator locator = mock(RegionLocator.class);
    when(locator.getAllRegionLocations())
        .thenReturn(
            List.of(new HRegionLocation(primary, server), new HRegionLocation(replica, server)));
    Table table = mock(Table.class);
    when(table.getScanner(any(Scan.class)))
        .thenAnswer(
            inv -> {
              ResultScanner scanner = mock(ResultScanner.class);
              Iterator<Result> rows = List.of(Result.EMPTY_RESULT, Result.EMPTY_RESULT).iterator();
              when(scanner.iterator()).thenReturn(rows);
              return scanner;
            });
    Connection connection = mock(Connection.class);
    when(connection.getRegionLocator(name)).thenReturn(locator);
    when(connection.getTable(name)).thenReturn(table);
    RowCount count = RowCount.count(connection, name, true);
    assertEquals(2, count.rows());
    assertEquals(1, count.regions().size());
  }
}
