package org.hbulk.jobs;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;

/**
 * A NameNode audit logger ({@code dfs.namenode.audit.loggers}) that keeps every event of the mini
 * cluster in the test's JVM, with what the audit log's line says: allowed, {@code ugi=} (the caller
 * and how it authenticated, e.g. {@code etl@EXAMPLE.COM (auth:TOKEN)}), cmd, src and dst. The
 * NameNode creates it by reflection, hence the static list.
 */
public final class RecordingAuditLogger implements AuditLogger {
  record Event(boolean allowed, String ugi, String cmd, String src, String dst) {}

  static final List<Event> EVENTS = new CopyOnWriteArrayList<>();

  @Override
  public void initialize(Configuration conf) {}

  @Override
  public void logAuditEvent(
      boolean succeeded,
      String ugi,
      InetAddress addr,
      String cmd,
      String src,
      String dst,
      FileStatus status) {
    EVENTS.add(new Event(succeeded, ugi, cmd, src, dst));
  }
}
