package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * What a run loads: the spec's text, the overrides applied to it, and the tables it writes. A run
 * directory already holds all three (its {@code spec} file, and {@code spec.override.*} and {@code
 * tables} in run.properties), so a run prepared by any version of hbulk, or by {@code hbulk
 * prepare}, can be compared with what a nightly run is about to load.
 */
public record LoadFingerprint(String specText, Map<String, String> overrides, List<String> tables) {
  private static final int SHOWN = 80;

  public static LoadFingerprint of(LoadSpec spec) {
    return new LoadFingerprint(
        spec.text(), new TreeMap<>(spec.overrides()), NightlyIdentity.sortedTables(spec.tables()));
  }

  /**
   * What the run in {@code run} loaded (or prepared); its spec text is null if the file is gone.
   */
  public static LoadFingerprint of(RunDirectory run, RunState state) throws IOException {
    String text = run.fs().exists(run.spec()) ? run.readText(run.spec()) : null;
    return new LoadFingerprint(
        text, new TreeMap<>(state.overrides()), NightlyIdentity.sortedTables(state.tables()));
  }

  /** Short digest of the spec text, to tell two texts apart in a message. */
  public String specDigest() {
    return specText == null ? "missing" : NightlyIdentity.sha256(specText).substring(0, 12);
  }

  /** What differs from {@code now}, one phrase each (old, then new); empty when the same. */
  public List<String> differences(LoadFingerprint now) {
    List<String> changes = new ArrayList<>();
    if (specText == null || !specText.equals(now.specText)) {
      changes.add(
          "spec text "
              + specDigest()
              + " then, "
              + now.specDigest()
              + " now"
              + (specText == null ? "" : firstDifferentLine(specText, now.specText)));
    }
    if (!overrides.equals(now.overrides)) {
      changes.add("overrides " + overrides + " then, " + now.overrides + " now");
    }
    if (!tables.equals(now.tables)) {
      changes.add("tables " + tables + " then, " + now.tables + " now");
    }
    return changes;
  }

  private static String firstDifferentLine(String then, String now) {
    String[] a = then.split("\n", -1);
    String[] b = now.split("\n", -1);
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      String x = i < a.length ? a[i] : "";
      String y = i < b.length ? b[i] : "";
      if (!x.equals(y)) {
        return " (first difference at line "
            + (i + 1)
            + ": '"
            + shorten(x)
            + "' then, '"
            + shorten(y)
            + "' now)";
      }
    }
    return " (they differ in line endings)";
  }

  private static String shorten(String line) {
    String s = line.strip();
    return s.length() <= SHOWN ? s : s.substring(0, SHOWN) + "...";
  }
}
