package org.hbulk.mappers.sort;

/**
 * The map sort buffer ({@code mapreduce.task.io.sort.mb}) that holds a split's map output, so a map
 * task sorts and writes once instead of spilling and merging: a split's cells take about 2.5 times
 * its CSV bytes with one output, plus 16 bytes of metadata a run, and Hadoop spills at 80 % of the
 * buffer. The local runner's and a cluster's job setups bound it each by their own heap.
 */
public final class SortBuffer {
  /** Hadoop's own buffer, in MB. */
  public static final int HADOOP_DEFAULT_MB = 100;

  private SortBuffer() {}

  /** About four times the split, never below Hadoop's own. */
  public static long wantedMb(long splitBytes) {
    return Math.max(HADOOP_DEFAULT_MB, (4 * splitBytes) >> 20);
  }
}
