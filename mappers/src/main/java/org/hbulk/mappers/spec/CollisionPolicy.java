package org.hbulk.mappers.spec;

/**
 * What happens when two records give a cell the same row, family, qualifier and timestamp (HBase
 * keeps only one): the {@code collisions} setting of the spec's {@code [load]} section.
 */
public enum CollisionPolicy {
  /** The load stops before completion, nothing is loaded (the default: nothing is lost silently). */
  FAIL("fail"),
  /** The cell whose value is the greatest as unsigned bytes is kept: the same one in every run. */
  KEEP_MAX_VALUE("keep-max-value"),
  /** The cell whose value is the smallest as unsigned bytes is kept. */
  KEEP_MIN_VALUE("keep-min-value");

  private final String word;

  CollisionPolicy(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  static CollisionPolicy of(String word) {
    for (CollisionPolicy p : values()) {
      if (p.word.equals(word)) {
        return p;
      }
    }
    return null;
  }
}
