package org.hbulk.jobs.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.table.TableLayout;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.Salt;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.CsvOptions;
import org.hbulk.mappers.schema.MissingFields;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.spec.CellTagSpec;
import org.hbulk.mappers.spec.EmptyField;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.spec.TimestampSource;

/**
 * What the floor takes from the benchmark's spec ({@code conf/bench/events.spec}): the row key
 * {@code salt(A, N) + "|" + A + "|" + B} of two columns, one cell per column whose value is the
 * field's text (no cell for an empty field), the run's start as every cell's timestamp, and the
 * family's HFile format as {@code create-table} sets it from the spec. The floor is hand-written
 * for that shape; any other spec is refused here, so it can never quietly do less than hbulk does.
 */
final class FloorShape {
  final String table;
  final byte[] family;
  final FamilyFormat format;
  final int columns;
  final Salt salt;

  /** The salt's bucket prefixes, by bucket. */
  final byte[][] saltPrefixes;

  /** The key's second and third parts: the salted column and the one after it. */
  final int saltedColumn;

  final int lastKeyColumn;

  /** Whether the last key column must hold a whole number ({@code long}), as hbulk checks. */
  final boolean lastKeyIsLong;

  /** The cells in HBase's order: the column each one's value comes from, and its qualifier. */
  final int[] cellColumns;

  final byte[][] cellQualifiers;

  /** The table's region start keys, the first empty: one per salt bucket. */
  final List<byte[]> regionStarts;

  private FloorShape(LoadSpec spec) {
    CsvOptions csv = spec.csv();
    require(
        csv.delimiter() == ','
            && Character.valueOf('"').equals(csv.quote())
            && csv.escape() == null
            && !csv.header()
            && !csv.trim()
            && !csv.byName()
            && csv.missingFields() == MissingFields.REJECT
            && csv.charset().name().equals("UTF-8"),
        "plain RFC 4180 CSV in UTF-8, no header, no trimming");
    require(spec.outputs().size() == 1, "one output");
    OutputSpec out = spec.outputs().get(0);
    require(
        out.deletes() == null
            && out.tags().equals(CellTagSpec.NONE)
            && out.timestamp().kind() == TimestampSource.Kind.RUN_START,
        "no deletions, no tags, the run's start as timestamp");
    List<Column> cols = spec.columns();
    this.columns = cols.size();
    Salt s = out.key().leadingSalt().orElse(null);
    require(s != null && s.input().kind() == Expr.Kind.COLUMN, "a key that starts with salt(COL)");
    this.salt = s;
    List<Column> keyColumns = out.key().columns();
    require(keyColumns.size() == 2, "a key of salt(A, N), A and B");
    Column salted = s.input().columns().get(0);
    Column lastColumn = keyColumns.get(keyColumns.get(0).equals(salted) ? 1 : 0);
    this.saltedColumn = salted.index();
    this.lastKeyColumn = lastColumn.index();
    String expected = s + " + \"|\" + " + salted.name() + " + \"|\" + " + lastColumn.name();
    require(out.key().toString().equals(expected), "the key " + expected);
    ColumnType last = lastColumn.type();
    require(last == ColumnType.LONG || last == ColumnType.STRING, "a string or long last key part");
    this.lastKeyIsLong = last == ColumnType.LONG;
    for (Column c : cols) {
      require(
          c.type() == ColumnType.STRING || c.index() == lastKeyColumn,
          "string columns but the key's last");
    }
    Set<String> families = out.families();
    require(families.size() == 1, "one family");
    String familyName = families.iterator().next();
    this.family = Bytes.toBytes(familyName);
    List<CellSpec> cells = new ArrayList<>(out.cells());
    for (CellSpec c : cells) {
      require(
          c.qualifierExpr() == null
              && c.value().kind() == Expr.Kind.COLUMN
              && c.empty() == EmptyField.ABSENT,
          "cells of a fixed qualifier whose value is a column, empty = absent");
    }
    cells.sort(Comparator.comparing(CellSpec::qualifierBytes, Bytes::compareTo));
    this.cellColumns = cells.stream().mapToInt(c -> c.value().columns().get(0).index()).toArray();
    this.cellQualifiers = cells.stream().map(CellSpec::qualifierBytes).toArray(byte[][]::new);
    this.saltPrefixes = s.prefixes().toArray(new byte[0][]);
    this.regionStarts = new ArrayList<>();
    regionStarts.add(new byte[0]);
    regionStarts.addAll(s.splitPoints());
    this.table = out.table();
    TableDescriptor descriptor =
        TableLayout.descriptor(
            TableName.valueOf(table),
            families,
            spec.tableSettings(table),
            Map.of(familyName, spec.familySettings(familyName)));
    ColumnFamilyDescriptor f = descriptor.getColumnFamily(family);
    this.format = FamilyFormat.of(f);
    require(
        IntStream.of(cellColumns).distinct().count() == cellColumns.length, "one cell per column");
  }

  static FloorShape of(LoadSpec spec) {
    return new FloorShape(spec);
  }

  private static void require(boolean holds, String what) {
    if (!holds) {
      throw new IllegalArgumentException("the floor is written for a spec with " + what);
    }
  }
}
