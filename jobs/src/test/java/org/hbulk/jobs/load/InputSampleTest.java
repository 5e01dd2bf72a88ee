package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What verify, analyze and create-table read of an input: all of it up to the limit, else a spread.
 */
class InputSampleTest {
  @TempDir Path tmp;

  static final LoadSpec SPEC =
      LoadSpec.parse(
          "t.spec",
          "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\n"
              + "timestamp = 1000\nd:v = v\n");

  private static List<String> sample(Path input, int limit) throws Exception {
    return InputSample.spread(new Configuration(false), SPEC, List.of(input.toString()), limit)
        .stream()
        .map(r -> new String(r, StandardCharsets.UTF_8))
        .toList();
  }

  private static String lines(String prefix, int count, int bytes) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < count; i++) {
      String id = String.format("%s%05d,", prefix, i);
      b.append(id).append("x".repeat(bytes - id.length() - 1)).append('\n');
    }
    return b.toString();
  }

  @Test
  void filesOfUnequalSizeHoldingAtMostTheLimitAreReadWhole() throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("a.csv"), lines("a", 15, 10));
    Files.writeString(in.resolve("b.csv"), lines("b", 1, 10));
    assertEquals(16, sample(in, 20).size());
    assertEquals(16, sample(in, 16).size());
    assertEquals(15, sample(in, 15).size());
  }

  @Test
  void aFileOverAMebibyteHoldingAtMostTheLimitIsReadWhole() throws Exception {
    // 2,400 records of 400 bytes, then 8,000 of 20 bytes: 10,400 records in 1.12 MB.
    Path f = tmp.resolve("one.csv");
    Files.writeString(f, lines("l", 2400, 400) + lines("s", 8000, 20));
    List<String> got = sample(f, 12_000);
    assertEquals(10_400, got.size());
    assertEquals(10_400, sample(f, 10_400).size());
    assertTrue(got.contains("s07999," + "x".repeat(12)), "the last record");
  }

  @Test
  void aBiggerInputIsSampledFromEveryFileByItsBytesFromFirstRecordToLast() throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(in.resolve("a.csv"), lines("a", 30, 10));
    Files.writeString(in.resolve("b.csv"), lines("b", 10, 10));
    List<String> ids = sample(in, 20).stream().map(r -> r.substring(0, 6)).toList();
    assertEquals(15, ids.stream().filter(id -> id.startsWith("a")).count(), ids.toString());
    assertEquals(5, ids.stream().filter(id -> id.startsWith("b")).count(), ids.toString());
    assertTrue(ids.containsAll(List.of("a00000", "a00029", "b00000", "b00009")), ids.toString());
  }

  @Test
  void aBigFileIsSampledUpToItsLastBytes() throws Exception {
    // 1,100,001 bytes of 1 kB records, then five records in the file's last 26 bytes, past the
    // last multiple of 32 bytes (where the chunks used to end).
    Path f = tmp.resolve("big.csv");
    String head = lines("l", 1099, 1000) + lines("m", 1, 1001);
    String tail = "t0,x\n".repeat(5);
    Files.writeString(f, head + tail);
    assertEquals(1_100_026, Files.size(f));
    List<String> got = sample(f, 1104);
    assertEquals(1104, got.size());
    assertTrue(got.stream().anyMatch(r -> r.startsWith("t")), "a record of the last 26 bytes");
    List<String> fewer = sample(f, 100);
    assertEquals(100, fewer.size());
    assertTrue(
        fewer.stream().anyMatch(r -> r.startsWith("l0106")), "a record of the last 32nd: " + fewer);
  }
}
