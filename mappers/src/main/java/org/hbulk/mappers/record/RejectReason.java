package org.hbulk.mappers.record;

/**
 * Why a record was rejected. Each reason is also a counter (group {@code RejectReason}) so the
 * job's counters say how many records were rejected for what.
 */
public enum RejectReason {
  /** The text is not one valid CSV record: an unclosed quote, a stray character after a quote. */
  MALFORMED_CSV,
  /** The record's bytes are not valid in the spec's charset. */
  BAD_ENCODING,
  /** Longer than the spec's {@code max-record-bytes}. */
  RECORD_TOO_LONG,
  /**
   * More or fewer fields than the spec has columns; under {@code missing-fields = absent}, more
   * fields, or too few to reach a row's key, timestamp, {@code delete-when}, TTL or visibility
   * column.
   */
  FIELD_COUNT,
  /** A field that does not parse as its column's type. */
  BAD_VALUE,
  /** A column the row key needs is empty. */
  EMPTY_KEY_PART,
  /** The row key is longer than HBase allows (32,767 bytes). */
  KEY_TOO_LONG,
  /**
   * Every cell of every output is empty (or missing): HBase has no empty rows, so the record would
   * vanish.
   */
  EMPTY_ROW,
  /** The cell timestamp's column is empty or the timestamp is negative. */
  BAD_TIMESTAMP,
  /** A cell TTL's field is not a whole number of milliseconds above 0. */
  BAD_TTL,
  /**
   * A cell visibility's field is empty, not a visibility expression, or names a label the cluster
   * does not define.
   */
  BAD_VISIBILITY
}
