package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.hbulk.mappers.spec.FamilySettings;
import org.hbulk.mappers.spec.TableSettings;

/**
 * The table descriptor a spec asks for, and the differences between it and a table that exists:
 * every setting a spec can give, compared field by field.
 */
public final class TableLayout {
  /** HBase's per-table key of the periodic major compaction interval (ms; 0 = off). */
  static final String MAJOR_COMPACTION = HConstants.MAJOR_COMPACTION_PERIOD;

  private TableLayout() {}

  public static TableDescriptor descriptor(TableName name, Collection<String> families,
      TableSettings table, Map<String, FamilySettings> familySettings) {
    TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(name);
    for (String family : families) {
      b.setColumnFamily(family(family, familySettings.getOrDefault(family,
          new FamilySettings(family, Map.of()))));
    }
    String policy = table.get("split-policy");
    if (policy != null) {
      String simple = policy.contains("(") ? policy.substring(0, policy.indexOf('(')) : policy;
      String arg = policy.contains("(") ? policy.substring(policy.indexOf('(') + 1, policy.length() - 1) : null;
      b.setRegionSplitPolicyClassName(policyClass(simple));
      if (simple.equals("KeyPrefix")) {
        b.setValue("KeyPrefixRegionSplitPolicy.prefix_length", arg);
      } else if (simple.equals("DelimitedKeyPrefix")) {
        b.setValue("DelimitedKeyPrefixRegionSplitPolicy.delimiter", arg);
      }
    }
    if (table.get("max-filesize") != null) {
      b.setMaxFileSize(Long.parseLong(table.get("max-filesize")));
    }
    if (table.get("major-compaction") != null) {
      b.setValue(MAJOR_COMPACTION, table.get("major-compaction"));
    }
    return b.build();
  }

  static String policyClass(String simple) {
    String cls = switch (simple) {
      case "Stepping" -> "SteppingSplitPolicy";
      default -> simple + "RegionSplitPolicy";
    };
    return "org.apache.hadoop.hbase.regionserver." + cls;
  }

  private static ColumnFamilyDescriptor family(String family, FamilySettings s) {
    ColumnFamilyDescriptorBuilder f = ColumnFamilyDescriptorBuilder.newBuilder(org.apache.hadoop.hbase.util.Bytes.toBytes(family));
    for (Map.Entry<String, String> e : s.values().entrySet()) {
      String v = e.getValue();
      switch (e.getKey()) {
        case "versions" -> f.setMaxVersions(Integer.parseInt(v));
        case "min-versions" -> f.setMinVersions(Integer.parseInt(v));
        case "ttl" -> f.setTimeToLive(v.equals("forever") ? HConstants.FOREVER : (int) Math.min(Integer.MAX_VALUE, Long.parseLong(v)));
        case "block-size" -> f.setBlocksize(Integer.parseInt(v));
        case "block-cache" -> f.setBlockCacheEnabled(Boolean.parseBoolean(v));
        case "in-memory" -> f.setInMemory(Boolean.parseBoolean(v));
        case "compression" -> f.setCompressionType(Compression.Algorithm.valueOf(v));
        case "encoding" -> f.setDataBlockEncoding(DataBlockEncoding.valueOf(v));
        case "bloom" -> {
          if (v.startsWith("ROWPREFIX_FIXED_LENGTH(")) {
            f.setBloomFilterType(BloomType.ROWPREFIX_FIXED_LENGTH);
            f.setConfiguration(BloomFilterUtil.PREFIX_LENGTH_KEY, v.substring(v.indexOf('(') + 1, v.length() - 1));
          } else {
            f.setBloomFilterType(BloomType.valueOf(v));
          }
        }
        default -> throw new IllegalArgumentException("unknown family setting " + e.getKey());
      }
    }
    return f.build();
  }

  /**
   * What differs between the wanted table and the existing one, one line a field, e.g.
   * {@code family o: COMPRESSION NONE -> ZSTD}; empty when they are equal in everything a spec sets.
   */
  public static List<String> differences(TableDescriptor wanted, TableDescriptor existing) {
    List<String> diffs = new ArrayList<>();
    for (ColumnFamilyDescriptor w : wanted.getColumnFamilies()) {
      ColumnFamilyDescriptor e = existing.getColumnFamily(w.getName());
      if (e == null) {
        diffs.add("family " + w.getNameAsString() + ": missing from the table");
        continue;
      }
      Map<String, String> want = familyFields(w);
      Map<String, String> have = familyFields(e);
      for (Map.Entry<String, String> f : want.entrySet()) {
        if (!f.getValue().equals(have.get(f.getKey()))) {
          diffs.add("family " + w.getNameAsString() + ": " + f.getKey() + " " + have.get(f.getKey())
              + " -> " + f.getValue());
        }
      }
    }
    Map<String, String> want = tableFields(wanted);
    Map<String, String> have = tableFields(existing);
    for (Map.Entry<String, String> f : want.entrySet()) {
      if (!f.getValue().equals(have.get(f.getKey()))) {
        diffs.add("table: " + f.getKey() + " " + have.get(f.getKey()) + " -> " + f.getValue());
      }
    }
    return diffs;
  }

  static Map<String, String> familyFields(ColumnFamilyDescriptor f) {
    Map<String, String> m = new TreeMap<>();
    m.put("VERSIONS", Integer.toString(f.getMaxVersions()));
    m.put("MIN_VERSIONS", Integer.toString(f.getMinVersions()));
    m.put("TTL", Integer.toString(f.getTimeToLive()));
    m.put("BLOCKSIZE", Integer.toString(f.getBlocksize()));
    m.put("BLOCKCACHE", Boolean.toString(f.isBlockCacheEnabled()));
    m.put("IN_MEMORY", Boolean.toString(f.isInMemory()));
    m.put("COMPRESSION", f.getCompressionType().name());
    m.put("BLOOMFILTER", f.getBloomFilterType().name()
        + (f.getBloomFilterType() == BloomType.ROWPREFIX_FIXED_LENGTH
            ? "(" + f.getConfigurationValue(BloomFilterUtil.PREFIX_LENGTH_KEY) + ")" : ""));
    m.put("DATA_BLOCK_ENCODING", f.getDataBlockEncoding().name());
    return m;
  }

  static Map<String, String> tableFields(TableDescriptor t) {
    Map<String, String> m = new TreeMap<>();
    m.put("SPLIT_POLICY", String.valueOf(t.getRegionSplitPolicyClassName()));
    m.put("KeyPrefix length", String.valueOf(t.getValue("KeyPrefixRegionSplitPolicy.prefix_length")));
    m.put("DelimitedKeyPrefix delimiter", String.valueOf(t.getValue("DelimitedKeyPrefixRegionSplitPolicy.delimiter")));
    m.put("MAX_FILESIZE", Long.toString(t.getMaxFileSize()));
    m.put("major compaction interval (ms)", String.valueOf(t.getValue(MAJOR_COMPACTION)));
    return m;
  }

  /** The settings as a person reads them, for messages. */
  public static String describe(TableDescriptor t) {
    StringBuilder b = new StringBuilder();
    for (ColumnFamilyDescriptor f : t.getColumnFamilies()) {
      b.append(String.format(Locale.ROOT, "%n  family %s: %s", f.getNameAsString(), familyFields(f)));
    }
    return b.toString();
  }
}
