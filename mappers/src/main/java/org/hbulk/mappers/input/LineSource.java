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
   * maxBytes}.
   *
   * @return the bytes consumed including the line break, or 0 at the end of the stream
   */
  long readLine(ByteBuilder out, int maxBytes) throws IOException {
    truncated = false;
    crlf = false;
    long consumed = 0;
    int kept = 0;
    while (true) {
      if (bufPos >= bufLen) {
        bufLen = in.read(buf, 0, buf.length);
        bufPos = 0;
        if (bufLen <= 0) {
          bufLen = 0;
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
      int take = Math.min(stop - start, maxBytes - kept);
      if (take > 0) {
        out.append(buf, start, take);
        kept += take;
      }
      if (stop - start > take) {
        truncated = true;
      }
      consumed += stop - start;
      if (nl >= 0) {
        bufPos = nl + 1;
        consumed += 1;
        if (!truncated && kept > 0 && out.array()[out.length() - 1] == '\r') {
          out.truncate(out.length() - 1);
          crlf = true;
        }
        return consumed;
      }
      bufPos = bufLen;
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
