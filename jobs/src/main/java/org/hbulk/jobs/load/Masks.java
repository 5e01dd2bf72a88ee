package org.hbulk.jobs.load;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What the records {@link Verifier} reads again delete, and the Puts they write, so that it can
 * tell a cell a deletion of the run masks (absent as it should be) and a newer version an update of
 * the run wrote from differences. HBase's rule, without NEW_VERSION_BEHAVIOR: a DeleteFamily marker
 * at T masks every cell of its family in the row at or before T, a DeleteColumn marker at T every
 * version of its column at or before T, whatever order the markers and the Puts came in.
 */
final class Masks {
  /** The newest DeleteFamily marker per table, row and family. */
  private final Map<String, Long> families = new HashMap<>();

  /** The newest DeleteColumn marker per table, row and column. */
  private final Map<String, Long> columns = new HashMap<>();

  private final Set<String> puts = new HashSet<>();

  void add(String table, KeyValue kv) {
    if (!isMarker(kv)) {
      puts.add(column(table, kv) + "@" + kv.getTimestamp());
    } else if (kv.getTypeByte() == KeyValue.Type.DeleteFamily.getCode()) {
      families.merge(family(table, kv), kv.getTimestamp(), Math::max);
    } else {
      columns.merge(column(table, kv), kv.getTimestamp(), Math::max);
    }
  }

  boolean isMarker(Cell cell) {
    return cell.getTypeByte() != KeyValue.Type.Put.getCode();
  }

  /** Whether a marker read so far masks {@code put}. */
  boolean masks(String table, Cell put) {
    long ts = put.getTimestamp();
    return families.getOrDefault(family(table, put), -1L) >= ts
        || columns.getOrDefault(column(table, put), -1L) >= ts;
  }

  /** Whether {@code cell} of the table is a Put of the records read (same column, timestamp). */
  boolean isRunPut(String table, Cell cell) {
    return puts.contains(column(table, cell) + "@" + cell.getTimestamp());
  }

  /** What the table still holds that {@code marker} masks, said for the user; null when nothing. */
  static String leftOver(KeyValue marker, Result got) {
    byte[] family = CellUtil.cloneFamily(marker);
    boolean wholeFamily = marker.getTypeByte() == KeyValue.Type.DeleteFamily.getCode();
    for (Cell c : got.rawCells()) {
      boolean covered =
          CellUtil.matchingFamily(c, family)
              && (wholeFamily || CellUtil.matchingQualifier(c, marker));
      if (covered && c.getTimestamp() <= marker.getTimestamp()) {
        return Verifier.column(c)
            + " @"
            + c.getTimestamp()
            + " is still there, though the run deleted "
            + (wholeFamily ? "family " + Bytes.toStringBinary(family) : "the column")
            + " @"
            + marker.getTimestamp();
      }
    }
    return null;
  }

  private static String family(String table, Cell c) {
    return table
        + "/"
        + Bytes.toHex(CellUtil.cloneRow(c))
        + "/"
        + Bytes.toHex(CellUtil.cloneFamily(c));
  }

  private static String column(String table, Cell c) {
    return family(table, c) + "/" + Bytes.toHex(CellUtil.cloneQualifier(c));
  }
}
