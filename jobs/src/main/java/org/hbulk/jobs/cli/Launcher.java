package org.hbulk.jobs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.hbulk.jobs.ExitCode;

/**
 * The job jar's Main-Class. The jar carries no Hadoop or HBase (the cluster supplies them through
 * {@code hadoop jar} and {@code HADOOP_CLASSPATH=$(hbase mapredcp)}), so under a bare {@code java
 * -jar} this class must not touch them: it answers help and version requests from texts written at
 * build time by {@link HelpTextWriter} from the same command definitions, and explains how to run
 * anything else. With Hadoop present it hands over to {@link Main}.
 */
public final class Launcher {
  static final String HELP_DIR = "/org/hbulk/jobs/cli/help/";
  private static final List<String> HELP_FLAGS = List.of("-h", "--help");

  private Launcher() {}

  public static void main(String[] args) throws Exception {
    if (hadoopPresent()) {
      Main.main(args);
      return;
    }
    System.exit(withoutHadoop(args, System.out, System.err));
  }

  private static boolean hadoopPresent() {
    try {
      Class.forName("org.apache.hadoop.conf.Configuration", false, Launcher.class.getClassLoader());
      Class.forName(
          "org.apache.hadoop.hbase.HBaseConfiguration", false, Launcher.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  static int withoutHadoop(String[] args, PrintStream out, PrintStream err) throws IOException {
    List<String> a = Arrays.asList(args);
    if (a.isEmpty() || HELP_FLAGS.contains(a.get(0)) || a.equals(List.of("help"))) {
      return print("hbulk", out, err);
    }
    if (a.size() == 2 && (HELP_FLAGS.contains(a.get(1)) || a.get(0).equals("help"))) {
      return print(a.get(0).equals("help") ? a.get(1) : a.get(0), out, err);
    }
    if (a.get(0).equals("-V") || a.get(0).equals("--version")) {
      return print("version", out, err);
    }
    err.println(
        "hbulk: Hadoop and HBase are not on the classpath. This jar runs on a cluster as\n"
            + "  HADOOP_CLASSPATH=$(hbase mapredcp):/etc/hbase/conf hadoop jar "
            + jarName()
            + " "
            + String.join(" ", a)
            + "\n"
            + "or on this machine as scripts/hbulk "
            + String.join(" ", a)
            + " (see the README).");
    return ExitCode.USAGE.code();
  }

  private static int print(String name, PrintStream out, PrintStream err) throws IOException {
    try (InputStream in = Launcher.class.getResourceAsStream(HELP_DIR + name + ".txt")) {
      if (in == null) {
        err.println("hbulk: unknown command '" + name + "'; hbulk --help lists the commands");
        return ExitCode.USAGE.code();
      }
      out.print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      out.flush();
      return ExitCode.OK.code();
    }
  }

  private static String jarName() {
    String path = Launcher.class.getProtectionDomain().getCodeSource().getLocation().getPath();
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
