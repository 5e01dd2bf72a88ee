package org.hbulk.mappers.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Properties: order-preserving encodings sort like the numbers; salts never change; decode inverts
 * encode.
 */
class OrderAndDeterminismTest {
  private static final SplittableRandom RANDOM = new SplittableRandom(20261123);

  private static <T> void assertBytesSortLikeValues(Exprs e, List<T> values, Comparator<T> order)
      throws Exception {
    List<T> byValue = new ArrayList<>(values);
    byValue.sort(order);
    List<Object[]> encoded = new ArrayList<>();
    for (T v : values) {
      encoded.add(new Object[] {e.bytes(String.valueOf(v)), v});
    }
    encoded.sort((a, b) -> Bytes.compareTo((byte[]) a[0], (byte[]) b[0]));
    List<T> byBytes = new ArrayList<>();
    for (Object[] x : encoded) {
      @SuppressWarnings("unchecked")
      T v = (T) x[1];
      byBytes.add(v);
    }
    assertEquals(byValue, byBytes);
    for (Object[] x : encoded) {
      byte[] b = (byte[]) x[0];
      assertEquals(String.valueOf(x[1]), e.key.decode(b, 0, b.length), "decode(encode(x)) == x");
    }
  }

  @Test
  void sortableLongsSortLikeLongs() throws Exception {
    List<Long> values =
        new ArrayList<>(
            List.of(
                Long.MIN_VALUE,
                Long.MIN_VALUE + 1,
                -1L,
                0L,
                1L,
                Long.MAX_VALUE - 1,
                Long.MAX_VALUE,
                255L,
                256L,
                -256L));
    for (int i = 0; i < 2000; i++) {
      values.add(RANDOM.nextLong());
      values.add((long) RANDOM.nextInt(-1000, 1000));
    }
    assertBytesSortLikeValues(
        new Exprs("n = long", "sortable(n)"), values, Comparator.naturalOrder());
  }

  @Test
  void sortableIntsSortLikeInts() throws Exception {
    List<Integer> values = new ArrayList<>(List.of(Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE));
    for (int i = 0; i < 2000; i++) {
      values.add(RANDOM.nextInt());
    }
    assertBytesSortLikeValues(
        new Exprs("n = int", "sortable(n)"), values, Comparator.naturalOrder());
  }

  @Test
  void sortableDoublesSortLikeDoubles() throws Exception {
    List<Double> values =
        new ArrayList<>(
            List.of(
                -Double.MAX_VALUE,
                -1.5,
                -Double.MIN_VALUE,
                0.0,
                Double.MIN_VALUE,
                1e-300,
                2.5,
                1e300,
                Double.MAX_VALUE));
    for (int i = 0; i < 2000; i++) {
      values.add((RANDOM.nextDouble() - 0.5) * Math.pow(10, RANDOM.nextInt(-20, 20)));
    }
    assertBytesSortLikeValues(
        new Exprs("x = double", "sortable(x)"), values, Comparator.naturalOrder());
  }

  @Test
  void zeroPaddedDecimalsSortLikeTheirNumbers() throws Exception {
    List<Long> values = new ArrayList<>(List.of(0L, 9L, 10L, 99999999L));
    for (int i = 0; i < 1000; i++) {
      values.add((long) RANDOM.nextInt(0, 100_000_000));
    }
    assertBytesSortLikeValues(
        new Exprs("n = long", "dec(n, 8)"), values, Comparator.naturalOrder());
  }

  @Test
  void reverseTimestampsSortNewestFirstAndDecodeBack() throws Exception {
    Exprs e = new Exprs("ts = long", "reverse_ts(ts, dec)");
    List<Long> values = new ArrayList<>(List.of(0L, 1L, Long.MAX_VALUE, 1700000000000L));
    for (int i = 0; i < 1000; i++) {
      values.add(RANDOM.nextLong(0, Long.MAX_VALUE));
    }
    assertBytesSortLikeValues(e, values, Comparator.reverseOrder());
  }

  /** Run by {@link #saltsAreTheSameInAnotherJvm}: prints the salts of its arguments. */
  public static void main(String[] args) throws Exception {
    Exprs e = new Exprs("u = string", "salt(u, 64) + salt(u, 7, hex) + salt(u, 200, byte)");
    StringBuilder out = new StringBuilder();
    for (String a : args) {
      out.append(Bytes.toHex(e.bytes(a))).append('\n');
    }
    System.out.print(out);
  }

  @Test
  void saltsAreTheSameInAnotherJvm() throws Exception {
    String[] inputs = {"alice", "u00042", "1454557429", "中文"};
    List<String> command =
        new ArrayList<>(
            List.of(
                System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
                "--add-opens",
                "java.base/java.nio=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                OrderAndDeterminismTest.class.getName()));
    command.addAll(List.of(inputs));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String child = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), child);
    Exprs e = new Exprs("u = string", "salt(u, 64) + salt(u, 7, hex) + salt(u, 200, byte)");
    StringBuilder here = new StringBuilder();
    for (String a : List.of(inputs)) {
      here.append(Bytes.toHex(e.bytes(a))).append('\n');
    }
    assertEquals(here.toString(), child);
    // And fixed for good: murmur3_32("hello") = 0x248bfa47 = 613153351 is the algorithm's own.
    assertEquals("07" + "6", new Exprs("u = string", "salt(u, 64) + salt(u, 7)").text("hello"));
    assertEquals((byte) 151, new Exprs("u = string", "salt(u, 200, byte)").bytes("hello")[0]);
  }
}
