package org.hbulk.mappers.spec;

import java.nio.charset.StandardCharsets;
import org.hbulk.mappers.expr.Expr;

/**
 * One {@code family:qualifier = expression} line of an output. The qualifier is fixed text, or an
 * expression written in braces ({@code f:{followed} = "1"}), evaluated for every record.
 *
 * @param qualifierExpr the qualifier's expression, or null when it is fixed text
 * @param empty what the cell becomes when a field its value needs is empty
 */
public record CellSpec(
    String family, String qualifier, Expr qualifierExpr, Expr value, EmptyField empty) {
  public byte[] familyBytes() {
    return family.getBytes(StandardCharsets.UTF_8);
  }

  /** The fixed qualifier's bytes; meaningless when {@link #qualifierExpr()} is set. */
  public byte[] qualifierBytes() {
    return qualifier.getBytes(StandardCharsets.UTF_8);
  }

  public String column() {
    return family + ":" + qualifier;
  }
}
