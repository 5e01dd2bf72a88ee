package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.hbulk.mappers.shuffle.CellKey;

/**
 * The cut points of the shuffle's total order: for every region of every table but the very first,
 * the first possible cell of its start row ({@code table;startKey}, no family, no qualifier, newest
 * timestamp, type Maximum), so every cell of a row goes to the reducer of the region that holds the
 * row, and each reducer writes exactly one region's HFiles.
 */
final class CellPartitions {
  private CellPartitions() {}

  /**
   * Writes the cut points of these tables (start keys by table, named as the spec names them, as
   * the map output keys do) to {@code file} and points the TotalOrderPartitioner at it; returns the
   * number of reducers (all regions).
   */
  static int write(Configuration conf, Path file, Map<String, byte[][]> startKeys)
      throws IOException {
    List<CellKey> cuts = new ArrayList<>();
    for (Map.Entry<String, byte[][]> t : startKeys.entrySet()) {
      byte[] table = Bytes.toBytes(t.getKey());
      for (byte[] start : t.getValue()) {
        cuts.add(CellKey.firstOnRow(table, start));
      }
    }
    cuts.sort(null);
    // The smallest cut is the first table's empty start key: everything before the next cut.
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(CellKey.class),
            SequenceFile.Writer.valueClass(NullWritable.class))) {
      for (CellKey cut : cuts.subList(1, cuts.size())) {
        w.append(cut, NullWritable.get());
      }
    }
    TotalOrderPartitioner.setPartitionFile(conf, file);
    return cuts.size();
  }
}
