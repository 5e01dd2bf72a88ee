package org.hbulk.jobs.load;

import static org.hbulk.jobs.load.Html.escape;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A nightly identity's {@code index.html}: one line per date with its counts and status, linked to
 * the date's report.html, and a trend chart of records loaded and rejected per night. Rewritten
 * after every nightly run of the identity, from the runs' own state files, so it is never more than
 * the runs say.
 */
final class NightlyIndexPage {
  /** The nights the chart shows at most, the latest ones. */
  static final int CHART_NIGHTS = 60;

  /** A night whose run did not load, in grey: its bar is not what the table holds. */
  private static final String NOT_LOADED = "#9aa5b1";

  /** One night: its date and what its run directory's state says. */
  record Night(LocalDate date, RunState state, boolean hasPage) {}

  private final String identity;
  private final List<Night> nights;
  private final long now;

  NightlyIndexPage(String identity, List<Night> nights, long now) {
    this.identity = identity;
    this.nights = nights;
    this.now = now;
  }

  /** Rewrites {@code identityDir/index.html}; returns its path. */
  static Path write(Configuration conf, Path identityDir, String identity) throws IOException {
    FileSystem fs = identityDir.getFileSystem(conf);
    List<Night> nights = new ArrayList<>();
    for (FileStatus f : fs.listStatus(identityDir)) {
      String name = f.getPath().getName();
      Optional<LocalDate> date = RunPaths.nightlyDate(name);
      // The date's current run only: runs set aside by --force are not that night's outcome.
      if (!f.isDirectory() || date.isEmpty() || !name.equals(date.get().toString())) {
        continue;
      }
      RunDirectory run = RunDirectory.at(conf, f.getPath());
      if (run.hasState()) {
        nights.add(new Night(date.get(), run.readState(), fs.exists(run.reportPage())));
      }
    }
    nights.sort((a, b) -> a.date().compareTo(b.date()));
    Path index = new Path(identityDir, "index.html");
    RunDirectory.at(conf, identityDir)
        .writeText(
            index, new NightlyIndexPage(identity, nights, System.currentTimeMillis()).render());
    return index;
  }

  String render() {
    StringBuilder b = new StringBuilder(Html.head("hbulk nightly " + identity));
    b.append("<h1>Nightly ").append(escape(identity)).append("</h1>\n");
    b.append("<p class=\"sub\">")
        .append(nights.size())
        .append(" night(s) on record")
        .append(
            nights.isEmpty()
                ? ""
                : ", " + nights.get(0).date() + " to " + nights.get(nights.size() - 1).date())
        .append("</p>\n");
    chart(b);
    b.append("<table id=\"nights\">\n<tr><th>date</th><th>status</th><th class=\"n\">read</th>")
        .append("<th class=\"n\">loaded</th><th class=\"n\">rejected</th>")
        .append("<th class=\"n\">time</th></tr>\n");
    for (int i = nights.size() - 1; i >= 0; i--) {
      Night n = nights.get(i);
      PrepareCounts c = n.state().counts();
      RunState.Stage stage = n.state().stage();
      b.append("<tr data-date=\"")
          .append(n.date())
          .append("\" data-stage=\"")
          .append(stage.name())
          .append("\"><td>")
          .append(
              n.hasPage()
                  ? "<a href=\"" + n.date() + "/report.html\">" + n.date() + "</a>"
                  : n.date().toString())
          .append("</td><td")
          .append(stage == RunState.Stage.LOADED ? "" : " class=\"warn\"")
          .append(">")
          .append(escape(NightlyRun.describe(stage)))
          .append("</td>");
      cell(b, "read", c.read());
      cell(b, "loaded", c.loaded());
      cell(b, "rejected", c.rejected());
      long ms = n.state().phases().values().stream().mapToLong(Long::longValue).sum();
      b.append("<td class=\"n\">").append(Html.seconds(ms)).append("</td></tr>\n");
    }
    b.append("</table>\n<footer>Written by hbulk at ")
        .append(Instant.ofEpochMilli(now))
        .append(" from each date's run.properties.</footer>\n");
    return b.append(Html.TAIL).toString();
  }

  private static void cell(StringBuilder b, String name, long n) {
    b.append("<td class=\"n\" data-")
        .append(name)
        .append("=\"")
        .append(n)
        .append("\">")
        .append(Html.number(n))
        .append("</td>");
  }

  /** Loaded records per night as bars, each night's rejects in red above them. */
  private void chart(StringBuilder b) {
    List<Night> shown = nights.subList(Math.max(0, nights.size() - CHART_NIGHTS), nights.size());
    if (shown.isEmpty()) {
      return;
    }
    long max = shown.stream().mapToLong(n -> n.state().counts().read()).max().orElse(0);
    b.append("<h2>Records per night</h2>\n");
    // At least a week's places, so that a new identity's first bars are not a page wide each.
    SvgBarPlot plot = new SvgBarPlot(b, "trend", 180, 12, 30, max, Math.max(shown.size(), 7));
    double bar = Math.max(plot.step() * 0.7, 1);
    plot.labelTop(Html.compact(max));
    int labelEvery = SvgBarPlot.labelEvery(shown.size(), 12);
    for (int i = 0; i < shown.size(); i++) {
      Night n = shown.get(i);
      PrepareCounts c = n.state().counts();
      double x = plot.x(i);
      double loaded = plot.height(c.loaded());
      double rejected = plot.height(c.rejected());
      plot.bar(
          null,
          x,
          plot.baseline() - loaded,
          bar,
          loaded,
          n.state().stage() == RunState.Stage.LOADED ? Html.BAR : NOT_LOADED,
          n.date() + ": " + Html.number(c.loaded()) + " loaded");
      if (c.rejected() > 0) {
        // At least a pixel, so that a night's few rejects still show.
        plot.bar(
            null,
            x,
            plot.baseline() - loaded - Math.max(rejected, 1),
            bar,
            Math.max(rejected, 1),
            Html.MARKED,
            n.date() + ": " + Html.number(c.rejected()) + " rejected");
      }
      if (i % labelEvery == 0) {
        plot.label(x + bar / 2, n.date().toString().substring(5));
      }
    }
    plot.close();
    b.append(Html.legend(Html.BAR, "loaded", Html.MARKED, "rejected", NOT_LOADED, "not loaded"));
  }
}
