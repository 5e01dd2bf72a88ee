package org.hbulk.mappers.sort;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The reduce input a reducer keeps in memory ({@code mapreduce.reduce.input.buffer.percent}) so
 * that the map outputs its shuffle already holds are not merged onto disk (through the map output
 * codec) and read back before the first reduce call, as Hadoop's default of 0 has them: as much as
 * the shuffle may hold, which adds nothing to the memory it took. The local runner's and a
 * cluster's job setups each pass the reducer's heap.
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
}
