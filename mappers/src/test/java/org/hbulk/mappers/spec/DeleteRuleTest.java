package org.hbulk.mappers.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.hbulk.mappers.schema.SpecException;
import org.junit.jupiter.api.Test;

class DeleteRuleTest {
  private static final String COLUMNS =
      """
      [columns]
      id = long
      op = string
      flag = int
      name = string

      """;

  private static LoadSpec spec(String output) {
    return LoadSpec.parse("t.spec", COLUMNS + "[output main]\ntable = t\nkey = id\n" + output);
  }

  private static String error(String output) {
    return assertThrows(SpecException.class, () -> spec(output)).getMessage();
  }

  @Test
  void aValueOrAListOfValuesOfAColumnMakeARecordADeletionOfTheWholeRowByDefault() {
    DeleteRule one = spec("delete-when = op = D\nd:name = name\n").outputs().get(0).deletes();
    assertEquals("op", one.column().name());
    assertEquals(Set.of("D"), one.values());
    assertEquals(DeleteRule.Scope.ROW, one.scope());
    assertTrue(one.matches("D") && !one.matches("d") && !one.matches(""));

    DeleteRule list =
        spec("delete-when = op in (D, \"X Y\",Z)\ndelete = cells\nd:name = name\n")
            .outputs()
            .get(0)
            .deletes();
    assertEquals(Set.of("D", "X Y", "Z"), list.values());
    assertEquals(DeleteRule.Scope.CELLS, list.scope());
    assertEquals(
        Set.of("1"),
        spec("delete-when = flag = 1\nd:name = name\n").outputs().get(0).deletes().values());

    OutputSpec plain = spec("d:name = name\n").outputs().get(0);
    assertNull(plain.deletes());
    assertFalse(plain.writesMarkers());
    assertTrue(spec("empty.d:name = delete\nd:name = name\n").outputs().get(0).writesMarkers());
    assertEquals(
        EmptyField.DELETE,
        spec("empty = delete\nd:name = name\n").outputs().get(0).cells().get(0).empty());
  }

  @Test
  void mistakesAreRefusedNamingTheLine() {
    assertEquals(
        "t.spec:10: delete-when: unknown column 'opp' (columns: id, op, flag, name)",
        error("delete-when = opp = D\nd:name = name\n"));
    assertEquals(
        "t.spec:10: delete-when: 'D' is not a valid int for column 'flag'",
        error("delete-when = flag in (1, D)\nd:name = name\n"));
    assertTrue(
        error("delete-when = op\nd:name = name\n")
            .startsWith(
                "t.spec:10: delete-when: expected 'COLUMN = VALUE' or 'COLUMN in (VALUE, VALUE)'"));
    assertTrue(
        error("delete-when = op in (D, )\nd:name = name\n")
            .startsWith("t.spec:10: delete-when: an empty value"));
    assertTrue(
        error("delete-when = op = D\ndelete = column\nd:name = name\n")
            .startsWith("t.spec:11: delete: expected row (a family delete marker"));
    assertTrue(
        error("delete = row\nd:name = name\n")
            .startsWith("t.spec:10: delete: 'delete' says what a deletion deletes"));
    assertTrue(
        error("empty = remove\nd:name = name\n")
            .contains(
                "expected absent (no cell where a field is empty), empty-value (a cell with"
                    + " an empty value) or delete (a column delete marker), found 'remove'"));
  }

  @Test
  void aQuotedValueInAListKeepsItsCommasThroughTheJobConfigurationToo() {
    LoadSpec quoted = spec("delete-when = op in (D, \"a,b\", \"x\")\nd:name = name\n");
    assertEquals(Set.of("D", "a,b", "x"), quoted.outputs().get(0).deletes().values());
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    quoted.toConfiguration(conf);
    assertEquals(
        Set.of("D", "a,b", "x"),
        LoadSpec.fromConfiguration(conf).outputs().get(0).deletes().values());
    assertTrue(
        error("delete-when = op in (D, \"a,b)\nd:name = name\n")
            .startsWith("t.spec:10: delete-when: a quote is not closed"));
  }

  @Test
  void aValueNoFieldOfTheColumnCanHoldIsRefused() {
    String columns =
        "[columns]\nid = long\namount = double\nflag = int\nd = timestamp(yyyy-MM-dd)\n";
    for (String when :
        List.of(
            "amount in (1.5, NaN)",
            "amount = 1d",
            "amount = Infinity",
            "flag = \u0661",
            "d = 2019-02-30")) {
      String spec =
          columns + "[output main]\ntable = t\nkey = id\ndelete-when = " + when + "\nd:a = id\n";
      SpecException e =
          assertThrows(SpecException.class, () -> LoadSpec.parse("t.spec", spec), when);
      assertTrue(e.getMessage().contains("is not a valid"), e.getMessage());
    }
  }

  @Test
  void theRuleSurvivesTheJobConfiguration() {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    spec("delete-when = op in (D, X)\ndelete = cells\nd:name = name\n").toConfiguration(conf);
    DeleteRule back = LoadSpec.fromConfiguration(conf).outputs().get(0).deletes();
    assertEquals(Set.of("D", "X"), back.values());
    assertEquals(DeleteRule.Scope.CELLS, back.scope());
  }
}
