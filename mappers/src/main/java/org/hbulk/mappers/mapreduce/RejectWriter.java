package org.hbulk.mappers.mapreduce;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.Text;
import org.hbulk.mappers.Json;
import org.hbulk.mappers.record.RejectReason;

/**
 * Writes rejected records as JSON lines, one per record, to a sink: in the job, the {@value
 * #NAMED_OUTPUT} side output, committed with the task's other output: {@code
 * {"file":...,"offset":...,"line":...,"reason":..., "message":...,"record":...}}. The driver moves
 * these files into the run directory's rejects.
 */
public final class RejectWriter {
  /** The MultipleOutputs named output (and file name prefix) of rejects. */
  public static final String NAMED_OUTPUT = "rejects";

  private static final int MAX_RECORD_CHARS = 64 * 1024;

  /** Where the JSON lines go. */
  public interface Sink {
    void write(Text line) throws IOException, InterruptedException;
  }

  private final Sink sink;
  private final String file;
  private final Text line = new Text();

  public RejectWriter(Sink sink, String file) {
    this.sink = sink;
    this.file = file;
  }

  /**
   * @param text the record's decoded text, or null when it could not be decoded (the bytes are then
   *     shown with invalid sequences replaced)
   */
  public void write(
      long offset,
      long lineNumber,
      RejectReason reason,
      String message,
      String text,
      byte[] bytes,
      int length)
      throws IOException, InterruptedException {
    String record = text != null ? text : new String(bytes, 0, length, StandardCharsets.UTF_8);
    if (record.length() > MAX_RECORD_CHARS) {
      record = record.substring(0, MAX_RECORD_CHARS);
    }
    line.set(json(file, offset, lineNumber, reason, message, record));
    sink.write(line);
  }

  static String json(
      String file,
      long offset,
      long lineNumber,
      RejectReason reason,
      String message,
      String record) {
    return "{\"file\":"
        + Json.quote(file)
        + ",\"offset\":"
        + offset
        + ",\"line\":"
        + (lineNumber > 0 ? Long.toString(lineNumber) : "null")
        + ",\"reason\":\""
        + reason.name()
        + "\",\"message\":"
        + Json.quote(message)
        + ",\"record\":"
        + Json.quote(record)
        + "}";
  }
}
