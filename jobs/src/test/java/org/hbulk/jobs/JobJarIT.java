package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.JobJarProcess.Run;
import org.hbulk.jobs.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The built job jar, as `hadoop jar` and a bare `java -jar` see it. */
class JobJarIT {
  @TempDir Path tmp;

  private static final Path JAR = JobJarProcess.JOB_JAR;

  @Test
  void hasTheLauncherAsMainClassAndNoHadoopHBaseOrBenchmarkInside() throws IOException {
    assertTrue(Files.isRegularFile(JAR), JAR + " was not built");
    try (JarFile jar = new JarFile(JAR.toFile())) {
      assertEquals(
          "org.hbulk.jobs.cli.Launcher",
          jar.getManifest().getMainAttributes().getValue("Main-Class"));
      List<String> classes = new ArrayList<>();
      for (ZipEntry e : Collections.list(jar.entries())) {
        if (e.getName().endsWith(".class")) {
          classes.add(e.getName());
        }
      }
      // hbulk's own HFile writer lives in HBase's package, for its package-private block writer:
      // the one class outside org/hbulk, and it must not be relocated.
      String writer = "org/apache/hadoop/hbase/io/hfile/HbulkHFileWriter";
      assertTrue(jar.getEntry(writer + ".class") != null, writer + " missing from " + JAR);
      List<String> foreign =
          classes.stream()
              .filter(c -> !c.startsWith("org/hbulk/") && !c.startsWith(writer))
              .toList();
      assertEquals(
          List.of(), foreign, "classes outside org/hbulk: Hadoop, HBase or an unrelocated library");
      List<String> bench =
          classes.stream().filter(c -> c.startsWith("org/hbulk/jobs/bench/")).toList();
      assertEquals(List.of(), bench, "the benchmark's classes are test classes, not the product's");
      for (String bundled :
          List.of(
              "org/hbulk/shaded/commons/csv/CSVFormat.class",
              "org/hbulk/shaded/picocli/CommandLine.class",
              "org/hbulk/shaded/commons/io/IOUtils.class",
              "org/hbulk/shaded/commons/codec/binary/Hex.class",
              "org/hbulk/mappers/mapreduce/CsvToCellsMapper.class",
              "org/hbulk/jobs/cli/Main.class",
              "org/hbulk/jobs/cli/help/load.txt")) {
        assertTrue(jar.getEntry(bundled) != null, bundled + " missing from " + JAR);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"--help", "load --help", "help nightly", "create-table -h", "--version"})
  void javaDashJarPrintsTheSameHelpAsTheFullProgram(String args) throws Exception {
    String[] argv = args.split(" ");
    Run bare = javaJar(argv);
    assertEquals(0, bare.code(), bare.err());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    assertEquals(0, new Main(new Configuration(false), o, o).run(argv));
    assertEquals(out.toString(StandardCharsets.UTF_8), bare.out());
    assertTrue(
        bare.out().contains(args.startsWith("--version") ? "hbulk 0." : "Usage: hbulk"),
        bare.out());
  }

  @Test
  void anythingElseWithoutHadoopSaysHowToRunIt() throws Exception {
    Run r = javaJar("load", "--spec", "orders.spec", "--input", "orders.csv");
    assertEquals(ExitCode.USAGE.code(), r.code());
    assertTrue(
        r.err().contains("hadoop jar " + JAR.getFileName() + " load --spec orders.spec"), r.err());
    assertEquals("", r.out());
    Run unknown = javaJar("frobnicate", "--help");
    assertEquals(ExitCode.USAGE.code(), unknown.code());
    assertTrue(unknown.err().contains("unknown command 'frobnicate'"), unknown.err());
  }

  private Run javaJar(String... args) throws Exception {
    return JobJarProcess.javaJar(tmp, args);
  }
}
