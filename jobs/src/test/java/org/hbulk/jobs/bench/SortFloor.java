package org.hbulk.jobs.bench;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The benchmark's floor: one thread, no framework. Parses the CSV with one commons-csv parser,
 * builds each record's key (a 2-digit salt, user, event) and its 10 cells, sorts all cells in
 * memory in HBase's order, writes them to one HFile. What no job can beat on one core. The salt
 * comes from String.hashCode, cheaper than the Murmur3 that hbulk's salt() computes over the key's
 * bytes; the rows spread over the 16 buckets all the same.
 *
 * <p>Usage: {@code SortFloor CSV OUT_HFILE}; prints the seconds taken.
 */
public final class SortFloor {
  private SortFloor() {}

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    byte[] family = Bytes.toBytes("d");
    String[] names = {
      "event_id", "ts", "user_id", "session", "country", "device", "url", "amount", "status", "note"
    };
    byte[][] qualifiers = new byte[names.length][];
    for (int i = 0; i < names.length; i++) {
      qualifiers[i] = Bytes.toBytes(names[i]);
    }
    List<KeyValue> cells = new ArrayList<>();
    long ts = System.currentTimeMillis();
    try (Reader in = Files.newBufferedReader(Path.of(args[0]), StandardCharsets.UTF_8);
        CSVParser parser = CSVFormat.RFC4180.parse(in)) {
      for (CSVRecord r : parser) {
        String user = r.get(2);
        byte[] row =
            Bytes.toBytes(
                String.format("%02d|%s|%s", Math.floorMod(user.hashCode(), 16), user, r.get(0)));
        for (int i = 0; i < names.length; i++) {
          cells.add(new KeyValue(row, family, qualifiers[i], ts, Bytes.toBytes(r.get(i))));
        }
      }
    }
    cells.sort(CellComparator.getInstance());
    Configuration conf = new Configuration();
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(Path.of(args[1]).toUri());
    try (HFile.Writer w =
        HFile.getWriterFactory(conf, CacheConfig.DISABLED)
            .withPath(FileSystem.getLocal(conf), out)
            .withFileContext(new HFileContextBuilder().withBlockSize(64 * 1024).build())
            .create()) {
      for (KeyValue kv : cells) {
        w.append(kv);
      }
    }
    System.out.printf(java.util.Locale.ROOT, "%.1f%n", (System.nanoTime() - t0) / 1e9);
  }
}
