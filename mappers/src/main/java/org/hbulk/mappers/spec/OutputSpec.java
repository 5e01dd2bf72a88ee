package org.hbulk.mappers.spec;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.hbulk.mappers.expr.Expr;

/**
 * One {@code [output NAME]} section: every record becomes one row of {@code table} under {@code
 * key}.
 *
 * @param sharedRows whether many records are meant to write into one row (wide rows: a user's
 *     follower list, an hour of readings); such rows are not counted as duplicate keys
 * @param deletes which records are deletions and what they delete; null when none are
 * @param tags the cells' TTL and visibility labels
 */
public record OutputSpec(
    String name,
    String table,
    Expr key,
    TimestampSource timestamp,
    List<CellSpec> cells,
    boolean sharedRows,
    DeleteRule deletes,
    CellTagSpec tags) {

  public OutputSpec {
    cells = List.copyOf(cells);
  }

  /** An output whose records are never deletions, and whose cells get no tags. */
  public OutputSpec(
      String name,
      String table,
      Expr key,
      TimestampSource timestamp,
      List<CellSpec> cells,
      boolean sharedRows) {
    this(name, table, key, timestamp, cells, sharedRows, null, CellTagSpec.NONE);
  }

  /** Whether some records of this output may write delete markers (deletions or cleared fields). */
  public boolean writesMarkers() {
    return deletes != null || cells.stream().anyMatch(c -> c.empty() == EmptyField.DELETE);
  }

  /** The column families the cells write to, sorted. */
  public Set<String> families() {
    Set<String> families = new TreeSet<>();
    for (CellSpec c : cells) {
      families.add(c.family());
    }
    return families;
  }

  /**
   * The families some cell of which may get tags: their HFiles are written with tags, the others'
   * as before.
   */
  public Set<String> taggedFamilies() {
    Set<String> families = new TreeSet<>();
    for (CellSpec c : cells) {
      if (tags.tags(c)) {
        families.add(c.family());
      }
    }
    return families;
  }
}
