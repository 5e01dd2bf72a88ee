package org.hbulk.mappers.spec;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@code [family NAME]} section: how {@code create-table} sets up that column family in every
 * table of the spec. Only the settings written are kept; the others stay HBase's defaults.
 * Values are checked and normalized here, turned into a descriptor by the driver.
 *
 * <p>Settings: {@code versions}, {@code min-versions}, {@code ttl} (seconds, or 30d/12h/15m, or
 * {@code forever}), {@code block-size} (bytes, or 64k/1m), {@code block-cache}, {@code in-memory}
 * (true/false), {@code compression} (NONE, GZ, SNAPPY, LZ4, ZSTD), {@code bloom} (NONE, ROW, ROWCOL,
 * ROWPREFIX_FIXED_LENGTH(n)), {@code encoding} (NONE, PREFIX, DIFF, FAST_DIFF, ROW_INDEX_V1).
 */
public record FamilySettings(String family, Map<String, String> values) {
  public static final List<String> KEYS = List.of("versions", "min-versions", "ttl", "block-size",
      "block-cache", "in-memory", "compression", "bloom", "encoding");
  static final List<String> COMPRESSIONS = List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD");
  static final List<String> BLOOMS = List.of("NONE", "ROW", "ROWCOL", "ROWPREFIX_FIXED_LENGTH");
  static final List<String> ENCODINGS = List.of("NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1");

  public FamilySettings {
    values = Map.copyOf(new LinkedHashMap<>(values));
  }

  public String get(String key) {
    return values.get(key);
  }
}
