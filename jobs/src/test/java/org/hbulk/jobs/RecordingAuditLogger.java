package org.hbulk.jobs;

import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.security.token.delegation.DelegationTokenSecretManager;
import org.apache.hadoop.hdfs.server.namenode.HdfsAuditLogger;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;

/**
 * A NameNode audit logger ({@code dfs.namenode.audit.loggers}) that keeps every event of the mini
 * cluster in the test's JVM: who (the caller's user and how it authenticated) did what to which
 * path. The NameNode creates it by reflection, hence the static list.
 */
public final class RecordingAuditLogger extends HdfsAuditLogger {
  /** One audited call; {@code auth} is how the caller proved who it is (KERBEROS, TOKEN, ...). */
  record Event(
      boolean allowed,
      String cmd,
      String src,
      String dst,
      String user,
      AuthenticationMethod auth) {}

  static final List<Event> EVENTS = new CopyOnWriteArrayList<>();

  @Override
  public void initialize(Configuration conf) {}

  @Override
  public void logAuditEvent(
      boolean succeeded,
      String userName,
      InetAddress addr,
      String cmd,
      String src,
      String dst,
      FileStatus status,
      CallerContext callerContext,
      UserGroupInformation ugi,
      DelegationTokenSecretManager dtSecretManager) {
    logAuditEvent(succeeded, userName, addr, cmd, src, dst, status, ugi, dtSecretManager);
  }

  @Override
  public void logAuditEvent(
      boolean succeeded,
      String userName,
      InetAddress addr,
      String cmd,
      String src,
      String dst,
      FileStatus status,
      UserGroupInformation ugi,
      DelegationTokenSecretManager dtSecretManager) {
    EVENTS.add(
        new Event(
            succeeded,
            cmd,
            src,
            dst,
            ugi == null ? userName : ugi.getShortUserName(),
            ugi == null ? null : ugi.getAuthenticationMethod()));
  }
}
