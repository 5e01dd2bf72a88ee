package org.hbulk.mappers.input;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.hbulk.mappers.record.ByteBuilder;

/**
 * One CSV record's bytes as the record reader framed them, without the final line break, with the
 * position of its first line. Reused by the reader from record to record.
 */
public final class RawRecord implements Writable {
  private final ByteBuilder bytes = new ByteBuilder(1024);
  private long line = -1;
  private boolean truncated;

  public ByteBuilder bytes() {
    return bytes;
  }

  public byte[] array() {
    return bytes.array();
  }

  public int length() {
    return bytes.length();
  }

  /**
   * 1-based line number of the record's first line, or -1 when the split did not start the file.
   */
  public long line() {
    return line;
  }

  /** Whether the record was longer than the spec's max-record-bytes and was cut. */
  public boolean truncated() {
    return truncated;
  }

  public void set(long line, boolean truncated) {
    this.line = line;
    this.truncated = truncated;
  }

  /** Sets the content, for tests and callers that have the bytes at hand. */
  public RawRecord set(byte[] content, long line) {
    bytes.clear();
    bytes.append(content);
    set(line, false);
    return this;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeLong(line);
    out.writeBoolean(truncated);
    out.writeInt(bytes.length());
    out.write(bytes.array(), 0, bytes.length());
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    line = in.readLong();
    truncated = in.readBoolean();
    int n = in.readInt();
    byte[] b = new byte[n];
    in.readFully(b);
    bytes.clear();
    bytes.append(b);
  }
}
