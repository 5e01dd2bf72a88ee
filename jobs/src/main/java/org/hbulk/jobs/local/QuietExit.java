package org.hbulk.jobs.local;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.NettyRpcClientConfigHelper;
import org.apache.hadoop.hbase.zookeeper.ReadOnlyZKClient;
import org.apache.hbase.thirdparty.io.netty.channel.EventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.nio.NioEventLoopGroup;
import org.apache.hbase.thirdparty.io.netty.channel.socket.nio.NioSocketChannel;
import org.apache.hbase.thirdparty.io.netty.util.concurrent.DefaultThreadFactory;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;

/**
 * Leaves no HBase client thread inside native code when a command ends, so the JVM exits at once.
 * JDK 17's exit waits up to 300 ms for every thread in native code to come out, and an HBase client
 * leaves such threads behind: the RPC client's event loop, which HBase shares between connections
 * and never stops (its threads wait in {@code epoll}), and a ZooKeeper client, whose session a
 * closed connection ends on a thread of its own, after {@code close()} has returned. Every command
 * that had opened a connection paid the 300 ms (README, "Where hbulk relies on internals").
 *
 * <p>Here the commands' connections share an event loop of hbulk's own, stopped when the last
 * command running in the JVM ends ({@link #enter}, {@link #leave}); their ZooKeeper clients close
 * their session after {@value #ZK_IDLE_MS} ms without use (a command that runs a job is long done
 * with ZooKeeper when it ends), and a command's end waits for the sessions still closing. It relies
 * on HBase's {@code NettyRpcClientConfigHelper} (the public way to give connections an event loop,
 * which records it under one process-wide name), on its ZooKeeper client's keep-alive key, and on
 * ZooKeeper's name for a session's thread; {@code ReadCommandsIT} checks all three.
 */
public final class QuietExit {
  public static final String NAME = "quiet-exit";

  /** How long a ZooKeeper session of the commands' clients stays open unused. */
  static final int ZK_IDLE_MS = 1000;

  /** The source of the settings made here, which says hbulk made them. */
  private static final String SOURCE = "hbulk " + NAME;

  /**
   * Commands running in this JVM, and the event loop their HBase clients share (null: none yet).
   */
  private static int commands;

  private static EventLoopGroup group;

  /** The command running on each thread, between {@link #enter} and {@link #leave}. */
  private static final ThreadLocal<Command> CURRENT = new ThreadLocal<>();

  /** What ZooKeeper's client names the thread of a session's socket. */
  private static final String ZK_IO_THREAD = "-SendThread(";

  /** The longest a command's end waits for its ZooKeeper sessions to close. */
  private static final long ZK_CLOSE_WAIT_MS = 500;

  /** Threads the event loops started, so a test can tell that HBase used them. */
  private static final AtomicLong threadsStarted = new AtomicLong();

  private QuietExit() {}

  /** A command running: the threads there before it, and whether it was set up to end quietly. */
  public static final class Command {
    private final Set<Thread> before;
    private boolean quiet;

    private Command(Set<Thread> before) {
      this.before = before;
    }
  }

  /** A command starts on this thread; {@link #configure} on it concerns this command. */
  public static Command enter() {
    Command command = new Command(Set.copyOf(Thread.getAllStackTraces().keySet()));
    synchronized (QuietExit.class) {
      commands++;
    }
    CURRENT.set(command);
    return command;
  }

  /**
   * A command ended. The ZooKeeper sessions its connections closed at its end are waited for (a
   * round trip to the server, which logs the close: about 0.1 s), not left to the JVM's exit, which
   * would wait 0.3 s for their threads; the last command running stops the event loop.
   */
  public static void leave(Command command) {
    CURRENT.remove();
    if (command.quiet) {
      awaitZooKeeperClosing(command.before);
    }
    EventLoopGroup stopping;
    synchronized (QuietExit.class) {
      commands = Math.max(0, commands - 1);
      if (commands > 0 || group == null) {
        return;
      }
      stopping = group;
      group = null;
    }
    // No quiet period: every connection of the commands is closed by now.
    stopping.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(5000);
  }

  /** Waits, a bounded time, for the ZooKeeper clients' I/O threads started since {@code before}. */
  private static void awaitZooKeeperClosing(Set<Thread> before) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ZK_CLOSE_WAIT_MS);
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
      if (left <= 0) {
        return;
      }
      if (!before.contains(t) && t.getName().contains(ZK_IO_THREAD)) {
        try {
          t.join(left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /**
   * Gives the HBase clients of a command's configuration the commands' event loop and a ZooKeeper
   * session that closes when idle, unless switched off or chosen by the user; records what it did
   * for {@link #outcome}.
   */
  public static synchronized void configure(Configuration conf) {
    if (!conf.getBoolean(HbulkConf.QUIET_EXIT, HbulkConf.QUIET_EXIT_DEFAULT)) {
      record(conf, Shortcut.State.OFF, "HBase's shared event loop; the JVM's exit waits for it");
      return;
    }
    // A copy of a configuration set up here carries hbulk's event loop already: set up again.
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
        group = new NioEventLoopGroup(threads, new CountingThreadFactory());
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
    Command command = CURRENT.get();
    if (command != null) {
      command.quiet = true;
    }
    record(conf, Shortcut.State.RAN, "HBase client threads stopped with the command" + idle);
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

  /** Threads the commands' event loops have started in this JVM. */
  public static long threadsStarted() {
    return threadsStarted.get();
  }

  private static void record(Configuration conf, Shortcut.State state, String detail) {
    conf.set(
        HbulkConf.QUIET_EXIT_APPLIED,
        new Shortcut(NAME, HbulkConf.QUIET_EXIT, state, detail).encode());
  }

  /** Daemon threads named as HBase names its own event loop's, counted. */
  private static final class CountingThreadFactory extends DefaultThreadFactory {
    CountingThreadFactory() {
      super("hbulk-RPCClient-NioEventLoopGroup", true, Thread.NORM_PRIORITY);
    }

    @Override
    protected Thread newThread(Runnable r, String name) {
      threadsStarted.incrementAndGet();
      return super.newThread(r, name);
    }
  }
}
