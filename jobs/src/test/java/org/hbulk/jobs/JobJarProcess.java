package org.hbulk.jobs;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * hbulk started the way {@code HADOOP_CLASSPATH=$(hbase mapredcp):CONF hadoop jar hbulk-...-job.jar
 * ARGS} starts it: Hadoop's RunJar in a JVM of its own runs the built job jar's Main-Class, on a
 * classpath of a cluster's configuration directory and jars (the tests' classpath minus what the
 * job jar bundles).
 */
final class JobJarProcess {
  static final Path JOB_JAR =
      Path.of(System.getProperty("hbulk.job.jar", "target/missing-job.jar"));

  private final Path confDir;
  private final Path logDir;
  private final String heap;

  /** The cluster's jars: the test classpath without what the job jar bundles. */
  private final List<String> cluster = new ArrayList<>();

  private final List<String> jvmOptions = new ArrayList<>();
  private final Map<String, String> environment = new LinkedHashMap<>();

  /**
   * @param conf the cluster's client configuration, written as a conf directory under {@code work}
   * @param heap the JVM's -Xmx, e.g. "1g"
   */
  JobJarProcess(Configuration conf, Path work, String heap) throws IOException {
    this.confDir = Files.createDirectories(work.resolve("cluster-conf"));
    this.logDir = Files.createDirectories(work.resolve("hbulk-logs"));
    this.heap = heap;
    // core-site.xml reaches every Configuration; hbase-site.xml again, because HBase reads
    // hbase-default.xml after core-site.xml and would put its defaults back.
    for (String name : List.of("core-site.xml", "hbase-site.xml")) {
      try (OutputStream o = Files.newOutputStream(confDir.resolve(name))) {
        conf.writeXml(o);
      }
    }
    for (String jar :
        Files.readString(Path.of(System.getProperty("hbulk.test.classpath")))
            .strip()
            .split(File.pathSeparator)) {
      if (!jar.contains("hbulk-mappers")
          && !jar.contains("commons-csv")
          && !jar.contains("picocli")) {
        cluster.add(jar);
      }
    }
  }

  /** Adds a JVM option to every hbulk started from now on, e.g. the KDC's krb5.conf. */
  JobJarProcess jvmOption(String option) {
    jvmOptions.add(option);
    return this;
  }

  /** Sets an environment variable of every hbulk started from now on, e.g. KRB5CCNAME. */
  JobJarProcess environment(String name, String value) {
    environment.put(name, value);
    return this;
  }

  record Run(int code, String out, String err) {}

  /** The cluster's client configuration directory (core-site.xml, hbase-site.xml). */
  Path confDir() {
    return confDir;
  }

  /** The cluster's jars, without what the job jar bundles. */
  List<String> clusterJars() {
    return List.copyOf(cluster);
  }

  /** Runs hbulk from the job jar on the cluster's classpath, as {@code hadoop jar} does. */
  Run run(String... args) throws Exception {
    return execute(command(args), environment, logDir);
  }

  /** Starts hbulk as {@link #run} does, its output going to the two files; does not wait. */
  Process start(Path out, Path err, String... args) throws IOException {
    ProcessBuilder process = new ProcessBuilder(command(args));
    process.environment().putAll(environment);
    return process.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
  }

  private List<String> command(String... args) {
    List<String> command = new ArrayList<>(List.of(java(), "-Xmx" + heap));
    String opens = System.getProperty("hbulk.jdk17.opens", "").strip();
    if (!opens.isEmpty()) {
      command.addAll(Arrays.asList(opens.split(" +")));
    }
    command.addAll(jvmOptions);
    command.add(
        "-Dlog4j.configuration=file:" + Path.of("../conf/log4j.properties").toAbsolutePath());
    command.add("-cp");
    command.add(confDir + File.pathSeparator + String.join(File.pathSeparator, cluster));
    // What bin/hadoop runs for `hadoop jar`: the job jar in a class loader of its own, whose
    // parent holds the cluster's jars (a classpath with the jar on it hid a defect of that setup).
    command.add("org.apache.hadoop.util.RunJar");
    command.add(JOB_JAR.toAbsolutePath().toString());
    command.addAll(List.of(args));
    return command;
  }

  /** Runs {@code java -jar JOB_JAR args}: no Hadoop, no HBase on the classpath. */
  static Run javaJar(Path logDir, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(java(), "-jar", JOB_JAR.toString()));
    command.addAll(List.of(args));
    return execute(command, Map.of(), logDir);
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static Run execute(List<String> command, Map<String, String> environment, Path logDir)
      throws Exception {
    Path outFile = Files.createTempFile(logDir, "hbulk-", ".out");
    Path errFile = Files.createTempFile(logDir, "hbulk-", ".err");
    ProcessBuilder process = new ProcessBuilder(command);
    process.environment().putAll(environment);
    Process p = process.redirectOutput(outFile.toFile()).redirectError(errFile.toFile()).start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(String.join(" ", command) + " did not finish in 10 minutes");
    }
    return new Run(p.exitValue(), Files.readString(outFile), Files.readString(errFile));
  }
}
