package org.hbulk.jobs.security;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * Who hbulk is on a Kerberos cluster. The driver logs in once, before it opens a file, an HBase
 * connection or a job: from a keytab when told of one ({@link Keytab}), else with the ticket cache
 * of {@code kinit}, as every Hadoop client does. Everything after acts as that user: the job's HDFS
 * and HBase tokens are this user's, and HBase's secure bulk load moves the HFiles as this user.
 * Only the driver logs in: tasks use the job's tokens.
 */
public final class KerberosLogin {
  private KerberosLogin() {}

  /**
   * Logs in from the keytab of the options or of the configuration, if either names one. A keytab
   * on a cluster without Kerberos, or a keytab file that cannot be read, is a usage error (exit 2);
   * a login the KDC refuses is exit 4, naming principal and keytab.
   */
  public static void login(Configuration conf, String principalOption, java.nio.file.Path keytab)
      throws HbulkException {
    Optional<Keytab> asked = Keytab.find(principalOption, keytab, conf);
    if (asked.isEmpty()) {
      return;
    }
    Keytab k = asked.get();
    if (!kerberos(conf)) {
      // Hadoop would skip the login without a word and run as the local user.
      throw new HbulkException(
          ExitCode.USAGE,
          k.origin()
              + " given, but security is off ("
              + CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION
              + "="
              + conf.get(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "simple")
              + "): a keytab is for a cluster with Kerberos authentication");
    }
    if (!Files.isRegularFile(k.file()) || !Files.isReadable(k.file())) {
      throw new HbulkException(
          ExitCode.USAGE,
          "keytab "
              + k.file()
              + " ("
              + k.origin()
              + ") "
              + (Files.exists(k.file()) ? "cannot be read" : "does not exist"));
    }
    String principal;
    try {
      principal = SecurityUtil.getServerPrincipal(k.principal(), (String) null);
    } catch (IOException e) {
      throw new HbulkException(
          ExitCode.USAGE,
          "principal " + k.principal() + ": _HOST cannot be resolved: " + e.getMessage(),
          e);
    }
    UserGroupInformation.setConfiguration(conf);
    try {
      UserGroupInformation.loginUserFromKeytab(principal, k.file().toString());
    } catch (IOException e) {
      throw new HbulkException(
          ExitCode.HBASE,
          "Kerberos login as "
              + principal
              + " from keytab "
              + k.file()
              + " failed: "
              + rootMessage(e),
          e);
    }
  }

  /**
   * Refuses to go on, before the first connection, when the cluster wants Kerberos and hbulk has
   * neither a ticket nor delegation tokens (as in a task of a workflow scheduler): the first RPC
   * would otherwise fail deep in SASL with a message about a missing TGT, after the client's
   * retries. Exit 4.
   */
  public static void requireCredentials(Configuration conf) throws HbulkException {
    if (!kerberos(conf)) {
      return;
    }
    UserGroupInformation.setConfiguration(conf);
    try {
      UserGroupInformation current = UserGroupInformation.getCurrentUser();
      UserGroupInformation real = current.getRealUser() != null ? current.getRealUser() : current;
      if (real.hasKerberosCredentials() || !current.getTokens().isEmpty()) {
        return;
      }
      throw new HbulkException(
          ExitCode.HBASE,
          "authentication failed: no Kerberos credentials for "
              + current.getShortUserName()
              + " (the cluster uses Kerberos: "
              + CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION
              + "=kerberos). Run kinit first, or give --principal NAME --keytab FILE (or "
              + Keytab.KEYS
              + " in hbase-site.xml)");
    } catch (IOException e) {
      throw new HbulkException(ExitCode.HBASE, "authentication failed: " + rootMessage(e), e);
    }
  }

  /**
   * What a server said when it refused who the client is (SASL failed, or authentication required
   * of a client that sent none), found anywhere in {@code e}'s causes; null for other failures.
   */
  public static String refusal(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage());
      if (t instanceof javax.security.sasl.SaslException
          || message.contains("Authentication is required")
          || message.contains("GSS initiate failed")) {
        String first = message.strip().split("\\R", 2)[0];
        return t.getClass().getSimpleName() + ": " + first;
      }
    }
    return null;
  }

  static boolean kerberos(Configuration conf) {
    return SecurityUtil.getAuthenticationMethod(conf) == AuthenticationMethod.KERBEROS;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e
        ? String.valueOf(e.getMessage())
        : e.getMessage() + " (" + root.getMessage() + ")";
  }
}
