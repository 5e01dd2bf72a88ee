package org.hbulk.mappers.spec;

import org.hbulk.mappers.schema.Column;

/**
 * Where a cell's TTL or visibility expression comes from: a constant of the spec, a column of the
 * record, or nowhere (the cell gets no such tag).
 *
 * @param constant the constant's text (a TTL in milliseconds, or a visibility expression); null
 *     when the value comes from a column or there is none
 * @param column the column whose field holds the value; null for a constant or none
 */
public record TagSource(String constant, Column column) {
  /** No tag. */
  public static final TagSource NONE = new TagSource(null, null);

  /** The word that asks for no tag, for one cell against its output's setting. */
  public static final String NONE_WORD = "none";

  public boolean isNone() {
    return constant == null && column == null;
  }
}
