package org.hbulk.mappers.input;

import java.io.IOException;
import java.io.InputStream;
import org.hbulk.mappers.record.ByteBuilder;

/**
 * Physical lines of a byte stream, ended by LF or CRLF. A line longer than the caller's limit is
 * consumed whole but only its first bytes are kept, so one huge line cannot exhaust the heap.
 */
final class LineSource {
  private final InputStream in;
  private final byte[] buf = new byte[64 * 1024];
  private int bufPos;
  private int bufLen;
  private boolean truncated;
  private boolean crlf;

  LineSource(InputStream in) {
    this.in = in;
  }

  /**
   * Appends the next line, without its line break, to {@code out}, keeping at most {@code
   * maxBytes}. The line break (LF, or CR LF) is not counted against {@code maxBytes}: a line of
   * exactly {@code maxBytes} bytes fits whichever way it ends.
   *
   * @return the bytes consumed including the line break, or 0 at the end of the stream
   */
  long readLine(ByteBuilder out, int maxBytes) throws IOException {
    truncated = false;
    crlf = false;
    int base = out.length();
    // One byte more than the limit, for the CR of a CR LF, which is dropped before the line is
    // measured; a line that still holds more than the limit then is cut to it.
    long room = (long) maxBytes + 1;
    long consumed = 0;
    long kept = 0;
    boolean dropped = false; // bytes beyond the room were not kept
    while (true) {
      if (bufPos >= bufLen) {
        bufLen = in.read(buf, 0, buf.length);
        bufPos = 0;
        if (bufLen <= 0) {
          bufLen = 0;
          cut(out, base, kept, dropped, maxBytes);
          return consumed;
        }
      }
      int start = bufPos;
      int nl = -1;
      for (int i = bufPos; i < bufLen; i++) {
        if (buf[i] == '\n') {
          nl = i;
          break;
        }
      }
      int stop = nl < 0 ? bufLen : nl;
      int take = (int) Math.min(stop - start, room - kept);
      if (take > 0) {
        out.append(buf, start, take);
        kept += take;
      }
      if (stop - start > take) {
        dropped = true;
      }
      consumed += stop - start;
      if (nl >= 0) {
        bufPos = nl + 1;
        consumed += 1;
        if (!dropped && kept > 0 && out.array()[out.length() - 1] == '\r') {
          out.truncate(out.length() - 1);
          kept--;
          crlf = true;
        }
        cut(out, base, kept, dropped, maxBytes);
        return consumed;
      }
      bufPos = bufLen;
    }
  }

  /** Cuts a line that holds more than {@code maxBytes} to them and marks it truncated. */
  private void cut(ByteBuilder out, int base, long kept, boolean dropped, int maxBytes) {
    if (dropped || kept > maxBytes) {
      truncated = true;
      out.truncate(base + (int) Math.min(kept, maxBytes));
    }
  }

  /** Whether the last line was longer than the limit. */
  boolean truncated() {
    return truncated;
  }

  /** Whether the last line ended with CR LF (the CR was dropped from the line). */
  boolean crlf() {
    return crlf;
  }
}
