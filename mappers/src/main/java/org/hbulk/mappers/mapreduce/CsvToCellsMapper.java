package org.hbulk.mappers.mapreduce;

import org.hbulk.mappers.input.CsvSplit;
import org.hbulk.mappers.input.FileHeader;
import org.hbulk.mappers.input.RawRecord;
import org.hbulk.mappers.shuffle.CellKey;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RecordOrder;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The map task: each CSV record becomes, per output, one run of its cells in HBase's order
 * ({@link CellRun}) keyed by the first cell's whole coordinates ({@link CellKey}), or a line in the
 * rejects. All the work is in {@link RecordConverter}; this class only feeds it, emits and counts.
 */
public class CsvToCellsMapper
    extends Mapper<LongWritable, RawRecord, CellKey, CellRun> {

  private RecordConverter converter;
  private MultipleOutputs<CellKey, CellRun> outputs;
  private RejectWriter rejects;
  private final CellKey cellKey = new CellKey();
  private final CellRun run = new CellRun();
  private byte[][] tables;
  /** Whether runs carry their record's input order (record-level collision policies only). */
  private boolean ordered;
  /** The input order of this split's file, to which each record adds its byte offset. */
  private long fileBase;
  private Counter[] outputRows;
  /**
   * What every record counts, kept here and added to the task's counters once, in cleanup: a
   * Hadoop counter's increment is synchronized, and three or four of them a record showed in the
   * map task's time. A failed attempt's counters are dropped whole, so nothing is lost by waiting.
   */
  private long[] outputRowCounts;
  private long recordsRead;
  private long recordsLoaded;
  private long cellsEmitted;
  private long emptyValuesSkipped;
  private long emptyValuesWritten;

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    LoadSpec spec = LoadSpec.fromConfiguration(conf);
    String runStart = conf.get(HbulkConf.RUN_START_MILLIS);
    if (runStart == null) {
      throw new IllegalStateException(HbulkConf.RUN_START_MILLIS + " is not set: the driver sets it");
    }
    converter = new RecordConverter(spec, Long.parseLong(runStart));
    tables = new byte[spec.outputs().size()][];
    for (int o = 0; o < tables.length; o++) {
      tables[o] = Bytes.toBytes(spec.outputs().get(o).table());
    }
    outputRows = new Counter[tables.length];
    for (int o = 0; o < tables.length; o++) {
      outputRows[o] = context.getCounter(HbulkCounter.OUTPUT_ROWS_GROUP, spec.outputs().get(o).name());
    }
    outputRowCounts = new long[tables.length];
    ordered = spec.collisions().recordLevel();
    // Only record-level policies read a record's input order; others need no file index at all.
    fileBase = ordered ? RecordOrder.fileBase(CsvSplit.fileIndexOf(context.getInputSplit())) : 0;
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
  private static ColumnLayout layout(Configuration conf, LoadSpec spec, FileSplit split) throws IOException {
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
    return line -> outputs.write(RejectWriter.NAMED_OUTPUT, NullWritable.get(), line,
        RejectWriter.NAMED_OUTPUT);
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
      if (raw.truncated()) {
        throw new RejectException(RejectReason.RECORD_TOO_LONG,
            "record longer than max-record-bytes; only its start is shown");
      }
      converter.read(raw.array(), raw.length());
      byte[] cells = converter.cellBytes();
      int from = 0;
      for (int o = 0; o < tables.length; o++) {
        byte[] key = converter.lastRows().get(o);
        int to = converter.lastCellsEnd(o);
        if (key != null) {
          long ts = converter.lastTimestamp(o);
          if (ordered) {
            run.start(o, ts, RecordOrder.of(fileBase, offset.get()));
          } else {
            run.start(o, ts);
          }
          for (int c = from; c < to; c++) {
            run.add(converter.family(c), 0, converter.family(c).length, cells, converter.qualifierOffset(c),
                converter.qualifierLength(c), cells, converter.valueOffset(c), converter.valueLength(c));
          }
          byte[] family = converter.family(from);
          cellKey.set(tables[o], key, 0, key.length, family, 0, family.length, cells,
              converter.qualifierOffset(from), converter.qualifierLength(from), ts, CellKey.PUT);
          context.write(cellKey, run);
          outputRowCounts[o]++;
        }
        from = to;
      }
      cellsEmitted += from;
      recordsLoaded++;
      if (converter.lastTruncations() > 0) {
        context.getCounter(HbulkCounter.VALUES_TRUNCATED).increment(converter.lastTruncations());
      }
      emptyValuesSkipped += converter.lastEmptyValues();
      emptyValuesWritten += converter.lastEmptyValuesWritten();
    } catch (RejectException e) {
      context.getCounter(HbulkCounter.RECORDS_REJECTED).increment(1);
      context.getCounter(e.reason()).increment(1);
      String text = raw.truncated() ? null : converter.lastText();
      rejects.write(offset.get(), raw.line(), e.reason(), e.getMessage(), text, raw.array(),
          raw.length());
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    context.getCounter(HbulkCounter.RECORDS_READ).increment(recordsRead);
    context.getCounter(HbulkCounter.RECORDS_LOADED).increment(recordsLoaded);
    context.getCounter(HbulkCounter.CELLS_EMITTED).increment(cellsEmitted);
    context.getCounter(HbulkCounter.EMPTY_VALUES_SKIPPED).increment(emptyValuesSkipped);
    context.getCounter(HbulkCounter.EMPTY_VALUES_WRITTEN).increment(emptyValuesWritten);
    for (int o = 0; o < outputRows.length; o++) {
      outputRows[o].increment(outputRowCounts[o]);
    }
    if (outputs != null) {
      outputs.close();
    }
  }
}
