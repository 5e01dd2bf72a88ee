package org.hbulk.jobs.load;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;

/**
 * The process working on a run, kept in its {@code run.properties}, so that a later command can
 * tell a run that died (its process is gone) from one that is still going. Only a process on the
 * same host can be checked; a process id alone is not enough (ids are reused after a reboot), so
 * its start time must match too.
 */
public record RunOwner(String host, long pid, String started) {
  /** What is known of the owner from here. */
  public enum Liveness {
    /** The owner is running on this host. */
    ALIVE,
    /** The owner ran on this host and is gone. */
    GONE,
    /** The owner ran on another host, or was never recorded: it cannot be checked from here. */
    UNKNOWN
  }

  /** This process. */
  public static RunOwner current() {
    ProcessHandle self = ProcessHandle.current();
    return new RunOwner(hostName(), self.pid(), startOf(self));
  }

  static RunOwner read(Properties p) {
    String pid = p.getProperty("owner.pid");
    return pid == null
        ? null
        : new RunOwner(
            p.getProperty("owner.host", ""),
            Long.parseLong(pid),
            p.getProperty("owner.started", ""));
  }

  void store(Properties p) {
    p.setProperty("owner.host", host);
    p.setProperty("owner.pid", Long.toString(pid));
    p.setProperty("owner.started", started);
  }

  public Liveness liveness() {
    if (!host.equals(hostName())) {
      return Liveness.UNKNOWN;
    }
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    return process.isPresent() && process.get().isAlive() && startOf(process.get()).equals(started)
        ? Liveness.ALIVE
        : Liveness.GONE;
  }

  public boolean isCurrent() {
    return equals(current());
  }

  @Override
  public String toString() {
    return "process " + pid + " on " + host;
  }

  private static String startOf(ProcessHandle process) {
    return process.info().startInstant().map(Instant::toString).orElse("");
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
