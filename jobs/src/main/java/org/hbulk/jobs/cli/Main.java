package org.hbulk.jobs.cli;

import java.io.PrintStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.local.QuietExit;
import org.hbulk.mappers.schema.SpecException;
import picocli.CommandLine;

/**
 * The {@code hbulk} program. Runs under Hadoop's ToolRunner, so {@code -D}, {@code -conf}, {@code
 * -libjars} and {@code -files} given before the command work as in every Hadoop tool; the commands
 * take {@code -D} after their name too. Only {@link #main} exits the JVM.
 */
public final class Main extends Configured implements Tool {
  private final PrintStream out;
  private final PrintStream err;

  public Main(Configuration conf, PrintStream out, PrintStream err) {
    super(conf);
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) throws Exception {
    int code = launch(args, System.out, System.err);
    // Else the exit waits 0.3 s for the HBase client's threads.
    QuietExit.beforeExit();
    System.exit(code);
  }

  /**
   * What {@link #main} does, short of exiting: the generic options' files first, then the command.
   */
  static int launch(String[] args, PrintStream out, PrintStream err) throws Exception {
    try {
      GenericOptionFiles.check(args);
    } catch (HbulkException e) {
      err.println("hbulk: " + e.getMessage());
      return e.exitCode().code();
    }
    Configuration conf = HBaseConfiguration.create();
    // HBase sets its own class loader on the configuration. Under `hadoop jar` that loader (the
    // cluster's classpath) cannot see the job jar, which RunJar loads in a loader of its own, and
    // every class named in the job configuration (the map output key, hbulk's file systems) would
    // not be found.
    conf.setClassLoader(Main.class.getClassLoader());
    return ToolRunner.run(conf, new Main(conf, out, err), args);
  }

  /** Runs one command line; returns the exit code. */
  @Override
  public int run(String[] args) {
    CommandLine cli = commandLine(getConf(), out, err);
    String unknown = unknownCommand(cli, args);
    if (unknown != null) {
      List<String> near =
          new CommandLine.UnmatchedArgumentException(cli, List.of(unknown)).getSuggestions();
      err.println(
          "hbulk: unknown command '"
              + unknown
              + "'"
              + (near.isEmpty() ? "" : " (did you mean " + near.get(0) + "?)")
              + "; hbulk --help lists the commands");
      return ExitCode.USAGE.code();
    }
    return cli.execute(args);
  }

  /**
   * The first argument when it names no command, or null. Checked before picocli parses, which
   * would print the top-level help with exit 0 for an unknown command followed by --help.
   */
  private static String unknownCommand(CommandLine cli, String[] args) {
    if (args.length == 0 || args[0].startsWith("-")) {
      return null;
    }
    return cli.getSubcommands().containsKey(args[0]) ? null : args[0];
  }

  static CommandLine commandLine(Configuration conf, PrintStream out, PrintStream err) {
    CommandLine cli = new CommandLine(new HbulkCommand(conf, out, err));
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setExitCodeExceptionMapper(Main::exitCode);
    addExitCodes(cli);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          boolean verbose =
              parseResult.originalArgs().contains("--verbose")
                  || parseResult.originalArgs().contains("-v");
          err.println("hbulk: " + message(e));
          if (verbose) {
            e.printStackTrace(err);
          } else if (exitCode(e) == ExitCode.INTERNAL.code()) {
            err.println("hbulk: run again with --verbose for the stack trace");
          }
          return exitCode(e);
        });
    return cli;
  }

  /** Every command's help ends with the exit codes, from the one list in {@link ExitCode}. */
  private static void addExitCodes(CommandLine cli) {
    java.util.Map<String, String> codes = new java.util.LinkedHashMap<>();
    for (ExitCode c : ExitCode.values()) {
      codes.put(String.format("%3d", c.code()), c.meaning());
    }
    cli.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
    for (CommandLine sub : cli.getSubcommands().values()) {
      addExitCodes(sub);
    }
  }

  static int exitCode(Throwable e) {
    if (e instanceof HbulkException h) {
      return h.exitCode().code();
    }
    if (e instanceof SpecException) {
      return ExitCode.BAD_SPEC.code();
    }
    if (e instanceof CommandLine.ParameterException) {
      return ExitCode.USAGE.code();
    }
    if (e instanceof org.apache.hadoop.hbase.client.RetriesExhaustedException
        || tableNotFound(e) != null) {
      return ExitCode.HBASE.code();
    }
    return ExitCode.INTERNAL.code();
  }

  private static String message(Throwable e) {
    if (e instanceof HbulkException || e instanceof SpecException) {
      return e.getMessage();
    }
    TableNotFoundException missing = tableNotFound(e);
    if (missing != null) {
      return "table " + firstLine(missing.getMessage()) + " does not exist in HBase";
    }
    if (exitCode(e) == ExitCode.HBASE.code()) {
      return "HBase: " + firstLine(e.getMessage());
    }
    return "unexpected error: " + e.getClass().getName() + ": " + firstLine(e.getMessage());
  }

  /**
   * The client throws it wrapped in its retry or iterator exceptions, wherever it first notices.
   */
  private static TableNotFoundException tableNotFound(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof TableNotFoundException missing) {
        return missing;
      }
    }
    return null;
  }

  /** HBase's retry errors hold every attempt's stack trace in their message: keep the gist. */
  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    String[] lines = message.strip().split("\\R");
    for (String line : lines) {
      if (line.contains("Exception:")) {
        return line.strip();
      }
    }
    return lines[0];
  }
}
