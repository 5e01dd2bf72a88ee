package org.hbulk.mappers.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.hbulk.mappers.schema.SpecException;
import org.junit.jupiter.api.Test;

class CellTagsParserTest {
  private static final String HEAD =
      """
      [columns]
      id = long
      name = string
      ttl_ms = long
      ttl_text = string
      vis = string
      amount = double

      [output main]
      table = t
      key = id
      d:name = name
      d:amount = binary(amount)
      e:id = id
      """;

  private static OutputSpec output(String lines) {
    return LoadSpec.parse("t.spec", HEAD + lines).outputs().get(0);
  }

  private static String error(String lines) {
    return assertThrows(SpecException.class, () -> LoadSpec.parse("t.spec", HEAD + lines))
        .getMessage();
  }

  private static CellSpec cell(OutputSpec o, String column) {
    return o.cells().stream().filter(c -> c.column().equals(column)).findFirst().orElseThrow();
  }

  @Test
  void anOutputWithoutTagLinesHasNoTagsAndNoTaggedFamily() {
    OutputSpec o = output("");
    assertSame(CellTagSpec.NONE, o.tags());
    assertEquals(Set.of(), o.taggedFamilies());
  }

  @Test
  void aConstantTtlIsMillisecondsOrANumberWithAUnit() {
    assertEquals("86400000", output("ttl = 86400000").tags().ttl().constant());
    assertEquals("500", output("ttl = 500ms").tags().ttl().constant());
    assertEquals("60000", output("ttl = 60s").tags().ttl().constant());
    assertEquals("5400000", output("ttl = 90m").tags().ttl().constant());
    assertEquals("43200000", output("ttl = 12h").tags().ttl().constant());
    assertEquals("2592000000", output("ttl = 30d").tags().ttl().constant());
  }

  @Test
  void aTtlColumnMayBeLongOrString() {
    assertEquals("ttl_ms", output("ttl = ttl_ms").tags().ttl().column().name());
    assertEquals("ttl_text", output("ttl = ttl_text").tags().ttl().column().name());
  }

  @Test
  void aCellsOwnLinesOverrideTheOutputsAndNoneRemovesTheTag() {
    OutputSpec o =
        output(
            """
            ttl = 1d
            visibility = "secret|ops"
            ttl.d:name = ttl_ms
            visibility.d:name = vis
            ttl.e:id = none
            visibility.e:id = none
            """);
    CellTagSpec tags = o.tags();
    assertEquals("ttl_ms", tags.ttl(cell(o, "d:name")).column().name());
    assertEquals("vis", tags.visibility(cell(o, "d:name")).column().name());
    assertEquals("86400000", tags.ttl(cell(o, "d:amount")).constant());
    assertEquals("secret|ops", tags.visibility(cell(o, "d:amount")).constant());
    assertTrue(tags.ttl(cell(o, "e:id")).isNone());
    assertTrue(tags.visibility(cell(o, "e:id")).isNone());
    assertFalse(tags.tags(cell(o, "e:id")));
    assertEquals(Set.of("d"), o.taggedFamilies(), "family e gets no tag, so no tagged HFiles");
    assertEquals(Set.of("secret|ops"), tags.constantVisibilities(o.cells()));
  }

  @Test
  void aQuotedVisibilityIsAConstantExpressionAndABareWordAColumn() {
    OutputSpec o = output("visibility = \"(secret&ops)|public\"");
    assertEquals("(secret&ops)|public", o.tags().visibility().constant());
    assertNull(o.tags().visibility().column());
    assertEquals("vis", output("visibility = vis").tags().visibility().column().name());
    assertEquals(Set.of("d", "e"), output("visibility = vis").taggedFamilies());
    assertTrue(output("visibility = vis").tags().anyVisibility(output("").cells()));
  }

  @Test
  void badTtlsAreErrorsNamingTheLine() {
    String e = error("ttl = soon");
    assertTrue(e.contains("t.spec:15: ttl:"), e);
    assertTrue(e.contains("expected a TTL in milliseconds"), e);
    assertTrue(error("ttl = 0").contains("more than 0 milliseconds"));
    assertTrue(error("ttl = -5").contains("expected a TTL"));
    assertTrue(error("ttl = 99999999999999999999d").contains("does not fit"));
    assertTrue(error("ttl = amount").contains("is double; a TTL column holds milliseconds"));
    assertTrue(error("ttl.d:nope = 5").contains("'d:nope' is not a cell of [output main]"));
  }

  @Test
  void badVisibilitiesAreErrorsNamingTheLine() {
    String e = error("visibility = \"secret|\"");
    assertTrue(e.contains("t.spec:15: visibility:"), e);
    assertTrue(e.contains("is not a visibility expression"), e);
    assertTrue(error("visibility = \"(secret\"").contains("is not a visibility expression"));
    assertTrue(error("visibility = \"\"").contains("is empty; write none"));
    assertTrue(error("visibility = secret").contains("expected a quoted visibility expression"));
    assertTrue(error("visibility = id").contains("is long; a visibility column holds"));
    assertTrue(error("visibility.x:y = vis").contains("write visibility.FAMILY:QUALIFIER exactly"));
  }

  @Test
  void aMisspelledOrCapitalizedCellSettingIsAnErrorNotACellOfAnotherFamily() {
    // Each once read as a cell of family 'visiblity.d' (or 'Visibility.d', 'TTL.e'), which
    // create-table would make, while d:name loaded without its labels or TTL.
    for (String line :
        List.of(
            "visiblity.d:name = \"pii\"",
            "Visibility.d:name = vis",
            "TTL.e:id = ttl_ms",
            "tll.e:id = ttl_ms")) {
      String e = error(line);
      assertTrue(e.contains("t.spec:15: "), line + ": " + e);
      assertTrue(e.contains("looks like a setting of cell "), line + ": " + e);
    }
    assertTrue(error("Visibility.x:y = vis").contains("e.g. visibility.x:y"));
    // A family with a dot that is neither stays a family.
    assertEquals("my.fam", cell(output("my.fam:q = name\n"), "my.fam:q").family());
  }

  @Test
  void theTagLinesSurviveTheTripThroughTheJobConfiguration() {
    LoadSpec spec = LoadSpec.parse("t.spec", HEAD + "ttl = ttl_ms\nvisibility.d:name = \"a&b\"\n");
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    spec.toConfiguration(conf);
    OutputSpec o = LoadSpec.fromConfiguration(conf).outputs().get(0);
    assertEquals(spec.outputs().get(0).tags(), o.tags());
    assertEquals(
        List.of("d:name", "d:amount", "e:id"), o.cells().stream().map(CellSpec::column).toList());
  }
}
