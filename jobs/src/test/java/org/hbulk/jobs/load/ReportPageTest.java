package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.hbulk.jobs.ReportPageFigures;
import org.hbulk.mappers.record.RejectReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportPageTest {
  @TempDir Path tmp;

  private static String page(LoadReport report, RejectExamples examples, int cap) {
    return new ReportPage(report, examples, cap, 0L).render();
  }

  @Test
  void everyFigureIsReportJsonsAndTheSumIsChecked() throws Exception {
    LoadReport report = LoadReportTest.report();
    String html = page(report, RejectExamples.none(), 32);
    Map<String, Long> figures = ReportPageFigures.checkedAgainst(html, report.toJson());
    for (String pointer :
        List.of(
            "/records/read",
            "/records/loaded",
            "/records/rejected",
            "/rejects/by_reason/BAD_VALUE",
            "/rejects/by_reason/FIELD_COUNT",
            "/by_table/0/regions/0/rows",
            "/by_table/0/regions/1/bytes",
            "/by_table/0/regions/1/family_hfiles/d",
            "/phases_ms/job")) {
      assertTrue(figures.containsKey(pointer), pointer + " on the page: " + figures.keySet());
    }
    assertTrue(html.contains("id=\"adds-up\">adds up"), "10 = 7 + 3");
    // A region whose rows a file does not record shows none, and its chart falls back to cells.
    assertFalse(figures.containsKey("/by_table/0/regions/1/rows"));
    assertTrue(html.contains("id=\"chart-ns:orders-cells\""), html);
  }

  @Test
  void aPageIsSelfContainedAndEscapesWhatItQuotes() {
    String html = page(LoadReportTest.report(), RejectExamples.none(), 32);
    assertTrue(html.contains("conf/&quot;odd&quot; name.spec"), "the spec's name, escaped");
    assertFalse(html.contains("<script"), "no script");
    assertFalse(
        html.contains("src=") || html.contains("href=") || html.contains("url("),
        "nothing fetched from anywhere");
  }

  @Test
  void aFamilyOverTheBulkLoadCapIsMarked() {
    String html = page(LoadReportTest.report(), RejectExamples.none(), 1);
    assertTrue(html.contains("most in one family (cap 1)"), html);
    assertEquals(1, count(html, "over the cap: the load would be refused"), "region 1 has 2 files");
    assertEquals(
        0,
        count(page(LoadReportTest.report(), RejectExamples.none(), 2), "over the cap"),
        "2 files under a cap of 2 are fine");
  }

  @Test
  void rejectExamplesAreReadFromTheRejectsUpToThreeAReason() throws Exception {
    Path rejects = Files.createDirectories(tmp.resolve("rejects"));
    StringBuilder lines = new StringBuilder();
    for (int i = 1; i <= 5; i++) {
      lines.append(
          "{\"file\":\"in.csv\",\"offset\":"
              + i
              + ",\"line\":"
              + i
              + ",\"reason\":\"BAD_VALUE\",\"message\":\"column 'n': <bad>\",\"record\":\"r"
              + i
              + "\"}\n");
    }
    lines.append(
        "{\"file\":\"in.csv\",\"offset\":9,\"line\":null,\"reason\":\"FIELD_COUNT\","
            + "\"message\":\"expected 2 fields\",\"record\":\"a,b,c\"}\n");
    Files.writeString(rejects.resolve("rejects-m-00000"), lines, StandardCharsets.UTF_8);
    FileSystem fs = FileSystem.getLocal(new Configuration());
    RejectExamples examples =
        RejectExamples.read(
            fs,
            new org.apache.hadoop.fs.Path(rejects.toUri()),
            Set.of(RejectReason.BAD_VALUE, RejectReason.FIELD_COUNT),
            3);
    assertEquals(3, examples.of(RejectReason.BAD_VALUE).size());
    assertEquals("r1", examples.of(RejectReason.BAD_VALUE).get(0).record());
    assertEquals(-1, examples.of(RejectReason.FIELD_COUNT).get(0).line(), "no line number");
    assertFalse(examples.cutShort());
    String html = page(LoadReportTest.report(), examples, 32);
    assertTrue(html.contains("in.csv, line 1: column &#39;n&#39;: &lt;bad&gt;"), html);
    assertTrue(html.contains("<code>a,b,c</code>"), html);
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
