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
import org.hbulk.mappers.spec.FamilySettings.Bloom;
import org.hbulk.mappers.spec.TableSettings;
import org.hbulk.mappers.spec.TableSettings.SplitPolicy;

/**
 * The table descriptor a spec asks for, and the differences between it and a table that exists:
 * every setting a spec can give, compared field by field.
 */
public final class TableLayout {
  /** HBase's per-table key of the periodic major compaction interval (ms; 0 = off). */
  static final String MAJOR_COMPACTION = HConstants.MAJOR_COMPACTION_PERIOD;

  /**
   * The table keys HBase's KeyPrefix and DelimitedKeyPrefix split policies read their parameter
   * from.
   */
  private static final String KEY_PREFIX_LENGTH = "KeyPrefixRegionSplitPolicy.prefix_length";

  private static final String PREFIX_DELIMITER = "DelimitedKeyPrefixRegionSplitPolicy.delimiter";

  private TableLayout() {}

  public static TableDescriptor descriptor(
      TableName name,
      Collection<String> families,
      TableSettings table,
      Map<String, FamilySettings> familySettings) {
    TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(name);
    for (String family : families) {
      b.setColumnFamily(
          family(family, familySettings.getOrDefault(family, FamilySettings.none(family))));
    }
    table
        .splitPolicy()
        .ifPresent(
            policy -> {
              b.setRegionSplitPolicyClassName(policyClass(policy.type()));
              switch (policy.type()) {
                case KEY_PREFIX -> b.setValue(KEY_PREFIX_LENGTH, policy.parameter());
                case DELIMITED_KEY_PREFIX -> b.setValue(PREFIX_DELIMITER, policy.parameter());
                case CONSTANT_SIZE, INCREASING_TO_UPPER_BOUND, STEPPING, BUSY, DISABLED -> {}
              }
            });
    table.maxFileSize().ifPresent(b::setMaxFileSize);
    table
        .majorCompaction()
        .ifPresent(d -> b.setValue(MAJOR_COMPACTION, Long.toString(d.toMillis())));
    return b.build();
  }

  static String policyClass(SplitPolicy.Type type) {
    String cls =
        switch (type) {
          case STEPPING -> "SteppingSplitPolicy";
          case CONSTANT_SIZE,
              INCREASING_TO_UPPER_BOUND,
              KEY_PREFIX,
              DELIMITED_KEY_PREFIX,
              BUSY,
              DISABLED ->
              type.word() + "RegionSplitPolicy";
        };
    return "org.apache.hadoop.hbase.regionserver." + cls;
  }

  private static ColumnFamilyDescriptor family(String family, FamilySettings s) {
    ColumnFamilyDescriptorBuilder f =
        ColumnFamilyDescriptorBuilder.newBuilder(
            org.apache.hadoop.hbase.util.Bytes.toBytes(family));
    s.versions().ifPresent(f::setMaxVersions);
    s.minVersions().ifPresent(f::setMinVersions);
    // HBase keeps a TTL as int seconds, FOREVER the largest: longer ones (and forever) become it.
    s.ttl().ifPresent(ttl -> f.setTimeToLive((int) Math.min(ttl.getSeconds(), HConstants.FOREVER)));
    s.blockSize().ifPresent(f::setBlocksize);
    s.blockCache().ifPresent(f::setBlockCacheEnabled);
    s.inMemory().ifPresent(f::setInMemory);
    f.setCompressionType(compression(s.compression().orElse(FamilySettings.DEFAULT_COMPRESSION)));
    f.setDataBlockEncoding(encoding(s.encoding().orElse(FamilySettings.DEFAULT_ENCODING)));
    s.bloom()
        .ifPresent(
            bloom -> {
              f.setBloomFilterType(bloomType(bloom.type()));
              if (bloom.type() == Bloom.Type.ROWPREFIX_FIXED_LENGTH) {
                f.setConfiguration(
                    BloomFilterUtil.PREFIX_LENGTH_KEY, Integer.toString(bloom.prefixLength()));
              }
            });
    return f.build();
  }

  private static Compression.Algorithm compression(FamilySettings.Compression c) {
    return switch (c) {
      case NONE -> Compression.Algorithm.NONE;
      case GZ -> Compression.Algorithm.GZ;
      case SNAPPY -> Compression.Algorithm.SNAPPY;
      case LZ4 -> Compression.Algorithm.LZ4;
      case ZSTD -> Compression.Algorithm.ZSTD;
    };
  }

  private static DataBlockEncoding encoding(FamilySettings.Encoding e) {
    return switch (e) {
      case NONE -> DataBlockEncoding.NONE;
      case PREFIX -> DataBlockEncoding.PREFIX;
      case DIFF -> DataBlockEncoding.DIFF;
      case FAST_DIFF -> DataBlockEncoding.FAST_DIFF;
      case ROW_INDEX_V1 -> DataBlockEncoding.ROW_INDEX_V1;
    };
  }

  private static BloomType bloomType(Bloom.Type t) {
    return switch (t) {
      case NONE -> BloomType.NONE;
      case ROW -> BloomType.ROW;
      case ROWCOL -> BloomType.ROWCOL;
      case ROWPREFIX_FIXED_LENGTH -> BloomType.ROWPREFIX_FIXED_LENGTH;
    };
  }

  /**
   * What differs between the wanted table and the existing one, one line a field, e.g. {@code
   * family o: COMPRESSION NONE -> ZSTD}; empty when they are equal in everything a spec sets.
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
          diffs.add(
              "family "
                  + w.getNameAsString()
                  + ": "
                  + f.getKey()
                  + " "
                  + have.get(f.getKey())
                  + " -> "
                  + f.getValue());
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
    m.put(
        "BLOOMFILTER",
        f.getBloomFilterType().name()
            + (f.getBloomFilterType() == BloomType.ROWPREFIX_FIXED_LENGTH
                ? "(" + f.getConfigurationValue(BloomFilterUtil.PREFIX_LENGTH_KEY) + ")"
                : ""));
    m.put("DATA_BLOCK_ENCODING", f.getDataBlockEncoding().name());
    return m;
  }

  static Map<String, String> tableFields(TableDescriptor t) {
    Map<String, String> m = new TreeMap<>();
    m.put("SPLIT_POLICY", String.valueOf(t.getRegionSplitPolicyClassName()));
    m.put("KeyPrefix length", String.valueOf(t.getValue(KEY_PREFIX_LENGTH)));
    m.put("DelimitedKeyPrefix delimiter", String.valueOf(t.getValue(PREFIX_DELIMITER)));
    m.put("MAX_FILESIZE", Long.toString(t.getMaxFileSize()));
    m.put("major compaction interval (ms)", String.valueOf(t.getValue(MAJOR_COMPACTION)));
    return m;
  }

  /** The settings as a person reads them, for messages. */
  public static String describe(TableDescriptor t) {
    StringBuilder b = new StringBuilder();
    for (ColumnFamilyDescriptor f : t.getColumnFamilies()) {
      b.append(
          String.format(Locale.ROOT, "%n  family %s: %s", f.getNameAsString(), familyFields(f)));
    }
    return b.toString();
  }
}
