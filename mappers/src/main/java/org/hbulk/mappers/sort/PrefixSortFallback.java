package org.hbulk.mappers.sort;

/**
 * Spills that {@link CellKeySorter} left to Hadoop's QuickSort while the prefix sort was switched
 * on, one counter per reason. Any of them above zero means the prefix sort fell back: the output is
 * the same, only slower. (The spills it did sort are {@code HbulkCounter.SPILLS_PREFIX_SORTED}.)
 */
public enum PrefixSortFallback {
  UNKNOWN_BUFFER_LAYOUT(
      "this Hadoop's map output buffer is not laid out as the prefix sort expects"),
  NOT_CELL_KEYS("the spill is not a map output buffer of CellKeys in the shuffle's order"),
  SORT_FAILED("the prefix sort failed (the task log has the stack trace)");

  private final String reason;

  PrefixSortFallback(String reason) {
    this.reason = reason;
  }

  /** Why spills counted here were sorted by Hadoop's QuickSort. */
  public String reason() {
    return reason;
  }
}
