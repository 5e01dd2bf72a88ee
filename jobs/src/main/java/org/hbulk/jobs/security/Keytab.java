package org.hbulk.jobs.security;

import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;

/**
 * A principal and the keytab file to log in with, and where hbulk was told of them: the command
 * line first, else HBase's client keys in the configuration. Each place gives both or neither.
 *
 * @param origin how the user named them, for messages ("--principal/--keytab", or the two keys)
 */
public record Keytab(String principal, Path file, String origin) {

  static final String OPTIONS = "--principal/--keytab";

  static final String KEYS = HbulkConf.KERBEROS_PRINCIPAL + "/" + HbulkConf.KERBEROS_KEYTAB;

  /**
   * The keytab login asked for, if any; a principal without a keytab, or a keytab without a
   * principal, is a usage error (exit 2) that names the missing half.
   */
  public static Optional<Keytab> find(String principalOption, Path keytabOption, Configuration conf)
      throws HbulkException {
    if (principalOption != null || keytabOption != null) {
      if (principalOption == null || principalOption.isBlank()) {
        throw missing("--keytab " + keytabOption + " needs --principal NAME");
      }
      if (keytabOption == null) {
        throw missing("--principal " + principalOption + " needs --keytab FILE");
      }
      return Optional.of(new Keytab(principalOption.strip(), keytabOption, OPTIONS));
    }
    String principal = conf.getTrimmed(HbulkConf.KERBEROS_PRINCIPAL, "");
    String file = conf.getTrimmed(HbulkConf.KERBEROS_KEYTAB, "");
    if (principal.isEmpty() && file.isEmpty()) {
      return Optional.empty();
    }
    if (principal.isEmpty()) {
      throw missing(
          HbulkConf.KERBEROS_KEYTAB + "=" + file + " needs " + HbulkConf.KERBEROS_PRINCIPAL);
    }
    if (file.isEmpty()) {
      throw missing(
          HbulkConf.KERBEROS_PRINCIPAL + "=" + principal + " needs " + HbulkConf.KERBEROS_KEYTAB);
    }
    return Optional.of(new Keytab(principal, Path.of(file), KEYS));
  }

  private static HbulkException missing(String what) {
    return new HbulkException(
        ExitCode.USAGE, what + ": a keytab login takes a principal and its keytab together");
  }
}
