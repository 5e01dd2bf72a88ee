package org.hbulk.mappers.hfile;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;

/**
 * hbulk's HFile writer as the driver sees it: its switch ({@link HbulkConf#HFILE_FAST_WRITER}) and
 * what the reducers' counters say it wrote. The writer itself is {@code HbulkHFileWriter} (in
 * HBase's package, whose block writer it uses) under {@link FastStoreFileWriter}.
 */
public final class FastHFileWriting {
  public static final String NAME = "fast-hfile-writer";

  /** The reducers' counts of HFiles, by the writer that wrote them. */
  public enum Counter {
    /** Written by hbulk's writer. */
    BY_HBULK_WRITER,
    /**
     * Written by HBase's writer: the switch is off, or the family's format is one hbulk's writer
     * does not write (an encoding other than NONE and FAST_DIFF, tags, a ROWCOL or prefix bloom
     * filter).
     */
    BY_HBASE_WRITER,
    /**
     * Written by HBase's writer because hbulk's could not start on this HBase's internals: an
     * upgrade changed them.
     */
    FALLBACKS
  }

  private FastHFileWriting() {}

  /** What the writer did in a finished job, from its configuration and counters. */
  public static Shortcut outcome(Configuration jobConf, Counters counters) {
    if (!jobConf.getBoolean(HbulkConf.HFILE_FAST_WRITER, HbulkConf.HFILE_FAST_WRITER_DEFAULT)) {
      return shortcut(Shortcut.State.OFF, "HBase's StoreFileWriter wrote the HFiles");
    }
    long hbulk = counters.findCounter(Counter.BY_HBULK_WRITER).getValue();
    long hbase = counters.findCounter(Counter.BY_HBASE_WRITER).getValue();
    long fellBack = counters.findCounter(Counter.FALLBACKS).getValue();
    if (fellBack > 0) {
      return shortcut(
          Shortcut.State.FELL_BACK,
          "HBase's StoreFileWriter wrote "
              + fellBack
              + " HFile(s): hbulk's writer could not start on this HBase's internals");
    }
    if (hbulk == 0) {
      return shortcut(
          Shortcut.State.NOT_USED,
          hbase == 0
              ? "no HFile written"
              : "the families' formats need HBase's writer (hbulk's writes NONE or FAST_DIFF"
                  + " encoding, a ROW or no bloom filter, no tags)");
    }
    return shortcut(
        Shortcut.State.RAN,
        hbulk
            + " HFile(s) written by hbulk's writer"
            + (hbase > 0 ? ", " + hbase + " by HBase's (formats hbulk's does not write)" : ""));
  }

  private static Shortcut shortcut(Shortcut.State state, String detail) {
    return new Shortcut(NAME, HbulkConf.HFILE_FAST_WRITER, state, detail);
  }
}
