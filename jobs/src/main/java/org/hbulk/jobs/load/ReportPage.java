package org.hbulk.jobs.load;

import static org.hbulk.jobs.load.Html.escape;
import static org.hbulk.jobs.load.Html.figure;
import static org.hbulk.jobs.load.Html.number;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.record.RejectReason;

/**
 * A run's report as one self-contained page, {@code report.html} beside {@code report.json}: the
 * counts and whether they add up, rejects by reason with examples, rows and bytes per region with
 * the skew marked, HFiles per region and family against HBase's bulk-load cap, time per phase.
 * Every figure that is also in report.json carries its JSON pointer ({@link Html#figure}).
 */
final class ReportPage {
  /** A region this many times the mean or more is marked in the charts. */
  static final double SKEWED = 1.5;

  /** HBase's cap on the HFiles of one region and family in a bulk load, and its default. */
  static final String HFILE_CAP = "hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily";

  static final int HFILE_CAP_DEFAULT = 32;
  static final int EXAMPLES_PER_REASON = 3;

  private final LoadReport report;
  private final RejectExamples examples;
  private final int hfileCap;
  private final long now;

  /**
   * @param hfileCap HBase's {@code hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily}
   */
  ReportPage(LoadReport report, RejectExamples examples, int hfileCap, long now) {
    this.report = report;
    this.examples = examples;
    this.hfileCap = hfileCap;
    this.now = now;
  }

  /** Writes the run's page, with examples from its rejects. */
  static void write(RunDirectory run, LoadReport report, Configuration conf) throws IOException {
    RejectExamples examples =
        RejectExamples.read(
            run.fs(),
            run.rejects(),
            report.state().counts().rejectsByReason().keySet(),
            EXAMPLES_PER_REASON);
    int cap = conf.getInt(HFILE_CAP, HFILE_CAP_DEFAULT);
    run.writeText(
        run.reportPage(),
        new ReportPage(report, examples, cap, System.currentTimeMillis()).render());
  }

  String render() {
    RunState state = report.state();
    StringBuilder b = new StringBuilder(Html.head("hbulk run " + state.runId()));
    b.append("<h1>Run ")
        .append(escape(state.runId()))
        .append(" <span id=\"status\" class=\"status")
        .append(statusClass(state.stage()))
        .append("\" data-stage=\"")
        .append(state.stage().name())
        .append("\">")
        .append(escape(report.stageText()))
        .append("</span></h1>\n");
    b.append("<p class=\"sub\">spec <code>")
        .append(escape(state.specSource()))
        .append("</code> into ")
        .append(escape(String.join(", ", state.tables())))
        .append(state.jobId() == null ? "" : "; job " + escape(state.jobId()))
        .append("<br>run directory <code>")
        .append(escape(report.runDir()))
        .append("</code></p>\n");
    records(b);
    rejects(b);
    int t = 0;
    for (Map.Entry<String, List<RegionFiles>> table : report.regions().entrySet()) {
      regions(b, table.getKey(), table.getValue(), t++);
    }
    phases(b);
    shortcuts(b);
    b.append("<footer>Written by hbulk at ")
        .append(Instant.ofEpochMilli(now))
        .append(". The figures are those of report.json in the same directory.</footer>\n");
    return b.append(Html.TAIL).toString();
  }

  private static String statusClass(RunState.Stage stage) {
    return switch (stage) {
      case LOADED -> "";
      case PREPARED, PREPARING, LOADING -> " open";
      case OVER_BUDGET, COLLISIONS, RELEASED -> " bad";
    };
  }

  private void records(StringBuilder b) {
    PrepareCounts c = report.state().counts();
    b.append("<h2>Records</h2>\n<p class=\"sum\" id=\"records\">read ")
        .append(figure("/records/read", c.read()))
        .append(" = loaded ")
        .append(figure("/records/loaded", c.loaded()))
        .append(" + rejected ")
        .append(figure("/records/rejected", c.rejected()))
        .append(
            c.read() == c.loaded() + c.rejected()
                ? " <span class=\"ok\" id=\"adds-up\">adds up</span>"
                : " <span class=\"warn\" id=\"adds-up\">DOES NOT ADD UP</span>")
        .append("</p>\n<table>\n");
    row(b, "blank lines skipped (not records)", "/records/blank_lines_skipped", c.blankLines());
    row(b, "header lines skipped (not records)", "/records/header_lines_skipped", c.headerLines());
    row(b, "cells emitted by the maps", "/cells/emitted", c.cellsEmitted());
    row(b, "cells in the HFiles", "/cells/in_hfiles", report.hfileCells());
    row(b, "empty values skipped", "/cells/empty_values_skipped", c.emptyValues());
    if (c.emptyValuesWritten() > 0) {
      row(b, "empty values written", "/cells/empty_values_written", c.emptyValuesWritten());
    }
    if (c.missingValues() > 0) {
      row(b, "missing values skipped", "/cells/missing_values_skipped", c.missingValues());
    }
    if (c.deletions().any()) {
      row(b, "deleting records", "/deletions/records", c.deletions().records());
      row(
          b,
          "DeleteFamily markers",
          "/deletions/markers/DeleteFamily",
          c.deletions().familyMarkers());
      row(
          b,
          "DeleteColumn markers",
          "/deletions/markers/DeleteColumn",
          c.deletions().columnMarkers());
    }
    if (c.duplicateKeyRows() > 0) {
      row(b, "rows written by more than one record", "/keys/duplicate_rows", c.duplicateKeyRows());
    }
    if (c.collisions().any()) {
      row(b, "conflicting cells (one value kept)", "/conflicts/cells", c.collisions().cells());
    }
    if (c.truncated() > 0) {
      row(b, "values cut to a fixed width", "/keys/values_truncated", c.truncated());
    }
    if (c.pastFamilyTtl() > 0) {
      row(
          b,
          "cells past their family's TTL (HBase will not return them)",
          "/cells/past_family_ttl",
          c.pastFamilyTtl());
    }
    row(b, "HFiles", "/hfiles/files", report.hfiles());
    row(b, "HFile bytes", "/hfiles/bytes", report.hfileBytes());
    b.append("</table>\n");
    if (report.state().collisionViolation() != null) {
      b.append("<p class=\"warn\">")
          .append(escape(report.state().collisionViolation()))
          .append("</p>\n");
    }
    if (report.state().regionChange() != null) {
      b.append("<p class=\"warn\">").append(escape(report.state().regionChange())).append("</p>\n");
    }
  }

  private static void row(StringBuilder b, String label, String pointer, long n) {
    b.append("<tr><th>")
        .append(escape(label))
        .append("</th><td class=\"n\">")
        .append(figure(pointer, n))
        .append("</td></tr>\n");
  }

  private void rejects(StringBuilder b) {
    RunState state = report.state();
    Map<RejectReason, Long> byReason = state.counts().rejectsByReason();
    b.append("<h2>Rejects</h2>\n");
    if (byReason.isEmpty()) {
      b.append("<p id=\"rejects\">None.</p>\n");
      return;
    }
    b.append("<p class=\"sub\">budget ")
        .append(escape(state.budget()))
        .append(
            state.budgetViolation() == null
                ? ""
                : " &mdash; <span class=\"warn\">" + escape(state.budgetViolation()) + "</span>")
        .append("<br>every rejected record is in <code>")
        .append(escape(report.rejectsDir()))
        .append("</code></p>\n<table id=\"rejects\">\n")
        .append("<tr><th>reason</th><th class=\"n\">records</th><th>examples</th></tr>\n");
    for (Map.Entry<RejectReason, Long> e : byReason.entrySet()) {
      b.append("<tr><td><code>")
          .append(e.getKey().name())
          .append("</code></td><td class=\"n\">")
          .append(figure("/rejects/by_reason/" + e.getKey().name(), e.getValue()))
          .append("</td><td>");
      for (RejectExamples.Example x : examples.of(e.getKey())) {
        b.append("<div>")
            .append(escape(x.file()))
            .append(x.line() > 0 ? ", line " + x.line() : "")
            .append(": ")
            .append(escape(x.message()))
            .append("<br><code>")
            .append(escape(x.record()))
            .append("</code></div>\n");
      }
      b.append("</td></tr>\n");
    }
    b.append("</table>\n");
    if (examples.cutShort()) {
      b.append("<p class=\"sub\">Examples are from the first ")
          .append(number(examples.linesRead()))
          .append(" rejected records only.</p>\n");
    }
  }

  private void regions(StringBuilder b, String table, List<RegionFiles> regions, int t) {
    long rows = report.state().counts().rowsByTable().getOrDefault(table, 0L);
    String at = "/by_table/" + t;
    b.append("<h2>Table ")
        .append(escape(table))
        .append("</h2>\n<p class=\"sum\">")
        .append(figure(at + "/rows", rows))
        .append(" rows, ")
        .append(figure(at + "/cells", regions.stream().mapToLong(RegionFiles::cells).sum()))
        .append(" cells in ")
        .append(regions.size())
        .append(" region(s)</p>\n");
    boolean rowsKnown = regions.stream().allMatch(r -> r.rows() >= 0);
    if (rowsKnown) {
      chart(b, table, "rows", regions, RegionFiles::rows, "rows");
    } else {
      chart(b, table, "cells", regions, RegionFiles::cells, "cells");
    }
    chart(b, table, "bytes", regions, RegionFiles::bytes, "bytes");
    b.append(
        Html.legend(
            Html.BAR,
            "region",
            Html.MARKED,
            String.format(Locale.ROOT, "%.1f\u00d7 the mean or more", SKEWED),
            Html.MEAN,
            "mean"));
    b.append("<table class=\"regions\">\n<tr><th>#</th><th>start key</th><th>end key</th>")
        .append("<th class=\"n\">rows</th><th class=\"n\">cells</th><th class=\"n\">bytes</th>")
        .append("<th class=\"n\">HFiles</th><th>most in one family (cap ")
        .append(hfileCap)
        .append(")</th></tr>\n");
    for (int i = 0; i < regions.size(); i++) {
      RegionFiles r = regions.get(i);
      String ra = at + "/regions/" + i;
      int most = r.mostFamilyFiles();
      b.append("<tr><td>")
          .append(i)
          .append("</td><td><code>")
          .append(escape(keyText(r.startKey(), "(first)")))
          .append("</code></td><td><code>")
          .append(escape(keyText(r.endKey(), "(last)")))
          .append("</code></td><td class=\"n\">")
          .append(r.rows() >= 0 ? figure(ra + "/rows", r.rows()) : "?")
          .append("</td><td class=\"n\">")
          .append(figure(ra + "/cells", r.cells()))
          .append("</td><td class=\"n\">")
          .append(figure(ra + "/bytes", r.bytes()))
          .append("</td><td class=\"n\">")
          .append(figure(ra + "/hfiles", r.files()))
          .append("</td><td")
          .append(most > hfileCap ? " class=\"warn\"" : "")
          .append(">");
      r.familyFiles()
          .forEach(
              (family, n) ->
                  b.append(escape(family))
                      .append(": ")
                      .append(figure(ra + "/family_hfiles/" + Html.pointerToken(family), n))
                      .append(' '));
      b.append(most > hfileCap ? "(over the cap: the load would be refused)" : "")
          .append("</td></tr>\n");
    }
    b.append("</table>\n");
  }

  /** A chart of one measure per region, with its skew: the largest region against the mean. */
  private static void chart(
      StringBuilder b,
      String table,
      String what,
      List<RegionFiles> regions,
      ToLongFunction<RegionFiles> measure,
      String unit) {
    long total = regions.stream().mapToLong(measure).sum();
    double mean = regions.isEmpty() ? 0 : (double) total / regions.size();
    int largest = 0;
    long most = 0;
    List<Html.Bar> bars = new ArrayList<>();
    for (int i = 0; i < regions.size(); i++) {
      RegionFiles r = regions.get(i);
      long v = measure.applyAsLong(r);
      if (v > most) {
        largest = i;
        most = v;
      }
      bars.add(
          new Html.Bar(
              keyText(r.startKey(), "(first)"),
              v,
              "region " + i + " " + r.range() + ": " + number(v) + " " + unit,
              mean > 0 && v >= SKEWED * mean));
    }
    double skew = mean > 0 ? most / mean : 0;
    b.append("<h3>")
        .append(escape(what))
        .append(" per region &mdash; skew (largest / mean) <span class=\"skew")
        .append(skew >= SKEWED ? " warn" : "")
        .append("\" data-skew=\"")
        .append(String.format(Locale.ROOT, "%.3f", skew))
        .append("\">")
        .append(String.format(Locale.ROOT, "%.2f", skew))
        .append("</span>")
        .append(mean > 0 ? ", largest: region " + largest : "")
        .append("</h3>\n");
    b.append(Html.barChart("chart-" + table + "-" + what, bars, mean, unit));
  }

  private static String keyText(byte[] key, String whenEmpty) {
    return key.length == 0 ? whenEmpty : Bytes.toStringBinary(key);
  }

  private void phases(StringBuilder b) {
    Map<String, Long> phases = report.state().phases();
    long total = phases.values().stream().mapToLong(Long::longValue).sum();
    b.append("<h2>Time per phase</h2>\n");
    if (total > 0) {
      b.append("<svg id=\"phases-chart\" width=\"100%\" viewBox=\"0 0 1060 28\">\n");
      String[] colours = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948"};
      double x = 0;
      int i = 0;
      for (Map.Entry<String, Long> p : phases.entrySet()) {
        double w = 1060.0 * p.getValue() / total;
        b.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%.2f\" y=\"2\" width=\"%.2f\" height=\"24\" fill=\"%s\"><title>%s %s"
                    + "</title></rect>%n",
                x,
                w,
                colours[i % colours.length],
                escape(p.getKey()),
                Html.seconds(p.getValue())));
        if (w > 70) {
          b.append(
              String.format(
                  Locale.ROOT,
                  "<text x=\"%.2f\" y=\"19\" style=\"fill:#fff\">%s</text>%n",
                  x + 6,
                  escape(p.getKey())));
        }
        x += w;
        i++;
      }
      b.append("</svg>\n");
    }
    b.append("<table id=\"phases\">\n<tr><th>phase</th><th class=\"n\">ms</th>")
        .append("<th class=\"n\">seconds</th><th class=\"n\">share</th></tr>\n");
    phases.forEach(
        (name, ms) ->
            b.append("<tr><td>")
                .append(escape(name))
                .append("</td><td class=\"n\">")
                .append(figure("/phases_ms/" + Html.pointerToken(name), ms))
                .append("</td><td class=\"n\">")
                .append(Html.seconds(ms))
                .append("</td><td class=\"n\">")
                .append(total > 0 ? String.format(Locale.ROOT, "%.0f %%", 100.0 * ms / total) : "")
                .append("</td></tr>\n"));
    b.append("</table>\n");
    Long job = phases.get("job");
    if (job != null && job > 0 && report.state().counts().read() > 0) {
      b.append(
          String.format(
              Locale.ROOT,
              "<p>%,.0f records/s in the job.</p>%n",
              report.state().counts().read() * 1000.0 / job));
    }
  }

  private void shortcuts(StringBuilder b) {
    List<Shortcut> all = report.state().shortcuts().all();
    if (all.isEmpty()) {
      return;
    }
    b.append("<h2>Shortcuts</h2>\n<table>\n<tr><th>name</th><th>state</th><th>switch</th>")
        .append("<th>detail</th></tr>\n");
    for (Shortcut s : all) {
      b.append("<tr><td>")
          .append(escape(s.name()))
          .append("</td><td")
          .append(s.state() == Shortcut.State.FELL_BACK ? " class=\"warn\"" : "")
          .append(">")
          .append(escape(s.state().label()))
          .append("</td><td><code>")
          .append(escape(s.toggle()))
          .append("</code></td><td>")
          .append(escape(s.detail()))
          .append("</td></tr>\n");
    }
    b.append("</table>\n");
  }
}
