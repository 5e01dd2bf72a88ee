package org.hbulk.mappers.hfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The driver's record of region servers, as the reducers read it back without HBase. */
class RegionServersTest {
  @Test
  void eachRowFindsTheServerOfTheRegionThatHoldsIt() {
    Configuration conf = new Configuration(false);
    RegionServers.record(
        conf,
        "ns:events",
        List.of(new byte[0], Bytes.toBytes("m"), new byte[] {(byte) 0xff, 0}),
        List.of("localhost:16020", "localhost:16021", "localhost:16022"));
    RegionServers servers = RegionServers.of(conf, "ns:events");
    assertEquals(16020, servers.serverOf(Bytes.toBytes("a")).getPort());
    assertEquals(16020, servers.serverOf(new byte[0]).getPort(), "the first region's own start");
    assertEquals(16021, servers.serverOf(Bytes.toBytes("m")).getPort(), "a start key is its own");
    assertEquals(16021, servers.serverOf(Bytes.toBytes("zzz")).getPort());
    assertEquals(16022, servers.serverOf(new byte[] {(byte) 0xff, 1}).getPort(), "unsigned order");
  }

  @Test
  void aTableTheDriverDidNotRecordHasNoneAndAnUnknownHostIsNoFavouredNode() {
    Configuration conf = new Configuration(false);
    assertNull(RegionServers.of(conf, "events"));
    RegionServers.record(conf, "events", List.of(new byte[0]), List.of("no-such-host.invalid:1"));
    assertNull(RegionServers.of(conf, "events").serverOf(Bytes.toBytes("a")));
  }
}
