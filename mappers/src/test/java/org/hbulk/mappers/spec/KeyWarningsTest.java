package org.hbulk.mappers.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyWarningsTest {
  private static LoadSpec spec(String key) {
    return LoadSpec.parse("t.spec", "[columns]\nts = timestamp(epoch-millis)\nid = long\nu = string\n"
        + "[output o]\ntable = t\nkey = " + key + "\nf:a = u\n");
  }

  @Test
  void aLeadingTimeOrSequenceIsAHotspot() {
    for (String key : List.of("ts + u", "id", "time_floor(ts, hour) + u", "sortable(ts) + u", "dec(id, 12)")) {
      List<String> w = KeyWarnings.of(spec(key));
      assertEquals(1, w.size(), key);
      assertTrue(w.get(0).contains("grows with time"), w.get(0));
    }
    for (String key : List.of("salt(ts, 8) + ts", "u + reverse_ts(ts)", "reverse_ts(ts) + u",
        "bucket(ts, 16) + dec(ts, 13)", "hex(md5(u)) + id", "reverse(u)")) {
      assertEquals(List.of(), KeyWarnings.of(spec(key)), key);
    }
  }

  @Test
  void longKeysAndMismatchedSaltsAreWarnedAbout() {
    assertTrue(KeyWarnings.keyLength("o", 16.0).isEmpty());
    assertTrue(KeyWarnings.keyLength("o", 16.5).get().contains("over the 16-byte guideline"));
    OutputSpec salted = spec("salt(u, 8) + u").outputs().get(0);
    assertTrue(KeyWarnings.saltRegions(salted, 8).isEmpty());
    assertTrue(KeyWarnings.saltRegions(salted, 1).get().contains("8 buckets but table t has 1 region(s)"));
    assertTrue(KeyWarnings.saltRegions(spec("u").outputs().get(0), 1).isEmpty());
  }
}
