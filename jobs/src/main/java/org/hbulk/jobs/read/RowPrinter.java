package org.hbulk.jobs.read;

import java.io.PrintStream;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.hbulk.mappers.expr.KeyText;

/**
 * Prints rows as {@code get} and {@code scan} show them: one line per cell, {@code ROW
 * FAMILY:QUALIFIER @TIMESTAMP = VALUE}, keys in the key notation; through a spec, the value decoded
 * and each row led by a line with its key's parts, {@code ROW key: PART=MEANING, ...}.
 */
public final class RowPrinter {
  private final SpecDecoder decoder;
  private final PrintStream out;
  private int rows;

  public RowPrinter(SpecDecoder decoder, PrintStream out) {
    this.decoder = decoder;
    this.out = out;
  }

  /** Prints the row's cells (nothing for an empty result). */
  public void print(Result r) {
    if (r.isEmpty()) {
      return;
    }
    rows++;
    String row = KeyText.format(r.getRow());
    String parts = decoder.keyParts(r.getRow());
    if (parts != null) {
      out.println(row + "  key: " + parts);
    }
    for (Cell c : r.rawCells()) {
      out.println(cellLine(row, c, decoder));
    }
  }

  /** The closing line, {@code (N rows)}. */
  public void printTotal() {
    out.println(total(rows));
  }

  /**
   * The closing line of a scan that stopped at its limit with rows left: a bare count would read as
   * the whole of what the range holds.
   */
  public void printTotalCutAt(int limit) {
    String total = total(rows);
    out.println(
        total.substring(0, total.length() - 1)
            + ", --limit "
            + limit
            + " reached: more rows follow; --limit 0 prints all)");
  }

  public int rows() {
    return rows;
  }

  static String total(int rows) {
    return "(" + rows + " row" + (rows == 1 ? "" : "s") + ")";
  }

  static String cellLine(String row, Cell c, SpecDecoder decoder) {
    byte[] family = CellUtil.cloneFamily(c);
    byte[] qualifier = CellUtil.cloneQualifier(c);
    return row
        + "  "
        + KeyText.format(family)
        + ":"
        + KeyText.format(qualifier)
        + " @"
        + c.getTimestamp()
        + " = "
        + decoder.value(family, qualifier, CellUtil.cloneValue(c));
  }
}
