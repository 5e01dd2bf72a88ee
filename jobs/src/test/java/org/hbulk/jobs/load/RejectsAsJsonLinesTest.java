package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's rejects are JSON lines whatever the cluster says of job output. */
class RejectsAsJsonLinesTest {
  @TempDir Path tmp;

  @Test
  void rejectsAreJsonLinesUnderAClusterDefaultOfCompressedJobOutput() throws Exception {
    LoadSpec spec =
        LoadSpec.parse(
            "t.spec",
            "[columns]\nid = string\nn = int\n\n[output o]\ntable = t\nkey = id\n"
                + "timestamp = 1000\nd:n = n\n\n[rejects]\nmax = unlimited\n");
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("a.csv"), "a,1\nb,not-a-number\n");
    Configuration conf = LocalRuns.conf(tmp);
    // What a cluster's mapred-site.xml (or a -D) may say for every job's output.
    conf.setBoolean("mapreduce.output.fileoutputformat.compress", true);
    conf.set(
        "mapreduce.output.fileoutputformat.compress.codec",
        "org.apache.hadoop.io.compress.DefaultCodec");
    PrintStream log = new PrintStream(new ByteArrayOutputStream(), true);
    org.apache.hadoop.fs.Path runDir = new org.apache.hadoop.fs.Path(tmp.resolve("run").toUri());
    LoadReport report =
        new LoadTask(conf, LocalRuns.oneRegionTable("t", "d"), log, log, ReportFormat.TEXT)
            .run(spec, List.of(in.toString()), runDir, RunState.Mode.PREPARE);
    assertEquals(1, report.state().counts().rejected());

    List<Path> files;
    try (Stream<Path> s = Files.list(tmp.resolve("run/rejects"))) {
      files = s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
    }
    assertEquals(1, files.size(), files.toString());
    assertTrue(
        files.get(0).getFileName().toString().matches("rejects-m-\\d{5}\\.jsonl"),
        files.toString());
    String line = Files.readString(files.get(0));
    assertTrue(line.startsWith("{\"file\":") && line.contains("\"reason\":\"BAD_VALUE\""), line);
  }
}
