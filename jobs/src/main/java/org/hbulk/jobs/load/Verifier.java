package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Reconciles a loaded run with its table: input records run through the run's own spec again, and
 * every cell they make read back with a Get of every version and compared (value and timestamp). A
 * load of at most {@code limit} records is checked whole; a bigger one on {@code limit} records
 * spread over its input. Other versions of a checked column are differences too: a newer one hides
 * the run's value from every default read; an older one is what a second, interrupted or repeated
 * load leaves (unless the table keeps history on purpose: {@code allowOlderVersions}).
 */
public final class Verifier {
  /** What verify found. */
  public record Result(long records, long rows, long cells, long olderVersions, List<String> differences) {}

  private final Configuration conf;
  private final Connection connection;

  public Verifier(Configuration conf, Connection connection) {
    this.conf = conf;
    this.connection = connection;
  }

  public Result verify(RunDirectory run, int limit, boolean allowOlderVersions)
      throws IOException, InterruptedException {
    RunState state = run.readState();
    LoadSpec spec = LoadSpec.parse(state.specSource(), run.readText(run.spec()), state.overrides());
    List<byte[]> raw = InputSample.spread(conf, spec, state.inputs(), limit);
    RecordConverter converter = new RecordConverter(spec, state.runStartMillis());
    Map<String, Table> tables = new HashMap<>();
    List<String> differences = new ArrayList<>();
    Set<String> rowsSeen = new HashSet<>();
    long records = 0;
    long cells = 0;
    long older = 0;
    try {
      for (byte[] r : raw) {
        List<KeyValue> kvs;
        try {
          kvs = converter.convert(r, r.length);
        } catch (RejectException rejected) {
          continue; // in the rejects, not in the table
        }
        records++;
        int from = 0;
        for (int o = 0; o < spec.outputs().size(); o++) {
          byte[] row = converter.lastRows().get(o);
          int to = converter.lastCellsEnd(o);
          if (row == null) {
            continue;
          }
          String table = spec.outputs().get(o).table();
          rowsSeen.add(table + "/" + Bytes.toHex(row));
          Table t = tables.computeIfAbsent(table, name -> open(name));
          org.apache.hadoop.hbase.client.Result got = t.get(new Get(row).readAllVersions());
          if (got.isEmpty()) {
            differences.add(table + ": row " + Bytes.toStringBinary(row) + " is missing");
            from = to;
            continue;
          }
          for (int c = from; c < to; c++) {
            cells++;
            KeyValue want = kvs.get(c);
            String problem = compare(want, got);
            if (problem != null) {
              differences.add(table + ": row " + Bytes.toStringBinary(row) + " " + problem);
            }
            List<Long> olderThan = olderVersions(want, got);
            older += olderThan.size();
            if (!olderThan.isEmpty() && !allowOlderVersions) {
              differences.add(table + ": row " + Bytes.toStringBinary(row) + " " + column(want)
                  + " has other version(s) @" + olderThan + " besides the loaded one @" + want.getTimestamp());
            }
          }
          from = to;
        }
      }
    } finally {
      for (Table t : tables.values()) {
        t.close();
      }
    }
    return new Result(records, rowsSeen.size(), cells, older, differences);
  }

  private static String compare(KeyValue want, org.apache.hadoop.hbase.client.Result got) {
    String column = column(want);
    boolean sawColumn = false;
    for (Cell c : got.getColumnCells(CellUtil.cloneFamily(want), CellUtil.cloneQualifier(want))) {
      sawColumn = true;
      if (c.getTimestamp() > want.getTimestamp()) {
        return column + " @" + want.getTimestamp() + " is hidden by a newer version @" + c.getTimestamp()
            + " holding " + Bytes.toStringBinary(CellUtil.cloneValue(c));
      }
      if (c.getTimestamp() == want.getTimestamp()) {
        return CellUtil.matchingValue(c, want) ? null : column + " @" + want.getTimestamp() + " holds "
            + Bytes.toStringBinary(CellUtil.cloneValue(c)) + ", the input says " + Bytes.toStringBinary(CellUtil.cloneValue(want));
      }
    }
    return column + (sawColumn ? " has no version @" + want.getTimestamp() : " is missing");
  }

  /** Timestamps of the column's versions older than the wanted cell's, newest first. */
  private static List<Long> olderVersions(KeyValue want, org.apache.hadoop.hbase.client.Result got) {
    List<Long> older = new ArrayList<>();
    for (Cell c : got.getColumnCells(CellUtil.cloneFamily(want), CellUtil.cloneQualifier(want))) {
      if (c.getTimestamp() < want.getTimestamp()) {
        older.add(c.getTimestamp());
      }
    }
    return older;
  }

  private static String column(KeyValue cell) {
    return Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":" + Bytes.toStringBinary(CellUtil.cloneQualifier(cell));
  }

  private Table open(String name) {
    try {
      return connection.getTable(TableName.valueOf(name));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
