package org.hbulk.jobs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;

/** The top-level command: only lists the others. */
@Command(
    name = "hbulk",
    mixinStandardHelpOptions = true,
    versionProvider = HbulkCommand.Version.class,
    description = "Bulk-loads CSV files into HBase through HFiles, with designed row keys.",
    subcommands = {
      LoadCommand.class,
      PrepareCommand.class,
      CompleteCommand.class,
      ResumeCommand.class,
      NightlyCommand.class,
      VerifyCommand.class,
      CreateTableCommand.class,
      AnalyzeCommand.class,
      ExplainCommand.class,
      ImportTsvCommand.class,
      ScanCommand.class,
      GetCommand.class,
      CountCommand.class,
      DescribeCommand.class,
      PingCommand.class,
      SampleDataCommand.class,
      CompletionCommand.class,
      picocli.CommandLine.HelpCommand.class
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  hbulk create-table --spec conf/examples/orders.spec",
      "  hbulk load --spec conf/examples/orders.spec --input data/orders.csv",
      "  hbulk prepare --spec orders.spec --input 'hdfs:///dumps/2026-11-22/*.csv.gz'",
      "  hbulk complete --run-dir hbulk-runs/orders/20261123-020000-000"
    })
final class HbulkCommand implements Runnable {
  private final Configuration conf;
  private final PrintStream out;
  private final PrintStream err;

  HbulkCommand(Configuration conf, PrintStream out, PrintStream err) {
    this.conf = conf;
    this.out = out;
    this.err = err;
  }

  Configuration conf() {
    return conf;
  }

  PrintStream out() {
    return out;
  }

  PrintStream err() {
    return err;
  }

  @Override
  public void run() {
    new picocli.CommandLine(this).usage(out);
  }

  static final class Version implements picocli.CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      // A resource filtered by the build, not the manifest: the help texts are written from
      // target/classes, before any jar (and its manifest) exists.
      Properties p = new Properties();
      try (InputStream in =
          HbulkCommand.class.getResourceAsStream("/org/hbulk/jobs/version.properties")) {
        if (in != null) {
          p.load(in);
        }
      }
      return new String[] {"hbulk " + p.getProperty("version", "(development build)")};
    }
  }
}
