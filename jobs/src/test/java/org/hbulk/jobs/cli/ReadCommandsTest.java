package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.read.ReadFixtures;
import org.hbulk.jobs.read.SpecDecoder;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/** get, scan, count and describe without a cluster: their help, key arguments and refusals. */
class ReadCommandsTest extends CommandLineTest {
  private static final LoadSpec SPEC = ReadFixtures.paysSpec();

  @Test
  void everyReadCommandHasExamplesOfOneLineWithin78Characters() {
    for (String command : new String[] {"get", "scan", "count", "describe"}) {
      assertEquals(0, hbulk(command, "--help"), err);
      String examples = out.substring(out.indexOf("Examples:") + "Examples:".length());
      examples = examples.strip();
      for (String line : examples.split("\n")) {
        assertTrue(line.strip().startsWith("hbulk " + command + " "), command + ": " + line);
        assertTrue(line.length() <= 78, command + ": " + line.length() + ": " + line);
      }
    }
  }

  @Test
  void keyPartsNeedASpecAndEveryNameAColumnOfItsKeyElseTheTextIsARawKey() {
    SpecDecoder decoder = SpecDecoder.of(SPEC, SPEC.outputs().get(0));
    assertEquals(
        Map.of("user", "ann", "ts", "2000"), ReadOptions.keyParts("user=ann,ts=2000", decoder));
    assertNull(ReadOptions.keyParts("user=ann,other=1", decoder));
    assertNull(ReadOptions.keyParts("ann#", decoder));
    assertNull(ReadOptions.keyParts("user=ann", SpecDecoder.RAW));
  }

  @Test
  void badReadOptionsAreUsageErrorsBeforeHBaseIsAsked() {
    assertEquals(ExitCode.USAGE.code(), hbulk("get", "--key", "a"));
    assertTrue(err.contains("give --table, or --spec to read its table"), err);
    assertEquals(ExitCode.USAGE.code(), hbulk("scan", "--table", "t", "--time-range", "yesterday"));
    assertTrue(err.contains("takes FROM..TO or FROM.. in epoch milliseconds"), err);
    assertEquals(ExitCode.USAGE.code(), hbulk("scan", "--table", "t", "--limit", "-1"));
    assertEquals(ExitCode.USAGE.code(), hbulk("count"));
    assertEquals(ExitCode.USAGE.code(), hbulk("describe", "--table", "t", "--regions"));
    for (String[] args :
        new String[][] {
          {"get", "--table", "-bad", "--key", "a"},
          {"count", "--table", "-bad"},
          {"describe", "--table", "-bad"}
        }) {
      assertEquals(ExitCode.BAD_SPEC.code(), hbulk(args), err);
      assertTrue(err.startsWith("hbulk: --table '-bad' is not a valid HBase table name"), err);
    }
  }
}
