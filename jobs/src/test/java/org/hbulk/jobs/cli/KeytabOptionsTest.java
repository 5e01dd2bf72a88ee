package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.hbulk.jobs.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keytab login's usage errors, all found before anything reaches a cluster (none runs here).
 * The login itself, and a client without credentials, are SecureClusterIT's.
 */
class KeytabOptionsTest extends CommandLineTest {
  @TempDir Path tmp;

  @Test
  void aPrincipalWithoutAKeytabIsABadCommandLine() {
    assertEquals(ExitCode.USAGE.code(), hbulk("ping", "--principal", "etl@EXAMPLE.COM"));
    assertTrue(err.contains("--principal etl@EXAMPLE.COM needs --keytab FILE"), err);
  }

  @Test
  void aKeytabWithoutAPrincipalIsABadCommandLine() {
    assertEquals(ExitCode.USAGE.code(), hbulk("ping", "--keytab", "etl.keytab"));
    assertTrue(err.contains("--keytab etl.keytab needs --principal NAME"), err);
  }

  @Test
  void halfOfHBasesClientKeysIsABadCommandLineNamingTheOtherKey() {
    assertEquals(
        ExitCode.USAGE.code(), hbulk("ping", "-D", "hbase.client.keytab.file=/etc/etl.keytab"));
    assertTrue(err.contains("needs hbase.client.kerberos.principal"), err);
  }

  @Test
  void aKeytabWhileSecurityIsOffIsRefusedSayingSo() {
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk("ping", "--principal", "etl@EXAMPLE.COM", "--keytab", "etl.keytab"));
    assertTrue(
        err.contains(
            "--principal/--keytab given, but security is off (hadoop.security.authentication=simple)"),
        err);
  }

  @Test
  void aMissingKeytabIsNamed() {
    Path missing = tmp.resolve("missing.keytab");
    assertEquals(
        ExitCode.USAGE.code(),
        hbulk(
            "ping",
            "-D",
            "hadoop.security.authentication=kerberos",
            "-D",
            "hbase.client.kerberos.principal=etl@EXAMPLE.COM",
            "-D",
            "hbase.client.keytab.file=" + missing));
    assertTrue(
        err.contains(
            "keytab "
                + missing
                + " (hbase.client.kerberos.principal/hbase.client.keytab.file) does not exist"),
        err);
  }
}
