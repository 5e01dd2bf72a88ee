package org.hbulk.mappers.input;

/**
 * What the record reader counts, apart from the mapper's {@code HbulkCounter}: input framing reads
 * no later stage's types, so the package cycle input -> mapreduce -> input cannot come back.
 */
public enum InputCounter {
  /** First lines of files skipped because the spec says they are headers. */
  HEADER_LINES_SKIPPED
}
