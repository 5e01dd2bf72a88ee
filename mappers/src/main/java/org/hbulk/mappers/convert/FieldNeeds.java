package org.hbulk.mappers.convert;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntPredicate;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.spec.CellTagSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.spec.TagSource;

/**
 * What one output reads from a record that ends early (fewer fields than the columns): the fields
 * without which it cannot write its row at all (row key, timestamp, {@code delete-when}, and when
 * it writes cells their TTL and visibility), and every column its cells read. Only a record that
 * ends early is checked against it, so a whole record costs nothing.
 */
final class FieldNeeds {
  /**
   * A column the output cannot do without.
   *
   * @param what the spec line that reads it, as a message names it
   * @param cellsOnly whether only an output that writes cells needs it (tags), not a deletion
   */
  record Need(Column column, String what, boolean cellsOnly) {}

  private final List<Need> needs;

  /** Every column the output reads when it writes cells, its cells' own included. */
  private final int[] columnsRead;

  private FieldNeeds(List<Need> needs, int[] columnsRead) {
    this.needs = List.copyOf(needs);
    this.columnsRead = columnsRead;
  }

  static FieldNeeds of(OutputSpec output) {
    String of = " of [output " + output.name() + "]";
    List<Need> needs = new ArrayList<>();
    for (Column c : output.key().columns()) {
      needs.add(new Need(c, "the key" + of, false));
    }
    if (output.timestamp().column() != null) {
      needs.add(new Need(output.timestamp().column(), "the timestamp" + of, false));
    }
    if (output.deletes() != null) {
      needs.add(new Need(output.deletes().column(), "delete-when" + of, false));
    }
    CellTagSpec tags = output.tags();
    addTag(needs, tags.ttl(), "ttl" + of);
    addTag(needs, tags.visibility(), "visibility" + of);
    // Sorted: the spec's maps keep no order, and the message must name the same line every run.
    new TreeMap<>(tags.ttlByCell())
        .forEach((cell, source) -> addTag(needs, source, "ttl." + cell + of));
    new TreeMap<>(tags.visibilityByCell())
        .forEach((cell, source) -> addTag(needs, source, "visibility." + cell + of));
    TreeSet<Integer> read = new TreeSet<>();
    for (Need n : needs) {
      read.add(n.column().index());
    }
    for (CellSpec c : output.cells()) {
      c.value().columns().forEach(col -> read.add(col.index()));
      if (c.qualifierExpr() != null) {
        c.qualifierExpr().columns().forEach(col -> read.add(col.index()));
      }
    }
    return new FieldNeeds(needs, read.stream().mapToInt(Integer::intValue).toArray());
  }

  private static void addTag(List<Need> needs, TagSource source, String what) {
    if (source.column() != null) {
      needs.add(new Need(source.column(), what, true));
    }
  }

  /**
   * The first column this output cannot do without that is {@code missing}; null when none is. A
   * deletion writes no tags, so it needs no TTL or visibility field.
   */
  Need firstMissing(boolean deletion, IntPredicate missing) {
    for (Need n : needs) {
      if ((!deletion || !n.cellsOnly()) && missing.test(n.column().index())) {
        return n;
      }
    }
    return null;
  }

  /** Whether some column this output reads when it writes cells is {@code missing}. */
  boolean readsAnyMissing(IntPredicate missing) {
    for (int c : columnsRead) {
      if (missing.test(c)) {
        return true;
      }
    }
    return false;
  }
}
