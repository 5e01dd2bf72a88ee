package org.hbulk.mappers.mapreduce;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.convert.OutputRow;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.input.CsvSplit;
import org.hbulk.mappers.input.FileHeader;
import org.hbulk.mappers.input.RawRecord;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RecordOrder;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.tags.CellTagger;
import org.hbulk.mappers.tags.LabelOrdinals;

/**
 * The map task: each CSV record becomes, per output, one run of its cells in HBase's order ({@link
 * CellRun}) keyed by the first cell's whole coordinates ({@link CellKey}), or a line in the
 * rejects. All the work is in {@link RecordConverter} and its {@link OutputRow}s, which write the
 * key and the run; this class only feeds it, emits and counts. Per record it allocates nothing: the
 * key and the run are reused, and each copies the cell bytes once, from the converter.
 */
public class CsvToCellsMapper extends Mapper<LongWritable, RawRecord, CellKey, CellRun> {

  private RecordConverter converter;

  /** The cells' TTL and visibility tags; null when the spec has none. */
  private CellTagger tagger;

  private MultipleOutputs<CellKey, CellRun> outputs;
  private RejectWriter rejects;
  private final CellKey cellKey = new CellKey();
  private final CellRun run = new CellRun();

  /**
   * Whether every run carries its record's input order (record-level collision policies); see
   * {@link #outputsShareTables} for the runs that carry it under the others.
   */
  private boolean ordered;

  /**
   * Whether two outputs write into one table, so that a record may write one row twice: those two
   * runs carry the record's input order under every policy, by which the reducer counts them as one
   * record, not as a duplicate key.
   */
  private boolean outputsShareTables;

  /** The input order of this split's file, to which each record adds its byte offset. */
  private long fileBase;

  private Counter[] outputRows;

  /**
   * What every record counts, kept here and added to the task's counters once, in cleanup: a Hadoop
   * counter's increment is synchronized, and three or four of them a record showed in the map
   * task's time. A failed attempt's counters are dropped whole, so nothing is lost by waiting.
   */
  private long[] outputRowCounts;

  private long recordsRead;
  private long recordsLoaded;
  private long cellsEmitted;
  private long emptyValuesSkipped;
  private long emptyValuesWritten;
  private long emptyValuesDeleted;
  private long missingValuesSkipped;
  private long deletionRecords;
  private long cellsWithTtl;
  private long cellsWithLabels;

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    LoadSpec spec = LoadSpec.fromConfiguration(conf);
    String runStart = conf.get(HbulkConf.RUN_START_MILLIS);
    if (runStart == null) {
      throw new IllegalStateException(
          HbulkConf.RUN_START_MILLIS + " is not set: the driver sets it");
    }
    converter = new RecordConverter(spec, Long.parseLong(runStart));
    tagger = CellTagger.of(spec, LabelOrdinals.decode(conf.get(HbulkConf.VISIBILITY_LABELS)));
    converter.tags(tagger);
    outputRows = new Counter[spec.outputs().size()];
    for (int o = 0; o < outputRows.length; o++) {
      outputRows[o] =
          context.getCounter(HbulkCounter.OUTPUT_ROWS_GROUP, spec.outputs().get(o).name());
    }
    outputRowCounts = new long[outputRows.length];
    ordered = spec.collisions().recordLevel();
    outputsShareTables = spec.outputsShareTables();
    // Only a run that carries its record's input order needs the file's index.
    fileBase =
        ordered || outputsShareTables
            ? RecordOrder.fileBase(CsvSplit.fileIndexOf(context.getInputSplit()))
            : 0;
    FileSplit split = CsvSplit.fileOf(context.getInputSplit());
    String file = split != null ? split.getPath().toString() : "?";
    rejects = new RejectWriter(rejectSink(context), file);
    if (spec.csv().byName()) {
      converter.layout(layout(conf, spec, split));
    }
  }

  /**
   * Where this split's file holds each column, read from the file's own header whichever part of
   * the file the split covers. The driver checked every header before the job; a file changed since
   * fails the task rather than load values into the wrong columns.
   */
  private static ColumnLayout layout(Configuration conf, LoadSpec spec, FileSplit split)
      throws IOException {
    if (split == null) {
      throw new IOException("columns = by-name needs file splits to read each file's header");
    }
    try {
      return FileHeader.layout(conf, spec, split.getPath());
    } catch (ColumnLayout.MismatchException e) {
      throw new IOException(split.getPath() + ": " + e.getMessage());
    }
  }

  /** Where rejected records go: the job's rejects side output (tests put a list here). */
  protected RejectWriter.Sink rejectSink(Context context) {
    outputs = new MultipleOutputs<>(context);
    return line ->
        outputs.write(
            RejectWriter.NAMED_OUTPUT, NullWritable.get(), line, RejectWriter.NAMED_OUTPUT);
  }

  @Override
  protected void map(LongWritable offset, RawRecord raw, Context context)
      throws IOException, InterruptedException {
    if (raw.length() == 0 && !raw.truncated()) {
      context.getCounter(HbulkCounter.BLANK_LINES_SKIPPED).increment(1);
      return;
    }
    recordsRead++;
    try {
      parse(raw);
    } catch (RejectException e) {
      reject(offset.get(), raw, e, context);
      return;
    }
    for (int o = 0; o < converter.outputCount(); o++) {
      OutputRow row = converter.output(o);
      if (!row.isEmpty()) {
        row.writeKey(cellKey);
        if (ordered || outputsShareTables && converter.lastRowWrittenTwice(o)) {
          row.writeRun(run, RecordOrder.of(fileBase, offset.get()));
        } else {
          row.writeRun(run);
        }
        context.write(cellKey, run);
        outputRowCounts[o]++;
      }
    }
    countLoaded(context);
  }

  private void parse(RawRecord raw) throws RejectException {
    if (raw.truncated()) {
      throw new RejectException(
          RejectReason.RECORD_TOO_LONG,
          "record longer than max-record-bytes; only its start is shown");
    }
    if (tagger != null) {
      tagger.startRecord();
    }
    converter.read(raw.array(), raw.length());
  }

  private void countLoaded(Context context) {
    recordsLoaded++;
    cellsEmitted += converter.lastCellCount();
    if (converter.lastTruncations() > 0) {
      context.getCounter(HbulkCounter.VALUES_TRUNCATED).increment(converter.lastTruncations());
    }
    emptyValuesSkipped += converter.lastEmptyValues();
    emptyValuesWritten += converter.lastEmptyValuesWritten();
    emptyValuesDeleted += converter.lastEmptyValuesDeleted();
    missingValuesSkipped += converter.lastMissingValues();
    if (converter.lastDeletion()) {
      deletionRecords++;
    }
    if (tagger != null) {
      cellsWithTtl += tagger.lastTtlCells();
      cellsWithLabels += tagger.lastLabelledCells();
    }
  }

  private void reject(long offset, RawRecord raw, RejectException e, Context context)
      throws IOException, InterruptedException {
    context.getCounter(HbulkCounter.RECORDS_REJECTED).increment(1);
    context.getCounter(e.reason()).increment(1);
    String text = raw.truncated() ? null : converter.lastText();
    rejects.write(offset, raw.line(), e.reason(), e.getMessage(), text, raw.array(), raw.length());
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    context.getCounter(HbulkCounter.RECORDS_READ).increment(recordsRead);
    context.getCounter(HbulkCounter.RECORDS_LOADED).increment(recordsLoaded);
    context.getCounter(HbulkCounter.CELLS_EMITTED).increment(cellsEmitted);
    context.getCounter(HbulkCounter.EMPTY_VALUES_SKIPPED).increment(emptyValuesSkipped);
    context.getCounter(HbulkCounter.EMPTY_VALUES_WRITTEN).increment(emptyValuesWritten);
    context.getCounter(HbulkCounter.EMPTY_VALUES_DELETED).increment(emptyValuesDeleted);
    context.getCounter(HbulkCounter.MISSING_VALUES_SKIPPED).increment(missingValuesSkipped);
    context.getCounter(HbulkCounter.DELETION_RECORDS).increment(deletionRecords);
    context.getCounter(HbulkCounter.CELLS_WITH_TTL).increment(cellsWithTtl);
    context.getCounter(HbulkCounter.CELLS_WITH_LABELS).increment(cellsWithLabels);
    for (int o = 0; o < outputRows.length; o++) {
      outputRows[o].increment(outputRowCounts[o]);
    }
    if (outputs != null) {
      outputs.close();
    }
  }
}
