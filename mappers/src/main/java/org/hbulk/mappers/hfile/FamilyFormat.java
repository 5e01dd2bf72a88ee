package org.hbulk.mappers.hfile;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.util.BloomFilterUtil;

/**
 * How one table's family wants its HFiles written, as the driver read it from the table's
 * descriptor: the task side has no Admin to ask.
 *
 * @param compression HBase's compression name ({@code none}, {@code gz}, {@code zstd}...)
 * @param bloom bloom filter type name ({@code NONE}, {@code ROW}, {@code ROWCOL}, {@code
 *     ROWPREFIX_FIXED_LENGTH})
 * @param bloomPrefixLength the prefix length of a ROWPREFIX_FIXED_LENGTH bloom, else empty
 * @param blockSize data block size in bytes
 * @param encoding data block encoding name ({@code NONE}, {@code FAST_DIFF}...)
 */
public record FamilyFormat(
    String compression, String bloom, String bloomPrefixLength, int blockSize, String encoding) {
  private static final HexFormat HEX = HexFormat.of();

  /**
   * What a family's descriptor (from its table, or the one {@code create-table} would make) says.
   */
  public static FamilyFormat of(ColumnFamilyDescriptor f) {
    String prefix = f.getConfigurationValue(BloomFilterUtil.PREFIX_LENGTH_KEY);
    return new FamilyFormat(
        f.getCompressionType().getName(),
        f.getBloomFilterType().name(),
        prefix == null ? "" : prefix,
        f.getBlocksize(),
        f.getDataBlockEncoding().name());
  }

  /** The key of a table's family in {@link #encode}'s map. */
  public static String key(String table, String family) {
    return table + "\n" + family;
  }

  /**
   * One line per family: hex of table and family (any bytes survive), then the fields, space
   * separated. Read back by {@link #decode}.
   */
  public static String encode(Map<String, FamilyFormat> formats) {
    Map<String, String> lines = new LinkedHashMap<>();
    formats.forEach(
        (k, f) ->
            lines.put(
                k,
                String.join(
                    " ",
                    f.compression,
                    f.bloom,
                    f.bloomPrefixLength.isEmpty() ? "-" : f.bloomPrefixLength,
                    Integer.toString(f.blockSize),
                    f.encoding)));
    return encodeLines(lines);
  }

  public static Map<String, FamilyFormat> decode(String encoded) {
    Map<String, FamilyFormat> formats = new HashMap<>();
    decodeLines(encoded, 5)
        .forEach(
            (k, f) ->
                formats.put(
                    k,
                    new FamilyFormat(
                        f[0], f[1], f[2].equals("-") ? "" : f[2], Integer.parseInt(f[3]), f[4])));
    return formats;
  }

  /** A line per {@link #key}: the key in hex, a space, the value (space-separated fields). */
  static String encodeLines(Map<String, String> lines) {
    StringBuilder s = new StringBuilder();
    lines.forEach(
        (k, v) ->
            s.append(HEX.formatHex(k.getBytes(StandardCharsets.UTF_8)))
                .append(' ')
                .append(v)
                .append('\n'));
    return s.toString();
  }

  /** What {@link #encodeLines} wrote, each value split into its {@code fields} fields. */
  static Map<String, String[]> decodeLines(String encoded, int fields) {
    Map<String, String[]> lines = new HashMap<>();
    if (encoded == null) {
      return lines;
    }
    for (String line : encoded.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.trim().split(" ");
      if (f.length != fields + 1) {
        throw new IllegalArgumentException(
            "not a family line of " + fields + " fields: '" + line + "'");
      }
      lines.put(
          new String(HEX.parseHex(f[0]), StandardCharsets.UTF_8),
          Arrays.copyOfRange(f, 1, f.length));
    }
    return lines;
  }

  /** {@link #key} values one a line, in hex: a set of families (those written with tags). */
  public static String encodeKeys(Collection<String> keys) {
    StringBuilder s = new StringBuilder();
    for (String k : keys) {
      s.append(HEX.formatHex(k.getBytes(StandardCharsets.UTF_8))).append('\n');
    }
    return s.toString();
  }

  /** What {@link #encodeKeys} wrote; empty for null. */
  public static Set<String> decodeKeys(String encoded) {
    Set<String> keys = new HashSet<>();
    if (encoded != null) {
      for (String line : encoded.split("\n")) {
        if (!line.isBlank()) {
          keys.add(new String(HEX.parseHex(line.trim()), StandardCharsets.UTF_8));
        }
      }
    }
    return keys;
  }
}
