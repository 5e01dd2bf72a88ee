package org.hbulk.mappers.schema;

/**
 * What a record with fewer fields than {@code [columns]} is: the {@code [csv] missing-fields}
 * setting. A field the record does not reach is <em>missing</em>, which is not the same as empty:
 * an empty field is there and holds nothing.
 */
public enum MissingFields {
  /** The record is rejected ({@code FIELD_COUNT}), unless it is a deletion that may end early. */
  REJECT("reject"),
  /**
   * The record is read with the fields it has: a cell that needs a missing field is not written, as
   * HBase's ImportTsv writes no cell for the columns a line does not reach. The row key, timestamp,
   * TTL, visibility and {@code delete-when} fields must still be there.
   */
  ABSENT("absent");

  private final String word;

  MissingFields(String word) {
    this.word = word;
  }

  /** The word of the spec. */
  public String word() {
    return word;
  }
}
