package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hadoop.hbase.zookeeper.ReadOnlyZKClient;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the quiet-exit shortcut sets in a command's configuration, and what it leaves to the user;
 * that HBase's client honours it is {@code ReadCommandsIT}'s check.
 */
class QuietExitTest {
  private QuietExit.Command command;

  @BeforeEach
  void commandStarts() {
    command = QuietExit.enter();
  }

  @AfterEach
  void commandEnds() {
    QuietExit.leave(command);
  }

  @Test
  void givesTheClientsHbulksEventLoopAndAShortZooKeeperSession() {
    Configuration conf = new Configuration(false);
    QuietExit.configure(conf);
    assertEquals("global-event-loop", conf.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
    assertEquals(1000, conf.getInt(ReadOnlyZKClient.KEEPALIVE_MILLIS, 0));
    Shortcut outcome = QuietExit.outcome(conf);
    assertEquals(Shortcut.State.RAN, outcome.state());
    assertEquals(
        "HBase client threads stopped with the command, ZooKeeper sessions closed after 1000 ms"
            + " unused",
        outcome.detail());
    // Configured again (a copy of a command's configuration): the same, its own setting included.
    Configuration copy = new Configuration(conf);
    QuietExit.configure(copy);
    assertEquals(outcome, QuietExit.outcome(copy));
  }

  @Test
  void switchedOffLeavesHBasesDefaults() {
    Configuration conf = new Configuration(false);
    conf.setBoolean(HbulkConf.QUIET_EXIT, false);
    QuietExit.configure(conf);
    assertNull(conf.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
    assertNull(conf.get(ReadOnlyZKClient.KEEPALIVE_MILLIS));
    assertEquals(Shortcut.State.OFF, QuietExit.outcome(conf).state());
  }

  @Test
  void theUsersSettingsWin() {
    Configuration ownLoop = new Configuration(false);
    NettyRpcClientConfigHelper.createEventLoopPerClient(ownLoop);
    QuietExit.configure(ownLoop);
    assertEquals("", ownLoop.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
    assertNull(ownLoop.get(ReadOnlyZKClient.KEEPALIVE_MILLIS));
    assertEquals(Shortcut.State.NOT_USED, QuietExit.outcome(ownLoop).state());

    Configuration ownSession = new Configuration(false);
    ownSession.setInt(ReadOnlyZKClient.KEEPALIVE_MILLIS, 30_000);
    QuietExit.configure(ownSession);
    assertEquals(30_000, ownSession.getInt(ReadOnlyZKClient.KEEPALIVE_MILLIS, 0));
    assertEquals(
        "HBase client threads stopped with the command", QuietExit.outcome(ownSession).detail());
  }

  @Test
  void aJobNotSetUpByTheCommandLineSaysSo() {
    assertEquals(Shortcut.State.NOT_USED, QuietExit.outcome(new Configuration(false)).state());
  }
}
