package org.hbulk.mappers.shuffle;

import java.util.Collection;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The one byte that stands for a table in the shuffle's keys ({@link CellKey}): its place among the
 * spec's tables in name order, whatever the order of the spec's outputs. The mappers' keys, the
 * driver's cut points and the reducers all derive the codes from the spec's tables, so they agree.
 * A name in every map output record is bytes to copy, sort, spill, read back and compare for every
 * record, a cost that grew with the name (README, "Performance and the benchmark").
 */
public final class TableCodes {
  /**
   * One byte; a spec has at most {@link CellRun#MAX_OUTPUTS} outputs, so at most as many tables.
   */
  public static final int MAX_TABLES = 256;

  private final List<String> tables;
  private final byte[][] names;

  private TableCodes(List<String> tables) {
    this.tables = tables;
    this.names = tables.stream().map(Bytes::toBytes).toArray(byte[][]::new);
  }

  /** The codes of these tables (a load spec's), each name once. */
  public static TableCodes of(Collection<String> tables) {
    List<String> sorted = tables.stream().distinct().sorted().toList();
    if (sorted.size() > MAX_TABLES) {
      throw new IllegalArgumentException(
          sorted.size() + " tables: the shuffle's keys name at most " + MAX_TABLES);
    }
    return new TableCodes(sorted);
  }

  /** The code of {@code table}, as the bytes a key starts with. */
  public byte[] code(String table) {
    int i = tables.indexOf(table);
    if (i < 0) {
      throw new IllegalArgumentException("table " + table + " is not one of " + tables);
    }
    return new byte[] {(byte) i};
  }

  /** The name, as bytes, of the table whose code is {@code code}. */
  public byte[] name(byte code) {
    int i = code & 0xff;
    if (i >= names.length) {
      throw new IllegalArgumentException(
          "table code " + i + " in a shuffle key, where the run has " + names.length + " tables");
    }
    return names[i];
  }
}
