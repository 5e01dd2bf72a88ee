package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hadoop.hbase.zookeeper.ReadOnlyZKClient;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the quiet-exit shortcut sets in a command's configuration and leaves to the user, and what
 * it stops and waits for before the JVM exits; that HBase's client honours the settings is {@code
 * ReadCommandsIT}'s check.
 */
class QuietExitTest {
  @AfterEach
  void exit() {
    QuietExit.beforeExit();
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
        "HBase client threads stopped before the JVM exits, ZooKeeper sessions closed after 1000"
            + " ms unused",
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
    ownLoop.set(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG, "");
    QuietExit.configure(ownLoop);
    assertEquals("", ownLoop.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG));
    assertNull(ownLoop.get(ReadOnlyZKClient.KEEPALIVE_MILLIS));
    assertEquals(Shortcut.State.NOT_USED, QuietExit.outcome(ownLoop).state());

    Configuration ownSession = new Configuration(false);
    ownSession.setInt(ReadOnlyZKClient.KEEPALIVE_MILLIS, 30_000);
    QuietExit.configure(ownSession);
    assertEquals(30_000, ownSession.getInt(ReadOnlyZKClient.KEEPALIVE_MILLIS, 0));
    assertEquals(
        "HBase client threads stopped before the JVM exits",
        QuietExit.outcome(ownSession).detail());
  }

  @Test
  void aJobNotSetUpByTheCommandLineSaysSo() {
    assertEquals(Shortcut.State.NOT_USED, QuietExit.outcome(new Configuration(false)).state());
  }

  @Test
  void beforeExitStopsTheEventLoopsThreads() throws Exception {
    QuietExit.configure(new Configuration(false));
    EventLoopGroup group = QuietExit.eventLoop();
    AtomicReference<Thread> thread = new AtomicReference<>();
    group.submit(() -> thread.set(Thread.currentThread())).get(10, TimeUnit.SECONDS);
    assertTrue(thread.get().getName().startsWith("hbulk-RPCClient-"), thread.get().getName());
    QuietExit.beforeExit();
    assertTrue(group.isTerminated());
    // Netty ends the thread just after it says the loop terminated.
    thread.get().join(10_000);
    assertFalse(thread.get().isAlive());
    // The next command gets a new event loop.
    QuietExit.configure(new Configuration(false));
    assertFalse(QuietExit.eventLoop().isShuttingDown());
  }

  @Test
  @Timeout(60)
  void beforeExitWaitsForZooKeeperSessionsClosingAndNoLonger() throws Exception {
    QuietExit.configure(new Configuration(false));
    CountDownLatch release = new CountDownLatch(1);
    Thread closing = new Thread(() -> sleep(100), "zk-client-SendThread(closing)");
    Thread stuck = new Thread(() -> await(release), "zk-client-SendThread(stuck)");
    closing.start();
    stuck.start();
    try {
      // Returns (the timeout above catches a wait without end) once the closing one has ended.
      QuietExit.beforeExit();
      assertFalse(closing.isAlive(), "returned before a closing session's thread ended");
      assertTrue(stuck.isAlive());
    } finally {
      release.countDown();
      stuck.join();
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
