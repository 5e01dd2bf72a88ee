package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which nightly runs are the same run, what counts as a change, and what pruning may delete. */
class NightlyIdentityTest {
  @TempDir Path tmp;

  private static String specText(String... tables) {
    StringBuilder b = new StringBuilder("[columns]\nid = long\nname = string\n");
    for (int i = 0; i < tables.length; i++) {
      b.append("[output o")
          .append(i)
          .append("]\ntable = ")
          .append(tables[i])
          .append("\nkey = id\nd:n = name\n");
    }
    return b.toString();
  }

  private static LoadSpec spec(String source, Map<String, String> overrides, String... tables) {
    return LoadSpec.parse(source, specText(tables), overrides);
  }

  @Test
  void theSameFileNameInAnotherDirectoryWritingAnotherTableIsAnotherIdentity() {
    NightlyIdentity a = NightlyIdentity.of(spec("/etc/a/orders.spec", Map.of(), "orders"));
    NightlyIdentity b = NightlyIdentity.of(spec("/etc/b/orders.spec", Map.of(), "orders_b"));
    assertEquals("orders@orders", a.name());
    assertEquals("orders@orders_b", b.name());
    Configuration conf = new Configuration(false);
    conf.set(HbulkConf.WORK_DIR, "/w");
    conf.set(HbulkConf.NIGHTLY_LOCK_DIR, "/locks");
    assertNotEquals(
        a.runDir(conf, LocalDate.of(2026, 11, 22)), b.runDir(conf, LocalDate.of(2026, 11, 22)));
    assertEquals(
        "/w/orders@orders/2026-11-22", a.runDir(conf, LocalDate.of(2026, 11, 22)).toString());
    assertEquals(Path.of("/locks/orders@orders_b.lock"), b.lockFile(conf));
  }

  @Test
  void aTableOverriddenWithDashDIsAnotherIdentity() {
    NightlyIdentity plain = NightlyIdentity.of(spec("orders.spec", Map.of(), "orders"));
    NightlyIdentity overridden =
        NightlyIdentity.of(spec("orders.spec", Map.of("output.o0.table", "orders_test"), "orders"));
    assertEquals("orders@orders_test", overridden.name());
    assertNotEquals(plain.name(), overridden.name());
  }

  @Test
  void tablesAreSortedNormalizedAndNamespacesKeptApart() {
    assertEquals("x@a+b", NightlyIdentity.of(spec("x.spec", Map.of(), "b", "a", "b")).name());
    assertEquals("x@t", NightlyIdentity.of(spec("x.spec", Map.of(), "default:t")).name());
    assertEquals("x@ns=t", NightlyIdentity.of(spec("x.spec", Map.of(), "ns:t")).name());
    assertNotEquals(
        NightlyIdentity.of(spec("x.spec", Map.of(), "ns:t")).name(),
        NightlyIdentity.of(spec("x.spec", Map.of(), "ns.t")).name());
    String many =
        NightlyIdentity.of(
                spec(
                    "x.spec",
                    Map.of(),
                    Stream.iterate(0, i -> i + 1)
                        .limit(30)
                        .map(i -> "a_rather_long_table_name_" + i)
                        .toArray(String[]::new)))
            .name();
    assertTrue(many.matches("x@tables-[0-9a-f]{16}"), many);
  }

  @Test
  void aGivenNameMustBeAFileName() throws Exception {
    assertEquals("orders-eu", NightlyIdentity.named("orders-eu").name());
    for (String bad : new String[] {"", "../x", "a/b", ".hidden", "a b", "x".repeat(201)}) {
      HbulkException e = assertThrows(HbulkException.class, () -> NightlyIdentity.named(bad), bad);
      assertEquals(ExitCode.USAGE, e.exitCode());
      assertTrue(e.getMessage().contains("--name"), e.getMessage());
    }
  }

  @Test
  void theFingerprintSaysWhatChangedOldThenNew() {
    LoadFingerprint then = LoadFingerprint.of(spec("a/orders.spec", Map.of(), "orders"));
    assertEquals(
        List.of(),
        then.differences(LoadFingerprint.of(spec("b/orders.spec", Map.of(), "orders"))),
        "the same text and tables from another directory is the same load");
    LoadFingerprint otherText =
        LoadFingerprint.of(
            LoadSpec.parse(
                "orders.spec", specText("orders").replace("d:n = name", "d:m = name"), Map.of()));
    List<String> d = then.differences(otherText);
    assertEquals(1, d.size(), d.toString());
    assertTrue(d.get(0).contains("line 7: 'd:n = name' then, 'd:m = name' now"), d.get(0));
    List<String> o =
        then.differences(
            LoadFingerprint.of(spec("orders.spec", Map.of("rejects.max", "5"), "orders")));
    assertEquals(List.of("overrides {} then, {rejects.max=5} now"), o);
    List<String> t =
        then.differences(
            new LoadFingerprint(then.specText(), then.overrides(), List.of("orders", "x")));
    assertEquals(List.of("tables [orders] then, [orders, x] now"), t);
  }

  @Test
  void pruningDeletesEveryKindOfOldLeftoverOfTheIdentityAndNothingElse() throws Exception {
    Path work = tmp.resolve("work");
    Path mine = work.resolve("orders@orders");
    List<String> old = List.of("2026-10-01", "2026-10-02.replaced-1795276800000", "2026-10-03");
    List<String> kept =
        List.of(
            "2026-10-24",
            "2026-11-21.replaced-17",
            "2026-11-22",
            "2026-10-01.bak",
            "2026-10-01-mine",
            "20261001-020000-000",
            "2026-13-45",
            "notes");
    for (String dir : old) {
      Files.createDirectories(mine.resolve(dir).resolve("hfiles"));
    }
    Files.writeString(mine.resolve("2026-10-01").resolve("run.properties"), "stage=LOADED\n");
    // 2026-10-03 has no run.properties: a run that died before preparing.
    for (String dir : kept) {
      Files.createDirectories(mine.resolve(dir));
    }
    Files.writeString(mine.resolve("2026-10-04"), "a file, not a run");
    Path other = Files.createDirectories(work.resolve("orders@orders_b").resolve("2026-10-01"));

    ByteArrayOutputStream said = new ByteArrayOutputStream();
    FileSystem fs = FileSystem.getLocal(new Configuration());
    NightlyRun.prune(
        fs,
        new org.apache.hadoop.fs.Path(mine.toUri()),
        LocalDate.of(2026, 11, 22),
        30,
        new PrintStream(said, true, StandardCharsets.UTF_8));

    TreeSet<String> left;
    try (Stream<Path> s = Files.list(mine)) {
      left = s.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
    }
    TreeSet<String> expected = new TreeSet<>(kept);
    expected.add("2026-10-04");
    assertEquals(expected, left, said.toString(StandardCharsets.UTF_8));
    assertTrue(Files.isDirectory(other), "another identity's run is not this run's to prune");
    assertEquals(
        3,
        said.toString(StandardCharsets.UTF_8)
            .lines()
            .filter(l -> l.startsWith("hbulk: pruned "))
            .count());
  }
}
