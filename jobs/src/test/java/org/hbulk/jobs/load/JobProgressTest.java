package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;

class JobProgressTest {
  @Test
  void theLineSaysPhaseProgressRateAndTimeLeft() {
    assertEquals(
        "hbulk: [job: map]  map  50%  reduce   0%  1,000,000 records, 50,000/s  ETA 0:01:00"
            + "  elapsed 0:00:20",
        JobProgress.line(0.5f, 0f, 1_000_000, 20_000));
    assertEquals(
        "hbulk: [job: reduce]  map 100%  reduce  50%  2,000,000 records, 20,000/s  ETA 0:00:33"
            + "  elapsed 0:01:40",
        JobProgress.line(1f, 0.5f, 2_000_000, 100_000));
    assertEquals(
        "hbulk: [job: map]  map   2%  reduce   0%  0 records, 0/s  ETA -  elapsed 0:00:01",
        JobProgress.line(0.02f, 0f, 0, 1_000));
  }

  @Test
  void onATerminalOneLineIsRewrittenInPlaceElsewhereEachIsALine() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(b, true, StandardCharsets.UTF_8);
    JobProgress line = new JobProgress(out, JobProgress.Style.LINE, 0);
    line.show(0.5f, 0f, 10, 10_000);
    line.show(1f, 1f, 20, 20_000);
    line.done();
    String text = b.toString(StandardCharsets.UTF_8);
    assertEquals(2, text.chars().filter(c -> c == '\r').count(), text);
    assertEquals(1, text.chars().filter(c -> c == '\n').count(), text);
    assertEquals('\n', text.charAt(text.length() - 1));

    b.reset();
    JobProgress plain = new JobProgress(out, JobProgress.Style.PLAIN, 0);
    plain.show(0.5f, 0f, 10, 10_000);
    plain.show(1f, 1f, 20, 20_000);
    plain.done();
    assertEquals(2, b.toString(StandardCharsets.UTF_8).lines().count());

    b.reset();
    JobProgress none = new JobProgress(out, JobProgress.Style.NONE, 0);
    none.show(0.5f, 0f, 10, 10_000);
    none.done();
    assertEquals("", b.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theStyleIsCheckedBeforeAnyJob() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(HbulkConf.PROGRESS, "none");
    assertEquals(JobProgress.Style.NONE, JobProgress.style(conf));
    conf.set(HbulkConf.PROGRESS, "fancy");
    assertEquals(
        ExitCode.USAGE,
        assertThrows(HbulkException.class, () -> JobProgress.style(conf)).exitCode());
  }
}
