package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hbulk.mappers.Json;

/**
 * {@code explain --json}: what {@link KeyExplainer} prints, gathered into one document: warnings,
 * the sample records with their keys taken apart, key lengths, and the reads asked for.
 */
public final class ExplainJson {
  /** A key part: its expression, its bytes as keys are printed, what they mean (or null). */
  record Part(String expression, String value, String meaning) {
    String json() {
      return "{\"expression\": "
          + Json.quote(expression)
          + ", \"value\": "
          + Json.quote(value)
          + ", \"meaning\": "
          + Json.quote(meaning)
          + "}";
    }
  }

  private final String spec;
  private final List<String> warnings = new ArrayList<>();
  private final List<StringBuilder> records = new ArrayList<>();
  private final List<List<String>> keys = new ArrayList<>();
  private final List<String> keyLengths = new ArrayList<>();
  private final List<String> reads = new ArrayList<>();

  public ExplainJson(String spec) {
    this.spec = spec;
  }

  public void warning(String text) {
    warnings.add(Json.quote(text));
  }

  void record(int n, String text, String rejectReason, String rejectMessage) {
    records.add(
        new StringBuilder("{\"record\": ")
            .append(n)
            .append(", \"text\": ")
            .append(Json.quote(text))
            .append(", \"rejected\": ")
            .append(rejection(rejectReason, rejectMessage)));
    keys.add(new ArrayList<>());
  }

  void keyRejected(String output, String reason, String message) {
    lastKeys()
        .add(
            "{\"output\": "
                + Json.quote(output)
                + ", \"rejected\": "
                + rejection(reason, message)
                + "}");
  }

  void key(
      String output, String key, String hex, int length, List<Part> parts, Integer duplicateOf) {
    lastKeys()
        .add(
            "{\"output\": "
                + Json.quote(output)
                + ", \"rejected\": null, \"key\": "
                + Json.quote(key)
                + ", \"hex\": "
                + Json.quote(hex)
                + ", \"length\": "
                + length
                + ", \"parts\": "
                + inline(parts.stream().map(Part::json).toList())
                + ", \"duplicate_of\": "
                + (duplicateOf == null ? "null" : duplicateOf.toString())
                + "}");
  }

  void keyLength(String output, long records, long min, double mean, long max) {
    keyLengths.add(
        String.format(
            Locale.ROOT,
            "{\"output\": %s, \"records\": %d, \"min\": %d, \"mean\": %.1f, \"max\": %d}",
            Json.quote(output),
            records,
            min,
            mean,
            max));
  }

  void get(String output, String key, String hex) {
    reads.add(
        "{\"output\": "
            + Json.quote(output)
            + ", \"kind\": \"get\", \"key\": "
            + Json.quote(key)
            + ", \"hex\": "
            + Json.quote(hex)
            + "}");
  }

  void scans(
      String output, String kind, String request, List<String> caveats, List<String[]> startStops) {
    List<String> scans =
        startStops.stream()
            .map(s -> "{\"start\": " + Json.quote(s[0]) + ", \"stop\": " + Json.quote(s[1]) + "}")
            .toList();
    reads.add(
        "{\"output\": "
            + Json.quote(output)
            + ", \"kind\": "
            + Json.quote(kind)
            + ", \"request\": "
            + Json.quote(request)
            + ", \"exact\": "
            + caveats.isEmpty()
            + ", \"caveats\": "
            + inline(caveats.stream().map(Json::quote).toList())
            + ", \"scans\": "
            + inline(scans)
            + "}");
  }

  void decode(String output, String key, List<Part> parts) {
    reads.add(
        "{\"output\": "
            + Json.quote(output)
            + ", \"kind\": \"decode\", \"key\": "
            + Json.quote(key)
            + ", \"parts\": "
            + inline(parts.stream().map(Part::json).toList())
            + "}");
  }

  /** The document, ending in a newline. */
  public String toJson() {
    List<String> recs = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      recs.add(records.get(i) + ", \"keys\": " + inline(keys.get(i)) + "}");
    }
    return "{\n  \"spec\": "
        + Json.quote(spec)
        + ",\n  \"warnings\": "
        + array(warnings)
        + ",\n  \"records\": "
        + array(recs)
        + ",\n  \"key_lengths\": "
        + array(keyLengths)
        + ",\n  \"reads\": "
        + array(reads)
        + "\n}\n";
  }

  private List<String> lastKeys() {
    return keys.get(keys.size() - 1);
  }

  private static String rejection(String reason, String message) {
    return reason == null
        ? "null"
        : "{\"reason\": " + Json.quote(reason) + ", \"message\": " + Json.quote(message) + "}";
  }

  private static String inline(List<String> items) {
    return "[" + String.join(", ", items) + "]";
  }

  private static String array(List<String> items) {
    return items.isEmpty() ? "[]" : "[\n    " + String.join(",\n    ", items) + "\n  ]";
  }
}
