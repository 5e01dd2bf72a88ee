package org.hbulk.jobs.load;

import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The HFiles prepared for one region: how many (in all and per family), how big, how many cells and
 * rows.
 *
 * @param rows rows whose cells are in these files; -1 when a file does not say (written by
 *     something other than hbulk's writer)
 * @param familyFiles files per family, in family order
 */
public record RegionFiles(
    byte[] startKey,
    byte[] endKey,
    int files,
    long bytes,
    long cells,
    long rows,
    Map<String, Integer> familyFiles) {
  public String range() {
    return "[" + Bytes.toStringBinary(startKey) + ", " + Bytes.toStringBinary(endKey) + ")";
  }

  /** The most files any one family has here: what HBase's per-region, per-family cap applies to. */
  public int mostFamilyFiles() {
    return familyFiles.values().stream().mapToInt(Integer::intValue).max().orElse(0);
  }
}
