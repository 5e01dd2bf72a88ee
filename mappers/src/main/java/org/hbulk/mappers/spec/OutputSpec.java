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
 */
public record OutputSpec(
    String name,
    String table,
    Expr key,
    TimestampSource timestamp,
    List<CellSpec> cells,
    boolean sharedRows,
    DeleteRule deletes) {

  public OutputSpec {
    cells = List.copyOf(cells);
  }

  /** An output whose records are never deletions. */
  public OutputSpec(
      String name,
      String table,
      Expr key,
      TimestampSource timestamp,
      List<CellSpec> cells,
      boolean sharedRows) {
    this(name, table, key, timestamp, cells, sharedRows, null);
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
}
