package org.hbulk.mappers.convert;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.EmptyField;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * One record's way from bytes to cells: parse the CSV, check the types, build each output's row key,
 * then its cells. Plain Java, no Hadoop: the mapper only feeds it and emits what it returns.
 * One instance per task; it reuses its buffers from record to record.
 */
public final class RecordConverter {
  private final LoadSpec spec;
  private final long runStartMillis;
  private final CsvRecordParser parser;
  private final Record record;
  private final ByteBuilder key = new ByteBuilder(128);
  private final int[] outputEnds;
  private final long[] outputTimestamps;
  private final byte[][][] families;
  private final byte[][][] qualifiers;
  /** Each output's cell lines in HBase's order of their fixed family and qualifier. */
  private final int[][] cellOrder;
  /** The last record's qualifiers and values, back to back; cells point into it. */
  private final ByteBuilder arena = new ByteBuilder(1024);
  private byte[][] cellFamily = new byte[16][];
  private int[] cellQualifierOffset = new int[16];
  private int[] cellQualifierLength = new int[16];
  private int[] cellValueOffset = new int[16];
  private int[] cellValueLength = new int[16];
  private int cellCount;
  private final List<KeyValue> cells = new ArrayList<>();
  private final List<byte[]> rows = new ArrayList<>();
  private String text;
  private int emptyValues;
  /** Where the columns are in the file being read; null: in the spec's order. */
  private ColumnLayout layout;
  private int emptyValuesWritten;

  public RecordConverter(LoadSpec spec, long runStartMillis) {
    this.spec = spec;
    this.runStartMillis = runStartMillis;
    this.parser = new CsvRecordParser(spec.csv());
    this.record = new Record(spec.columns());
    int n = spec.outputs().size();
    this.outputEnds = new int[n];
    this.outputTimestamps = new long[n];
    this.families = new byte[n][][];
    this.qualifiers = new byte[n][][];
    this.cellOrder = new int[n][];
    for (int o = 0; o < n; o++) {
      List<CellSpec> specs = spec.outputs().get(o).cells();
      families[o] = new byte[specs.size()][];
      qualifiers[o] = new byte[specs.size()][];
      for (int c = 0; c < specs.size(); c++) {
        families[o][c] = specs.get(c).familyBytes();
        qualifiers[o][c] = specs.get(c).qualifierBytes();
      }
      byte[][] f = families[o];
      byte[][] q = qualifiers[o];
      cellOrder[o] = IntStream.range(0, specs.size()).boxed()
          .sorted((a, b) -> {
            int c = Bytes.compareTo(f[a], f[b]);
            return c != 0 ? c : Bytes.compareTo(q[a], q[b]);
          })
          .mapToInt(Integer::intValue).toArray();
    }
  }

  /**
   * Turns one record's bytes into its cells for every output, read through {@link #lastRows()},
   * {@link #lastCellsEnd(int)} and the cell accessors until the next call. Each output's cells come
   * in HBase's order (family, qualifier), so they can be written as they are.
   */
  public void read(byte[] bytes, int length) throws RejectException {
    cellCount = 0;
    arena.clear();
    rows.clear();
    emptyValues = 0;
    emptyValuesWritten = 0;
    text = null;
    text = parser.decode(bytes, length);
    if (layout == null) {
      record.load(parser.parse(text));
    } else {
      record.load(parser.parse(text), layout);
    }
    List<OutputSpec> outputs = spec.outputs();
    for (int o = 0; o < outputs.size(); o++) {
      emit(o, outputs.get(o));
      outputEnds[o] = cellCount;
    }
    if (cellCount == 0) {
      throw new RejectException(RejectReason.EMPTY_ROW, "every cell's value is empty, so no row"
          + " would exist");
    }
  }

  /**
   * {@link #read(byte[], int)}, then the cells as KeyValues (a new object per cell: for the
   * driver's checks and samples, not for the task's loop). The list is valid until the next call.
   */
  public List<KeyValue> convert(byte[] bytes, int length) throws RejectException {
    read(bytes, length);
    cells.clear();
    int from = 0;
    for (int o = 0; o < outputEnds.length; o++) {
      byte[] row = rows.get(o);
      for (int c = from; c < outputEnds[o]; c++) {
        cells.add(new KeyValue(row, 0, row.length, cellFamily[c], 0, cellFamily[c].length, arena.array(),
            cellQualifierOffset[c], cellQualifierLength[c], outputTimestamps[o], KeyValue.Type.Put,
            arena.array(), cellValueOffset[c], cellValueLength[c]));
      }
      from = outputEnds[o];
    }
    return cells;
  }

  /**
   * Reads the following records' fields where a file's header placed them ({@code columns =
   * by-name}); null reads them in the spec's order.
   */
  public void layout(ColumnLayout layout) {
    this.layout = layout;
  }

  /** The index after the last cell of output {@code o} in the last record's cells. */
  public int lastCellsEnd(int o) {
    return outputEnds[o];
  }

  /** The timestamp of every cell of output {@code o} in the last record. */
  public long lastTimestamp(int o) {
    return outputTimestamps[o];
  }

  /** The array that qualifiers and values of the last record's cells point into. */
  public byte[] cellBytes() {
    return arena.array();
  }

  public byte[] family(int cell) {
    return cellFamily[cell];
  }

  public int qualifierOffset(int cell) {
    return cellQualifierOffset[cell];
  }

  public int qualifierLength(int cell) {
    return cellQualifierLength[cell];
  }

  public int valueOffset(int cell) {
    return cellValueOffset[cell];
  }

  public int valueLength(int cell) {
    return cellValueLength[cell];
  }

  /**
   * The row keys of the last record, one per output (null for an output all of whose cells were
   * empty), valid until the next call.
   */
  public List<byte[]> lastRows() {
    return rows;
  }

  /** The last record's decoded text, or null when it could not be decoded. */
  public String lastText() {
    return text;
  }

  /** How many key or value parts of the last record were cut to a fixed width. */
  public int lastTruncations() {
    return record.truncations();
  }

  /** How many cells of the last record were not written because a field they need was empty. */
  public int lastEmptyValues() {
    return emptyValues;
  }

  /** How many cells of the last record got a zero-length value because a field they need was empty. */
  public int lastEmptyValuesWritten() {
    return emptyValuesWritten;
  }

  private void emit(int o, OutputSpec output) throws RejectException {
    for (Column c : output.key().columns()) {
      if (record.isEmpty(c.index())) {
        throw new RejectException(RejectReason.EMPTY_KEY_PART, "output " + output.name()
            + ": key part '" + c.name() + "' is empty");
      }
    }
    key.clear();
    output.key().appendTo(record, key);
    if (key.length() > HConstants.MAX_ROW_LENGTH) {
      throw new RejectException(RejectReason.KEY_TOO_LONG, "output " + output.name() + ": row key of "
          + key.length() + " bytes exceeds HBase's limit of " + HConstants.MAX_ROW_LENGTH);
    }
    byte[] row = key.toArray();
    rows.add(row);
    outputTimestamps[o] = timestamp(output);
    List<CellSpec> specs = output.cells();
    int before = cellCount;
    boolean computed = false;
    for (int c : cellOrder[o]) {
      CellSpec cell = specs.get(c);
      Expr qualifierExpr = cell.qualifierExpr();
      // An empty field leaves a computed qualifier without a name: that cell cannot exist either way.
      boolean emptyValue = anyEmpty(cell.value().columns());
      if ((emptyValue && cell.empty() == EmptyField.ABSENT)
          || (qualifierExpr != null && anyEmpty(qualifierExpr.columns()))) {
        emptyValues++;
        continue;
      }
      if (cellCount == cellFamily.length) {
        growCells();
      }
      cellFamily[cellCount] = families[o][c];
      cellQualifierOffset[cellCount] = arena.length();
      if (qualifierExpr != null) {
        qualifierExpr.appendTo(record, arena);
      } else {
        arena.append(qualifiers[o][c]);
      }
      cellQualifierLength[cellCount] = arena.length() - cellQualifierOffset[cellCount];
      cellValueOffset[cellCount] = arena.length();
      if (emptyValue) {
        // The whole value is empty, whatever else its expression holds (a literal, a typed encoding).
        emptyValuesWritten++;
      } else {
        cell.value().appendTo(record, arena);
      }
      cellValueLength[cellCount] = arena.length() - cellValueOffset[cellCount];
      cellCount++;
      // Fixed columns come in order already; a computed qualifier can land anywhere, and so can
      // every fixed column after it.
      computed |= qualifierExpr != null;
      if (computed) {
        moveIntoOrder(before, cellCount - 1);
      }
    }
    if (cellCount == before) {
      // HBase has no empty rows: this output writes nothing for this record.
      rows.set(rows.size() - 1, null);
    }
  }

  /** Moves cell {@code i} down among cells {@code from..i-1} (in order) to its place. */
  private void moveIntoOrder(int from, int i) {
    byte[] a = arena.array();
    while (i > from && compareColumns(a, i - 1, i) > 0) {
      swap(i - 1, i);
      i--;
    }
  }

  private int compareColumns(byte[] a, int x, int y) {
    int c = Bytes.compareTo(cellFamily[x], cellFamily[y]);
    return c != 0 ? c : Bytes.compareTo(a, cellQualifierOffset[x], cellQualifierLength[x], a,
        cellQualifierOffset[y], cellQualifierLength[y]);
  }

  private void swap(int x, int y) {
    byte[] f = cellFamily[x];
    cellFamily[x] = cellFamily[y];
    cellFamily[y] = f;
    swap(cellQualifierOffset, x, y);
    swap(cellQualifierLength, x, y);
    swap(cellValueOffset, x, y);
    swap(cellValueLength, x, y);
  }

  private static void swap(int[] a, int x, int y) {
    int t = a[x];
    a[x] = a[y];
    a[y] = t;
  }

  private void growCells() {
    int n = cellFamily.length * 2;
    cellFamily = Arrays.copyOf(cellFamily, n);
    cellQualifierOffset = Arrays.copyOf(cellQualifierOffset, n);
    cellQualifierLength = Arrays.copyOf(cellQualifierLength, n);
    cellValueOffset = Arrays.copyOf(cellValueOffset, n);
    cellValueLength = Arrays.copyOf(cellValueLength, n);
  }

  private boolean anyEmpty(List<Column> columns) {
    for (Column c : columns) {
      if (record.isEmpty(c.index())) {
        return true;
      }
    }
    return false;
  }

  private long timestamp(OutputSpec output) throws RejectException {
    return switch (output.timestamp().kind()) {
      case RUN_START -> runStartMillis;
      case FIXED -> output.timestamp().fixedMillis();
      case COLUMN -> {
        Column c = output.timestamp().column();
        if (record.isEmpty(c.index())) {
          throw new RejectException(RejectReason.BAD_TIMESTAMP, "output " + output.name()
              + ": timestamp column '" + c.name() + "' is empty");
        }
        long ts = record.longValue(c.index());
        if (ts < 0) {
          throw new RejectException(RejectReason.BAD_TIMESTAMP, "output " + output.name()
              + ": timestamp " + ts + " from column '" + c.name() + "' is before 1970");
        }
        yield ts;
      }
    };
  }
}
