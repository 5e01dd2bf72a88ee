package org.hbulk.mappers.hfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * hbulk's HFile writer inside {@link HFileWriters}: which families it writes, what the reducers
 * count, and what the report makes of the counts.
 */
class FastHFileWritingTest {
  @TempDir java.nio.file.Path tmp;

  /**
   * A FAST_DIFF family is written by hbulk's writer and a PREFIX one by HBase's, switched on; both
   * by HBase's switched off; every cell reads back either way.
   */
  @Test
  void writesTheFamiliesItCanAndCountsThem() throws Exception {
    for (boolean on : List.of(true, false)) {
      Configuration conf = new Configuration();
      conf.setBoolean(HbulkConf.HFILE_FAST_WRITER, on);
      Map<String, FamilyFormat> formats = new LinkedHashMap<>();
      formats.put(FamilyFormat.key("t", "d"), new FamilyFormat("gz", "ROW", "", 4096, "FAST_DIFF"));
      formats.put(FamilyFormat.key("t", "p"), new FamilyFormat("none", "ROW", "", 4096, "PREFIX"));
      conf.set(HbulkConf.HFILE_FAMILIES, FamilyFormat.encode(formats));
      java.nio.file.Path out = tmp.resolve(on ? "on" : "off");
      HFileWriters writers = new HFileWriters(conf, new Path(out.toUri()), "attempt_1");
      List<KeyValue> written = new ArrayList<>();
      for (int r = 0; r < 500; r++) {
        byte[] row = Bytes.toBytes(String.format("row%05d", r));
        ImmutableBytesWritable key =
            new ImmutableBytesWritable(Bytes.add(Bytes.toBytes("t;"), row));
        for (String family : List.of("d", "p")) {
          for (int q = 0; q < 4; q++) {
            KeyValue kv =
                new KeyValue(
                    row,
                    Bytes.toBytes(family),
                    Bytes.toBytes("q" + q),
                    7L,
                    Bytes.toBytes("value " + (r % 3) + q));
            writers.write(key, kv);
            written.add(kv);
          }
        }
      }
      Counters counters = new Counters();
      writers.close(context(conf, counters));

      assertEquals(on ? 1 : 0, value(counters, FastHFileWriting.Counter.BY_HBULK_WRITER));
      assertEquals(on ? 1 : 2, value(counters, FastHFileWriting.Counter.BY_HBASE_WRITER));
      assertEquals(0, value(counters, FastHFileWriting.Counter.FALLBACKS));
      List<KeyValue> read = new ArrayList<>();
      read.addAll(readBack(conf, out.resolve("t/d")));
      read.addAll(readBack(conf, out.resolve("t/p")));
      List<KeyValue> byFamily = new ArrayList<>();
      written.stream()
          .filter(kv -> kv.getFamilyArray()[kv.getFamilyOffset()] == 'd')
          .forEach(byFamily::add);
      written.stream()
          .filter(kv -> kv.getFamilyArray()[kv.getFamilyOffset()] == 'p')
          .forEach(byFamily::add);
      assertEquals(text(byFamily), text(read), on ? "switched on" : "switched off");
    }
  }

  /**
   * The check a task runs before its first file: on the HBase the build tests against, it passes.
   */
  @Test
  void theRuntimeCheckFindsHBasesFileOnThisHBase() {
    assertNull(FastWriterCheck.failure(new Configuration()));
  }

  @Test
  void theReportSaysWhichWriterWroteTheFiles() {
    Configuration conf = new Configuration(false);
    Counters counters = new Counters();
    Shortcut none = FastHFileWriting.outcome(conf, counters);
    assertEquals(Shortcut.State.NOT_USED, none.state());
    assertEquals("no HFile written", none.detail());

    counters.findCounter(FastHFileWriting.Counter.BY_HBASE_WRITER).increment(3);
    Shortcut formats = FastHFileWriting.outcome(conf, counters);
    assertEquals(Shortcut.State.NOT_USED, formats.state());
    assertTrue(formats.detail().startsWith("the families' formats need HBase's writer"));

    counters.findCounter(FastHFileWriting.Counter.BY_HBULK_WRITER).increment(5);
    Shortcut ran = FastHFileWriting.outcome(conf, counters);
    assertEquals(Shortcut.State.RAN, ran.state());
    assertEquals(HbulkConf.HFILE_FAST_WRITER, ran.toggle());
    assertEquals(
        "5 HFile(s) written by hbulk's writer, 3 by HBase's (formats hbulk's does not write)",
        ran.detail());

    counters.findCounter(FastHFileWriting.Counter.FALLBACKS).increment(2);
    Shortcut fell = FastHFileWriting.outcome(conf, counters);
    assertEquals(Shortcut.State.FELL_BACK, fell.state());
    assertTrue(fell.detail().contains("wrote 2 HFile(s)"), fell.detail());

    Configuration off = new Configuration(false);
    off.setBoolean(HbulkConf.HFILE_FAST_WRITER, false);
    assertEquals(Shortcut.State.OFF, FastHFileWriting.outcome(off, counters).state());
  }

  /** Cells with their values, which a key value's equality leaves out. */
  static List<String> text(List<KeyValue> cells) {
    return cells.stream()
        .map(kv -> kv + "=" + Bytes.toStringBinary(CellUtil.cloneValue(kv)))
        .toList();
  }

  private static long value(Counters counters, Enum<?> counter) {
    return counters.findCounter(counter).getValue();
  }

  /** A task context whose counters are {@code counters}. */
  static TaskAttemptContextImpl context(Configuration conf, Counters counters) {
    return new TaskAttemptContextImpl(
        conf,
        TaskAttemptID.forName("attempt_1_0001_r_000000_0"),
        new StatusReporter() {
          @Override
          public Counter getCounter(Enum<?> name) {
            return counters.findCounter(name);
          }

          @Override
          public Counter getCounter(String group, String name) {
            return counters.findCounter(group, name);
          }

          @Override
          public void progress() {}

          @Override
          public float getProgress() {
            return 0;
          }

          @Override
          public void setStatus(String status) {}
        });
  }

  private static List<KeyValue> readBack(Configuration conf, java.nio.file.Path dir)
      throws Exception {
    List<KeyValue> cells = new ArrayList<>();
    List<java.nio.file.Path> files;
    try (Stream<java.nio.file.Path> s = Files.list(dir)) {
      files = s.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList();
    }
    for (java.nio.file.Path f : files) {
      cells.addAll(FastHFileWriterTest.readBack(conf, f));
    }
    return cells;
  }
}
