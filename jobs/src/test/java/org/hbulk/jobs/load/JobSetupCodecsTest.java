package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.junit.jupiter.api.Test;

class JobSetupCodecsTest {
  private static FamilyFormat format(String compression) {
    return new FamilyFormat(compression, "ROW", "", 65536, "FAST_DIFF");
  }

  @Test
  void aFamilyCodecOutsideHadoopsJarsGoesWithTheJobOnceAndTheOthersDoNot() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(
        "hbase.io.compress.snappy.codec",
        "org.apache.hadoop.hbase.io.compress.aircompressor.SnappyCodec");
    conf.set("hbase.io.compress.lz4.codec", "org.apache.hadoop.io.compress.Lz4Codec");
    conf.set("hbase.io.compress.zstd.codec", "com.example.NoSuchCodec");
    Set<Class<?>> codecs =
        JobSetup.codecClasses(
            conf,
            List.of(
                format("snappy"),
                format("snappy"),
                format("none"),
                format("gz"),
                format("lz4"),
                format("zstd")));
    assertEquals(
        Set.of(Class.forName("org.apache.hadoop.hbase.io.compress.aircompressor.SnappyCodec")),
        codecs);
  }
}
