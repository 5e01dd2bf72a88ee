package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RunPathsTest {
  private static final java.nio.file.Path ROOT =
      java.nio.file.Path.of("..").toAbsolutePath().normalize();
  private static final LocalDate DAY = LocalDate.of(2026, 11, 22);

  private static Configuration work(String dir) {
    Configuration conf = new Configuration(false);
    conf.set(HbulkConf.WORK_DIR, dir);
    return conf;
  }

  @Test
  void aLoadRunIsNamedForItsSpecFileAndItsStartInUtc() {
    long start = Instant.parse("2026-11-22T01:02:03.004Z").toEpochMilli();
    assertEquals(
        new Path("/w/orders/20261122-010203-004"),
        RunPaths.loadRun(work("/w"), "hdfs://nn:8020/specs/orders.spec", start));
    assertEquals(
        new Path("hbulk-runs/orders/20261122-010203-004"),
        RunPaths.loadRun(new Configuration(false), "orders.spec", start));
  }

  @Test
  void aNightlyRunAndItsSetAsideCopyAreFoundAgainByTheirDate() {
    Path run = RunPaths.nightlyRun(work("/w"), "orders@orders", DAY);
    assertEquals(new Path("/w/orders@orders/2026-11-22"), run);
    assertEquals(RunPaths.nightlyDir(work("/w"), "orders@orders"), run.getParent());
    Path aside = RunPaths.setAside(run, 1764000000000L);
    assertEquals(new Path("/w/orders@orders/2026-11-22.replaced-1764000000000"), aside);
    assertEquals(Optional.of(DAY), RunPaths.nightlyDate(run.getName()));
    assertEquals(Optional.of(DAY), RunPaths.nightlyDate(aside.getName()));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "20261122-010203-004",
        "2026-13-45",
        "2026-11-22.old",
        "2026-11-22.replaced-",
        "notes"
      })
  void noOtherNameIsANightlyRun(String name) {
    assertEquals(Optional.empty(), RunPaths.nightlyDate(name));
  }

  /** The README and nightly-load.sh's header state the rule the code follows. */
  @Test
  void theDocumentsStateTheRule() throws IOException {
    String readme = Files.readString(ROOT.resolve("README.md"));
    assertTrue(
        readme.contains("`<hbulk.work.dir>/<spec name>/<yyyyMMdd-HHmmss-SSS>`"),
        "README: a load's run");
    assertTrue(readme.contains("`<hbulk.work.dir>/<identity>/<date>`"), "README: a nightly run");
    assertTrue(readme.contains("`<date>.replaced-<millis>`"), "README: a replaced nightly run");
    assertTrue(
        Files.readString(ROOT.resolve("scripts/nightly-load.sh"))
            .contains("<hbulk.work.dir>/<identity>/<date>"));
    assertTrue(
        Files.readString(ROOT.resolve("conf/local/hbase-site.xml.in"))
            .contains("<name>hbulk.work.dir</name><value>@ROOT@/runs</value>"),
        "the standalone's runs, var/runs");
    assertTrue(readme.contains("locally `var/runs/...`"), "README: var/runs");
  }
}
