package org.hbulk.mappers.spec;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
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
    Optional<Integer> versions =
        s.entry("versions").map(e -> (int) values.number(e, 1, Integer.MAX_VALUE));
    // HBase refuses these at create-table (its table sanity checks) with an error that names no
    // line; here they are the spec's errors, before anything is asked of HBase.
    Optional<Integer> minVersions =
        s.entry("min-versions").map(e -> (int) values.number(e, 0, Integer.MAX_VALUE));
    if (versions.isPresent() && minVersions.isPresent() && minVersions.get() > versions.get()) {
      // Checked only against versions written here: a table made by hand may keep more than
      // HBase's default of 1, which a load into it does not change.
      throw values.at(
          s.entry("min-versions").orElseThrow(),
          "min-versions "
              + minVersions.get()
              + " is above versions "
              + versions.get()
              + ", which HBase refuses");
    }
    return new FamilySettings(
        s.name(),
        versions,
        minVersions,
        s.entry("ttl")
            .map(
                e ->
                    e.value().equals("forever")
                        ? FamilySettings.FOREVER
                        : Duration.ofSeconds(positiveSeconds(e))),
        s.entry("block-size").map(this::blockSize),
        s.entry("block-cache").map(values::bool),
        s.entry("in-memory").map(values::bool),
        s.entry("compression").map(e -> values.oneOf(e, Compression.class)),
        s.entry("bloom").map(this::bloom),
        s.entry("encoding").map(e -> values.oneOf(e, Encoding.class)));
  }

  /** A family TTL: 0 would expire every cell as it is written ({@code forever} keeps them). */
  private long positiveSeconds(Entry e) {
    long seconds = values.seconds(e);
    if (seconds <= 0) {
      throw values.at(e, "a TTL of 0 expires every cell at once; write forever for no TTL");
    }
    return seconds;
  }

  /** HBase's bounds of a block size: 1k to 16m. */
  private int blockSize(Entry e) {
    long bytes = values.bytes(e);
    if (bytes < MIN_BLOCK_SIZE || bytes > MAX_BLOCK_SIZE) {
      throw values.at(
          e, "a block size is from 1k to 16m (HBase's bounds), found '" + e.value() + "'");
    }
    return (int) bytes;
  }

  private static final long MIN_BLOCK_SIZE = 1L << 10;
  private static final long MAX_BLOCK_SIZE = 16L << 20;

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
