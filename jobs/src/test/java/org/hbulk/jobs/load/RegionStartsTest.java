package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class RegionStartsTest {
  /**
   * A table with region replicas lists every replica among its region locations: the reducers get
   * each region once, with its primary's server. With the replicas each start key came twice, the
   * second region's rows went to a secondary's server, and a file whose first row was a start key
   * could be given that same key as its end, closing it after one row.
   */
  @Test
  void onlyEachRegionsPrimaryIsRecordedForTheReducers() throws Exception {
    TableName t = TableName.valueOf("t");
    byte[] m = Bytes.toBytes("m");
    RegionLocator locator = mock(RegionLocator.class);
    when(locator.getAllRegionLocations())
        .thenReturn(
            List.of(
                location(t, new byte[0], m, 0, "h1"),
                location(t, new byte[0], m, 1, "h2"),
                location(t, m, new byte[0], 0, "h3"),
                location(t, m, new byte[0], 1, "h4")));
    Connection c = mock(Connection.class);
    when(c.getRegionLocator(any(TableName.class))).thenReturn(locator);
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec", "[columns]\nid = string\n\n[output o]\ntable = t\nkey = id\nd:v = id\n");
    RunState state =
        RunState.begin(
            "r1", spec, List.of("in"), List.of(new Path("in")), 1000, RunState.Mode.LOAD);
    Configuration conf = new Configuration(false);

    RegionStarts.recordServers(conf, c, state);

    assertEquals(
        "@h1:16020," + Bytes.toHex(m) + "@h3:16020", conf.get(HbulkConf.HFILE_REGIONS + ".t"));
  }

  private static HRegionLocation location(
      TableName table, byte[] start, byte[] end, int replica, String host) {
    return new HRegionLocation(
        RegionInfoBuilder.newBuilder(table)
            .setStartKey(start)
            .setEndKey(end)
            .setReplicaId(replica)
            .build(),
        ServerName.valueOf(host, 16020, 1L));
  }
}
