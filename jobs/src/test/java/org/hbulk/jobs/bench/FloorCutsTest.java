package org.hbulk.jobs.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel floor's cuts fall on record starts: past a line break inside a quoted field, past
 * doubled quotes, across the read buffer's edges, and at the file's end when there are more parts
 * than records.
 */
class FloorCutsTest {
  @TempDir Path tmp;

  @Test
  void aCutSkipsALineBreakInsideQuotes() throws Exception {
    // The nominal middle, byte 13, is a line break inside the quoted field (with a doubled quote
    // before it); the second record starts after "z\",b\n".
    String text = "1,\"x\"\"y\ny\ny\ny\ny\nz\",b\n2,c,d\n";
    assertEquals('\n', text.charAt(text.length() / 2));
    Path csv = write(text);
    long[] bounds = FloorCuts.of(csv, text.length(), 2);
    assertArrayEquals(new long[] {0, text.indexOf("2,c"), text.length()}, bounds);
  }

  @Test
  void moreCutsThanRecordsLeaveEmptyPartsAtTheEnd() throws Exception {
    String text = "1,a\n2,b\n";
    Path csv = write(text);
    assertArrayEquals(new long[] {0, 4, 8, 8, 8}, FloorCuts.of(csv, text.length(), 4));
  }

  @Test
  void cutsAcrossManyReadBuffersMatchAByteByByteScan() throws Exception {
    byte[] bytes = randomCsv(20_000_000);
    Path csv = write(bytes);
    // Many part counts, so that some nominal starts fall inside quoted fields.
    for (int parts = 2; parts <= 40; parts++) {
      assertArrayEquals(expected(bytes, parts), FloorCuts.of(csv, bytes.length, parts), parts + "");
    }
    assertEquals(count(bytes), FloorCuts.quotes(bytes, 0, bytes.length));
  }

  @Test
  void aSearchForALineBreakGoesOnInTheNextBuffer() throws Exception {
    byte[] bytes = randomCsv(20_000);
    Path csv = write(bytes);
    // Small buffers put nominal starts near every edge, and the eight-byte count at every offset.
    for (int buffer : new int[] {1, 7, 8, 9, 13, 64}) {
      for (int parts = 2; parts <= 9; parts++) {
        assertArrayEquals(
            expected(bytes, parts),
            FloorCuts.of(csv, bytes.length, parts, buffer),
            parts + " parts, buffer " + buffer);
      }
    }
    for (int from = 0; from < 16; from++) {
      int to = bytes.length - from;
      assertEquals(count(Arrays.copyOfRange(bytes, from, to)), FloorCuts.quotes(bytes, from, to));
    }
  }

  /** Records of a number and a field that is plain, or quoted with doubled quotes in it. */
  private static byte[] randomCsv(int size) {
    SplittableRandom r = new SplittableRandom(11);
    StringBuilder text = new StringBuilder();
    while (text.length() < size) {
      text.append(r.nextInt(1000)).append(',');
      int kind = r.nextInt(8);
      if (kind == 0) {
        text.append("\"a\"\"b\nc,d\"");
      } else if (kind == 1) {
        text.append("\"x\"\"#!\""); // the bytes next to a quote's: '#' is '"' + 1
      } else {
        text.append("plain");
      }
      text.append('\n');
    }
    return text.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** The cuts by a plain byte-by-byte scan. */
  private static long[] expected(byte[] bytes, int parts) {
    long[] bounds = new long[parts + 1];
    Arrays.fill(bounds, bytes.length);
    bounds[0] = 0;
    boolean quoted = false;
    int part = 1;
    for (int i = 0; i < bytes.length && part < parts; i++) {
      if (bytes[i] == '"') {
        quoted = !quoted;
      } else if (bytes[i] == '\n' && !quoted && i + 1 >= (long) bytes.length * part / parts) {
        bounds[part++] = i + 1;
      }
    }
    return bounds;
  }

  private static int count(byte[] bytes) {
    int n = 0;
    for (byte b : bytes) {
      n += b == '"' ? 1 : 0;
    }
    return n;
  }

  private Path write(String text) throws Exception {
    return write(text.getBytes(StandardCharsets.US_ASCII));
  }

  private Path write(byte[] bytes) throws Exception {
    Path csv = Files.createTempFile(tmp, "cuts", ".csv");
    Files.write(csv, bytes);
    return csv;
  }
}
