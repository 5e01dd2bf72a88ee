package org.hbulk.jobs.table;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.load.LoadReport;
import org.hbulk.mappers.Json;

/**
 * What analyze found, as text or JSON.
 *
 * @param inputBytes the whole input's size, which the sample's figures are scaled to
 * @param plans per table, the regions the spread is over ("orders: 16 salt buckets", ...)
 * @param notes the family lint
 * @param maxFile the region size at which HBase splits, which bounds an HFile
 * @param maxFiles the HFiles a bulk load takes per region and family
 */
public record Analysis(
    KeySample keys,
    long inputBytes,
    List<KeyAnalysis.KeyStats> stats,
    List<KeyAnalysis.Spread> spreads,
    List<String> plans,
    List<String> warnings,
    List<String> notes,
    long maxFile,
    int maxFiles) {

  /** From the sample to the whole input. */
  public double scale() {
    return keys.rawBytes() == 0 ? 0 : (double) inputBytes / keys.rawBytes();
  }

  public void printText(PrintStream out) {
    out.printf(
        Locale.ROOT,
        "sampled %,d record(s), %,d byte(s) of %,d (x%.1f to the whole input); %,d would be rejected%n",
        keys.records(),
        keys.rawBytes(),
        inputBytes,
        scale(),
        keys.rejects().size());
    for (KeyAnalysis.KeyStats s : stats) {
      out.printf(
          Locale.ROOT,
          "[output %s] keys: min %d, mean %.1f, max %d bytes; %,d key bytes repeated in the"
              + " cells of each record; %,d duplicate key(s) in the sample; leading part grew in %.0f%% of"
              + " consecutive records%n",
          s.output(),
          s.minLength(),
          s.meanLength(),
          s.maxLength(),
          s.keyBytesPerRecord(),
          s.duplicates(),
          100 * s.growingShare());
    }
    for (int t = 0; t < spreads.size(); t++) {
      KeyAnalysis.Spread sp = spreads.get(t);
      out.printf(
          Locale.ROOT,
          "table %s over %s; skew (max/mean) rows %.2f, bytes %.2f%n",
          sp.table(),
          plans.get(t),
          sp.rowSkew(),
          sp.byteSkew());
      out.print(KeyAnalysis.histogram(sp));
      long worst = worstRegionBytes(sp);
      long files = hfilesPerFamily(worst);
      out.printf(
          Locale.ROOT,
          "  projected: the fullest region gets %s, about %d HFile(s) per family (limit %d per"
              + " region and family: hbase.mapreduce.bulkload.max.hfiles.perRegion.perFamily)%s%n",
          LoadReport.bytes(worst),
          files,
          maxFiles,
          files > maxFiles ? "  OVER THE LIMIT: add regions" : "");
    }
    keys.rejects().stream()
        .limit(5)
        .forEach(r -> out.println("reject " + r.reason() + ": " + r.message() + ": " + r.record()));
    notes.forEach(n -> out.println("note: " + n));
    warnings.forEach(w -> out.println("warning: " + w));
  }

  public String toJson() {
    StringBuilder b = new StringBuilder("{\n");
    b.append("  \"sampled_records\": ").append(keys.records()).append(",\n");
    b.append("  \"sampled_bytes\": ").append(keys.rawBytes()).append(",\n");
    b.append("  \"scale_to_input\": ")
        .append(String.format(Locale.ROOT, "%.4f", scale()))
        .append(",\n");
    b.append("  \"outputs\": [");
    String sep = "\n";
    for (KeyAnalysis.KeyStats s : stats) {
      b.append(sep)
          .append(
              String.format(
                  Locale.ROOT,
                  "    {\"output\": %s, \"table\": %s, \"rows\": %d,"
                      + " \"key_min\": %d, \"key_mean\": %.2f, \"key_max\": %d, \"key_bytes_per_record\": %d,"
                      + " \"duplicates\": %d, \"leading_growing_share\": %.4f}",
                  Json.quote(s.output()),
                  Json.quote(s.table()),
                  s.rows(),
                  s.minLength(),
                  s.meanLength(),
                  s.maxLength(),
                  s.keyBytesPerRecord(),
                  s.duplicates(),
                  s.growingShare()));
      sep = ",\n";
    }
    b.append("\n  ],\n  \"tables\": [");
    sep = "\n";
    for (int t = 0; t < spreads.size(); t++) {
      KeyAnalysis.Spread sp = spreads.get(t);
      b.append(sep)
          .append("    {\"table\": ")
          .append(Json.quote(sp.table()))
          .append(", \"plan\": ")
          .append(Json.quote(plans.get(t)))
          .append(
              String.format(
                  Locale.ROOT,
                  ", \"row_skew\": %.4f, \"byte_skew\": %.4f",
                  sp.rowSkew(),
                  sp.byteSkew()))
          .append(", \"projected_hfiles_per_family_worst_region\": ")
          .append(hfilesPerFamily(worstRegionBytes(sp)))
          .append(", \"hfile_limit\": ")
          .append(maxFiles)
          .append(", \"regions\": [");
      String rsep = "";
      for (int i = 0; i < sp.rows().length; i++) {
        b.append(rsep)
            .append("{\"start\": ")
            .append(Json.quote(Bytes.toStringBinary(sp.starts().get(i))))
            .append(", \"rows\": ")
            .append(sp.rows()[i])
            .append(", \"bytes\": ")
            .append(sp.bytes()[i])
            .append('}');
        rsep = ", ";
      }
      b.append("]}");
      sep = ",\n";
    }
    b.append("\n  ],\n  \"rejects_preview\": [");
    sep = "";
    for (KeySample.Reject r : keys.rejects().stream().limit(5).toList()) {
      b.append(sep)
          .append("{\"reason\": ")
          .append(Json.quote(r.reason()))
          .append(", \"message\": ")
          .append(Json.quote(r.message()))
          .append(", \"record\": ")
          .append(Json.quote(r.record()))
          .append('}');
      sep = ", ";
    }
    b.append("],\n  \"warnings\": [")
        .append(String.join(", ", warnings.stream().map(Json::quote).toList()))
        .append("],\n  \"notes\": [")
        .append(String.join(", ", notes.stream().map(Json::quote).toList()))
        .append("]\n}\n");
    return b.toString();
  }

  /** Exit 15 when no sampled record would load: a load of this input would reject it all. */
  public void requireLoadableRecords() throws HbulkException {
    if (keys.records() == 0 || keys.rejects().size() < keys.records()) {
      return;
    }
    Map<String, List<KeySample.Reject>> byReason = new LinkedHashMap<>();
    keys.rejects()
        .forEach(r -> byReason.computeIfAbsent(r.reason(), k -> new ArrayList<>()).add(r));
    List<String> top =
        byReason.values().stream()
            .sorted(Comparator.comparingInt((List<KeySample.Reject> l) -> l.size()).reversed())
            .limit(3)
            .map(
                l ->
                    String.format(
                        Locale.ROOT,
                        "%s %,d (e.g. %s)",
                        l.get(0).reason(),
                        l.size(),
                        l.get(0).message()))
            .toList();
    throw new HbulkException(
        ExitCode.ALL_REJECTED,
        String.format(
            Locale.ROOT,
            "every one of the %,d sampled"
                + " record(s) would be rejected: %s. Check [csv] and [columns] against the input (hbulk explain"
                + " --input FILE shows each record's fields)",
            keys.records(),
            String.join("; ", top)));
  }

  /** The fullest region's bytes, scaled from the sample to the whole input. */
  private long worstRegionBytes(KeyAnalysis.Spread sp) {
    return (long) (Arrays.stream(sp.bytes()).max().orElse(0) * scale());
  }

  private long hfilesPerFamily(long regionBytes) {
    return Math.max(1, (regionBytes + maxFile - 1) / maxFile);
  }
}
