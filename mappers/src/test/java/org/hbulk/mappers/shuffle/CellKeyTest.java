package org.hbulk.mappers.shuffle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.WritableComparator;
import org.junit.jupiter.api.Test;

/** The shuffle's order is HBase's cell order, compared on the serialized bytes. */
class CellKeyTest {
  private static final byte[] TABLE = TableCodes.of(List.of("t")).code("t");

  /**
   * Rows, families and qualifiers from a small alphabet that includes 0x00 and 0xFF, so prefixes
   * and signs matter.
   */
  private static byte[] bytes(SplittableRandom r, int max) {
    byte[] b = new byte[r.nextInt(max + 1)];
    byte[] alphabet = {0, 1, 'a', 'b', (byte) 0x7f, (byte) 0x80, (byte) 0xff};
    for (int i = 0; i < b.length; i++) {
      b[i] = alphabet[r.nextInt(alphabet.length)];
    }
    return b;
  }

  private static KeyValue randomCell(SplittableRandom r) {
    byte[] row = bytes(r, 4);
    byte[] family = bytes(r, 2);
    if (family.length == 0) {
      family = new byte[] {'d'};
    }
    long[] times = {0, 1, 2, Long.MAX_VALUE, 1700000000000L};
    KeyValue.Type[] types = {KeyValue.Type.Put, KeyValue.Type.Delete, KeyValue.Type.DeleteColumn};
    return new KeyValue(
        row, family, bytes(r, 3), times[r.nextInt(times.length)], types[r.nextInt(types.length)]);
  }

  private static CellKey key(KeyValue kv) {
    byte[] row = kv.getRowArray();
    return new CellKey()
        .set(
            TABLE,
            row,
            kv.getRowOffset(),
            kv.getRowLength(),
            kv.getFamilyArray(),
            kv.getFamilyOffset(),
            kv.getFamilyLength(),
            kv.getQualifierArray(),
            kv.getQualifierOffset(),
            kv.getQualifierLength(),
            kv.getTimestamp(),
            kv.getTypeByte());
  }

  private static byte[] serialized(CellKey k) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    k.write(new DataOutputStream(b));
    return b.toByteArray();
  }

  @Test
  void rawAndObjectComparisonsAgreeWithHBasesCellComparator() throws IOException {
    SplittableRandom r = new SplittableRandom(7);
    WritableComparator raw = WritableComparator.get(CellKey.class);
    for (int i = 0; i < 20000; i++) {
      KeyValue a = randomCell(r);
      KeyValue b = randomCell(r);
      int hbase = Integer.signum(CellComparator.getInstance().compare(a, b));
      assertEquals(hbase, Integer.signum(key(a).compareTo(key(b))), a + " vs " + b);
      byte[] sa = serialized(key(a));
      byte[] sb = serialized(key(b));
      assertEquals(
          hbase, Integer.signum(raw.compare(sa, 0, sa.length, sb, 0, sb.length)), a + " vs " + b);
    }
  }

  @Test
  void survivesSerializationAndReuse() throws IOException {
    CellKey k = new CellKey();
    List<String> seen = new ArrayList<>();
    DataInputBuffer in = new DataInputBuffer();
    for (String row : new String[] {"a-much-longer-row-than-the-initial-buffer-".repeat(5), "r"}) {
      byte[] rb = Bytes.toBytes(row);
      byte[] q = Bytes.toBytes("q");
      byte[] f = Bytes.toBytes("d");
      k.set(TABLE, rb, 0, rb.length, f, 0, 1, q, 0, 1, 42L, CellKey.PUT);
      byte[] s = serialized(k);
      in.reset(s, s.length);
      CellKey back = new CellKey();
      back.readFields(in);
      assertEquals(k, back);
      assertEquals(42L, back.timestamp());
      assertEquals(CellKey.PUT, back.type());
      assertEquals(TABLE[0], back.bytes()[2], "the table's code first");
      seen.add(Bytes.toString(back.bytes(), 3, back.tableRowLength() - 1));
    }
    assertEquals(List.of("a-much-longer-row-than-the-initial-buffer-".repeat(5), "r"), seen);
  }

  @Test
  void takesTheLongestRowHBaseTakesBesideTheTableCode() throws IOException {
    byte[] row = new byte[HConstants.MAX_ROW_LENGTH];
    Arrays.fill(row, (byte) 'r');
    byte[] f = Bytes.toBytes("d");
    CellKey k = new CellKey().set(TABLE, row, 0, row.length, f, 0, 1, f, 0, 1, 7L, CellKey.PUT);
    byte[] s = serialized(k);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(s, s.length);
    CellKey back = new CellKey();
    back.readFields(in);
    assertEquals(1 + row.length, back.tableRowLength());
    assertEquals(7L, back.timestamp());
    assertEquals(0, WritableComparator.get(CellKey.class).compare(k, back));
    byte[] tooLong = new byte[0xffff];
    assertThrows(
        IllegalArgumentException.class,
        () -> new CellKey().set(TABLE, tooLong, 0, tooLong.length, f, 0, 1, f, 0, 1, 7L, (byte) 4));
  }
}
