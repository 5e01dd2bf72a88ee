package org.hbulk.mappers.spec;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An output's per-cell TTL and visibility labels ({@code ttl}, {@code visibility}, and their {@code
 * ttl.FAMILY:QUALIFIER} and {@code visibility.FAMILY:QUALIFIER} lines), written as HBase's cell
 * tags.
 *
 * @param ttl the output's TTL in milliseconds, for every cell without one of its own
 * @param visibility the output's visibility expression, for every cell without one of its own
 * @param ttlByCell each {@code ttl.F:Q} line, by the cell's {@code F:Q}
 * @param visibilityByCell each {@code visibility.F:Q} line, by the cell's {@code F:Q}
 */
public record CellTagSpec(
    TagSource ttl,
    TagSource visibility,
    Map<String, TagSource> ttlByCell,
    Map<String, TagSource> visibilityByCell) {
  /** No tags at all: what an output without these lines gets. */
  public static final CellTagSpec NONE =
      new CellTagSpec(TagSource.NONE, TagSource.NONE, Map.of(), Map.of());

  public CellTagSpec {
    ttlByCell = Map.copyOf(ttlByCell);
    visibilityByCell = Map.copyOf(visibilityByCell);
  }

  public TagSource ttl(CellSpec cell) {
    return ttlByCell.getOrDefault(cell.column(), ttl);
  }

  public TagSource visibility(CellSpec cell) {
    return visibilityByCell.getOrDefault(cell.column(), visibility);
  }

  /** Whether cell {@code cell} may get a tag. */
  public boolean tags(CellSpec cell) {
    return !ttl(cell).isNone() || !visibility(cell).isNone();
  }

  /** Whether any cell of {@code cells} may get a visibility tag: the driver then reads labels. */
  public boolean anyVisibility(List<CellSpec> cells) {
    return cells.stream().anyMatch(c -> !visibility(c).isNone());
  }

  /** The constant visibility expressions of {@code cells}, for the driver to resolve before. */
  public Set<String> constantVisibilities(List<CellSpec> cells) {
    Set<String> constants = new LinkedHashSet<>();
    for (CellSpec c : cells) {
      if (visibility(c).constant() != null) {
        constants.add(visibility(c).constant());
      }
    }
    return constants;
  }
}
