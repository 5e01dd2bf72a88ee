package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SvgBarPlotTest {
  @Test
  void theLargestValueReachesThePlotsTopAndBarsStandOnItsBaseline() {
    StringBuilder b = new StringBuilder();
    SvgBarPlot plot = new SvgBarPlot(b, "c<1", 100, 10, 20, 50, 4);
    assertEquals(80, plot.baseline(), "100 high, 20 under the plot");
    assertEquals(70, plot.height(50), 1e-9, "the plot's 70 px");
    assertEquals(240, plot.step(), 1e-9, "(1052 - 92) / 4");
    assertEquals(92 + 2 * 240, plot.x(2), 1e-9);
    plot.labelTop("50 rows");
    plot.labelZero();
    plot.bar(
        null, plot.x(0), plot.baseline() - plot.height(50), 10, plot.height(50), "#000", "<a>");
    plot.bar("bar marked", plot.x(1), plot.baseline() - plot.height(5), 10, 7, "#f00", "b");
    plot.label(plot.x(1) + 5, "r&1");
    plot.close();
    assertEquals(
        """
        <svg id="c&lt;1" width="100%" viewBox="0 0 1060 100" role="img">
        <text x="86" y="20" text-anchor="end">50 rows</text>
        <text x="86" y="80" text-anchor="end">0</text>
        <rect x="92.00" y="10.00" width="10.00" height="70.00" fill="#000">\
        <title>&lt;a&gt;</title></rect>
        <rect class="bar marked" x="332.00" y="73.00" width="10.00" height="7.00" fill="#f00">\
        <title>b</title></rect>
        <text x="337.00" y="96" text-anchor="middle">r&amp;1</text>
        </svg>
        """,
        b.toString().replace(System.lineSeparator(), "\n"));
  }

  @Test
  void nothingToScaleOrNoPlaceDrawsNothingTallOrWide() {
    SvgBarPlot plot = new SvgBarPlot(new StringBuilder(), "empty", 100, 10, 20, 0, 0);
    assertEquals(0, plot.height(1_000), 1e-9);
    assertEquals(0, plot.step(), 1e-9);
  }

  @Test
  void labelsGoUnderAboutAsManyBarsAsAskedFor() {
    assertEquals(1, SvgBarPlot.labelEvery(0, 24));
    assertEquals(1, SvgBarPlot.labelEvery(24, 24));
    assertEquals(2, SvgBarPlot.labelEvery(25, 24));
    assertEquals(5, SvgBarPlot.labelEvery(60, 12));
  }
}
