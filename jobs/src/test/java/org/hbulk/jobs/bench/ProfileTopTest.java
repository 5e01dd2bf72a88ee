package org.hbulk.jobs.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTopTest {
  @TempDir Path tmp;

  /** A fixed amount of work no JIT can fold away: the samples must land in it. */
  static long spin(long rounds) {
    long h = 1125899906842597L;
    for (long i = 0; i < rounds; i++) {
      h = 31 * h + (i ^ (h >>> 7));
    }
    return h;
  }

  @Test
  void aBusyMethodTopsTheOwnTimeTableAndItsCallerIsInTheInclusiveOne() throws Exception {
    Path file = tmp.resolve("busy.jfr");
    long sink;
    try (Recording recording = new Recording()) {
      recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
      recording.start();
      sink = callsSpin();
      recording.stop();
      recording.dump(file);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ProfileTop.read(file).print(new PrintStream(bytes, true, StandardCharsets.UTF_8), 200);
    String out = bytes.toString(StandardCharsets.UTF_8);
    String own = out.substring(out.indexOf("own time, by method"), out.indexOf("on the stack"));
    String firstOwn = own.lines().skip(1).findFirst().orElse("");
    assertTrue(firstOwn.endsWith("org.hbulk.jobs.bench.ProfileTopTest.spin"), out + sink);
    assertTrue(
        out.substring(out.indexOf("on the stack"))
            .contains("org.hbulk.jobs.bench.ProfileTopTest.callsSpin"),
        out);
    assertTrue(out.startsWith("samples: "), out);
  }

  private static long callsSpin() {
    return spin(1_000_000_000L);
  }
}
