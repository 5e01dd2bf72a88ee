package org.hbulk.mappers.spec;

import java.nio.charset.StandardCharsets;
import org.hbulk.mappers.expr.Expr;

/** One {@code family:qualifier = expression} line of an output. */
public record CellSpec(String family, String qualifier, Expr value) {
  public byte[] familyBytes() {
    return family.getBytes(StandardCharsets.UTF_8);
  }

  public byte[] qualifierBytes() {
    return qualifier.getBytes(StandardCharsets.UTF_8);
  }

  public String column() {
    return family + ":" + qualifier;
  }
}
