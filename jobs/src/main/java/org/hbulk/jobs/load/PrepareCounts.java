package org.hbulk.jobs.load;

import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.mapreduce.Counters;
import org.hbulk.mappers.hfile.FamilyExpiry;
import org.hbulk.mappers.input.InputCounter;
import org.hbulk.mappers.mapreduce.HbulkCounter;
import org.hbulk.mappers.record.RejectReason;

/** What the map tasks counted, read from the finished job. Records read = loaded + rejected. */
public record PrepareCounts(
    long read,
    long loaded,
    long rejected,
    long cellsEmitted,
    long emptyValues,
    long emptyValuesWritten,
    long missingValues,
    long blankLines,
    long headerLines,
    Map<RejectReason, Long> rejectsByReason,
    long duplicateKeyRows,
    long duplicateKeyRecords,
    Collisions collisions,
    long truncated,
    long rowSpillFiles,
    Map<String, Long> rowsByOutput,
    Map<String, Long> rowsByTable,
    Deletions deletions,
    Tagged tagged,
    long pastFamilyTtl) {

  /**
   * What was deleted: records that were deletions for at least one output ({@code delete-when}),
   * cells written as column delete markers because a field was empty ({@code empty = delete}), and
   * the markers the reducers wrote, per type (after identical markers became one).
   */
  public record Deletions(
      long records, long emptyValuesDeleted, long familyMarkers, long columnMarkers) {

    public boolean any() {
      return records > 0 || emptyValuesDeleted > 0 || familyMarkers > 0 || columnMarkers > 0;
    }
  }

  /** Cells emitted with a TTL tag, and with visibility labels (one cell may have both). */
  public record Tagged(long ttl, long labelled) {
    public static final Tagged NONE = new Tagged(0, 0);
  }

  /**
   * What collided: cells (row, column, timestamp) given different values by different records, each
   * counted once however many records met there; the rows holding such cells; and, under
   * keep-last-record / keep-first-record, the records' rows dropped whole.
   */
  public record Collisions(long cells, long rows, long recordRowsDropped) {
    public boolean any() {
      return cells > 0 || recordRowsDropped > 0;
    }
  }

  public static PrepareCounts of(Counters counters) {
    Map<RejectReason, Long> reasons = new EnumMap<>(RejectReason.class);
    for (RejectReason r : RejectReason.values()) {
      long n = counters.findCounter(r).getValue();
      if (n > 0) {
        reasons.put(r, n);
      }
    }
    return new PrepareCounts(
        counters.findCounter(HbulkCounter.RECORDS_READ).getValue(),
        counters.findCounter(HbulkCounter.RECORDS_LOADED).getValue(),
        counters.findCounter(HbulkCounter.RECORDS_REJECTED).getValue(),
        counters.findCounter(HbulkCounter.CELLS_EMITTED).getValue(),
        counters.findCounter(HbulkCounter.EMPTY_VALUES_SKIPPED).getValue(),
        counters.findCounter(HbulkCounter.EMPTY_VALUES_WRITTEN).getValue(),
        counters.findCounter(HbulkCounter.MISSING_VALUES_SKIPPED).getValue(),
        counters.findCounter(HbulkCounter.BLANK_LINES_SKIPPED).getValue(),
        counters.findCounter(InputCounter.HEADER_LINES_SKIPPED).getValue(),
        reasons,
        counters.findCounter(HbulkCounter.DUPLICATE_KEY_ROWS).getValue(),
        counters.findCounter(HbulkCounter.DUPLICATE_KEY_RECORDS).getValue(),
        new Collisions(
            counters.findCounter(HbulkCounter.CONFLICTING_CELLS).getValue(),
            counters.findCounter(HbulkCounter.CONFLICTING_ROWS).getValue(),
            counters.findCounter(HbulkCounter.RECORD_ROWS_DROPPED).getValue()),
        counters.findCounter(HbulkCounter.VALUES_TRUNCATED).getValue(),
        counters.findCounter(HbulkCounter.ROW_SPILL_FILES).getValue(),
        group(counters, HbulkCounter.OUTPUT_ROWS_GROUP),
        group(counters, HbulkCounter.TABLE_ROWS_GROUP),
        new Deletions(
            counters.findCounter(HbulkCounter.DELETION_RECORDS).getValue(),
            counters.findCounter(HbulkCounter.EMPTY_VALUES_DELETED).getValue(),
            counters.findCounter(HbulkCounter.FAMILY_DELETE_MARKERS).getValue(),
            counters.findCounter(HbulkCounter.COLUMN_DELETE_MARKERS).getValue()),
        new Tagged(
            counters.findCounter(HbulkCounter.CELLS_WITH_TTL).getValue(),
            counters.findCounter(HbulkCounter.CELLS_WITH_LABELS).getValue()),
        counters.findCounter(FamilyExpiry.Counter.CELLS_PAST_FAMILY_TTL).getValue());
  }

  private static Map<String, Long> group(Counters counters, String name) {
    Map<String, Long> rows = new TreeMap<>();
    for (org.apache.hadoop.mapreduce.Counter c : counters.getGroup(name)) {
      rows.put(c.getName(), c.getValue());
    }
    return rows;
  }

  /** Whether every record read was either loaded or rejected: the report's counts add up. */
  public boolean balanced() {
    long byReason = rejectsByReason.values().stream().mapToLong(Long::longValue).sum();
    return read == loaded + rejected && byReason == rejected;
  }

  void store(Properties p) {
    p.setProperty("records.read", Long.toString(read));
    p.setProperty("records.loaded", Long.toString(loaded));
    p.setProperty("records.rejected", Long.toString(rejected));
    p.setProperty("cells.emitted", Long.toString(cellsEmitted));
    p.setProperty("cells.empty-values-skipped", Long.toString(emptyValues));
    p.setProperty("cells.empty-values-written", Long.toString(emptyValuesWritten));
    p.setProperty("cells.missing-values-skipped", Long.toString(missingValues));
    p.setProperty("cells.with-ttl", Long.toString(tagged.ttl()));
    p.setProperty("cells.with-labels", Long.toString(tagged.labelled()));
    p.setProperty("cells.past-family-ttl", Long.toString(pastFamilyTtl));
    p.setProperty("lines.blank", Long.toString(blankLines));
    p.setProperty("lines.header", Long.toString(headerLines));
    for (Map.Entry<RejectReason, Long> e : rejectsByReason.entrySet()) {
      p.setProperty("rejects." + e.getKey().name(), Long.toString(e.getValue()));
    }
    p.setProperty("keys.duplicate-rows", Long.toString(duplicateKeyRows));
    p.setProperty("keys.duplicate-records", Long.toString(duplicateKeyRecords));
    p.setProperty("collisions.cells", Long.toString(collisions.cells()));
    p.setProperty("collisions.rows", Long.toString(collisions.rows()));
    p.setProperty("collisions.record-rows-dropped", Long.toString(collisions.recordRowsDropped()));
    p.setProperty("values.truncated", Long.toString(truncated));
    p.setProperty("rows.spill-files", Long.toString(rowSpillFiles));
    p.setProperty("deletions.records", Long.toString(deletions.records()));
    p.setProperty("deletions.empty-values-deleted", Long.toString(deletions.emptyValuesDeleted()));
    p.setProperty("deletions.family-markers", Long.toString(deletions.familyMarkers()));
    p.setProperty("deletions.column-markers", Long.toString(deletions.columnMarkers()));
    for (Map.Entry<String, Long> e : rowsByOutput.entrySet()) {
      p.setProperty("output-rows." + e.getKey(), Long.toString(e.getValue()));
    }
    for (Map.Entry<String, Long> e : rowsByTable.entrySet()) {
      p.setProperty("table-rows." + e.getKey(), Long.toString(e.getValue()));
    }
  }

  static PrepareCounts load(Properties p) {
    Map<RejectReason, Long> reasons = new EnumMap<>(RejectReason.class);
    for (RejectReason r : RejectReason.values()) {
      String v = p.getProperty("rejects." + r.name());
      if (v != null) {
        reasons.put(r, Long.parseLong(v));
      }
    }
    return new PrepareCounts(
        num(p, "records.read"),
        num(p, "records.loaded"),
        num(p, "records.rejected"),
        num(p, "cells.emitted"),
        num(p, "cells.empty-values-skipped"),
        num(p, "cells.empty-values-written"),
        num(p, "cells.missing-values-skipped"),
        num(p, "lines.blank"),
        num(p, "lines.header"),
        reasons,
        num(p, "keys.duplicate-rows"),
        num(p, "keys.duplicate-records"),
        new Collisions(
            num(p, "collisions.cells"),
            num(p, "collisions.rows"),
            num(p, "collisions.record-rows-dropped")),
        num(p, "values.truncated"),
        num(p, "rows.spill-files"),
        group(p, "output-rows."),
        group(p, "table-rows."),
        new Deletions(
            num(p, "deletions.records"),
            num(p, "deletions.empty-values-deleted"),
            num(p, "deletions.family-markers"),
            num(p, "deletions.column-markers")),
        new Tagged(num(p, "cells.with-ttl"), num(p, "cells.with-labels")),
        num(p, "cells.past-family-ttl"));
  }

  private static Map<String, Long> group(Properties p, String prefix) {
    Map<String, Long> rows = new TreeMap<>();
    for (String key : p.stringPropertyNames()) {
      if (key.startsWith(prefix)) {
        rows.put(key.substring(prefix.length()), Long.parseLong(p.getProperty(key)));
      }
    }
    return rows;
  }

  private static long num(Properties p, String key) {
    return Long.parseLong(p.getProperty(key, "0"));
  }
}
