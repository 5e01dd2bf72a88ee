package org.hbulk.mappers.sort;

import java.util.Locale;
import java.util.function.BiFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;

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
   * The shortcut as the local runner's and a cluster's job setups run it, under their own name and
   * switch: off by the switch, left alone where the user set {@code
   * mapreduce.reduce.input.buffer.percent} or the reducer's heap is not known, else set to the
   * share {@code rule} ({@link #inMemoryPercent} or {@link #belowMergePercent}) gives of that heap.
   */
  public static Shortcut apply(
      Configuration conf,
      String name,
      String switchKey,
      boolean switchDefault,
      long reducerHeapBytes,
      BiFunction<Configuration, Long, Float> rule) {
    if (!conf.getBoolean(switchKey, switchDefault)) {
      return new Shortcut(
          name,
          switchKey,
          Shortcut.State.OFF,
          "reduce input merged onto disk first, as Hadoop does");
    }
    if (HbulkConf.setByUser(conf, MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT)) {
      return new Shortcut(
          name,
          switchKey,
          Shortcut.State.NOT_USED,
          MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT + " set by the user");
    }
    if (reducerHeapBytes <= 0) {
      return new Shortcut(
          name,
          switchKey,
          Shortcut.State.NOT_USED,
          "the reduce tasks' heap is not known from their options");
    }
    float percent = rule.apply(conf, reducerHeapBytes);
    conf.setFloat(MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT, percent);
    return new Shortcut(
        name,
        switchKey,
        Shortcut.State.RAN,
        String.format(
            Locale.ROOT,
            "%s %.3f (reduce heap %d MB)",
            MRJobConfig.REDUCE_INPUT_BUFFER_PERCENT,
            percent,
            reducerHeapBytes >> 20));
  }

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
