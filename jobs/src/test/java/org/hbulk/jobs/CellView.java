package org.hbulk.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One cell, every part of it, printable: the one text form the tests compare cells in, whether read
 * from an HFile or from a table, so that a list of these diffs readably in an assertion and no test
 * compares fewer parts of a cell than another. Bytes print as {@link Bytes#toStringBinary}
 * (printable ASCII as is, anything else escaped), so unequal bytes never print alike.
 */
public record CellView(
    String row, String family, String qualifier, long ts, String type, String value, String tags) {

  public static CellView of(Cell c) {
    List<String> tags = new ArrayList<>();
    for (Tag t : PrivateCellUtil.getTags(c)) {
      tags.add(t.getType() + ":" + Bytes.toHex(Tag.cloneValue(t)));
    }
    return new CellView(
        Bytes.toStringBinary(CellUtil.cloneRow(c)),
        Bytes.toStringBinary(CellUtil.cloneFamily(c)),
        Bytes.toStringBinary(CellUtil.cloneQualifier(c)),
        c.getTimestamp(),
        c.getType().name(),
        Bytes.toStringBinary(CellUtil.cloneValue(c)),
        String.join(",", tags));
  }

  /** Every cell the scanner returns, in its order (a client's scan carries no tags). */
  public static List<CellView> all(ResultScanner scanner) {
    List<CellView> cells = new ArrayList<>();
    for (Result r : scanner) {
      for (Cell c : r.rawCells()) {
        cells.add(of(c));
      }
    }
    return cells;
  }

  /** Every cell of the scanner's file, from its first, in file order. */
  public static List<CellView> all(HFileScanner scanner) throws IOException {
    List<CellView> cells = new ArrayList<>();
    if (scanner.seekTo()) {
      do {
        cells.add(of(scanner.getCell()));
      } while (scanner.next());
    }
    return cells;
  }

  public CellView withTs(long newTs) {
    return new CellView(row, family, qualifier, newTs, type, value, tags);
  }

  public CellView withTags(String newTags) {
    return new CellView(row, family, qualifier, ts, type, value, newTags);
  }

  public String column() {
    return row + "/" + family + ":" + qualifier + "/" + ts;
  }

  /**
   * {@code row/family:qualifier/ts/type=value}, then {@code [tags]} if the cell has any: most cells
   * have none, and expected lists written out in tests read better without an empty pair of
   * brackets on every line.
   */
  @Override
  public String toString() {
    return column() + "/" + type + "=" + value + (tags.isEmpty() ? "" : " [" + tags + "]");
  }

  /**
   * A scan's order as far as the printed parts allow (rows compared as printed, not as bytes;
   * newest version first), then every other part: two lists of the same cells sort alike whatever
   * order they were read in.
   */
  public static final Comparator<CellView> ORDER =
      Comparator.comparing(CellView::row)
          .thenComparing(CellView::family)
          .thenComparing(CellView::qualifier)
          .thenComparing(Comparator.comparingLong(CellView::ts).reversed())
          .thenComparing(CellView::type)
          .thenComparing(CellView::value)
          .thenComparing(CellView::tags);

  public static List<CellView> sorted(List<CellView> cells) {
    List<CellView> s = new ArrayList<>(cells);
    s.sort(ORDER);
    return s;
  }

  public static String lines(List<CellView> cells) {
    return cells.stream().map(CellView::toString).collect(Collectors.joining("\n"));
  }

  public static List<String> texts(List<CellView> cells) {
    return cells.stream().map(CellView::toString).toList();
  }
}
