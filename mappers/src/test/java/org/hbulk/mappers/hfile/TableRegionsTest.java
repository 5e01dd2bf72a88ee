package org.hbulk.mappers.hfile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The driver's record of a table's regions, as the reducers read it back without HBase. */
class TableRegionsTest {
  @Test
  void eachRowFindsTheServerOfTheRegionThatHoldsIt() {
    Configuration conf = new Configuration(false);
    TableRegions.record(
        conf,
        "ns:events",
        List.of(new byte[0], Bytes.toBytes("m"), new byte[] {(byte) 0xff, 0}),
        List.of("localhost:16020", "localhost:16021", "localhost:16022"));
    TableRegions servers = TableRegions.of(conf, "ns:events");
    assertEquals(16020, servers.serverOf(Bytes.toBytes("a")).getPort());
    assertEquals(16020, servers.serverOf(new byte[0]).getPort(), "the first region's own start");
    assertEquals(16021, servers.serverOf(Bytes.toBytes("m")).getPort(), "a start key is its own");
    assertEquals(16021, servers.serverOf(Bytes.toBytes("zzz")).getPort());
    assertEquals(16022, servers.serverOf(new byte[] {(byte) 0xff, 1}).getPort(), "unsigned order");
  }

  @Test
  void eachRowFindsWhereItsRegionEnds() {
    Configuration conf = new Configuration(false);
    byte[] last = {(byte) 0xff, 0};
    TableRegions.record(
        conf,
        "events",
        List.of(new byte[0], Bytes.toBytes("m"), last),
        List.of("localhost:1", "localhost:2", "localhost:3"));
    TableRegions regions = TableRegions.of(conf, "events");
    assertArrayEquals(Bytes.toBytes("m"), regions.endOf(new byte[0]));
    assertArrayEquals(Bytes.toBytes("m"), regions.endOf(Bytes.toBytes("lzzz")));
    assertArrayEquals(last, regions.endOf(Bytes.toBytes("m")), "a start key is in its own region");
    assertArrayEquals(last, regions.endOf(new byte[] {(byte) 0x80}), "unsigned order");
    assertNull(regions.endOf(last), "the last region has no end");
    assertNull(regions.endOf(new byte[] {(byte) 0xff, (byte) 0xff}));
  }

  @Test
  void aTableTheDriverDidNotRecordHasNoneAndAnUnknownHostIsNoFavouredNode() {
    Configuration conf = new Configuration(false);
    assertNull(TableRegions.of(conf, "events"));
    TableRegions.record(conf, "events", List.of(new byte[0]), List.of("no-such-host.invalid:1"));
    assertNull(TableRegions.of(conf, "events").serverOf(Bytes.toBytes("a")));
  }
}
