package org.hbulk.mappers.spec;

import java.time.Duration;
import java.util.Locale;
import org.hbulk.mappers.spec.FamilySettings.Bloom;
import org.hbulk.mappers.spec.FamilySettings.Compression;
import org.hbulk.mappers.spec.FamilySettings.Encoding;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;
import org.hbulk.mappers.spec.TableSettings.SplitPolicy;

/** The {@code [table NAME]} and {@code [family NAME]} sections, checked and typed once here. */
final class SettingsParser {
  private final SpecValues values;

  SettingsParser(SpecValues values) {
    this.values = values;
  }

  TableSettings table(Section s) {
    values.checkKeys(s, TableSettings.KEYS);
    return new TableSettings(
        s.name(),
        s.entry("split-policy").map(this::splitPolicy),
        s.entry("max-filesize").map(values::bytes),
        s.entry("major-compaction")
            .map(
                e ->
                    e.value().equals("off")
                        ? Duration.ZERO
                        : Duration.ofSeconds(values.seconds(e))),
        s.entry("regions").map(e -> (int) values.number(e, 1, TableSettings.MAX_REGIONS)));
  }

  FamilySettings family(Section s) {
    values.checkKeys(s, FamilySettings.KEYS);
    return new FamilySettings(
        s.name(),
        s.entry("versions").map(e -> (int) values.number(e, 1, Integer.MAX_VALUE)),
        s.entry("min-versions").map(e -> (int) values.number(e, 0, Integer.MAX_VALUE)),
        s.entry("ttl")
            .map(
                e ->
                    e.value().equals("forever")
                        ? FamilySettings.FOREVER
                        : Duration.ofSeconds(values.seconds(e))),
        s.entry("block-size").map(e -> (int) Math.min(values.bytes(e), Integer.MAX_VALUE)),
        s.entry("block-cache").map(values::bool),
        s.entry("in-memory").map(values::bool),
        s.entry("compression").map(e -> values.oneOf(e, Compression.class)),
        s.entry("bloom").map(this::bloom),
        s.entry("encoding").map(e -> values.oneOf(e, Encoding.class)));
  }

  private Bloom bloom(Entry e) {
    String v = e.value().toUpperCase(Locale.ROOT).replace(" ", "");
    if (v.matches("ROWPREFIX_FIXED_LENGTH\\([0-9]+\\)")) {
      String length = v.substring(v.indexOf('(') + 1, v.length() - 1);
      try {
        return new Bloom(Bloom.Type.ROWPREFIX_FIXED_LENGTH, Integer.parseInt(length));
      } catch (NumberFormatException ex) {
        throw values.at(e, "ROWPREFIX_FIXED_LENGTH's prefix length " + length + " is too long");
      }
    }
    if (v.equals("ROWPREFIX_FIXED_LENGTH")) {
      throw values.at(
          e, "ROWPREFIX_FIXED_LENGTH needs its prefix length: ROWPREFIX_FIXED_LENGTH(4)");
    }
    return new Bloom(values.oneOf(e, Bloom.Type.class), 0);
  }

  private SplitPolicy splitPolicy(Entry e) {
    String v = e.value().replace(" ", "");
    String name = v.contains("(") ? v.substring(0, v.indexOf('(')) : v;
    SplitPolicy.Type type = SplitPolicy.Type.of(name);
    if (type == null) {
      throw values.at(
          e,
          "expected one of "
              + String.join(", ", SplitPolicy.Type.words())
              + ", found '"
              + e.value()
              + "'");
    }
    boolean needsArg = type.takesParameter();
    if (needsArg != v.contains("(") || (needsArg && !v.endsWith(")"))) {
      throw values.at(
          e,
          needsArg
              ? name + " needs its parameter: KeyPrefix(4) or DelimitedKeyPrefix(|)"
              : name + " takes no parameter");
    }
    if (type == SplitPolicy.Type.KEY_PREFIX && !v.matches("KeyPrefix\\([1-9][0-9]*\\)")) {
      throw values.at(e, "KeyPrefix takes a prefix length in bytes: KeyPrefix(4)");
    }
    if (type == SplitPolicy.Type.DELIMITED_KEY_PREFIX
        && v.length() <= "DelimitedKeyPrefix()".length()) {
      throw values.at(e, "DelimitedKeyPrefix takes the delimiter: DelimitedKeyPrefix(|)");
    }
    return new SplitPolicy(type, needsArg ? v.substring(v.indexOf('(') + 1, v.length() - 1) : null);
  }
}
