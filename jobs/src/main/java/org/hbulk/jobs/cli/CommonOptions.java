package org.hbulk.jobs.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.local.LocalRunnerFileSystem;
import org.hbulk.jobs.local.LocalTuning;
import org.hbulk.jobs.local.PlainIoLocalShuffle;
import org.hbulk.jobs.local.QuietExit;
import org.hbulk.jobs.security.KerberosLogin;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;
import picocli.CommandLine.Option;

/** Options every command takes. */
final class CommonOptions {
  @Option(
      names = {"-v", "--verbose"},
      description = "Print stack traces of errors.")
  boolean verbose;

  @Option(
      names = "-D",
      paramLabel = "KEY=VALUE",
      description =
          "Set a Hadoop/HBase/hbulk configuration property (repeatable); "
              + "hbulk.spec.SECTION.KEY overrides the spec, e.g. -D hbulk.spec.rejects.max=100.")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = "--principal",
      paramLabel = "NAME",
      description =
          "On a Kerberos cluster: log in as NAME from --keytab before anything else (_HOST: this"
              + " host's name). Default: hbase.client.kerberos.principal, else kinit's ticket.")
  String principal;

  @Option(
      names = "--keytab",
      paramLabel = "FILE",
      description =
          "The keytab of --principal (the two go together). Default: hbase.client.keytab.file.")
  Path keytab;

  /**
   * The configuration with this command's {@code -D} properties applied, its HBase clients set up
   * to leave nothing for the JVM's exit to wait for ({@link QuietExit}), the Kerberos login from a
   * keytab done if one is named, and the local file system and its buffers of a local run chosen by
   * them (before the command opens its first file).
   */
  Configuration apply(Configuration base) throws HbulkException {
    Configuration conf = new Configuration(base);
    properties.forEach(conf::set);
    refuseUnknownKeys(conf);
    refuseNonSwitchValues(conf);
    refuseNonCountValues(conf);
    QuietExit.configure(conf);
    KerberosLogin.login(conf, principal, keytab);
    LocalRunnerFileSystem.installIfLocal(conf);
    LocalTuning.chooseFileBuffers(conf);
    PlainIoLocalShuffle.installIfNeeded(conf);
    return conf;
  }

  /**
   * Exit 2 for an {@code hbulk.*} key hbulk does not read, from {@code -D} (before or after the
   * command), a {@code -conf} file or a site file: a misspelled key would leave the setting meant
   * unapplied without a word (a misspelled {@code hbulk.spec.output.o.table} loads into the spec's
   * own table).
   */
  static void refuseUnknownKeys(Configuration conf) throws HbulkException {
    Map<String, String> unknown = HbulkConf.unknownKeys(conf);
    refuseFirst(
        unknown,
        (key, nearest) ->
            "unknown configuration key "
                + key
                + (nearest == null ? "" : " (did you mean " + nearest + "?)")
                + (unknown.size() > 1 ? " and " + (unknown.size() - 1) + " more" : "")
                + ": hbulk reads no such key, so its setting would be ignored; the README's"
                + " Configuration keys lists them");
  }

  /**
   * Exit 2 for a switch ({@code hbulk.strict}, the shortcuts) set to neither true nor false:
   * Hadoop's {@code getBoolean} reads such a value as the default, so {@code -D hbulk.strict=yes}
   * would run without {@code --strict}, without a word.
   */
  static void refuseNonSwitchValues(Configuration conf) throws HbulkException {
    refuseFirst(
        HbulkConf.notSwitchValues(conf),
        (key, value) -> key + " = '" + value + "': expected true or false");
  }

  /**
   * Exit 2 for a whole-number key ({@code hbulk.complete.attempts}, the sizes and pauses) set to
   * anything but a number from 0 up: Hadoop's parse failed the command as an unexpected error (exit
   * 1) naming no key, and a negative pause failed a completion between its attempts.
   */
  static void refuseNonCountValues(Configuration conf) throws HbulkException {
    refuseFirst(
        HbulkConf.notCountValues(conf),
        (key, value) ->
            key
                + " = '"
                + value
                + "': expected a whole number from 0 up to what the key takes (an int's or a"
                + " long's largest)");
  }

  /** Exit 2 naming the first of the bad keys (key, then what was found of it), if any. */
  private static void refuseFirst(
      Map<String, String> bad, java.util.function.BinaryOperator<String> message)
      throws HbulkException {
    if (!bad.isEmpty()) {
      Map.Entry<String, String> first = bad.entrySet().iterator().next();
      throw new HbulkException(ExitCode.USAGE, message.apply(first.getKey(), first.getValue()));
    }
  }

  /**
   * Exit 2 for a spec override given to a command that works on a prepared run ({@code complete},
   * {@code resume}, {@code verify}): the run goes on with the spec and overrides it saved when it
   * was prepared, so the override would change nothing, silently.
   */
  static void refuseSpecOverrides(Configuration conf, String command) throws HbulkException {
    Map<String, String> given = LoadSpec.overridesIn(conf);
    if (!given.isEmpty()) {
      String first = given.keySet().iterator().next();
      throw new HbulkException(
          ExitCode.USAGE,
          command
              + " goes on with the spec and overrides its run saved when it was prepared, so -D "
              + HbulkConf.SPEC_OVERRIDE_PREFIX
              + first
              + " would change nothing: leave it out, or prepare a new run with it");
    }
  }
}
