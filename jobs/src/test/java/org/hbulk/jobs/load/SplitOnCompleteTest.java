package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.hbulk.mappers.hfile.HFileWriters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitOnCompleteTest {
  @TempDir java.nio.file.Path tmp;

  /**
   * A region that split between prepare and complete makes BulkLoadHFiles split the HFiles that now
   * span two regions, writing each half with the client's configuration: for a
   * ROWPREFIX_FIXED_LENGTH family that configuration must name a prefix length (the family's own is
   * not read), or every attempt failed with an IllegalStateException, exit 1 ("a bug") on every
   * resume. The loader's client gets the family's length.
   */
  @Test
  void aRowPrefixFamilysFileSplitsUnderTheLoadersClientSettings() throws Exception {
    ColumnFamilyDescriptor family =
        ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
            .setBloomFilterType(BloomType.ROWPREFIX_FIXED_LENGTH)
            .setConfiguration(BloomFilterUtil.PREFIX_LENGTH_KEY, "4")
            .build();
    TableDescriptor table =
        TableDescriptorBuilder.newBuilder(TableName.valueOf("t")).setColumnFamily(family).build();
    Configuration conf = new Configuration();
    conf.set(
        HbulkConf.HFILE_FAMILIES,
        FamilyFormat.encode(Map.of(FamilyFormat.key("t", "d"), FamilyFormat.of(family))));
    HFileWriters writers = new HFileWriters(conf, new Path(tmp.resolve("out").toUri()), "a_1");
    for (int r = 0; r < 100; r++) {
      byte[] row = Bytes.toBytes(String.format("row%04d", r));
      writers.write(
          new ImmutableBytesWritable(Bytes.add(Bytes.toBytes("t;"), row)),
          new KeyValue(row, Bytes.toBytes("d"), Bytes.toBytes("q"), 1L, row));
    }
    writers.close(null);
    Path file;
    try (Stream<java.nio.file.Path> s = Files.list(tmp.resolve("out/t/d"))) {
      file =
          new Path(
              s.filter(p -> !p.getFileName().toString().startsWith("."))
                  .findFirst()
                  .orElseThrow()
                  .toUri());
    }

    Configuration client = HFileLoader.clientFor(new Configuration(), table);
    assertEquals("4", client.get(BloomFilterUtil.PREFIX_LENGTH_KEY));
    Path bottom = new Path(tmp.resolve("split/b0770a").toUri());
    Path top = new Path(tmp.resolve("split/70b0").toUri());
    Method split =
        Class.forName("org.apache.hadoop.hbase.tool.LoadIncrementalHFiles")
            .getDeclaredMethod(
                "splitStoreFile",
                Configuration.class,
                Path.class,
                ColumnFamilyDescriptor.class,
                byte[].class,
                Path.class,
                Path.class);
    split.setAccessible(true);
    split.invoke(null, client, file, family, Bytes.toBytes("row0050"), bottom, top);
    long cells = 0;
    for (Path half : List.of(bottom, top)) {
      try (HFile.Reader reader =
          HFile.createReader(FileSystem.getLocal(conf), half, CacheConfig.DISABLED, true, conf)) {
        cells += reader.getEntries();
      }
    }
    assertEquals(100, cells);

    // A setting of the user's stands; a table without such a family changes nothing.
    Configuration own = new Configuration();
    own.set(BloomFilterUtil.PREFIX_LENGTH_KEY, "6");
    assertEquals("6", HFileLoader.clientFor(own, table).get(BloomFilterUtil.PREFIX_LENGTH_KEY));
    assertNull(
        HFileLoader.clientFor(
                new Configuration(),
                TableDescriptorBuilder.newBuilder(TableName.valueOf("u"))
                    .setColumnFamily(ColumnFamilyDescriptorBuilder.of("d"))
                    .build())
            .get(BloomFilterUtil.PREFIX_LENGTH_KEY));
  }
}
