package org.hbulk.mappers.convert;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.FieldBytes;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.MissingFields;
import org.hbulk.mappers.shuffle.TableCodes;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.spec.DeleteRule;
import org.hbulk.mappers.spec.EmptyField;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.tags.CellTagger;

/**
 * One record's way from bytes to cells: parse the CSV, check the types, then per output build the
 * row key, the timestamp and the cells that exist. What it gives is one {@link OutputRow} per
 * output, which writes itself into the map output; the cells are stored in {@link RecordCells}.
 * Plain Java: the mapper only feeds it and emits what it returns. One instance per task; it reuses
 * its buffers from record to record, so keys and cells cost no object per record: a record whose
 * bytes are its text's UTF-8 is cut as bytes, and only others are decoded into a String and fields
 * of text (see {@link CsvRecordParser#cut}).
 */
public final class RecordConverter {
  private final LoadSpec spec;
  private final long runStartMillis;
  private final CsvRecordParser parser;
  private final Record record;
  private final OutputRow[] outputs;
  private final byte[][][] families;
  private final byte[][][] qualifiers;

  /** Each output's cell lines in HBase's order of their fixed family and qualifier. */
  private final int[][] cellOrder;

  /** Each output's families in HBase's order: where a row deletion writes its markers. */
  private final byte[][][] familyOrder;

  /** Per output, whether the last record is one of its deletions. */
  private final boolean[] deletion;

  /**
   * Whether a record may end early (fewer fields than the columns): with {@code missing-fields =
   * absent}, or when some output has a {@link DeleteRule} (a deletion needs only some fields).
   */
  private final boolean mayEndEarly;

  /** Whether a cell that needs a field the record does not reach is left out ({@code absent}). */
  private final boolean missingAbsent;

  /** Per output, what it reads: what a record that ends early may lack. */
  private final FieldNeeds[] needs;

  /** How many fields the last record has. */
  private int found;

  /** Whether the last record ended early: its fields from {@link #found} on are missing. */
  private boolean endedEarly;

  private int missingValues;

  private final RecordCells cells = new RecordCells();
  private final List<KeyValue> keyValues = new ArrayList<>();

  /** Copies of the last record's row keys, made only when asked for ({@link #lastRows()}). */
  private final List<byte[]> rows = new ArrayList<>();

  private boolean rowsCopied;

  /** The last record's text; null until asked for when it was cut as bytes. */
  private String text;

  /** The last record's fields when cut as bytes ({@link CsvRecordParser#cut}). */
  private final FieldBytes fieldBytes = new FieldBytes();

  private boolean cutAsBytes;

  /** The last record's bytes, which its text is decoded from when asked for. */
  private byte[] lastBytes;

  private int lastLength;
  private int emptyValues;

  /** Where the columns are in the file being read; null: in the spec's order. */
  private ColumnLayout layout;

  private int emptyValuesWritten;
  private int emptyValuesDeleted;
  private boolean lastDeletion;

  /** Writes the cells' TTL and visibility tags; null: no cell gets tags. */
  private CellTagger tagger;

  /** Per output, the other outputs into the same table (none in most specs). */
  private final int[][] sameTable;

  public RecordConverter(LoadSpec spec, long runStartMillis) {
    this.spec = spec;
    this.runStartMillis = runStartMillis;
    this.parser = new CsvRecordParser(spec.csv());
    this.record = new Record(spec.columns());
    int n = spec.outputs().size();
    this.outputs = new OutputRow[n];
    this.families = new byte[n][][];
    this.qualifiers = new byte[n][][];
    this.cellOrder = new int[n][];
    this.familyOrder = new byte[n][][];
    this.deletion = new boolean[n];
    this.missingAbsent = spec.csv().missingFields() == MissingFields.ABSENT;
    this.mayEndEarly =
        missingAbsent || spec.outputs().stream().anyMatch(out -> out.deletes() != null);
    this.needs = new FieldNeeds[n];
    TableCodes tableCodes = TableCodes.of(spec.tables());
    this.sameTable = new int[n][];
    for (int o = 0; o < n; o++) {
      String table = spec.outputs().get(o).table();
      int self = o;
      sameTable[o] =
          IntStream.range(0, n)
              .filter(p -> p != self && spec.outputs().get(p).table().equals(table))
              .toArray();
    }
    for (int o = 0; o < n; o++) {
      needs[o] = FieldNeeds.of(spec.outputs().get(o));
      familyOrder[o] =
          spec.outputs().get(o).families().stream()
              .map(Bytes::toBytes)
              .sorted(Bytes::compareTo)
              .toArray(byte[][]::new);
      outputs[o] = new OutputRow(o, tableCodes.code(spec.outputs().get(o).table()), cells);
      List<CellSpec> specs = spec.outputs().get(o).cells();
      families[o] = new byte[specs.size()][];
      qualifiers[o] = new byte[specs.size()][];
      for (int c = 0; c < specs.size(); c++) {
        families[o][c] = specs.get(c).familyBytes();
        qualifiers[o][c] = specs.get(c).qualifierBytes();
      }
      byte[][] f = families[o];
      byte[][] q = qualifiers[o];
      cellOrder[o] =
          IntStream.range(0, specs.size())
              .boxed()
              .sorted(
                  (a, b) -> {
                    int c = Bytes.compareTo(f[a], f[b]);
                    return c != 0 ? c : Bytes.compareTo(q[a], q[b]);
                  })
              .mapToInt(Integer::intValue)
              .toArray();
    }
  }

  /**
   * Turns one record's bytes into its cells for every output, read through {@link #output(int)} (or
   * {@link #lastRows()} and {@link #lastCellsEnd(int)}) until the next call. Each output's cells
   * come in HBase's order (family, qualifier), so they can be written as they are.
   */
  public void read(byte[] bytes, int length) throws RejectException {
    cells.clear();
    // A record rejected part way must leave no output showing the previous record's row.
    for (OutputRow out : outputs) {
      out.startRow();
    }
    rowsCopied = false;
    emptyValues = 0;
    emptyValuesWritten = 0;
    emptyValuesDeleted = 0;
    missingValues = 0;
    text = null;
    List<String> fields = null;
    lastBytes = bytes;
    lastLength = length;
    cutAsBytes = parser.cut(bytes, length, fieldBytes);
    if (cutAsBytes) {
      found = fieldBytes.count();
    } else {
      text = parser.decode(bytes, length);
      fields = parser.parse(text);
      found = fields.size();
    }
    int expected = layout == null ? spec.columns().size() : layout.fields();
    endedEarly = mayEndEarly && found < expected;
    if (cutAsBytes) {
      if (endedEarly) {
        fieldBytes.padTo(expected);
      }
      if (layout == null) {
        record.load(fieldBytes);
      } else {
        record.load(fieldBytes, layout);
      }
    } else {
      if (endedEarly) {
        // Read as empty, then told apart from empty fields by isMissing: a deletion needs only its
        // key, timestamp and delete-when fields, and under missing-fields = absent a cell needs
        // only its own (checkFields says which fields a row cannot do without).
        List<String> padded = new ArrayList<>(fields);
        while (padded.size() < expected) {
          padded.add("");
        }
        fields = padded;
      }
      if (layout == null) {
        record.load(fields);
      } else {
        record.load(fields, layout);
      }
    }
    List<OutputSpec> specs = spec.outputs();
    lastDeletion = false;
    for (int o = 0; o < specs.size(); o++) {
      DeleteRule rule = specs.get(o).deletes();
      deletion[o] = rule != null && rule.matches(record.text(rule.column().index()));
      lastDeletion |= deletion[o];
      if (endedEarly) {
        checkFields(o, expected);
      }
    }
    for (int o = 0; o < specs.size(); o++) {
      if (deletion[o]) {
        emitDeletion(o, specs.get(o));
      } else {
        emit(o, specs.get(o));
      }
    }
    if (cells.count() == 0) {
      throw new RejectException(
          RejectReason.EMPTY_ROW,
          missingValues > 0
              ? "every cell's value is empty or beyond the record's last field (found "
                  + found
                  + "), so no row would exist"
              : "every cell's value is empty, so no row would exist");
    }
  }

  /**
   * Rejects a record that ends before a field output {@code o} cannot do without: its row key,
   * timestamp or {@code delete-when} column, and unless it is a deletion its TTL and visibility
   * columns. Under {@code missing-fields = reject} an output that writes cells needs every field it
   * reads: only a deletion may end early.
   */
  private void checkFields(int o, int expected) throws RejectException {
    FieldNeeds.Need need = needs[o].firstMissing(deletion[o], this::isMissing);
    if (need != null) {
      int field = fieldOf(need.column().index()) + 1;
      throw new RejectException(
          RejectReason.FIELD_COUNT,
          "expected at least "
              + field
              + " fields: "
              + need.what()
              + " reads column '"
              + need.column().name()
              + "' (field "
              + field
              + "), found "
              + found);
    }
    if (!missingAbsent && !deletion[o] && needs[o].readsAnyMissing(this::isMissing)) {
      throw new RejectException(
          RejectReason.FIELD_COUNT,
          "expected "
              + expected
              + " fields, found "
              + found
              + " (a record may end early only where the fields left off are those of outputs"
              + " it deletes, or with [csv] missing-fields = absent)");
    }
  }

  /**
   * {@link #read(byte[], int)}, then the cells as KeyValues (a new object per cell: for the
   * driver's checks and samples, not for the task's loop). The list is valid until the next call.
   */
  public List<KeyValue> convert(byte[] bytes, int length) throws RejectException {
    read(bytes, length);
    keyValues.clear();
    for (OutputRow out : outputs) {
      out.addKeyValuesTo(keyValues);
    }
    return keyValues;
  }

  /**
   * Reads the following records' fields where a file's header placed them ({@code columns =
   * by-name}); null reads them in the spec's order.
   */
  public void layout(ColumnLayout layout) {
    this.layout = layout;
  }

  /**
   * Gives the following records' cells the tags {@code tagger} writes; null (the default) writes
   * none, as the driver's samples need none.
   */
  public void tags(CellTagger tagger) {
    this.tagger = tagger;
  }

  /** How many outputs each record has: the spec's. */
  public int outputCount() {
    return outputs.length;
  }

  /** What the last record gives output {@code o}, valid until the next record. */
  public OutputRow output(int o) {
    return outputs[o];
  }

  /**
   * Whether the last record wrote output {@code o}'s row through another output too (the same
   * table, the same row key): the record then has two runs in the row, and only its input order
   * tells the reducer they are one record.
   */
  public boolean lastRowWrittenTwice(int o) {
    if (outputs[o].isEmpty()) {
      return false;
    }
    for (int p : sameTable[o]) {
      if (!outputs[p].isEmpty() && outputs[o].sameRow(outputs[p])) {
        return true;
      }
    }
    return false;
  }

  /** How many cells the last record has, over every output. */
  public int lastCellCount() {
    return cells.count();
  }

  /**
   * The index after the last cell of output {@code o} in the last record's cells, which are those
   * of every output in turn (as {@link #convert} lists them).
   */
  public int lastCellsEnd(int o) {
    return outputs[o].cellsEnd();
  }

  /**
   * Copies of the row keys of the last record, one per output (null for an output all of whose
   * cells were empty), valid until the next call: for the driver, not for the task's loop.
   */
  public List<byte[]> lastRows() {
    if (!rowsCopied) {
      rows.clear();
      for (OutputRow out : outputs) {
        rows.add(out.rowCopy());
      }
      rowsCopied = true;
    }
    return rows;
  }

  /** The last record's decoded text, or null when it could not be decoded. */
  public String lastText() {
    if (text == null && cutAsBytes) {
      // Only records whose bytes are their text's UTF-8 are cut as bytes.
      text = new String(lastBytes, 0, lastLength, StandardCharsets.UTF_8);
    }
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

  /**
   * How many cells of the last record were not written because a field they need lies beyond the
   * record's last field ({@code missing-fields = absent}).
   */
  public int lastMissingValues() {
    return missingValues;
  }

  /**
   * How many cells of the last record got a zero-length value because a field they need was empty.
   */
  public int lastEmptyValuesWritten() {
    return emptyValuesWritten;
  }

  /** Writes output {@code o}'s row key; returns the row's timestamp. */
  private long startRow(int o, OutputSpec output) throws RejectException {
    for (Column c : output.key().columns()) {
      if (record.isEmpty(c.index())) {
        throw new RejectException(
            RejectReason.EMPTY_KEY_PART,
            "output " + output.name() + ": key part '" + c.name() + "' is empty");
      }
    }
    OutputRow out = outputs[o];
    ByteBuilder key = out.startRow();
    output.key().appendTo(record, key);
    if (key.length() > HConstants.MAX_ROW_LENGTH) {
      throw new RejectException(
          RejectReason.KEY_TOO_LONG,
          "output "
              + output.name()
              + ": row key of "
              + key.length()
              + " bytes exceeds HBase's limit of "
              + HConstants.MAX_ROW_LENGTH);
    }
    return timestamp(output);
  }

  /**
   * A deletion of output {@code o}: delete markers at the record's timestamp instead of its cells,
   * in HBase's order. Only the row key's and timestamp's fields are read, and a computed
   * qualifier's when they are there (a cell whose qualifier cannot be named is not deleted).
   */
  private void emitDeletion(int o, OutputSpec output) throws RejectException {
    long timestamp = startRow(o, output);
    if (output.deletes().scope() == DeleteRule.Scope.ROW) {
      for (byte[] family : familyOrder[o]) {
        cells.startCell(family);
        cells.startValue();
        cells.type(KeyValue.Type.DeleteFamily);
        cells.finishCell();
      }
    } else {
      List<CellSpec> specs = output.cells();
      int before = cells.count();
      boolean computed = false;
      for (int c : cellOrder[o]) {
        Expr qualifierExpr = specs.get(c).qualifierExpr();
        if (qualifierExpr != null && anyEmpty(qualifierExpr.columns())) {
          continue;
        }
        writeColumnMarker(o, c, qualifierExpr);
        computed |= qualifierExpr != null;
        if (computed) {
          cells.moveLastIntoOrder(before);
        }
      }
    }
    outputs[o].finish(timestamp);
  }

  /** A DeleteColumn marker for cell line {@code c} of output {@code o}. */
  private void writeColumnMarker(int o, int c, Expr qualifierExpr) throws RejectException {
    ByteBuilder qualifier = cells.startCell(families[o][c]);
    if (qualifierExpr != null) {
      qualifierExpr.appendTo(record, qualifier);
    } else {
      qualifier.append(qualifiers[o][c]);
    }
    cells.startValue();
    cells.type(KeyValue.Type.DeleteColumn);
    cells.finishCell();
  }

  private void emit(int o, OutputSpec output) throws RejectException {
    OutputRow out = outputs[o];
    long timestamp = startRow(o, output);
    List<CellSpec> specs = output.cells();
    int before = cells.count();
    boolean computed = false;
    for (int c : cellOrder[o]) {
      CellSpec cell = specs.get(c);
      Expr qualifierExpr = cell.qualifierExpr();
      // A field the record does not reach is not an empty one: no cell, whatever empty says.
      if (endedEarly
          && (anyMissing(cell.value().columns())
              || (qualifierExpr != null && anyMissing(qualifierExpr.columns())))) {
        missingValues++;
        continue;
      }
      // An empty field leaves a computed qualifier without a name: that cell cannot exist either
      // way.
      boolean emptyValue = anyEmpty(cell.value().columns());
      if ((emptyValue && cell.empty() == EmptyField.ABSENT)
          || (qualifierExpr != null && anyEmpty(qualifierExpr.columns()))) {
        emptyValues++;
        continue;
      }
      if (emptyValue && cell.empty() == EmptyField.DELETE) {
        writeColumnMarker(o, c, qualifierExpr);
        emptyValuesDeleted++;
        computed |= qualifierExpr != null;
        if (computed) {
          cells.moveLastIntoOrder(before);
        }
        continue;
      }
      ByteBuilder qualifier = cells.startCell(families[o][c]);
      if (qualifierExpr != null) {
        qualifierExpr.appendTo(record, qualifier);
      } else {
        qualifier.append(qualifiers[o][c]);
      }
      ByteBuilder value = cells.startValue();
      if (emptyValue) {
        // The whole value is empty, whatever else its expression holds (a literal, a typed
        // encoding).
        emptyValuesWritten++;
      } else {
        cell.value().appendTo(record, value);
      }
      if (tagger != null) {
        tagger.appendTo(o, c, record, cells.startTags());
      }
      cells.finishCell();
      // Fixed columns come in order already; a computed qualifier can land anywhere, and so can
      // every fixed column after it.
      computed |= qualifierExpr != null;
      if (computed) {
        cells.moveLastIntoOrder(before);
      }
    }
    // Without a cell the row is empty, and HBase has no empty rows: the output writes nothing.
    out.finish(timestamp);
  }

  /** How many cells of the last record became column delete markers because a field was empty. */
  public int lastEmptyValuesDeleted() {
    return emptyValuesDeleted;
  }

  /** Whether the last record was a deletion for at least one output. */
  public boolean lastDeletion() {
    return lastDeletion;
  }

  /** Whether the last record was a deletion for output {@code o}. */
  public boolean lastDeletion(int o) {
    return deletion[o];
  }

  /** Where column {@code column} is among a record's fields. */
  private int fieldOf(int column) {
    return layout == null ? column : layout.fieldOf(column);
  }

  /**
   * Whether the last record ended before the field of column {@code column}; a column a file's
   * header does not hold (a {@code skip} column under {@code by-name}) is never missing.
   */
  private boolean isMissing(int column) {
    return endedEarly && fieldOf(column) >= found;
  }

  private boolean anyMissing(List<Column> columns) {
    for (Column c : columns) {
      if (isMissing(c.index())) {
        return true;
      }
    }
    return false;
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
          throw new RejectException(
              RejectReason.BAD_TIMESTAMP,
              "output " + output.name() + ": timestamp column '" + c.name() + "' is empty");
        }
        long ts = record.longValue(c.index());
        if (ts < 0) {
          throw new RejectException(
              RejectReason.BAD_TIMESTAMP,
              "output "
                  + output.name()
                  + ": timestamp "
                  + ts
                  + " from column '"
                  + c.name()
                  + "' is before 1970");
        }
        yield ts;
      }
    };
  }
}
