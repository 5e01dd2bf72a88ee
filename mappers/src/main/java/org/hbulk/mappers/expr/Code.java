package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;

/**
 * {@code code(column, TABLE)}: the short code a {@code [codes TABLE]} section of the spec gives the
 * field's value (event types as numbers, say). A value with no code, and no {@code *} default,
 * rejects the record.
 */
final class Code extends ColumnEncoder {
  /** The spec entry that gives every other value a code. */
  public static final String DEFAULT = "*";

  private final String table;
  private final Map<String, byte[]> codes = new HashMap<>();
  private final Map<String, String> names = new HashMap<>();
  private final byte[] fallback;

  Code(Column column, String table, Map<String, String> dictionary) {
    super(column);
    this.table = table;
    for (Map.Entry<String, String> e : dictionary.entrySet()) {
      if (!e.getKey().equals(DEFAULT)) {
        codes.put(e.getKey(), e.getValue().getBytes(StandardCharsets.UTF_8));
        names.put(e.getValue(), e.getKey());
      }
    }
    String d = dictionary.get(DEFAULT);
    this.fallback = d == null ? null : d.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public Kind kind() {
    return Kind.CODE;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    String value = record.text(column.index());
    byte[] code = codes.get(value);
    if (code == null) {
      code = fallback;
    }
    if (code == null) {
      throw new RejectException(
          RejectReason.BAD_VALUE,
          "column '" + column.name() + "': '" + value + "' has no code in [codes " + table + "]");
    }
    out.append(code);
  }

  @Override
  public int fixedWidth() {
    int width = fallback == null ? -1 : fallback.length;
    for (byte[] c : codes.values()) {
      if (width >= 0 && c.length != width) {
        return -1;
      }
      width = c.length;
    }
    return width;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    String code = new String(b, offset, length, StandardCharsets.UTF_8);
    String name = names.get(code);
    return name != null
        ? name
        : fallback != null && code.equals(new String(fallback, StandardCharsets.UTF_8))
            ? "(any other value)"
            : null;
  }

  @Override
  public String toString() {
    return "code(" + column.name() + ", " + table + ")";
  }
}
