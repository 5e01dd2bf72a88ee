package org.hbulk.mappers.expr;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;

/** {@code a + b + c}: the parts' bytes one after another. */
final class Concat implements Expr {
  private final List<Expr> parts;
  private final List<Column> columns;

  Concat(List<Expr> parts) {
    this.parts = List.copyOf(parts);
    List<Column> cols = new ArrayList<>();
    for (Expr p : parts) {
      for (Column c : p.columns()) {
        if (!cols.contains(c)) {
          cols.add(c);
        }
      }
    }
    this.columns = List.copyOf(cols);
  }

  List<Expr> parts() {
    return parts;
  }

  @Override
  public Kind kind() {
    return Kind.CONCAT;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    for (Expr p : parts) {
      p.appendTo(record, out);
    }
  }

  @Override
  public List<Column> columns() {
    return columns;
  }

  @Override
  public int fixedWidth() {
    int sum = 0;
    for (Expr p : parts) {
      if (p.fixedWidth() < 0) {
        return -1;
      }
      sum += p.fixedWidth();
    }
    return sum;
  }

  @Override
  public boolean growsWithTime() {
    return parts.get(0).growsWithTime();
  }

  @Override
  public Optional<Salt> leadingSalt() {
    return parts.get(0).leadingSalt();
  }

  @Override
  public String toString() {
    return parts.stream().map(Object::toString).collect(Collectors.joining(" + "));
  }
}
