package org.hbulk.jobs.table;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.expr.KeyText;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;

/**
 * What explain prints of a spec's row keys, without HBase: sample records taken apart into their
 * keys, and the reads of a natural key, a key prefix or a time range, or a row key decoded. The
 * same {@link KeyReader} the load's split points and scan use, so what it prints is what the load
 * writes.
 */
public final class KeyExplainer {
  /**
   * The reads to explain.
   *
   * @param get a natural key (every column of the key), or empty
   * @param prefix values of the leading key parts, or empty
   * @param timeRange {@code COLUMN=FROM..[TO]}, or null
   * @param decode a row key to take apart, or null
   */
  public record Reads(
      Map<String, String> get, Map<String, String> prefix, String timeRange, byte[] decode) {}

  private final LoadSpec loaded;
  private final List<OutputSpec> outputs;
  private final PrintStream out;
  private final ExplainJson json;

  /**
   * @param outputs the outputs to explain, of {@code spec}
   */
  public KeyExplainer(LoadSpec spec, List<OutputSpec> outputs, PrintStream out) {
    this(spec, outputs, out, new ExplainJson(spec.source()));
  }

  /**
   * @param json gathers what is printed on {@code out}, for {@code --json}
   */
  public KeyExplainer(LoadSpec spec, List<OutputSpec> outputs, PrintStream out, ExplainJson json) {
    this.loaded = spec;
    this.outputs = outputs;
    this.out = out;
    this.json = json;
  }

  /**
   * Each record's fields, its key per output taken apart into its parts; duplicates; key lengths.
   */
  public void explainRecords(List<byte[]> samples) {
    CsvRecordParser parser = new CsvRecordParser(loaded.csv());
    Record record = new Record(loaded.columns());
    Map<String, long[]> lengths = new HashMap<>();
    Map<String, Map<String, Integer>> seen = new HashMap<>();
    for (int n = 0; n < samples.size(); n++) {
      byte[] raw = samples.get(n);
      String text = null;
      try {
        text = parser.decode(raw, raw.length);
        out.println("record " + (n + 1) + ": " + text);
        record.load(parser.parse(text));
      } catch (RejectException e) {
        out.println("record " + (n + 1) + ": rejected, " + e.reason() + ": " + e.getMessage());
        json.record(n + 1, text, e.reason().toString(), e.getMessage());
        continue;
      }
      json.record(n + 1, text, null, null);
      for (OutputSpec o : outputs) {
        KeyReader reader = new KeyReader(o.key(), loaded.columns());
        String empty = emptyKeyColumn(o.key(), record);
        if (empty != null) {
          out.println(
              "  [output " + o.name() + "] rejected, EMPTY_KEY_PART: '" + empty + "' is empty");
          json.keyRejected(o.name(), "EMPTY_KEY_PART", "'" + empty + "' is empty");
          continue;
        }
        try {
          List<byte[]> parts = reader.evaluate(record);
          byte[] key = concat(parts);
          out.printf(
              Locale.ROOT,
              "  [output %s] key %s  (%d bytes, hex %s)%n",
              o.name(),
              KeyText.format(key),
              key.length,
              Bytes.toHex(key));
          List<ExplainJson.Part> jsonParts = new ArrayList<>();
          for (int i = 0; i < parts.size(); i++) {
            Expr part = reader.parts().get(i);
            byte[] b = parts.get(i);
            String shown = KeyText.format(b);
            String meaning = part.decode(b, 0, b.length);
            out.printf(
                Locale.ROOT,
                "      %-36s -> %s%s%n",
                part,
                shown,
                meaning == null || meaning.equals(shown) || meaning.equals(part.toString())
                    ? ""
                    : "  (" + meaning + ")");
            jsonParts.add(new ExplainJson.Part(part.toString(), shown, meaning));
          }
          long[] l = lengths.computeIfAbsent(o.name(), k -> new long[] {Long.MAX_VALUE, 0, 0, 0});
          l[0] = Math.min(l[0], key.length);
          l[1] = Math.max(l[1], key.length);
          l[2] += key.length;
          l[3]++;
          Integer first =
              seen.computeIfAbsent(o.name(), k -> new HashMap<>())
                  .putIfAbsent(Bytes.toHex(key), n + 1);
          if (first != null) {
            out.println(
                "      duplicate: record "
                    + (n + 1)
                    + " has the same row key as record "
                    + first
                    + " (the later one overwrites cells of the earlier)");
          }
          json.key(o.name(), KeyText.format(key), Bytes.toHex(key), key.length, jsonParts, first);
        } catch (RejectException e) {
          out.println(
              "  [output " + o.name() + "] rejected, " + e.reason() + ": " + e.getMessage());
          json.keyRejected(o.name(), e.reason().toString(), e.getMessage());
        }
      }
    }
    lengths.forEach(
        (name, l) -> {
          double mean = (double) l[2] / l[3];
          out.printf(
              Locale.ROOT,
              "[output %s] key length over %d record(s): min %d, mean %.1f, max %d bytes%n",
              name,
              l[3],
              l[0],
              mean,
              l[1]);
          json.keyLength(name, l[3], l[0], mean, l[1]);
          KeyWarnings.keyLength(name, mean)
              .ifPresent(
                  w -> {
                    out.println("warning: " + w);
                    json.warning(w);
                  });
        });
  }

  /**
   * For each output, the reads the request asks for: a Get key, the scans of a prefix or a time
   * range, a row key taken apart. Exit 2 for a request the key design cannot answer.
   */
  public void explainReads(Reads reads) throws HbulkException {
    for (OutputSpec o : outputs) {
      KeyReader reader = new KeyReader(o.key(), loaded.columns());
      try {
        explainReads(reads, o, reader);
      } catch (IllegalArgumentException | RejectException e) {
        throw new HbulkException(ExitCode.USAGE, "[output " + o.name() + "] " + e.getMessage());
      }
    }
  }

  private void explainReads(Reads reads, OutputSpec o, KeyReader reader) throws RejectException {
    Map<String, String> get = reads.get();
    Map<String, String> prefix = reads.prefix();
    String timeRange = reads.timeRange();
    byte[] decodeKey = reads.decode();
    String label = "[output " + o.name() + "] ";
    if (!get.isEmpty()) {
      byte[] key = reader.getKey(get);
      out.println(label + "Get " + KeyText.format(key) + "  (hex " + Bytes.toHex(key) + ")");
      json.get(o.name(), KeyText.format(key), Bytes.toHex(key));
    }
    if (timeRange != null) {
      int eq = timeRange.indexOf('=');
      int dots = timeRange.indexOf("..");
      if (eq <= 0 || dots < eq) {
        throw new IllegalArgumentException("--time-range takes COLUMN=FROM..TO or COLUMN=FROM..");
      }
      String column = timeRange.substring(0, eq);
      long from = timeOf(loaded, column, timeRange.substring(eq + 1, dots));
      String toText = timeRange.substring(dots + 2);
      OptionalLong to =
          toText.isEmpty() ? OptionalLong.empty() : OptionalLong.of(timeOf(loaded, column, toText));
      KeyReader.Plan plan = reader.timeRangePlan(prefix, column, from, to);
      printScans(label + "time range " + timeRange, plan);
      json.scans(o.name(), "time_range", timeRange + " " + prefix, plan.caveats(), ranges(plan));
    } else if (!prefix.isEmpty()) {
      KeyReader.Plan plan = reader.prefixPlan(prefix);
      printScans(label + "prefix " + prefix, plan);
      json.scans(o.name(), "prefix", prefix.toString(), plan.caveats(), ranges(plan));
    }
    if (decodeKey != null) {
      out.println(label + "decode " + KeyText.format(decodeKey));
      List<ExplainJson.Part> parts = new ArrayList<>();
      for (KeyReader.Part p : reader.decode(decodeKey)) {
        parts.add(
            new ExplainJson.Part(
                p.expression().toString(), KeyText.format(p.bytes()), p.meaning()));
        out.printf(
            Locale.ROOT,
            "      %-36s %-24s %s%n",
            p.expression(),
            KeyText.format(p.bytes()),
            p.meaning() == null ? "(not reversible)" : p.meaning());
      }
      json.decode(o.name(), KeyText.format(decodeKey), parts);
    }
  }

  /** A plan's scans as printed: start and stop, empty for the table's start and end. */
  private static List<String[]> ranges(KeyReader.Plan plan) {
    List<String[]> ranges = new ArrayList<>();
    for (KeyReader.Range r : plan.scans()) {
      ranges.add(new String[] {KeyText.format(r.start()), KeyText.format(r.stop())});
    }
    return ranges;
  }

  private void printScans(String what, KeyReader.Plan plan) {
    out.println(
        what
            + ": "
            + plan.scans().size()
            + " scan(s)"
            + (plan.caveats().isEmpty() ? ", exact" : ", not exact (see the warnings)"));
    for (String caveat : plan.caveats()) {
      out.println("warning: " + what + ": " + caveat);
    }
    for (KeyReader.Range r : plan.scans()) {
      out.println(
          "  scan start "
              + (r.start().length == 0 ? "(start of table)" : KeyText.format(r.start()))
              + "  stop "
              + (r.stop().length == 0 ? "(end of table)" : KeyText.format(r.stop())));
    }
  }

  /** A time written as in the CSV, read through its column's type. */
  private static long timeOf(LoadSpec loaded, String column, String text) throws RejectException {
    Column c =
        loaded.columns().stream()
            .filter(x -> x.name().equals(column))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("unknown column '" + column + "'"));
    List<String> fields = new ArrayList<>();
    for (Column x : loaded.columns()) {
      fields.add(x == c ? text : "");
    }
    Record r = new Record(loaded.columns());
    r.load(fields);
    return r.longValue(c.index());
  }

  private static String emptyKeyColumn(Expr key, Record record) {
    for (Column c : key.columns()) {
      if (record.isEmpty(c.index())) {
        return c.name();
      }
    }
    return null;
  }

  private static byte[] concat(List<byte[]> parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] all = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, all, at, p.length);
      at += p.length;
    }
    return all;
  }
}
