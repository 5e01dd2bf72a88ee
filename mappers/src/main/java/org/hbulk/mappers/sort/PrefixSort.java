package org.hbulk.mappers.sort;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.IndexedSorter;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.mapreduce.HbulkCounter;

/**
 * The prefix sort as the driver sees it: its switch ({@link HbulkConf#SORT_PREFIX}), which makes
 * {@link CellKeySorter} the job's {@code map.sort.class}, and what the map tasks' counters say it
 * did. Switched off, the job keeps Hadoop's QuickSort.
 */
public final class PrefixSort {
  public static final String NAME = "prefix-sort";

  private PrefixSort() {}

  /**
   * Makes {@link CellKeySorter} the job's spill sorter unless the switch is off or the user chose a
   * sorter; returns whether it did.
   */
  public static boolean install(Configuration jobConf) {
    if (!jobConf.getBoolean(HbulkConf.SORT_PREFIX, HbulkConf.SORT_PREFIX_DEFAULT)
        || HbulkConf.setByUser(jobConf, MRJobConfig.MAP_SORT_CLASS)) {
      return false;
    }
    jobConf.setClass(MRJobConfig.MAP_SORT_CLASS, CellKeySorter.class, IndexedSorter.class);
    return true;
  }

  /** What the prefix sort did in a finished job, from its configuration and counters. */
  public static Shortcut outcome(Configuration jobConf, Counters counters) {
    if (!jobConf.getBoolean(HbulkConf.SORT_PREFIX, HbulkConf.SORT_PREFIX_DEFAULT)) {
      return shortcut(Shortcut.State.OFF, "Hadoop's QuickSort sorted the map spills");
    }
    String sorter = jobConf.get(MRJobConfig.MAP_SORT_CLASS, "");
    if (!sorter.equals(CellKeySorter.class.getName())) {
      return shortcut(Shortcut.State.NOT_USED, MRJobConfig.MAP_SORT_CLASS + " is " + sorter);
    }
    long sorted = counters.findCounter(HbulkCounter.SPILLS_PREFIX_SORTED).getValue();
    long fellBack = 0;
    List<String> reasons = new ArrayList<>();
    for (PrefixSortFallback f : PrefixSortFallback.values()) {
      long n = counters.findCounter(f).getValue();
      if (n > 0) {
        fellBack += n;
        reasons.add(f.reason());
      }
    }
    if (fellBack > 0) {
      return shortcut(
          Shortcut.State.FELL_BACK,
          "Hadoop's QuickSort sorted "
              + fellBack
              + " of "
              + (sorted + fellBack)
              + " spills: "
              + String.join("; ", reasons));
    }
    if (sorted == 0) {
      return shortcut(Shortcut.State.NOT_USED, "no map spill to sort");
    }
    return shortcut(Shortcut.State.RAN, sorted + " map spill(s) sorted on key prefixes");
  }

  private static Shortcut shortcut(Shortcut.State state, String detail) {
    return new Shortcut(NAME, HbulkConf.SORT_PREFIX, state, detail);
  }
}
