package org.hbulk.mappers.schema;

/**
 * What happens when two records give a cell the same row, family, qualifier and timestamp (HBase
 * keeps only one): the {@code collisions} setting of the spec's {@code [load]} section.
 */
public enum CollisionPolicy {
  /**
   * The load stops before completion, nothing is loaded (the default: nothing is lost silently).
   */
  FAIL("fail"),
  /**
   * Cell by cell, the value greatest as unsigned bytes is kept: the same one in every run, but one
   * row may then hold cells of different records.
   */
  KEEP_MAX_VALUE("keep-max-value"),
  /** Cell by cell, the smallest value is kept; a row may hold cells of different records. */
  KEEP_MIN_VALUE("keep-min-value"),
  /**
   * Of records writing a common column at one row and timestamp, the one read last (input files in
   * path order, then byte offset) is kept whole and the others are dropped whole.
   */
  KEEP_LAST_RECORD("keep-last-record"),
  /** As {@link #KEEP_LAST_RECORD}, keeping the record read first. */
  KEEP_FIRST_RECORD("keep-first-record");

  private final String word;

  CollisionPolicy(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  /**
   * Whether the policy keeps or drops records whole, which needs each record's place in the input.
   */
  public boolean recordLevel() {
    return this == KEEP_LAST_RECORD || this == KEEP_FIRST_RECORD;
  }

  /** The words the spec accepts, for messages. */
  public static String words() {
    StringBuilder b = new StringBuilder();
    for (CollisionPolicy p : values()) {
      b.append(b.length() == 0 ? "" : ", ").append(p.word);
    }
    return b.toString();
  }

  public static CollisionPolicy of(String word) {
    for (CollisionPolicy p : values()) {
      if (p.word.equals(word)) {
        return p;
      }
    }
    return null;
  }
}
