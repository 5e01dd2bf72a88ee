package org.hbulk.jobs.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.Filter.ReturnCode;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.security.visibility.VisibilityFilters;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.SimpleMutableByteRange;
import org.junit.jupiter.api.Test;

/**
 * count's filter as a region server with visibility labels runs it: the scan's own filter first,
 * then the reader's label filter (VisibilityController wraps the two in a FilterList). A row counts
 * when any of its cells comes through, as scan shows it.
 */
class RowCountFilterTest {
  private static Cell cell(String family, String qualifier) {
    return new KeyValue(
        Bytes.toBytes("r1"),
        Bytes.toBytes(family),
        Bytes.toBytes(qualifier),
        1L,
        Bytes.toBytes("v"));
  }

  /** The cells of one row that come through {@code filter}, as a region scanner walks them. */
  private static List<String> through(Filter filter, List<Cell> row) throws Exception {
    filter.reset();
    List<String> out = new ArrayList<>();
    for (Cell c : row) {
      ReturnCode rc = filter.filterCell(c);
      if (rc == ReturnCode.INCLUDE
          || rc == ReturnCode.INCLUDE_AND_NEXT_COL
          || rc == ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW) {
        out.add(Bytes.toString(CellUtil.cloneQualifier(c)));
      }
      if (rc == ReturnCode.NEXT_ROW || rc == ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW) {
        break;
      }
    }
    return out;
  }

  /** A reader without the label on d:ssn: every other cell is visible. */
  private static Filter labels() {
    return VisibilityFilters.labelFilter(
        c -> !Bytes.toString(CellUtil.cloneQualifier(c)).equals("ssn"),
        Map.of(
            new SimpleMutableByteRange(Bytes.toBytes("d")), 1,
            new SimpleMutableByteRange(Bytes.toBytes("e")), 1));
  }

  @Test
  void aRowWhoseFirstCellTheReaderMayNotSeeIsCountedAsScanShowsIt() throws Exception {
    List<Cell> row = List.of(cell("d", "ssn"), cell("e", "score"));
    assertEquals(List.of("score"), through(labels(), row), "scan, with no filter of its own");
    assertEquals(List.of("score"), through(new FilterList(RowCount.countFilter(), labels()), row));
    assertEquals(
        List.of(),
        through(new FilterList(new FirstKeyOnlyFilter(), labels()), row),
        "HBase's FirstKeyOnlyFilter would hide the row (why count does not use it)");
  }
}
