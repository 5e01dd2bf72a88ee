package org.hbulk.mappers.sort;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The reduce input a reducer keeps in memory ({@code mapreduce.reduce.input.buffer.percent}) so
 * that the map outputs its shuffle holds are not merged onto disk (through the map output codec)
 * and read back before the first reduce call, as Hadoop's default of 0 has them. What is kept stays
 * live until the reduce ends, beside the HFile writers: the local runner's and a cluster's job
 * setups each pass the reducer's heap and choose how much of the shuffle's share to keep.
 */
public final class ReduceInputBuffer {
  private ReduceInputBuffer() {}

  /**
   * The share of a reducer's heap its shuffle may hold: Hadoop sizes the shuffle from {@code
   * mapreduce.reduce.memory.totalbytes} (the heap unless set) and the reduce input from the heap.
   */
  public static float inMemoryPercent(Configuration conf, long reducerHeapBytes) {
    float shuffle =
        conf.getFloat(
            MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT,
            MRJobConfig.DEFAULT_SHUFFLE_INPUT_BUFFER_PERCENT);
    long held =
        (long) (conf.getLong(MRJobConfig.REDUCE_MEMORY_TOTAL_BYTES, reducerHeapBytes) * shuffle);
    return Math.min(1f, (float) held / reducerHeapBytes);
  }

  /**
   * {@link #inMemoryPercent} up to the point where the shuffle starts merging onto disk itself
   * ({@code mapreduce.reduce.shuffle.merge.percent}, 0.66): all a reducer holds in memory when its
   * shuffle ends short of that, and at most 0.46 of a heap with Hadoop's settings, leaving the rest
   * to the HFile writers and the row buffer (ParallelGC's old generation is two thirds of the
   * heap).
   */
  public static float belowMergePercent(Configuration conf, long reducerHeapBytes) {
    float merge =
        conf.getFloat(MRJobConfig.SHUFFLE_MERGE_PERCENT, MRJobConfig.DEFAULT_SHUFFLE_MERGE_PERCENT);
    return inMemoryPercent(conf, reducerHeapBytes) * Math.min(1f, merge);
  }
}
