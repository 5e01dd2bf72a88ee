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
 * evaluating (a key with an empty part is rejected, a cell with one is not written), so {@code
 * appendTo} never sees an empty column it depends on.
 *
 * <p>The tree is sealed, and each expression names its {@link Kind}. Code that tells kinds apart
 * (the key reader's scan plans, {@link RangeEncoding}) switches over {@link #kind()} with no {@code
 * default}, so that a new kind does not compile until every such reader decides what to do with it.
 * A switch over the sealed type itself would need Java 21's pattern switch (a preview in the Java
 * 17 this project builds for), and a visitor would need one method per kind in every question,
 * where most questions single out two or three kinds; an enum switch expression is checked for
 * exhaustiveness by Java 17's compiler and lists the others on one line. The sealed {@code permits}
 * lists keep the kinds and the classes one to one ({@code ExprTest} checks it).
 */
public sealed interface Expr
    permits ColumnRef, Literal, Concat, Salt, TailTransform, ColumnEncoder {

  /** Each expression class of the tree, one to one: what a switch over expressions reads. */
  enum Kind {
    /** A column's text: {@code name}. */
    COLUMN,
    /** Fixed bytes: {@code "#"}. */
    LITERAL,
    /** Parts written one after another: {@code a + "#" + b}. */
    CONCAT,
    /** {@code salt(expr, n)}: a bucket prefix from a hash of the value. */
    SALT,
    /** {@code md5}, {@code sha1}, {@code sha256}, {@code murmur3}: a hash of the value's bytes. */
    DIGEST,
    /** {@code hex(expr)}. */
    HEX,
    /** {@code left(expr, n)}, {@code mid(expr, start, n)}. */
    LEFT,
    /** {@code lpad}, {@code rpad}. */
    PAD,
    /** {@code reverse(expr)}. */
    REVERSE,
    /** {@code binary(column)}: a number as big-endian bytes. */
    BINARY,
    /** {@code code(column, table)}: a value replaced by its code. */
    CODE,
    /** {@code dec(column, width)}: a number as zero-padded digits. */
    DECIMAL,
    /** {@code format_time(column, pattern)}. */
    FORMAT_TIME,
    /** {@code ipv4(column)}: an address as 4 bytes. */
    IPV4,
    /** {@code reverse_ts(column)}: newer times sort first. */
    REVERSE_TIMESTAMP,
    /** {@code sortable(column)}: a number as bytes that sort like it. */
    SORTABLE,
    /** {@code bucket(column, n)}: a prefix from the value modulo n (a time's, say). */
    TIME_BUCKET,
    /** {@code time_floor(column, unit)}: a time cut down to a unit. */
    TIME_FLOOR,
    /** {@code time_offset(column, unit)}: how far a time lies into its unit. */
    TIME_OFFSET
  }

  /** Which expression this is, for exhaustive switches over the tree. */
  Kind kind();

  /**
   * Appends this expression's bytes for the record to {@code out}.
   *
   * @throws RejectException when the record's value cannot be encoded (an IP address that is none,
   *     a name missing from a code table, a negative number for a decimal field)
   */
  void appendTo(Record record, ByteBuilder out) throws RejectException;

  /** The columns this expression reads, in the order they appear. */
  List<Column> columns();

  /** The expression as it would be written in a spec. */
  @Override
  String toString();

  /**
   * The salt this expression begins with, if any: its buckets are the table's natural split points.
   */
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
