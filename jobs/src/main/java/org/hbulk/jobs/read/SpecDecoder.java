package org.hbulk.jobs.read;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.expr.KeyText;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * Row keys and cell values read back through one output of a spec: the same {@link KeyReader} and
 * value expressions the load wrote them with, so a {@code binary(amount)} cell reads as the number
 * and a {@code reverse_ts(ts)} key part as the time. Without a spec (see {@link #RAW}) everything
 * is shown raw in the key notation.
 */
public final class SpecDecoder {
  /** Shows keys and values as raw bytes in the key notation. */
  public static final SpecDecoder RAW = new SpecDecoder(null, Map.of());

  private final KeyReader reader;
  private final Map<String, Expr> values;

  private SpecDecoder(KeyReader reader, Map<String, Expr> values) {
    this.reader = reader;
    this.values = values;
  }

  /** Decodes what {@code output} of {@code spec} writes. */
  public static SpecDecoder of(LoadSpec spec, OutputSpec output) {
    Map<String, Expr> values = new HashMap<>();
    for (CellSpec c : output.cells()) {
      if (c.qualifierExpr() == null) {
        values.put(c.column(), c.value());
      }
    }
    return new SpecDecoder(new KeyReader(output.key(), spec.columns()), values);
  }

  /** The key's reader; null for {@link #RAW}. */
  public KeyReader keyReader() {
    return reader;
  }

  /**
   * The row key's parts as {@code expression=meaning}, constant parts (separators) left out, e.g.
   * {@code user=aaa, reverse_ts(ts)=2026-11-22T08:00:00Z}; null without a spec.
   */
  public String keyParts(byte[] row) {
    if (reader == null) {
      return null;
    }
    StringBuilder b = new StringBuilder();
    List<Expr> design = reader.parts();
    List<KeyReader.Part> parts = reader.decode(row);
    for (int i = 0; i < parts.size(); i++) {
      if (i < design.size() && design.get(i).columns().isEmpty()) {
        continue;
      }
      KeyReader.Part p = parts.get(i);
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(p.expression()).append('=').append(shown(p.meaning(), p.bytes()));
    }
    return b.toString();
  }

  /**
   * A cell's value through the expression that wrote it, when the spec writes that column with a
   * fixed qualifier and the expression can be read back; else the raw bytes in the key notation.
   */
  public String value(byte[] family, byte[] qualifier, byte[] value) {
    Expr e =
        values.get(
            new String(family, StandardCharsets.UTF_8)
                + ":"
                + new String(qualifier, StandardCharsets.UTF_8));
    return shown(e == null ? null : e.decode(value, 0, value.length), value);
  }

  /**
   * What the bytes mean, or the bytes in the key notation when they cannot be read back or mean
   * their own text (a string column: its control characters and backslashes are escaped as in raw
   * output, so one cell stays one line).
   */
  private static String shown(String meaning, byte[] bytes) {
    return meaning == null || meaning.equals(new String(bytes, StandardCharsets.UTF_8))
        ? KeyText.format(bytes)
        : meaning;
  }

  /** The spec's columns a key-parts argument may name; empty for {@link #RAW}. */
  public List<String> keyColumns() {
    return reader == null
        ? List.of()
        : reader.parts().stream()
            .flatMap(p -> p.columns().stream())
            .map(Column::name)
            .distinct()
            .toList();
  }
}
