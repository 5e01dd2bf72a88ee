package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.TableCodes;

/**
 * The cut points of the shuffle's total order. Each is the first possible cell of a region's start
 * row (the table's code and the start key, no family, no qualifier, newest timestamp, type
 * Maximum), so every cell of a row goes to the reducer of the region that holds the row. With a
 * reducer per region every region but the very first starts a partition; with fewer, each reducer
 * takes a run of consecutive regions (as even in number as they divide), and its HFile writer
 * closes a file where the next region starts ({@code HFileWriters}).
 */
final class CellPartitions {
  private CellPartitions() {}

  /**
   * Writes the cut points of these tables (start keys by table, named as the spec names them, each
   * table coded as the map output keys code it) for {@code reducers} reducers (at most the regions)
   * to {@code file}, and points the TotalOrderPartitioner at it.
   */
  static void write(
      Configuration conf,
      Path file,
      Map<String, byte[][]> startKeys,
      TableCodes codes,
      int reducers)
      throws IOException {
    List<CellKey> cuts = new ArrayList<>();
    for (Map.Entry<String, byte[][]> t : startKeys.entrySet()) {
      byte[] table = codes.code(t.getKey());
      for (byte[] start : t.getValue()) {
        cuts.add(CellKey.firstOnRow(table, start));
      }
    }
    cuts.sort(null);
    if (reducers < 1 || reducers > cuts.size()) {
      throw new IllegalArgumentException(
          reducers + " reducers for " + cuts.size() + " regions: between 1 and the regions");
    }
    // Reducer r starts at region r * regions / reducers; reducer 0 at the first table's empty
    // start key, which is no cut: everything before the next cut is its.
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(CellKey.class),
            SequenceFile.Writer.valueClass(NullWritable.class))) {
      for (int r = 1; r < reducers; r++) {
        w.append(cuts.get((int) ((long) r * cuts.size() / reducers)), NullWritable.get());
      }
    }
    TotalOrderPartitioner.setPartitionFile(conf, file);
  }

  /** The regions of all these tables. */
  static int regions(Map<String, byte[][]> startKeys) {
    return startKeys.values().stream().mapToInt(k -> k.length).sum();
  }
}
