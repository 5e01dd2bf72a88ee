package org.hbulk.mappers.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * A file's header against the spec's [columns]: by position it must match, by name it places them.
 */
class ColumnLayoutTest {
  private static LoadSpec spec(String order) {
    return LoadSpec.parse(
        "t.spec",
        "[csv]\nheader = true\ncolumns = "
            + order
            + "\n[columns]\nid = long\nunused = skip\nname = string\namount = double\n"
            + "[output o]\ntable = t\nkey = id\nf:n = name\nf:a = amount\n");
  }

  private static ColumnLayout layout(LoadSpec spec, String... header) throws Exception {
    return ColumnLayout.of(spec.csv(), spec.columns(), List.of(header));
  }

  private static String mismatch(LoadSpec spec, String... header) {
    return assertThrows(ColumnLayout.MismatchException.class, () -> layout(spec, header))
        .getMessage();
  }

  @Test
  void byPositionTheHeaderMustNameTheColumnsInOrderButNotTheSkipOnes() throws Exception {
    LoadSpec spec = spec("by-position");
    ColumnLayout same = layout(spec, "id", "whatever", " name", "amount ");
    assertEquals(4, same.fields());
    assertEquals(2, same.fieldOf(2));
    String m = mismatch(spec, "id", "x", "amount", "name");
    assertTrue(m.contains("expected id,unused(skip),name,amount, found id,x,amount,name"), m);
    assertTrue(
        m.contains(
            "position 3: expected 'name', found 'amount'; 4: expected 'amount', found 'name'"),
        m);
    assertTrue(m.contains("columns = by-name"), m);
    m = mismatch(spec, "id", "x", "name");
    assertTrue(m.contains("position 4: expected 'amount', found nothing"), m);
    m = mismatch(spec, "id", "x", "name", "amount", "more");
    assertTrue(m.contains("position 5: expected nothing, found 'more'"), m);
    m = mismatch(spec, "ID", "x", "name", "amount");
    assertTrue(
        m.contains("position 1: expected 'id', found 'ID'"), "names are compared exactly: " + m);
  }

  @Test
  void byNameTheHeaderPlacesEveryColumnAndMayHoldMore() throws Exception {
    LoadSpec spec = spec("by-name");
    ColumnLayout l = layout(spec, "amount", "extra", "id", "name");
    assertEquals(4, l.fields());
    assertEquals(2, l.fieldOf(0));
    assertEquals(-1, l.fieldOf(1), "a skip column need not be in the file");
    assertEquals(
        List.of(),
        layout(spec, "unused", "amount", "id", "name").unread(),
        "nor is it extra when it is");
    assertEquals(3, l.fieldOf(2));
    assertEquals(0, l.fieldOf(3));
    assertEquals(List.of("extra"), l.unread());
    String m = mismatch(spec, "amount", "id", "nam");
    assertTrue(
        m.contains(
            "expected id,unused(skip),name,amount in any order, found amount,id,nam; missing name"),
        m);
    m = mismatch(spec, "id", "name", "amount", "name");
    assertTrue(m.contains("named twice name"), m);
  }

  @Test
  void aRecordIsReadWhereItsFileHeaderPlacedTheColumns() throws Exception {
    LoadSpec spec = spec("by-name");
    Record r = new Record(spec.columns());
    r.load(List.of("2.5", "x", "7", "ann"), layout(spec, "amount", "extra", "id", "name"));
    assertEquals(7, r.longValue(0));
    assertEquals("", r.text(1));
    assertEquals("ann", r.text(2));
    assertEquals(2.5, r.doubleValue(3));
    RejectException e =
        assertThrows(
            RejectException.class,
            () ->
                r.load(List.of("2.5", "7", "ann"), layout(spec, "amount", "extra", "id", "name")));
    assertEquals(RejectReason.FIELD_COUNT, e.reason());
    assertTrue(
        e.getMessage().contains("expected 4 fields (as many as the file's header), found 3"),
        e.getMessage());
  }
}
