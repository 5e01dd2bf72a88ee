package org.hbulk.mappers.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyWarningsTest {
  private static LoadSpec spec(String key) {
    return LoadSpec.parse(
        "t.spec",
        "[columns]\nts = timestamp(epoch-millis)\nid = long\nu = string\n"
            + "[output o]\ntable = t\nkey = "
            + key
            + "\nf:a = u\n");
  }

  @Test
  void aLeadingTimeOrSequenceIsAHotspot() {
    for (String key :
        List.of(
            "ts + \"|\" + u",
            "id",
            "time_floor(ts, hour) + u",
            "sortable(ts) + u",
            "dec(id, 12)")) {
      List<String> w = KeyWarnings.of(spec(key));
      assertEquals(
          1, w.stream().filter(x -> x.contains("grows with time")).count(), key + ": " + w);
    }
    for (String key :
        List.of(
            "salt(ts, 8) + dec(ts, 13)",
            "u + \"#\" + reverse_ts(ts)",
            "reverse_ts(ts) + u",
            "bucket(ts, 16) + dec(ts, 13)",
            "hex(md5(u)) + id",
            "reverse(u)",
            "salt(u, 8) + \"|\" + u + \"|\" + id",
            "rpad(u, 10) + reverse_ts(ts)",
            "md5(u) + sortable(ts)",
            "u + \"|\" + id + \"|\" + u")) {
      assertEquals(List.of(), KeyWarnings.of(spec(key)), key);
    }
  }

  /** The designs: a time as text of varying width, and a varying part with no separator. */
  @Test
  void aTimeAsTextOfVaryingWidthIsWarnedAbout() {
    for (String key :
        List.of(
            "salt(ts, 8) + \"|\" + ts",
            "salt(id, 8) + \"|\" + id",
            "bucket(id, 4) + id + \"|\" + u",
            "u + \"|\" + ts")) {
      List<String> w = KeyWarnings.of(spec(key));
      assertEquals(1, w.size(), key + ": " + w);
      assertTrue(
          w.get(0)
              .contains("as decimal text of varying width, which does not sort like the numbers"),
          w.get(0));
      String column = key.contains("id") ? "id" : "ts";
      assertTrue(
          w.get(0)
              .contains(
                  "dec("
                      + column
                      + ", "
                      + (column.equals("ts") ? 13 : 19)
                      + ") or sortable("
                      + column
                      + ")"),
          w.get(0));
    }
    LoadSpec iso =
        LoadSpec.parse(
            "t.spec",
            "[columns]\nts = timestamp(iso)\nd = timestamp(dd.MM.yyyy)\n"
                + "[output o]\ntable = t\nkey = salt(d, 4) + d + \"|\" + format_time(ts, \"MMMM yyyy\") + \"|\" + ts\nf:a = d\n");
    List<String> w = KeyWarnings.of(iso);
    assertEquals(
        3,
        w.stream().filter(x -> x.contains("text that does not sort like the times")).count(),
        w.toString());
    assertEquals(
        List.of(),
        KeyWarnings.of(
            LoadSpec.parse(
                "t.spec",
                "[columns]\nts = timestamp(yyyy-MM-dd HH:mm)\n"
                    + "[output o]\ntable = t\nkey = salt(ts, 4) + ts + \"|\" + format_time(ts, \"yyyyMMdd\")\nf:a = ts\n")));
  }

  @Test
  void aVaryingPartFollowedByAnotherWithNoSeparatorIsWarnedAbout() {
    List<String> w = KeyWarnings.of(spec("u + reverse_ts(ts)"));
    assertEquals(1, w.size(), w.toString());
    assertTrue(
        w.get(0)
            .contains("u has no fixed width and is followed by reverse_ts(ts) with no separator"),
        w.get(0));
    assertTrue(w.get(0).contains("'TheFakeMT2' in the scan of 'TheFakeMT'"), w.get(0));
    assertTrue(
        w.get(0).contains("(u + \"#\" + ...)") && w.get(0).contains("rpad(u, N), md5(u)"),
        w.get(0));
    assertEquals(2, KeyWarnings.of(spec("reverse(u) + hex(u) + dec(id, 5)")).size());
  }

  @Test
  void twoPartsOfVaryingWidthWithNoSeparatorAreWarnedToMakeOneKeyOfTwoRecords() {
    String same = "distinct records can get the same key";
    List<String> w = KeyWarnings.of(spec("u + id"));
    assertEquals(1, w.size(), w.toString());
    assertTrue(w.get(0).contains(same) && w.get(0).contains("'ab' + 'c' and 'a' + 'bc'"), w.get(0));
    assertTrue(KeyWarnings.of(spec("u + dec(id, 4) + reverse(u)")).get(0).contains(same));
    // A fixed-width tail leaves the varying part's length to the key's, and a literal ends it.
    assertTrue(!KeyWarnings.of(spec("u + reverse_ts(ts)")).get(0).contains(same));
    assertTrue(!KeyWarnings.of(spec("u + dec(id, 4) + \"#\" + u")).get(0).contains(same));
  }

  @Test
  void longKeysAndMismatchedSaltsAreWarnedAbout() {
    assertTrue(KeyWarnings.keyLength("o", 16.0).isEmpty());
    assertTrue(KeyWarnings.keyLength("o", 16.5).get().contains("over the 16-byte guideline"));
    OutputSpec salted = spec("salt(u, 8) + u").outputs().get(0);
    assertTrue(KeyWarnings.saltRegions(salted, 8).isEmpty());
    assertTrue(
        KeyWarnings.saltRegions(salted, 1).get().contains("8 buckets but table t has 1 region(s)"));
    assertTrue(KeyWarnings.saltRegions(spec("u").outputs().get(0), 1).isEmpty());
  }
}
