package org.hbulk.jobs.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.cli.Main;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * analyze on generated events with an increasing timestamp: what each key design does to 16
 * regions.
 */
class AnalyzeTest {
  @TempDir static Path tmp;
  static Path events;

  @BeforeAll
  static void generate() throws Exception {
    SplittableRandom random = new SplittableRandom(7);
    StringBuilder b = new StringBuilder();
    long ts = 1_795_334_400_000L;
    for (int i = 0; i < 40_000; i++) {
      ts += random.nextInt(1, 50);
      b.append(i)
          .append(',')
          .append(ts)
          .append(",u")
          .append(String.format("%05d", random.nextInt(50_000)))
          .append(",payload ")
          .append(random.nextInt(1000))
          .append('\n');
    }
    events = tmp.resolve("events.csv");
    Files.writeString(events, b);
  }

  private static JsonNode analyze(String key) throws Exception {
    Path spec = tmp.resolve("k" + Math.abs(key.hashCode()) + ".spec");
    Files.writeString(
        spec,
        "[columns]\nid = long\nts = timestamp(epoch-millis)\nuser = string\npayload = string\n"
            + "[output e]\ntable = events\nkey = "
            + key
            + "\ne:p = payload\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        new Main(
                new Configuration(false),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
            .run(
                new String[] {
                  "analyze",
                  "--spec",
                  spec.toString(),
                  "--input",
                  events.toString(),
                  "--regions",
                  "16",
                  "--json"
                });
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    org.hbulk.jobs.JsonSchemas.assertValid("analyze", out.toString(StandardCharsets.UTF_8));
    return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void saltedKeysSpreadEvenlyOverSixteenBuckets() throws Exception {
    JsonNode json = analyze("salt(ts, 16) + dec(ts, 13)");
    assertEquals(16, json.at("/tables/0/regions").size());
    double skew = json.at("/tables/0/row_skew").asDouble();
    assertTrue(skew <= 1.10, "max/mean " + skew);
    assertEquals(0, json.get("warnings").size(), json.get("warnings").toString());
  }

  @Test
  void md5PrefixedKeysSpreadEvenlyOverSixteenSlicesOfTheHashSpace() throws Exception {
    JsonNode json = analyze("left(md5(id), 4) + dec(ts, 13)");
    assertTrue(json.at("/tables/0/plan").asText().contains("16 even slices of the hash space"));
    double skew = json.at("/tables/0/row_skew").asDouble();
    assertTrue(skew <= 1.10, "max/mean " + skew);
  }

  @Test
  void timestampFirstKeyIsFlaggedAsAHotspot() throws Exception {
    JsonNode json = analyze("dec(ts, 13) + user");
    String warnings = json.get("warnings").toString();
    assertTrue(warnings.contains("grows with time"), warnings);
    assertTrue(
        warnings.contains("HOTSPOT: the leading key part grew in 100% of consecutive records"),
        warnings);
    assertTrue(json.at("/outputs/0/leading_growing_share").asDouble() > 0.99);
    assertEquals(
        40_000, json.get("sampled_records").asLong(), "the whole file is below the sample size");
  }

  @Test
  void sequentialIdsCutAtSampledQuantilesAreEvenInTheSample() throws Exception {
    JsonNode json = analyze("dec(id, 10)");
    assertTrue(json.at("/tables/0/plan").asText().contains("16 regions cut at byte quantiles"));
    double skew = json.at("/tables/0/row_skew").asDouble();
    assertTrue(skew <= 1.10, "max/mean " + skew);
  }
}
