package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NightlyIndexPageTest {
  private static NightlyIndexPage.Night night(
      String date, RunState.Stage stage, long read, long rejected, boolean page) {
    RunState state = RunState.create("r-" + date, "n.spec", List.of("t"), 1L, RunState.Mode.LOAD);
    state.stage(stage);
    state.counts(
        new PrepareCounts(
            read,
            read - rejected,
            rejected,
            0,
            0,
            0,
            0,
            0,
            0,
            Map.of(),
            0,
            0,
            new PrepareCounts.Collisions(0, 0, 0),
            0,
            0,
            Map.of(),
            Map.of(),
            new PrepareCounts.Deletions(0, 0, 0, 0),
            PrepareCounts.Tagged.NONE,
            0));
    state.phase("job", 1500);
    return new NightlyIndexPage.Night(LocalDate.parse(date), state, page);
  }

  @Test
  void oneLinePerNightLatestFirstWithItsStatusAndABarEach() {
    String html =
        new NightlyIndexPage(
                "orders@orders",
                List.of(
                    night("2026-11-20", RunState.Stage.LOADED, 1000, 0, true),
                    night("2026-11-21", RunState.Stage.OVER_BUDGET, 900, 120, true),
                    night("2026-11-22", RunState.Stage.LOADED, 1100, 4, false)),
                0L)
            .render();
    int n22 = html.indexOf("data-date=\"2026-11-22\" data-stage=\"LOADED\"");
    int n21 = html.indexOf("data-date=\"2026-11-21\" data-stage=\"OVER_BUDGET\"");
    int n20 = html.indexOf("data-date=\"2026-11-20\" data-stage=\"LOADED\"");
    assertTrue(n22 > 0 && n22 < n21 && n21 < n20, html);
    assertTrue(html.contains("prepared over the reject budget"), html);
    assertTrue(html.contains("data-loaded=\"780\""), "900 read - 120 rejected");
    assertTrue(html.contains("<a href=\"2026-11-21/report.html\">"), html);
    assertTrue(html.contains("<td>2026-11-22</td>"), "no page, no link: " + html);
    assertEquals(3, count(html, "loaded</title></rect>"), "a bar per night");
    assertEquals(2, count(html, "rejected</title></rect>"), "nights with rejects only");
    assertTrue(html.contains("3 night(s) on record, 2026-11-20 to 2026-11-22"), html);
    assertTrue(html.contains("<svg id=\"trend\""), "the chart inline");
    assertFalse(html.contains("<script"), "no script");
  }

  private static int count(String s, String what) {
    return s.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }
}
