package org.hbulk.mappers.sort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.mapreduce.HbulkCounter;
import org.junit.jupiter.api.Test;

/** The prefix sort's switch, and what the report says it did from the map tasks' counters. */
class PrefixSortTest {
  @Test
  void installedUnlessSwitchedOffOrTheUserChoseASorter() {
    Configuration on = new Configuration(false);
    assertTrue(PrefixSort.install(on));
    assertEquals(CellKeySorter.class.getName(), on.get(MRJobConfig.MAP_SORT_CLASS));

    Configuration off = new Configuration(false);
    off.setBoolean(HbulkConf.SORT_PREFIX, false);
    assertFalse(PrefixSort.install(off));
    assertNull(off.get(MRJobConfig.MAP_SORT_CLASS), "Hadoop's QuickSort");

    Configuration user = new Configuration(false);
    user.set(MRJobConfig.MAP_SORT_CLASS, "org.apache.hadoop.util.HeapSort");
    assertFalse(PrefixSort.install(user));
    assertEquals("org.apache.hadoop.util.HeapSort", user.get(MRJobConfig.MAP_SORT_CLASS));
    Shortcut s = PrefixSort.outcome(user, new Counters());
    assertEquals(Shortcut.State.NOT_USED, s.state());
    assertTrue(s.detail().contains("HeapSort"), s.detail());
  }

  @Test
  void ranOnlyIfItSortedSpillsAndFellBackIfQuickSortSortedAny() {
    Configuration conf = new Configuration(false);
    PrefixSort.install(conf);
    Counters counters = new Counters();
    assertEquals(Shortcut.State.NOT_USED, PrefixSort.outcome(conf, counters).state(), "no spill");

    counters.findCounter(HbulkCounter.SPILLS_PREFIX_SORTED).increment(4);
    Shortcut ran = PrefixSort.outcome(conf, counters);
    assertEquals(Shortcut.State.RAN, ran.state());
    assertEquals(HbulkConf.SORT_PREFIX, ran.toggle());

    counters.findCounter(PrefixSortFallback.UNKNOWN_BUFFER_LAYOUT).increment(2);
    Shortcut fell = PrefixSort.outcome(conf, counters);
    assertEquals(Shortcut.State.FELL_BACK, fell.state());
    assertTrue(
        fell.detail()
            .startsWith(
                "Hadoop's QuickSort sorted 2 of 6 spills: this Hadoop's map"
                    + " output buffer is not laid out"),
        fell.detail());

    Configuration off = new Configuration(false);
    off.setBoolean(HbulkConf.SORT_PREFIX, false);
    assertEquals(Shortcut.State.OFF, PrefixSort.outcome(off, counters).state());
  }

  @Test
  void shortcutsRoundTripThroughTheirText() {
    Shortcut s = new Shortcut("n", "hbulk.x", Shortcut.State.FELL_BACK, "why, and what: 1");
    assertEquals(s, Shortcut.decode("n", s.encode()));
    assertEquals("fell-back", s.state().label());
  }
}
