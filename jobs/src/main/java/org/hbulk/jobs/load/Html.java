package org.hbulk.jobs.load;

import java.util.List;
import java.util.Locale;

/**
 * What the report pages share: escaping, figures, a page's frame and style, and a bar chart drawn
 * as inline SVG. Everything is inside the page: it opens from a run directory copied anywhere, with
 * no network and no script.
 */
final class Html {
  private Html() {}

  static String escape(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  static String number(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /**
   * A figure that is also in report.json: {@code pointer} is its JSON pointer there, so a test can
   * hold every figure on the page against the file.
   */
  static String figure(String pointer, long n) {
    return "<span class=\"fig\" data-json=\""
        + escape(pointer)
        + "\" data-value=\""
        + n
        + "\">"
        + number(n)
        + "</span>";
  }

  /** A name as one token of a JSON pointer (RFC 6901). */
  static String pointerToken(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }

  static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  static String head(String title) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>"
        + escape(title)
        + "</title>\n<style>\n"
        + STYLE
        + "</style>\n</head>\n<body>\n";
  }

  static final String TAIL = "</body>\n</html>\n";

  private static final String STYLE =
      """
      body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
             color: #1d2733; margin: 24px auto; max-width: 1100px; padding: 0 16px; }
      h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 17px; margin: 28px 0 8px; }
      h3 { font-size: 15px; margin: 16px 0 6px; }
      .sub { color: #5b6776; margin: 0 0 12px; word-break: break-all; }
      .status { display: inline-block; padding: 2px 10px; border-radius: 10px; font-weight: 600;
                color: #fff; background: #2e7d32; }
      .status.bad { background: #c62828; } .status.open { background: #ef6c00; }
      table { border-collapse: collapse; margin: 6px 0; }
      th, td { text-align: left; padding: 3px 10px; border-bottom: 1px solid #e3e7ec;
               vertical-align: top; }
      th { color: #5b6776; font-weight: 600; } td.n, th.n { text-align: right; }
      .fig { font-variant-numeric: tabular-nums; }
      .sum { font-size: 16px; margin: 8px 0; } .ok { color: #2e7d32; font-weight: 600; }
      .warn { color: #c62828; font-weight: 600; }
      code { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; background: #f3f5f8;
             padding: 1px 4px; border-radius: 3px; word-break: break-all; }
      svg { display: block; margin: 4px 0 10px; }
      svg text { font: 11px system-ui, sans-serif; fill: #5b6776; }
      .legend span { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 12px; }
      footer { margin-top: 32px; color: #8a95a3; font-size: 12px; }
      """;

  /** One bar of a chart: its label under the bar, its value, and whether it stands out. */
  record Bar(String label, double value, String title, boolean marked) {}

  static final String BAR = "#4e79a7";
  static final String MARKED = "#e15759";
  static final String MEAN = "#f28e2b";

  /**
   * Vertical bars scaled to the largest, the marked ones in red, a dashed line at {@code mean} when
   * it is not negative; labels are written under at most about 24 bars.
   */
  static String barChart(String id, List<Bar> bars, double mean, String unit) {
    double max = bars.stream().mapToDouble(Bar::value).max().orElse(0);
    StringBuilder b = new StringBuilder();
    SvgBarPlot plot = new SvgBarPlot(b, id, 220, 14, 40, max, bars.size());
    double step = plot.step();
    double gap = step > 6 ? Math.min(step * 0.2, 8) : 0;
    b.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#c5ccd5\"/>%n",
            SvgBarPlot.LEFT,
            plot.baseline(),
            SvgBarPlot.RIGHT,
            plot.baseline()));
    plot.labelTop(compact(max) + " " + unit);
    plot.labelZero();
    int labelEvery = SvgBarPlot.labelEvery(bars.size(), 24);
    for (int i = 0; i < bars.size(); i++) {
      Bar bar = bars.get(i);
      double h = plot.height(bar.value());
      double x = plot.x(i) + gap / 2;
      plot.bar(
          bar.marked() ? "bar marked" : "bar",
          x,
          plot.baseline() - h,
          Math.max(step - gap, 0.5),
          h,
          bar.marked() ? MARKED : BAR,
          bar.title());
      if (i % labelEvery == 0) {
        plot.label(x + (step - gap) / 2, shorten(bar.label(), 12));
      }
    }
    if (mean >= 0 && max > 0) {
      double y = plot.baseline() - plot.height(mean);
      b.append(
          String.format(
              Locale.ROOT,
              "<line class=\"mean\" x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" stroke=\"%s\""
                  + " stroke-width=\"2\" stroke-dasharray=\"6 4\"/>%n",
              SvgBarPlot.LEFT,
              y,
              SvgBarPlot.RIGHT,
              y,
              MEAN));
    }
    plot.close();
    return b.toString();
  }

  static String legend(String... colourAndText) {
    StringBuilder b = new StringBuilder("<div class=\"legend\">");
    for (int i = 0; i + 1 < colourAndText.length; i += 2) {
      b.append("<span style=\"background:")
          .append(colourAndText[i])
          .append("\"></span>")
          .append(escape(colourAndText[i + 1]));
    }
    return b.append("</div>\n").toString();
  }

  /** 1.2k, 3.4M: an axis label. */
  static String compact(double v) {
    if (v >= 1e9) {
      return String.format(Locale.ROOT, "%.1fG", v / 1e9);
    }
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.1fM", v / 1e6);
    }
    if (v >= 1e4) {
      return String.format(Locale.ROOT, "%.1fk", v / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f", v);
  }

  static String shorten(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
  }
}
