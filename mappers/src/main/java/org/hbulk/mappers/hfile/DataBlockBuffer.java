package org.hbulk.mappers.hfile;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;

/**
 * One HFile data block's cells, laid out as HBase's writer lays them out for a family with encoding
 * {@code NONE} or {@code FAST_DIFF}, no tags and no sequence ids: byte for byte what HBase's block
 * encoder writes, built in one array instead of through a synchronized data stream and a {@code
 * Cell} accessor per field (HBase's FAST_DIFF encoder was 19 % of a 4 M-row prepare's samples, this
 * 7 %: README, "Performance and the benchmark"). {@code FastHFileWriterTest} compares whole files
 * with HBase's writer.
 *
 * <p>Cells must be of one family, in HBase's order, and not changed once added: the next cell is
 * encoded against the previous one, which is kept by reference, as HBase's encoder keeps it.
 */
public final class DataBlockBuffer {
  // FAST_DIFF's flag bits (HBase's FastDiffDeltaEncoder): how many leading timestamp bytes equal
  // the previous cell's, then whether key length, value length, type and value are the same.
  private static final int SAME_KEY_LENGTH = 1 << 3;
  private static final int SAME_VALUE_LENGTH = 1 << 4;
  private static final int SAME_TYPE = 1 << 5;
  private static final int SAME_VALUE = 1 << 6;

  /** Key length, value length: what every cell adds to HBase's count of unencoded bytes. */
  private static final int LENGTHS = 2 * Integer.BYTES;

  /** FAST_DIFF's block prefix: the encoding's id and the block's unencoded size. */
  private static final int PREFIX = DataBlockEncoding.ID_SIZE + Integer.BYTES;

  private final boolean fastDiff;
  private byte[] buf = new byte[64 * 1024 + 1024];
  private int size;
  private int unencoded;

  /** The previous cell of the block (null before the first) and where its parts are. */
  private KeyValue previous;

  private int prevKey;
  private int prevKeyLength;
  private int prevValue;
  private int prevValueLength;

  public DataBlockBuffer(DataBlockEncoding encoding) {
    if (encoding != DataBlockEncoding.NONE && encoding != DataBlockEncoding.FAST_DIFF) {
      throw new IllegalArgumentException("no block layout for encoding " + encoding);
    }
    this.fastDiff = encoding == DataBlockEncoding.FAST_DIFF;
    reset();
  }

  /** Whether this is an encoded block ({@code ENCODED_DATA}) rather than plain cells. */
  public boolean encoded() {
    return fastDiff;
  }

  /** Empties the block for the next one; the first cell of a block is written whole. */
  public void reset() {
    size = fastDiff ? PREFIX : 0;
    unencoded = 0;
    previous = null;
  }

  /** Bytes the cells take as plain key values, as HBase counts a block's size against its limit. */
  public int unencodedSize() {
    return unencoded;
  }

  /** Bytes the cells take encoded (without the block's prefix), as HBase counts them. */
  public int encodedSize() {
    return size - (fastDiff ? PREFIX : 0);
  }

  public void add(KeyValue kv) {
    int keyLength = kv.getKeyLength();
    int valueLength = kv.getValueLength();
    if (fastDiff) {
      int key = kv.getKeyOffset();
      int rowLength = kv.getRowLength();
      int value = key + keyLength;
      addFastDiff(kv.getBuffer(), key, keyLength, rowLength, value, valueLength);
      prevKey = key;
      prevKeyLength = keyLength;
      prevValue = value;
      prevValueLength = valueLength;
    } else {
      addPlain(kv, keyLength, valueLength);
    }
    unencoded += keyLength + valueLength + LENGTHS;
    previous = kv;
  }

  /** Writes the block's bytes, prefix included, as the data of an HFile block. */
  public void writeTo(DataOutput out) throws IOException {
    if (fastDiff) {
      short id = DataBlockEncoding.FAST_DIFF.getId();
      buf[0] = (byte) (id >>> 8);
      buf[1] = (byte) id;
      putInt(DataBlockEncoding.ID_SIZE, unencoded);
    }
    out.write(buf, 0, size);
  }

  private void addPlain(KeyValue kv, int keyLength, int valueLength) {
    int length = keyLength + valueLength + LENGTHS;
    ensure(length);
    // A key value without tags is exactly this: lengths, key, value.
    System.arraycopy(kv.getBuffer(), kv.getOffset(), buf, size, length);
    size += length;
  }

  private void addFastDiff(
      byte[] b, int key, int keyLength, int rowLength, int value, int valueLength) {
    // At most: the flag, three compressed ints of up to 5 bytes, the key, the value.
    ensure(1 + 3 * 5 + keyLength + valueLength);
    if (previous == null) {
      buf[size++] = 0;
      putVarInt(keyLength);
      putVarInt(valueLength);
      putVarInt(0);
      put(b, key, keyLength);
      put(b, value, valueLength);
      return;
    }
    byte[] p = previous.getBuffer();
    // The common prefix of the two keys up to the end of the shorter qualifier. One family per
    // file, so where the rows are equal the family is too; where the row lengths differ the
    // prefix ends inside the 2-byte length, which is where HBase's count stops too.
    int common =
        Arrays.mismatch(
            b,
            key,
            key + Math.min(keyLength, prevKeyLength) - KeyValue.TIMESTAMP_TYPE_SIZE,
            p,
            prevKey,
            prevKey + Math.min(keyLength, prevKeyLength) - KeyValue.TIMESTAMP_TYPE_SIZE);
    if (common < 0) {
      common = Math.min(keyLength, prevKeyLength) - KeyValue.TIMESTAMP_TYPE_SIZE;
    }
    int flag = 0;
    if (keyLength == prevKeyLength) {
      flag |= SAME_KEY_LENGTH;
    }
    if (valueLength == prevValueLength) {
      flag |= SAME_VALUE_LENGTH;
    }
    int typeAt = key + keyLength - 1;
    int prevTypeAt = prevKey + prevKeyLength - 1;
    if (b[typeAt] == p[prevTypeAt]) {
      flag |= SAME_TYPE;
    }
    int ts = typeAt - Long.BYTES;
    int prevTs = prevTypeAt - Long.BYTES;
    int tsCommon = 0;
    while (tsCommon < Long.BYTES - 1 && b[ts + tsCommon] == p[prevTs + tsCommon]) {
      tsCommon++;
    }
    flag |= tsCommon;
    if (valueLength == prevValueLength
        && Arrays.equals(
            b, value, value + valueLength, p, prevValue, prevValue + prevValueLength)) {
      flag |= SAME_VALUE;
    }
    buf[size++] = (byte) flag;
    if ((flag & SAME_KEY_LENGTH) == 0) {
      putVarInt(keyLength);
    }
    if ((flag & SAME_VALUE_LENGTH) == 0) {
      putVarInt(valueLength);
    }
    putVarInt(common);
    int rowEnd = KeyValue.ROW_LENGTH_SIZE + rowLength;
    int qualifierAt = rowEnd + KeyValue.FAMILY_LENGTH_SIZE + b[key + rowEnd];
    int qualifierEnd = keyLength - KeyValue.TIMESTAMP_TYPE_SIZE;
    if (common < rowEnd) {
      // A new row: the rest of its length and bytes, no family (the file has one), the qualifier.
      put(b, key + common, rowEnd - common);
      put(b, key + qualifierAt, qualifierEnd - qualifierAt);
    } else {
      put(b, key + common, qualifierEnd - common);
    }
    put(b, ts + tsCommon, Long.BYTES - tsCommon);
    if ((flag & SAME_TYPE) == 0) {
      buf[size++] = b[typeAt];
    }
    if ((flag & SAME_VALUE) == 0) {
      put(b, value, valueLength);
    }
  }

  private void put(byte[] src, int from, int length) {
    System.arraycopy(src, from, buf, size, length);
    size += length;
  }

  /** HBase's compressed int: seven bits a byte, least significant first, high bit continues. */
  private void putVarInt(int value) {
    int v = value;
    do {
      int b = v & 0x7f;
      v >>>= 7;
      buf[size++] = (byte) (v != 0 ? b | 0x80 : b);
    } while (v != 0);
  }

  private void putInt(int at, int value) {
    buf[at] = (byte) (value >>> 24);
    buf[at + 1] = (byte) (value >>> 16);
    buf[at + 2] = (byte) (value >>> 8);
    buf[at + 3] = (byte) value;
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
    }
  }
}
