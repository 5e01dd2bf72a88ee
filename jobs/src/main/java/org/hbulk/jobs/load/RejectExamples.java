package org.hbulk.jobs.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hbulk.mappers.record.RejectReason;

/**
 * The first few rejected records of each reason, read from a run's rejects (JSON lines, {@link
 * org.hbulk.mappers.mapreduce.RejectWriter}): the report page shows them beside the counts. Reading
 * stops once every reason has its examples, or after {@link #MAX_LINES} lines, so a run with
 * millions of rejects costs no more than a glance.
 */
final class RejectExamples {
  static final int MAX_LINES = 100_000;
  private static final int MAX_RECORD_CHARS = 300;
  private static final JsonFactory JSON = new JsonFactory();

  /** One rejected record: where it was, why, and its text (cut to a few hundred characters). */
  record Example(String file, long line, String message, String record) {}

  private final Map<RejectReason, List<Example>> byReason;
  private final long linesRead;
  private final boolean cutShort;

  private RejectExamples(
      Map<RejectReason, List<Example>> byReason, long linesRead, boolean cutShort) {
    this.byReason = byReason;
    this.linesRead = linesRead;
    this.cutShort = cutShort;
  }

  static RejectExamples none() {
    return new RejectExamples(new EnumMap<>(RejectReason.class), 0, false);
  }

  /**
   * @param wanted the reasons the counts say there are
   */
  static RejectExamples read(FileSystem fs, Path rejects, Set<RejectReason> wanted, int perReason)
      throws IOException {
    Map<RejectReason, List<Example>> found = new EnumMap<>(RejectReason.class);
    long lines = 0;
    if (wanted.isEmpty() || !fs.exists(rejects)) {
      return new RejectExamples(found, 0, false);
    }
    FileStatus[] files = fs.listStatus(rejects);
    Arrays.sort(files);
    for (FileStatus f : files) {
      if (!f.isFile() || f.getPath().getName().startsWith("_")) {
        continue;
      }
      try (BufferedReader in =
          new BufferedReader(new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (++lines > MAX_LINES) {
            return new RejectExamples(found, lines - 1, true);
          }
          parse(line, found, perReason);
          if (wanted.stream().allMatch(r -> found.getOrDefault(r, List.of()).size() >= perReason)) {
            return new RejectExamples(found, lines, false);
          }
        }
      }
    }
    return new RejectExamples(found, lines, false);
  }

  private static void parse(String line, Map<RejectReason, List<Example>> found, int perReason)
      throws IOException {
    String file = "";
    String message = "";
    String record = "";
    String reason = null;
    long lineNumber = -1;
    try (JsonParser p = JSON.createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.getCurrentName();
        JsonToken value = p.nextToken();
        switch (name) {
          case "file" -> file = p.getValueAsString("");
          case "line" -> lineNumber = value == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : -1;
          case "reason" -> reason = p.getValueAsString();
          case "message" -> message = p.getValueAsString("");
          case "record" -> record = p.getValueAsString("");
          default -> p.skipChildren();
        }
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException notOurs) {
      return;
    }
    if (reason == null) {
      return;
    }
    RejectReason r;
    try {
      r = RejectReason.valueOf(reason);
    } catch (IllegalArgumentException unknown) {
      return;
    }
    List<Example> examples = found.computeIfAbsent(r, k -> new ArrayList<>());
    if (examples.size() < perReason) {
      if (record.length() > MAX_RECORD_CHARS) {
        record = record.substring(0, MAX_RECORD_CHARS) + "\u2026";
      }
      examples.add(new Example(file, lineNumber, message, record));
    }
  }

  List<Example> of(RejectReason reason) {
    return byReason.getOrDefault(reason, List.of());
  }

  /** Whether reading stopped at {@link #MAX_LINES} before every reason had its examples. */
  boolean cutShort() {
    return cutShort;
  }

  long linesRead() {
    return linesRead;
  }
}
