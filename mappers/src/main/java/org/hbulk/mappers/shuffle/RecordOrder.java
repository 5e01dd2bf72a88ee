package org.hbulk.mappers.shuffle;

/**
 * A record's place in the input as one long: the index of its file among the job's input files
 * sorted by path, then the byte offset of the record in the (decompressed) file. Neither depends on
 * how the files were split, so a record-level collision policy keeps the same record in every run,
 * whatever the split size.
 */
public final class RecordOrder {
  static final int OFFSET_BITS = 43;

  /** The highest byte offset an order holds: 8 TiB into a decompressed file. */
  public static final long MAX_OFFSET = (1L << OFFSET_BITS) - 1;

  /** How many input files an order can tell apart. */
  public static final int MAX_FILES = 1 << (63 - OFFSET_BITS);

  private RecordOrder() {}

  /** The base of every order in file {@code fileIndex}; add the record's offset to it. */
  public static long fileBase(int fileIndex) {
    if (fileIndex < 0 || fileIndex >= MAX_FILES) {
      throw new IllegalArgumentException(
          "input file #"
              + fileIndex
              + ": a record-level collision policy"
              + " tells at most "
              + MAX_FILES
              + " input files apart; load fewer, larger files per run");
    }
    return (long) fileIndex << OFFSET_BITS;
  }

  /** The order of the record at {@code offset} of the file whose base is {@code fileBase}. */
  public static long of(long fileBase, long offset) {
    if (offset < 0 || offset > MAX_OFFSET) {
      throw new IllegalArgumentException(
          "byte offset "
              + offset
              + " is beyond the "
              + MAX_OFFSET
              + " a record-level collision policy can order; split the file");
    }
    return fileBase | offset;
  }

  /** For messages: {@code file #I, byte offset O}. */
  public static String describe(long order) {
    return "input file #" + (order >>> OFFSET_BITS) + ", byte offset " + (order & MAX_OFFSET);
  }
}
