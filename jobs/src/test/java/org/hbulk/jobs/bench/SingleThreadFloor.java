package org.hbulk.jobs.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.hbulk.mappers.hfile.HFileWriters;
import org.hbulk.mappers.hfile.TableRegions;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The benchmark's floor: what one thread without any framework takes for hbulk prepare's job on the
 * benchmark's spec. It parses the CSV byte by byte (no String per field; {@link FloorRecords}),
 * builds the same row keys (the same Murmur3 salt) and cells as hbulk, sorts the records on 16-byte
 * key prefixes ({@link FloorSort}), and writes them through hbulk's own HFile writer ({@link
 * HFileWriters}: one HFile per region, the family's compression, encoding, block size and bloom
 * filter as {@code create-table} sets them from the spec, the same file info). {@code
 * FloorMatchesPrepareTest} checks its HFiles hold exactly the cells hbulk's job writes.
 *
 * <p>Usage: {@code SingleThreadFloor SPEC CSV OUT_DIR [TIMESTAMP]}: the HFiles go to {@code
 * OUT_DIR/TABLE/FAMILY/}, every cell at TIMESTAMP (default: now, as hbulk's run start). Prints one
 * line: {@code floor parse+key S sort S write S total S rows N cells N} (seconds in the JVM, from
 * reading the spec to the last HFile closed).
 */
public final class SingleThreadFloor {
  private SingleThreadFloor() {}

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    Path specFile = Path.of(args[0]);
    Path csv = Path.of(args[1]);
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(Path.of(args[2]).toUri());
    long timestamp = args.length > 3 ? Long.parseLong(args[3]) : System.currentTimeMillis();
    FloorShape shape =
        FloorShape.of(LoadSpec.parse(specFile.toString(), Files.readString(specFile)));
    Configuration conf = HBaseConfiguration.create();
    long setup = System.nanoTime() - t0;
    Part part = run(shape, csv, 0, Files.size(csv), conf, out, timestamp);
    System.out.printf(
        Locale.ROOT,
        "floor parse+key %.2f sort %.2f write %.2f total %.2f rows %d cells %d%n",
        (setup + part.parseNanos()) / 1e9,
        part.sortNanos() / 1e9,
        part.writeNanos() / 1e9,
        (System.nanoTime() - t0) / 1e9,
        part.rows(),
        part.cells());
  }

  /** What one floor did with its part of a CSV: its phases' times and the records and cells. */
  record Part(long parseNanos, long sortNanos, long writeNanos, int rows, long cells) {}

  /**
   * The floor's work on the records of a CSV's bytes {@code [from, to)} (record starts, or the
   * file's end: {@link FloorCuts}): parse and key them, sort them, and write their HFiles under
   * {@code out}.
   */
  static Part run(
      FloorShape shape,
      Path csv,
      long from,
      long to,
      Configuration base,
      org.apache.hadoop.fs.Path out,
      long timestamp)
      throws Exception {
    long t0 = System.nanoTime();
    FloorRecords records = new FloorRecords(shape, to - from);
    records.readRange(csv, from, to);
    long t1 = System.nanoTime();
    FloorSort.sort(records);
    long t2 = System.nanoTime();
    write(shape, records, base, out, timestamp);
    long t3 = System.nanoTime();
    return new Part(t1 - t0, t2 - t1, t3 - t2, records.count, records.cells);
  }

  /**
   * Writes the sorted records' cells, row after row, each row's cells in one new array laid out as
   * KeyValues (the writer keeps references to some cells, so none is reused).
   */
  private static void write(
      FloorShape shape,
      FloorRecords records,
      Configuration base,
      org.apache.hadoop.fs.Path out,
      long timestamp)
      throws Exception {
    Configuration conf = new Configuration(base);
    org.hbulk.jobs.local.LocalRunnerFileSystem.installIfLocal(conf);
    // The file buffers hbulk's local runs write with (the floor must not write more slowly).
    org.hbulk.jobs.local.LocalTuning.chooseFileBuffers(conf);
    conf.set(
        HbulkConf.HFILE_FAMILIES,
        FamilyFormat.encode(
            Map.of(FamilyFormat.key(shape.table, Bytes.toString(shape.family)), shape.format)));
    List<String> servers = new ArrayList<>();
    shape.regionStarts.forEach(s -> servers.add("localhost:0"));
    TableRegions.record(conf, shape.table, shape.regionStarts, servers);
    byte[] table = (shape.table + ";").getBytes(StandardCharsets.UTF_8);
    byte[] family = shape.family;
    int[] columns = shape.cellColumns;
    byte[][] qualifiers = shape.cellQualifiers;
    int[] valueAt = new int[shape.columns];
    int[] valueLength = new int[shape.columns];
    byte[] ts = Bytes.toBytes(timestamp);
    ImmutableBytesWritable tableRow = new ImmutableBytesWritable();
    HFileWriters writers = new HFileWriters(conf, out, "floor");
    long previous = -1;
    for (int r = 0; r < records.count; r++) {
      long addr = records.address[r];
      if (previous >= 0 && FloorSort.compareRows(records, previous, addr) == 0) {
        throw new IllegalArgumentException(
            "two records of one row key: the floor writes one record a row");
      }
      previous = addr;
      byte[] a = records.chunkOf(addr);
      int row = FloorRecords.rowOf(addr);
      int rowLength = FloorRecords.rowLength(a, addr);
      int p = FloorRecords.fieldsOf(a, addr);
      for (int f = 0; f < valueAt.length; f++) {
        valueLength[f] = (a[p] & 0xff) << 8 | a[p + 1] & 0xff;
        valueAt[f] = p + 2;
        p += 2 + valueLength[f];
      }
      byte[] key = new byte[table.length + rowLength];
      System.arraycopy(table, 0, key, 0, table.length);
      System.arraycopy(a, row, key, table.length, rowLength);
      tableRow.set(key);
      int keyFixed = 2 + rowLength + 1 + family.length + 8 + 1;
      int size = 0;
      for (int c = 0; c < columns.length; c++) {
        int v = valueLength[columns[c]];
        if (v > 0) {
          size += 8 + keyFixed + qualifiers[c].length + v;
        }
      }
      byte[] kvs = new byte[size];
      int w = 0;
      for (int c = 0; c < columns.length; c++) {
        int v = valueLength[columns[c]];
        if (v == 0) {
          continue; // empty = absent: no cell, as hbulk
        }
        int start = w;
        byte[] q = qualifiers[c];
        w = Bytes.putInt(kvs, w, keyFixed + q.length);
        w = Bytes.putInt(kvs, w, v);
        w = Bytes.putShort(kvs, w, (short) rowLength);
        System.arraycopy(a, row, kvs, w, rowLength);
        w += rowLength;
        kvs[w++] = (byte) family.length;
        System.arraycopy(family, 0, kvs, w, family.length);
        w += family.length;
        System.arraycopy(q, 0, kvs, w, q.length);
        w += q.length;
        System.arraycopy(ts, 0, kvs, w, 8);
        w += 8;
        kvs[w++] = KeyValue.Type.Put.getCode();
        System.arraycopy(a, valueAt[columns[c]], kvs, w, v);
        w += v;
        writers.write(tableRow, new KeyValue(kvs, start, w - start));
      }
    }
    writers.close(null);
  }
}
