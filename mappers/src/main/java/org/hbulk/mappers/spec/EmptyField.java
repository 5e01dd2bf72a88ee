package org.hbulk.mappers.spec;

/**
 * What a cell becomes when a field its value needs is empty: the {@code empty} setting of an {@code
 * [output NAME]} section, for all its cells or per cell ({@code empty.FAMILY:QUALIFIER}).
 */
public enum EmptyField {
  /**
   * No cell is written (the default). A reader then sees the column's previous version, if the
   * table keeps one from an earlier load, or nothing.
   */
  ABSENT("absent"),
  /**
   * A cell with a zero-length value is written, as ImportTsv does: a reader sees an empty value,
   * which masks older versions of the column.
   */
  EMPTY_VALUE("empty-value"),
  /**
   * A DeleteColumn marker at the record's timestamp: "the field was cleared" reaches the table, and
   * a reader sees no value for the column at or before that timestamp. A computed qualifier whose
   * fields are empty names no column, so such a cell is left out as under {@link #ABSENT}.
   */
  DELETE("delete");

  private final String word;

  EmptyField(String word) {
    this.word = word;
  }

  public String word() {
    return word;
  }

  static EmptyField of(String word) {
    for (EmptyField e : values()) {
      if (e.word.equals(word)) {
        return e;
      }
    }
    return null;
  }
}
