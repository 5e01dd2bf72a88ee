package org.hbulk.jobs.local;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hadoop.hbase.zookeeper.ReadOnlyZKClient;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoop;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.nio.NioEventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.socket.nio.NioSocketChannel;
import org.apache.hbase.thirdparty.io.netty.util.concurrent.DefaultThreadFactory;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;

/**
 * Leaves no HBase client thread inside native code when hbulk's JVM exits, so it exits at once. JDK
 * 17's exit waits up to 300 ms for every thread in native code to come out, and an HBase client
 * leaves such threads behind: the RPC client's event loop, which HBase shares between connections
 * and never stops (its threads wait in {@code epoll}), and a ZooKeeper client, whose session a
 * closed connection ends on a thread of its own, after {@code close()} has returned. Every command
 * that had opened a connection paid the 300 ms (README, "Where hbulk relies on internals").
 *
 * <p>Here the command's connections run on an event loop of hbulk's own, which {@link #beforeExit}
 * stops; their ZooKeeper clients close their session after {@value #ZK_IDLE_MS} ms without use (a
 * command that runs a job is long done with ZooKeeper when it ends), and {@link #beforeExit} waits
 * for any session still closing. It relies on HBase's {@code NettyRpcClientConfigHelper} (the
 * public way to give connections an event loop, which records it under one name for the whole JVM),
 * on its ZooKeeper client's keep-alive key, and on ZooKeeper's name for a session's thread; {@code
 * QuietExitTest} and {@code ReadCommandsIT} check them.
 *
 * <p>The event loop lives as long as the JVM: HBase's region server records its own under the same
 * name, so in a JVM that also runs a cluster (the tests' mini clusters) the servers' clients may
 * run on it too, and it must not stop before the JVM does.
 */
public final class QuietExit {
  public static final String NAME = "quiet-exit";

  /** How long a ZooKeeper session of the command's clients stays open unused. */
  static final int ZK_IDLE_MS = 1000;

  /** The source of the settings made here, which says hbulk made them. */
  private static final String SOURCE = "hbulk " + NAME;

  /** What ZooKeeper's client names the thread of a session's socket. */
  private static final String ZK_IO_THREAD = "-SendThread(";

  /** The longest the exit waits for ZooKeeper sessions to close. */
  private static final long ZK_CLOSE_WAIT_MS = 500;

  /** The HBase clients' event loop, made by the first {@link #configure}; null until then. */
  private static EventLoopGroup group;

  /** Loops the event loop group handed out (HBase takes one a connection), for tests. */
  private static final AtomicLong handedOut = new AtomicLong();

  private QuietExit() {}

  /**
   * Gives the HBase clients of a command's configuration hbulk's event loop and a ZooKeeper session
   * that closes when idle, unless switched off or the user chose the event loop (a keep-alive of
   * the user's is kept); records what it did for {@link #outcome}.
   */
  public static synchronized void configure(Configuration conf) {
    if (!conf.getBoolean(HbulkConf.QUIET_EXIT, HbulkConf.QUIET_EXIT_DEFAULT)) {
      record(conf, Shortcut.State.OFF, "HBase's shared event loop; the JVM's exit waits for it");
      return;
    }
    // The user's own event loop; one set up here (in a copy of a command's configuration) is set up
    // again below.
    if (conf.get(NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG) != null
        && outcome(conf).state() != Shortcut.State.RAN) {
      record(
          conf,
          Shortcut.State.NOT_USED,
          NettyRpcClientConfigHelper.EVENT_LOOP_CONFIG + " is the user's");
      return;
    }
    try {
      if (group == null) {
        int threads =
            conf.getInt(
                NettyRpcClientConfigHelper.HBASE_NETTY_EVENTLOOP_RPCCLIENT_THREADCOUNT_KEY, 0);
        group = new CountingEventLoopGroup(threads);
      }
      NettyRpcClientConfigHelper.setEventLoopConfig(conf, group, NioSocketChannel.class);
    } catch (LinkageError e) {
      record(conf, Shortcut.State.FELL_BACK, "HBase's client changed: " + e);
      return;
    }
    String idle = "";
    String[] sources = conf.getPropertySources(ReadOnlyZKClient.KEEPALIVE_MILLIS);
    if (conf.get(ReadOnlyZKClient.KEEPALIVE_MILLIS) == null
        || sources != null && Arrays.asList(sources).contains(SOURCE)) {
      conf.set(ReadOnlyZKClient.KEEPALIVE_MILLIS, Integer.toString(ZK_IDLE_MS), SOURCE);
      idle = ", ZooKeeper sessions closed after " + ZK_IDLE_MS + " ms unused";
    }
    record(conf, Shortcut.State.RAN, "HBase client threads stopped before the JVM exits" + idle);
  }

  /**
   * Stops the event loop and waits, a bounded time, for the ZooKeeper sessions still closing: for
   * hbulk's {@code main}, every connection closed, right before it exits. Their threads would hold
   * the exit 0.3 s; a session's close is a round trip to the server, which logs it (about 0.1 s).
   */
  public static void beforeExit() {
    EventLoopGroup stopping;
    synchronized (QuietExit.class) {
      stopping = group;
      group = null;
    }
    // No loop: no command asked for a quiet exit, and nothing is waited for.
    if (stopping == null) {
      return;
    }
    // No quiet period: every connection is closed by now.
    stopping.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(5000);
    awaitZooKeeperClosing();
  }

  private static void awaitZooKeeperClosing() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ZK_CLOSE_WAIT_MS);
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        return;
      }
      if (t.getName().contains(ZK_IO_THREAD)) {
        try {
          t.join(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** What {@link #configure} did for the command whose configuration (or job's) this is. */
  public static Shortcut outcome(Configuration conf) {
    String applied = conf.get(HbulkConf.QUIET_EXIT_APPLIED);
    if (applied == null) {
      return new Shortcut(
          NAME, HbulkConf.QUIET_EXIT, Shortcut.State.NOT_USED, "not run from hbulk's command line");
    }
    return Shortcut.decode(NAME, applied);
  }

  /** The event loop, for tests; null before the first {@link #configure} and after an exit. */
  static synchronized EventLoopGroup eventLoop() {
    return group;
  }

  /** How many loops hbulk's event loop group has handed out in this JVM (one a connection). */
  public static long loopsHandedOut() {
    return handedOut.get();
  }

  private static void record(Configuration conf, Shortcut.State state, String detail) {
    conf.set(
        HbulkConf.QUIET_EXIT_APPLIED,
        new Shortcut(NAME, HbulkConf.QUIET_EXIT, state, detail).encode());
  }

  /** HBase's event loop group as HBase makes its own (daemon threads), counting its uses. */
  private static final class CountingEventLoopGroup extends NioEventLoopGroup {
    CountingEventLoopGroup(int threads) {
      super(
          threads,
          new DefaultThreadFactory(
              "hbulk-RPCClient-NioEventLoopGroup", true, Thread.NORM_PRIORITY));
    }

    @Override
    public EventLoop next() {
      handedOut.incrementAndGet();
      return super.next();
    }
  }
}
