package org.hbulk.jobs.load;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.Json;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.record.RejectReason;

/**
 * The run's report: for a person ({@link #toText}) and for machines ({@link #toJson}). Both forms
 * are kept in one class, which makes it long, so that a figure cannot be added to one and forgotten
 * in the other: every field is printed and serialized a few lines apart.
 */
public record LoadReport(
    RunState state, Map<String, List<RegionFiles>> regions, String runDir, String rejectsDir) {

  private java.util.stream.Stream<RegionFiles> all() {
    return regions.values().stream().flatMap(List::stream);
  }

  public long hfiles() {
    return all().mapToLong(RegionFiles::files).sum();
  }

  public long hfileBytes() {
    return all().mapToLong(RegionFiles::bytes).sum();
  }

  public long hfileCells() {
    return all().mapToLong(RegionFiles::cells).sum();
  }

  public String toJson() {
    PrepareCounts c = state.counts();
    StringBuilder b = new StringBuilder("{\n");
    field(b, "run_id", Json.quote(state.runId()));
    field(b, "run_dir", Json.quote(runDir));
    field(b, "spec", Json.quote(state.specSource()));
    field(
        b,
        "tables",
        "[" + String.join(", ", state.tables().stream().map(Json::quote).toList()) + "]");
    field(b, "stage", Json.quote(state.stage().name()));
    field(b, "job_id", Json.quote(state.jobId()));
    field(b, "reducers", Integer.toString(state.reducers()));
    b.append("  \"records\": {\"read\": ")
        .append(c.read())
        .append(", \"loaded\": ")
        .append(c.loaded())
        .append(", \"rejected\": ")
        .append(c.rejected())
        .append(", \"blank_lines_skipped\": ")
        .append(c.blankLines())
        .append(", \"header_lines_skipped\": ")
        .append(c.headerLines())
        .append("},\n");
    b.append("  \"rejects\": {\"budget\": ")
        .append(Json.quote(state.budget()))
        .append(", \"over_budget\": ")
        .append(Json.quote(state.budgetViolation()))
        .append(", \"dir\": ")
        .append(Json.quote(rejectsDir))
        .append(", \"by_reason\": {");
    String sep = "";
    for (Map.Entry<RejectReason, Long> e : c.rejectsByReason().entrySet()) {
      b.append(sep).append(Json.quote(e.getKey().name())).append(": ").append(e.getValue());
      sep = ", ";
    }
    b.append("}},\n");
    b.append("  \"cells\": {\"emitted\": ")
        .append(c.cellsEmitted())
        .append(", \"in_hfiles\": ")
        .append(hfileCells())
        .append(", \"empty_values_skipped\": ")
        .append(c.emptyValues())
        .append(", \"empty_values_written\": ")
        .append(c.emptyValuesWritten())
        .append(", \"missing_values_skipped\": ")
        .append(c.missingValues())
        .append(", \"row_spill_files\": ")
        .append(c.rowSpillFiles())
        .append(", \"with_ttl\": ")
        .append(c.tagged().ttl())
        .append(", \"with_labels\": ")
        .append(c.tagged().labelled())
        .append(", \"past_family_ttl\": ")
        .append(c.pastFamilyTtl())
        .append("},\n");
    PrepareCounts.Deletions d = c.deletions();
    b.append("  \"deletions\": {\"records\": ")
        .append(d.records())
        .append(", \"empty_values_deleted\": ")
        .append(d.emptyValuesDeleted())
        .append(", \"markers\": {\"DeleteFamily\": ")
        .append(d.familyMarkers())
        .append(", \"DeleteColumn\": ")
        .append(d.columnMarkers())
        .append("}},\n");
    b.append("  \"conflicts\": {\"cells\": ")
        .append(c.collisions().cells())
        .append(", \"rows\": ")
        .append(c.collisions().rows())
        .append(", \"record_rows_dropped\": ")
        .append(c.collisions().recordRowsDropped())
        .append("},\n");
    b.append("  \"keys\": {\"duplicate_rows\": ")
        .append(c.duplicateKeyRows())
        .append(", \"duplicate_records\": ")
        .append(c.duplicateKeyRecords())
        .append(", \"values_truncated\": ")
        .append(c.truncated())
        .append("},\n");
    b.append("  \"hfiles\": {\"files\": ")
        .append(hfiles())
        .append(", \"bytes\": ")
        .append(hfileBytes())
        .append(", \"loaded\": ")
        .append(state.hfilesInLoad())
        .append(", \"region_change\": ")
        .append(Json.quote(state.regionChange()))
        .append("},\n");
    field(b, "collisions", Json.quote(state.collisionViolation()));
    b.append("  \"outputs\": {");
    String osep = "";
    for (Map.Entry<String, Long> e : c.rowsByOutput().entrySet()) {
      b.append(osep)
          .append(Json.quote(e.getKey()))
          .append(": {\"rows\": ")
          .append(e.getValue())
          .append('}');
      osep = ", ";
    }
    b.append("},\n  \"by_table\": [");
    String tsep = "\n";
    for (Map.Entry<String, List<RegionFiles>> t : regions.entrySet()) {
      List<RegionFiles> rs = t.getValue();
      b.append(tsep)
          .append("    {\"table\": ")
          .append(Json.quote(t.getKey()))
          .append(", \"rows\": ")
          .append(c.rowsByTable().getOrDefault(t.getKey(), 0L))
          .append(", \"hfiles\": ")
          .append(rs.stream().mapToLong(RegionFiles::files).sum())
          .append(", \"bytes\": ")
          .append(rs.stream().mapToLong(RegionFiles::bytes).sum())
          .append(", \"cells\": ")
          .append(rs.stream().mapToLong(RegionFiles::cells).sum())
          .append(", \"regions\": [");
      sep = "\n";
      for (RegionFiles r : rs) {
        b.append(sep)
            .append("      {\"start_key\": ")
            .append(Json.quote(Bytes.toStringBinary(r.startKey())))
            .append(", \"end_key\": ")
            .append(Json.quote(Bytes.toStringBinary(r.endKey())))
            .append(", \"hfiles\": ")
            .append(r.files())
            .append(", \"bytes\": ")
            .append(r.bytes())
            .append(", \"cells\": ")
            .append(r.cells())
            .append(", \"rows\": ")
            .append(r.rows() < 0 ? "null" : Long.toString(r.rows()))
            .append(", \"family_hfiles\": {");
        String fsep = "";
        for (Map.Entry<String, Integer> f : r.familyFiles().entrySet()) {
          b.append(fsep).append(Json.quote(f.getKey())).append(": ").append(f.getValue());
          fsep = ", ";
        }
        b.append("}}");
        sep = ",\n";
      }
      b.append("]}");
      tsep = ",\n";
    }
    b.append("\n  ],\n  \"shortcuts\": [");
    sep = "\n";
    for (Shortcut s : state.shortcuts().all()) {
      b.append(sep)
          .append("    {\"name\": ")
          .append(Json.quote(s.name()))
          .append(", \"switch\": ")
          .append(Json.quote(s.toggle()))
          .append(", \"state\": ")
          .append(Json.quote(s.state().label()))
          .append(", \"detail\": ")
          .append(Json.quote(s.detail()))
          .append('}');
      sep = ",\n";
    }
    b.append(sep.equals("\n") ? "],\n" : "\n  ],\n");
    b.append("  \"phases_ms\": {");
    sep = "";
    for (Map.Entry<String, Long> e : state.phases().entrySet()) {
      b.append(sep).append(Json.quote(e.getKey())).append(": ").append(e.getValue());
      sep = ", ";
    }
    b.append("}\n}\n");
    return b.toString();
  }

  private static void field(StringBuilder b, String name, String jsonValue) {
    b.append("  ").append(Json.quote(name)).append(": ").append(jsonValue).append(",\n");
  }

  /**
   * The report as text, then where its JSON and its page are: what a command that ends a run
   * prints.
   */
  public void printTo(java.io.PrintStream out) {
    out.print(toText());
    out.println("report: " + runDir + "/report.json");
    out.println("page:   " + runDir + "/report.html");
  }

  public String toText() {
    PrepareCounts c = state.counts();
    StringBuilder b = new StringBuilder();
    b.append(
        String.format(
            Locale.ROOT,
            "Run %s of %s into %s: %s%n",
            state.runId(),
            state.specSource(),
            String.join(", ", state.tables()),
            stageText()));
    b.append(
        String.format(
            Locale.ROOT,
            "  records   read %,d = loaded %,d + rejected %,d"
                + "   (blank lines %,d, header lines %,d not counted)%n",
            c.read(),
            c.loaded(),
            c.rejected(),
            c.blankLines(),
            c.headerLines()));
    if (c.rejected() > 0) {
      b.append("  rejects   ");
      c.rejectsByReason()
          .forEach(
              (r, n) ->
                  b.append(r.name())
                      .append(' ')
                      .append(String.format(Locale.ROOT, "%,d", n))
                      .append("  "));
      b.append(String.format("%n            in %s%n", rejectsDir));
    }
    if (state.collisionViolation() != null) {
      b.append("  cells     ").append(state.collisionViolation()).append('\n');
    }
    if (state.budgetViolation() != null) {
      b.append("  budget    ")
          .append(state.budgetViolation())
          .append(" (")
          .append(state.budget())
          .append(")\n");
    }
    b.append(
        String.format(
            Locale.ROOT,
            "  cells     emitted %,d, in HFiles %,d, empty values skipped %,d",
            c.cellsEmitted(),
            hfileCells(),
            c.emptyValues()));
    if (c.emptyValuesWritten() > 0) {
      b.append(String.format(Locale.ROOT, ", written empty %,d", c.emptyValuesWritten()));
    }
    if (c.missingValues() > 0) {
      b.append(String.format(Locale.ROOT, ", missing values skipped %,d", c.missingValues()));
    }
    b.append(String.format("%n"));
    PrepareCounts.Deletions d = c.deletions();
    if (d.any()) {
      b.append(
          String.format(
              Locale.ROOT,
              "  deletes   records %,d, cleared fields %,d; markers written: DeleteFamily %,d,"
                  + " DeleteColumn %,d%n",
              d.records(),
              d.emptyValuesDeleted(),
              d.familyMarkers(),
              d.columnMarkers()));
    }
    if (c.tagged().ttl() > 0 || c.tagged().labelled() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "  tags      cells with a TTL %,d, with visibility labels %,d%n",
              c.tagged().ttl(),
              c.tagged().labelled()));
    }
    if (c.pastFamilyTtl() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "  ttl       WARNING: %,d cell(s) older than their family's TTL at the run's start:"
                  + " HBase will not return them (timestamps from the data, older than the table"
                  + " keeps)%n",
              c.pastFamilyTtl()));
    }
    PrepareCounts.Collisions x = c.collisions();
    if (c.duplicateKeyRows() > 0 || x.any() || c.truncated() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "  keys      WARNING: %,d row(s) written by more than one record"
                  + " (%,d extra record(s)); %,d conflicting cell(s) in %,d row(s) (records gave them different"
                  + " values, one was kept)%s; %,d value(s) cut to a fixed width%n",
              c.duplicateKeyRows(),
              c.duplicateKeyRecords(),
              x.cells(),
              x.rows(),
              x.recordRowsDropped() > 0
                  ? String.format(
                      Locale.ROOT,
                      "; %,d record row(s) dropped whole for a" + " later or earlier record",
                      x.recordRowsDropped())
                  : "",
              c.truncated()));
    }
    if (c.rowSpillFiles() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "  rows      %,d temporary file(s) for rows whose records repeat"
                  + " columns beyond hbulk.reduce.row-buffer.bytes (slower, never lost)%n",
              c.rowSpillFiles()));
    }
    if (c.rowsByOutput().size() > 1) {
      b.append("  outputs  ");
      c.rowsByOutput()
          .forEach(
              (name, rows) -> b.append(String.format(Locale.ROOT, " %s %,d rows;", name, rows)));
      b.append('\n');
    }
    b.append(
        String.format(
            Locale.ROOT,
            "  hfiles    %,d files, %s, written by %d reducer(s)%n",
            hfiles(),
            bytes(hfileBytes()),
            state.reducers()));
    for (Map.Entry<String, List<RegionFiles>> t : regions.entrySet()) {
      b.append(
          String.format(
              Locale.ROOT,
              "  table %s: %,d rows, %,d cells in %d region(s)%n",
              t.getKey(),
              c.rowsByTable().getOrDefault(t.getKey(), 0L),
              t.getValue().stream().mapToLong(RegionFiles::cells).sum(),
              t.getValue().size()));
      b.append(
          String.format(
              Locale.ROOT,
              "    %-24s %-24s %6s %12s %12s%n",
              "region start",
              "region end",
              "files",
              "bytes",
              "cells"));
      for (RegionFiles r : t.getValue()) {
        b.append(
            String.format(
                Locale.ROOT,
                "    %-24s %-24s %6d %12s %,12d%n",
                shorten(Bytes.toStringBinary(r.startKey()), "(first)"),
                shorten(Bytes.toStringBinary(r.endKey()), "(last)"),
                r.files(),
                bytes(r.bytes()),
                r.cells()));
      }
    }
    if (state.regionChange() != null) {
      b.append("  regions   ").append(state.regionChange()).append('\n');
    }
    shortcutsText(b);
    b.append("  phases   ");
    state
        .phases()
        .forEach(
            (name, ms) -> b.append(String.format(Locale.ROOT, " %s %.1f s", name, ms / 1000.0)));
    b.append('\n');
    if (state.phases().containsKey("job") && c.read() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "  speed     %,.0f records/s in the job%n",
              c.read() * 1000.0 / Math.max(1, state.phases().get("job"))));
    }
    return b.toString();
  }

  /**
   * Which shortcuts ran, on one line by state (the JSON has each one's detail), and a warning line
   * for each that fell back: what it relies on broke, most likely in an upgrade.
   */
  private void shortcutsText(StringBuilder b) {
    JobShortcuts shortcuts = state.shortcuts();
    if (shortcuts.all().isEmpty()) {
      return;
    }
    b.append("  shortcuts");
    String sep = " ";
    for (Shortcut.State st : Shortcut.State.values()) {
      List<String> names = shortcuts.named(st);
      if (!names.isEmpty()) {
        b.append(sep).append(st.label()).append(": ").append(String.join(", ", names));
        sep = "; ";
      }
    }
    b.append('\n');
    for (Shortcut s : shortcuts.all()) {
      if (s.state() == Shortcut.State.FELL_BACK) {
        b.append("  shortcuts WARNING: ")
            .append(s.name())
            .append(" fell back (")
            .append(s.detail())
            .append("); ")
            .append(s.toggle())
            .append(" switches it off\n");
      }
    }
  }

  String stageText() {
    return switch (state.stage()) {
      case PREPARING -> "NOT LOADED: stopped while preparing (hbulk resume finishes it)";
      case PREPARED -> "prepared (HFiles written, not loaded)";
      case OVER_BUDGET -> "NOT LOADED: rejects over budget";
      case COLLISIONS -> "NOT LOADED: cells collided (collisions = fail)";
      case LOADING -> "PARTLY LOADED: stopped while loading (hbulk resume finishes it)";
      case LOADED -> "loaded";
      case RELEASED ->
          state.releasedTo().isEmpty()
              ? "NOT LOADED: dry run, HFiles deleted"
              : "NOT LOADED: HFiles moved to " + state.releasedTo() + " for completebulkload";
    };
  }

  private static String shorten(String s, String whenEmpty) {
    return s.isEmpty() ? whenEmpty : s.length() <= 24 ? s : s.substring(0, 21) + "...";
  }

  public static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    if (n < 1024 * 1024) {
      return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
    }
    return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
  }
}
