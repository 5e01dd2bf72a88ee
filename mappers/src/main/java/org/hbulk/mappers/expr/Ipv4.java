package org.hbulk.mappers.expr;

import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;

/** {@code ipv4(column)}: a dotted IPv4 address as its 4 bytes (a fixed width, in numeric order). */
final class Ipv4 extends ColumnEncoder {
  Ipv4(Column column) {
    super(column);
  }

  @Override
  public Kind kind() {
    return Kind.IPV4;
  }

  @Override
  public void appendTo(Record record, ByteBuilder out) throws RejectException {
    String text = record.text(column.index());
    int start = out.length();
    int part = 0;
    int value = -1;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : '.';
      if (c == '.') {
        if (value < 0 || part == 4) {
          out.truncate(start);
          throw bad(text);
        }
        out.append((byte) value);
        part++;
        value = -1;
      } else if (c >= '0' && c <= '9' && value != 0) {
        value = (value < 0 ? 0 : value * 10) + (c - '0');
        if (value > 255) {
          out.truncate(start);
          throw bad(text);
        }
      } else {
        out.truncate(start);
        throw bad(text);
      }
    }
    if (part != 4) {
      out.truncate(start);
      throw bad(text);
    }
  }

  private RejectException bad(String text) {
    return new RejectException(
        RejectReason.BAD_VALUE,
        "column '" + column.name() + "': '" + text + "' is not an IPv4 address like 10.0.0.1");
  }

  @Override
  public int fixedWidth() {
    return 4;
  }

  @Override
  public String decode(byte[] b, int offset, int length) {
    if (length != 4) {
      return null;
    }
    return (b[offset] & 0xff)
        + "."
        + (b[offset + 1] & 0xff)
        + "."
        + (b[offset + 2] & 0xff)
        + "."
        + (b[offset + 3] & 0xff);
  }

  @Override
  public String toString() {
    return "ipv4(" + column.name() + ")";
  }
}
