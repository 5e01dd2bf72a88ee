package org.hbulk.jobs.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.FamilySettings;
import org.hbulk.mappers.spec.TableSettings;
import org.junit.jupiter.api.Test;

class TableLayoutTest {
  private static final TableName NAME = TableName.valueOf("events");

  private static ColumnFamilyDescriptor family(TableDescriptor t, String name) {
    return t.getColumnFamily(Bytes.toBytes(name));
  }

  /** The table with families d and m, each as written in {@code settings} (none: nothing). */
  private static TableDescriptor layout(FamilySettings... settings) {
    Map<String, FamilySettings> byFamily = new HashMap<>();
    for (FamilySettings f : settings) {
      byFamily.put(f.family(), f);
    }
    return TableLayout.descriptor(NAME, List.of("d", "m"), TableSettings.none("events"), byFamily);
  }

  private static FamilySettings written(
      String family, FamilySettings.Compression compression, FamilySettings.Encoding encoding) {
    FamilySettings none = FamilySettings.none(family);
    return new FamilySettings(
        family,
        none.versions(),
        none.minVersions(),
        none.ttl(),
        none.blockSize(),
        none.blockCache(),
        none.inMemory(),
        Optional.of(compression),
        none.bloom(),
        Optional.of(encoding));
  }

  @Test
  void aFamilyTheSpecSaysNothingOfIsSnappyAndFastDiffWithHBaseDefaultsOtherwise() {
    TableDescriptor t = layout();
    for (String f : List.of("d", "m")) {
      ColumnFamilyDescriptor d = family(t, f);
      assertEquals(Compression.Algorithm.SNAPPY, d.getCompressionType(), f);
      assertEquals(DataBlockEncoding.FAST_DIFF, d.getDataBlockEncoding(), f);
      assertEquals(BloomType.ROW, d.getBloomFilterType(), f);
      assertEquals(1, d.getMaxVersions(), f);
      assertEquals(65536, d.getBlocksize(), f);
    }
  }

  @Test
  void compressionAndEncodingWrittenInTheSpecWinOverTheDefaults() {
    TableDescriptor t =
        layout(
            written("d", FamilySettings.Compression.NONE, FamilySettings.Encoding.NONE),
            written("m", FamilySettings.Compression.GZ, FamilySettings.Encoding.PREFIX));
    assertEquals(Compression.Algorithm.NONE, family(t, "d").getCompressionType());
    assertEquals(DataBlockEncoding.NONE, family(t, "d").getDataBlockEncoding());
    assertEquals(Compression.Algorithm.GZ, family(t, "m").getCompressionType());
    assertEquals(DataBlockEncoding.PREFIX, family(t, "m").getDataBlockEncoding());
  }

  @Test
  void aTableMadeBeforeTheDefaultsChangedIsListedAsDifferentNotSilentlyAccepted() {
    TableDescriptor plain =
        layout(
            written("d", FamilySettings.Compression.NONE, FamilySettings.Encoding.NONE),
            written("m", FamilySettings.Compression.NONE, FamilySettings.Encoding.NONE));
    assertEquals(
        List.of(
            "family d: COMPRESSION NONE -> SNAPPY",
            "family d: DATA_BLOCK_ENCODING NONE -> FAST_DIFF",
            "family m: COMPRESSION NONE -> SNAPPY",
            "family m: DATA_BLOCK_ENCODING NONE -> FAST_DIFF"),
        TableLayout.differences(layout(), plain));
  }
}
