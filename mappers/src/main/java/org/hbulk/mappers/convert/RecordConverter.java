package org.hbulk.mappers.convert;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.spec.Column;
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
  private final ByteBuilder value = new ByteBuilder(256);
  private final ByteBuilder qualifier = new ByteBuilder(64);
  private final int[] outputEnds;
  private final byte[][][] families;
  private final byte[][][] qualifiers;
  private final List<KeyValue> cells = new ArrayList<>();
  private final List<byte[]> rows = new ArrayList<>();
  private String text;
  private int emptyValues;

  public RecordConverter(LoadSpec spec, long runStartMillis) {
    this.spec = spec;
    this.runStartMillis = runStartMillis;
    this.parser = new CsvRecordParser(spec.csv());
    this.record = new Record(spec.columns());
    int n = spec.outputs().size();
    this.outputEnds = new int[n];
    this.families = new byte[n][][];
    this.qualifiers = new byte[n][][];
    for (int o = 0; o < n; o++) {
      List<CellSpec> specs = spec.outputs().get(o).cells();
      families[o] = new byte[specs.size()][];
      qualifiers[o] = new byte[specs.size()][];
      for (int c = 0; c < specs.size(); c++) {
        families[o][c] = specs.get(c).familyBytes();
        qualifiers[o][c] = specs.get(c).qualifierBytes();
      }
    }
  }

  /**
   * Turns one record's bytes into its cells for every output. The returned list and its cells are
   * valid until the next call.
   */
  public List<KeyValue> convert(byte[] bytes, int length) throws RejectException {
    cells.clear();
    rows.clear();
    emptyValues = 0;
    text = null;
    text = parser.decode(bytes, length);
    record.load(parser.parse(text));
    List<OutputSpec> outputs = spec.outputs();
    for (int o = 0; o < outputs.size(); o++) {
      emit(o, outputs.get(o));
      outputEnds[o] = cells.size();
    }
    if (cells.isEmpty()) {
      throw new RejectException(RejectReason.EMPTY_ROW, "every cell's value is empty, so no row"
          + " would exist");
    }
    return cells;
  }

  /** The index after the last cell of output {@code o} in the last record's cells. */
  public int lastCellsEnd(int o) {
    return outputEnds[o];
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
    long ts = timestamp(output);
    List<CellSpec> specs = output.cells();
    int before = cells.size();
    for (int c = 0; c < specs.size(); c++) {
      CellSpec cell = specs.get(c);
      Expr qualifierExpr = cell.qualifierExpr();
      if (anyEmpty(cell.value().columns())
          || (qualifierExpr != null && anyEmpty(qualifierExpr.columns()))) {
        emptyValues++;
        continue;
      }
      value.clear();
      cell.value().appendTo(record, value);
      byte[] q = qualifiers[o][c];
      int qualifierLength = q.length;
      if (qualifierExpr != null) {
        qualifier.clear();
        qualifierExpr.appendTo(record, qualifier);
        q = qualifier.array();
        qualifierLength = qualifier.length();
      }
      cells.add(new KeyValue(row, 0, row.length, families[o][c], 0, families[o][c].length,
          q, 0, qualifierLength, ts, KeyValue.Type.Put, value.array(), 0, value.length()));
    }
    if (cells.size() == before) {
      // HBase has no empty rows: this output writes nothing for this record.
      rows.set(rows.size() - 1, null);
    }
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
