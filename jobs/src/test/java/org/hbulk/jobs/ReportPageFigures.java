package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/** Checks on a run's report page: its figures against report.json, its pixels in a screenshot. */
public final class ReportPageFigures {
  private static final Pattern FIGURE =
      Pattern.compile("data-json=\"([^\"]*)\" data-value=\"(-?\\d+)\"");

  private ReportPageFigures() {}

  /**
   * Every figure on the page (HTML source or a browser's DOM) by its JSON pointer, each checked
   * equal to report.json's value there.
   */
  public static Map<String, Long> checkedAgainst(String page, String reportJson)
      throws IOException {
    JsonNode json = new ObjectMapper().readTree(reportJson);
    Map<String, Long> figures = new LinkedHashMap<>();
    Matcher m = FIGURE.matcher(page);
    while (m.find()) {
      String pointer = m.group(1).replace("&amp;", "&");
      long value = Long.parseLong(m.group(2));
      JsonNode at = json.at(pointer);
      assertFalse(at.isMissingNode(), "the page shows " + pointer + ", which report.json lacks");
      assertEquals(at.asLong(), value, "the page's " + pointer + " against report.json");
      figures.put(pointer, value);
    }
    assertFalse(figures.isEmpty(), "no figure on the page");
    return figures;
  }

  /** How many pixels of the screenshot have exactly the colour {@code rgb} (0xRRGGBB). */
  public static long pixels(Path png, int rgb) throws IOException {
    BufferedImage image = ImageIO.read(png.toFile());
    assertTrue(image != null, png + " is not an image");
    long n = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        if ((image.getRGB(x, y) & 0xffffff) == rgb) {
          n++;
        }
      }
    }
    return n;
  }
}
