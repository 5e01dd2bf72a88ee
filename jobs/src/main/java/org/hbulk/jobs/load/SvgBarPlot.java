package org.hbulk.jobs.load;

import static org.hbulk.jobs.load.Html.escape;

import java.util.Locale;

/**
 * The drawing the report pages' bar charts share: an inline SVG as wide as the page, a plot with
 * room at its left for the scale's labels, bars standing on its baseline with a tooltip each, and
 * labels under some of them. How wide the bars are, what stands on them and what else is drawn
 * differ from chart to chart and stay with each.
 */
final class SvgBarPlot {
  static final int WIDTH = 1060;

  /** Where the plot starts: room for a scale label such as 5.9M bytes. */
  static final int LEFT = 92;

  /** Where the plot ends. */
  static final int RIGHT = WIDTH - 8;

  private final StringBuilder b;
  private final int top;
  private final int baseline;
  private final double scale;
  private final double step;

  /**
   * Opens the SVG of {@code id} in {@code b}: {@code height} high with {@code top} and {@code
   * bottom} margins around the plot, {@code max} reaching the plot's top, and {@code slots} places
   * for bars across it.
   */
  SvgBarPlot(StringBuilder b, String id, int height, int top, int bottom, double max, int slots) {
    this.b = b;
    this.top = top;
    int plot = height - top - bottom;
    this.baseline = top + plot;
    this.scale = max > 0 ? plot / max : 0;
    this.step = slots == 0 ? 0 : (double) (RIGHT - LEFT) / slots;
    b.append(
        String.format(
            Locale.ROOT,
            "<svg id=\"%s\" width=\"100%%\" viewBox=\"0 0 %d %d\" role=\"img\">%n",
            escape(id),
            WIDTH,
            height));
  }

  /** The y of the value 0: bars stand on it. */
  int baseline() {
    return baseline;
  }

  /** The width of one bar's place. */
  double step() {
    return step;
  }

  /** Where bar place {@code i} starts. */
  double x(int i) {
    return LEFT + i * step;
  }

  /** How tall {@code value} draws. */
  double height(double value) {
    return value * scale;
  }

  /** Labels the scale's top, where the largest value reaches. */
  void labelTop(String text) {
    scaleLabel(top + 10, text);
  }

  /** Labels the scale's 0, at the baseline. */
  void labelZero() {
    scaleLabel(baseline, "0");
  }

  private void scaleLabel(int y, String text) {
    b.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
            LEFT - 6,
            y,
            escape(text)));
  }

  /**
   * A bar, or a part of one, with {@code title} as its tooltip; no class when {@code css} is null.
   */
  void bar(String css, double x, double y, double width, double height, String fill, String title) {
    b.append(
        String.format(
            Locale.ROOT,
            "<rect%s x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\">"
                + "<title>%s</title></rect>%n",
            css == null ? "" : " class=\"" + css + "\"",
            x,
            y,
            width,
            height,
            fill,
            escape(title)));
  }

  /** A label under the bars, centred on {@code x}. */
  void label(double x, String text) {
    b.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
            x,
            baseline + 16,
            escape(text)));
  }

  /** Every how many bars a label goes under one, so that about {@code most} labels fit. */
  static int labelEvery(int bars, int most) {
    return Math.max(1, (int) Math.ceil(bars / (double) most));
  }

  void close() {
    b.append("</svg>\n");
  }
}
