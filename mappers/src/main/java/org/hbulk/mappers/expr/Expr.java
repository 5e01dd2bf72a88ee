package org.hbulk.mappers.expr;

import java.util.List;
import java.util.Optional;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;

/**
 * A compiled key or value expression: given a record, it appends bytes. Expressions are immutable
 * and shared by all records of a task; {@link #appendTo} is called once per record and per use.
 *
 * <p>A value that needs an empty field is absent: the caller checks {@link #columns()} before
 * evaluating (a key with an empty part is rejected, a cell with one is not written), so
 * {@code appendTo} never sees an empty column it depends on.
 */
public interface Expr {

  /**
   * Appends this expression's bytes for the record to {@code out}.
   *
   * @throws RejectException when the record's value cannot be encoded (an IP address that is
   *     none, a name missing from a code table, a negative number for a decimal field)
   */
  void appendTo(Record record, ByteBuilder out) throws RejectException;

  /** The columns this expression reads, in the order they appear. */
  List<Column> columns();

  /** The expression as it would be written in a spec. */
  @Override
  String toString();

  /** The salt this expression begins with, if any: its buckets are the table's natural split points. */
  default Optional<Salt> leadingSalt() {
    return Optional.empty();
  }

  /** How many bytes this expression always produces, or -1 when the length varies. */
  default int fixedWidth() {
    return -1;
  }

  /**
   * Whether values tend to grow with the order records arrive in (a time, a sequence number): at
   * the front of a key such a part sends every new row to the last region.
   */
  default boolean growsWithTime() {
    return false;
  }

  /**
   * What these bytes of a key stand for, e.g. {@code 2026-11-22T08:00:00Z} for a reversed
   * timestamp; null when they cannot be read back (a hash).
   */
  default String decode(byte[] bytes, int offset, int length) {
    return null;
  }
}
