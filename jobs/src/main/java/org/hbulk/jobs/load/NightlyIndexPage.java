package org.hbulk.jobs.load;

import static org.hbulk.jobs.load.Html.escape;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
    int width = 1060;
    int height = 180;
    int top = 12;
    int bottom = 30;
    int left = 92;
    int plot = height - top - bottom;
    long max = shown.stream().mapToLong(n -> n.state().counts().read()).max().orElse(0);
    double scale = max > 0 ? (double) plot / max : 0;
    double step = (double) (width - left - 8) / Math.max(shown.size(), 7);
    double bar = Math.max(step * 0.7, 1);
    b.append("<h2>Records per night</h2>\n")
        .append(
            String.format(
                Locale.ROOT,
                "<svg id=\"trend\" width=\"100%%\" viewBox=\"0 0 %d %d\" role=\"img\">%n",
                width,
                height))
        .append(
            String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
                left - 6,
                top + 10,
                Html.compact(max)));
    int labelEvery = Math.max(1, (int) Math.ceil(shown.size() / 12.0));
    for (int i = 0; i < shown.size(); i++) {
      Night n = shown.get(i);
      PrepareCounts c = n.state().counts();
      double x = left + i * step;
      double loaded = c.loaded() * scale;
      double rejected = c.rejected() * scale;
      b.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\">"
                  + "<title>%s: %s loaded</title></rect>%n",
              x,
              top + plot - loaded,
              bar,
              loaded,
              n.state().stage() == RunState.Stage.LOADED ? Html.BAR : "#9aa5b1",
              n.date(),
              Html.number(c.loaded())));
      if (c.rejected() > 0) {
        b.append(
            String.format(
                Locale.ROOT,
                "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\">"
                    + "<title>%s: %s rejected</title></rect>%n",
                x,
                top + plot - loaded - Math.max(rejected, 1),
                bar,
                Math.max(rejected, 1),
                Html.MARKED,
                n.date(),
                Html.number(c.rejected())));
      }
      if (i % labelEvery == 0) {
        b.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                x + bar / 2,
                top + plot + 16,
                n.date().toString().substring(5)));
      }
    }
    b.append("</svg>\n")
        .append(Html.legend(Html.BAR, "loaded", Html.MARKED, "rejected", "#9aa5b1", "not loaded"));
  }
}
