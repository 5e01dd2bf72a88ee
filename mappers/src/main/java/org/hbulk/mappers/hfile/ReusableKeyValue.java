package org.hbulk.mappers.hfile;

import java.util.Arrays;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A KeyValue laid out again in the same array for every cell, so that handing a reducer's cells to
 * the HFile writer allocates nothing per cell: a new KeyValue per cell (its array zeroed, then
 * filled field by field, in memory the young generation has not touched for a while) was about 5 %
 * of a 4 M-row prepare's samples (README, "Performance and the benchmark").
 *
 * <p>Whoever takes one must copy what it keeps beyond the call: {@link HFileWriters} and the file
 * writers under it do ({@link FamilyFile#append}).
 */
public final class ReusableKeyValue extends KeyValue {
  public ReusableKeyValue() {
    bytes = new byte[256];
    offset = 0;
    length = 0;
  }

  /** Lays out a cell of type {@code type} (a {@code KeyValue.Type} code). */
  public ReusableKeyValue set(
      byte[] row,
      int rowOffset,
      int rowLength,
      byte[] family,
      int familyOffset,
      int familyLength,
      byte[] qualifier,
      int qualifierOffset,
      int qualifierLength,
      long timestamp,
      byte type,
      byte[] value,
      int valueOffset,
      int valueLength,
      byte[] tags,
      int tagsOffset,
      int tagsLength) {
    // The limits KeyValue's own constructor checks, which this one must not let through either.
    if (rowLength > Short.MAX_VALUE) {
      throw new IllegalArgumentException("row of " + rowLength + " bytes: at most 32767");
    }
    if (familyLength > Byte.MAX_VALUE) {
      throw new IllegalArgumentException("family of " + familyLength + " bytes: at most 127");
    }
    if (tagsLength > 0xffff) {
      throw new IllegalArgumentException("tags of " + tagsLength + " bytes: at most 65535");
    }
    int keyLength =
        KeyValue.ROW_LENGTH_SIZE
            + rowLength
            + KeyValue.FAMILY_LENGTH_SIZE
            + familyLength
            + qualifierLength
            + KeyValue.TIMESTAMP_TYPE_SIZE;
    int total =
        KeyValue.KEYVALUE_INFRASTRUCTURE_SIZE
            + keyLength
            + valueLength
            + (tagsLength > 0 ? KeyValue.TAGS_LENGTH_SIZE + tagsLength : 0);
    byte[] b = room(total);
    int p = Bytes.putInt(b, 0, keyLength);
    p = Bytes.putInt(b, p, valueLength);
    p = Bytes.putShort(b, p, (short) rowLength);
    p = Bytes.putBytes(b, p, row, rowOffset, rowLength);
    b[p++] = (byte) familyLength;
    p = Bytes.putBytes(b, p, family, familyOffset, familyLength);
    p = Bytes.putBytes(b, p, qualifier, qualifierOffset, qualifierLength);
    p = Bytes.putLong(b, p, timestamp);
    b[p++] = type;
    p = Bytes.putBytes(b, p, value, valueOffset, valueLength);
    if (tagsLength > 0) {
      p = Bytes.putAsShort(b, p, tagsLength);
      Bytes.putBytes(b, p, tags, tagsOffset, tagsLength);
    }
    length = total;
    return this;
  }

  /** Makes this a copy of {@code cell} (its tags included, not its sequence id). */
  public ReusableKeyValue copyOf(Cell cell) {
    if (cell instanceof KeyValue kv) {
      int total = kv.getLength();
      System.arraycopy(kv.getBuffer(), kv.getOffset(), room(total), 0, total);
      length = total;
    } else {
      int total =
          KeyValueUtil.length(
              cell.getRowLength(),
              cell.getFamilyLength(),
              cell.getQualifierLength(),
              cell.getValueLength(),
              cell.getTagsLength(),
              true);
      length = KeyValueUtil.appendToByteArray(cell, room(total), 0, true);
    }
    return this;
  }

  private byte[] room(int total) {
    if (bytes.length < total) {
      bytes = Arrays.copyOf(bytes, Math.max(total, bytes.length * 2));
    }
    return bytes;
  }
}
