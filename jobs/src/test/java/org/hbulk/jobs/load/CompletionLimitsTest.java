package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;

/** What keeps a completion against a dead HBase short, and its messages one line. */
class CompletionLimitsTest {
  @Test
  void aCompletionAttemptTriesEachRegionSixTimesWithMetaLookupsOfASixthOfTheTimeout() {
    Configuration conf = new Configuration(false);
    conf.setLong(HbulkConf.COMPLETE_HBASE_TIMEOUT_MS, 60_000);
    Configuration bounded = HFileLoader.boundedClient(conf);
    assertEquals(5, bounded.getInt("hbase.client.retries.number", -1));
    assertEquals(10_000, bounded.getLong("hbase.client.meta.operation.timeout", -1));
    assertEquals(60_000, bounded.getLong("hbase.client.operation.timeout", -1));
    assertEquals(
        null, bounded.get("hbase.rpc.timeout"), "the bulk-load call keeps its RPC timeout");
  }

  @Test
  void tighterSettingsOfTheUserWin() {
    Configuration conf = new Configuration(false);
    conf.setInt("hbase.client.retries.number", 2);
    conf.setLong("hbase.client.meta.operation.timeout", 3_000);
    Configuration bounded = HFileLoader.boundedClient(conf);
    assertEquals(2, bounded.getInt("hbase.client.retries.number", -1));
    assertEquals(3_000, bounded.getLong("hbase.client.meta.operation.timeout", -1));
  }

  @Test
  void aRetryErrorIsOneLineWithItsLastTry() {
    IOException e =
        new IOException(
            "org.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after"
                + " attempts=6, exceptions:\n2026-11-24T12:46:13Z, FailedServerException: localhost:1\n"
                + "2026-11-24T12:46:16Z, ConnectException: Connection refused: localhost:1\n");
    assertEquals(
        "org.apache.hadoop.hbase.client.RetriesExhaustedException: Failed after attempts=6, exceptions:"
            + " ... 2026-11-24T12:46:16Z, ConnectException: Connection refused: localhost:1",
        HFileLoader.gist(e));
    assertEquals("plain", HFileLoader.gist(new IOException("plain")));
  }
}
