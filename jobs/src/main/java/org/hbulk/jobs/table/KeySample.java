package org.hbulk.jobs.table;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.hbulk.jobs.table.SplitPlanner.WeightedKey;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Sampled records run through the spec's own converter: each output's row key and the bytes of its
 * cells, in input order, plus the records that would be rejected.
 */
public final class KeySample {
  /** One output's row for one sampled record. */
  public record Row(int output, byte[] key, long bytes) {}

  /** A record the load would reject. */
  public record Reject(String reason, String message, String record) {}

  private final List<Row> rows = new ArrayList<>();
  private final List<Reject> rejects = new ArrayList<>();
  private long records;
  private long rawBytes;

  public static KeySample of(LoadSpec spec, List<byte[]> raw) {
    KeySample s = new KeySample();
    RecordConverter converter = new RecordConverter(spec, 0);
    for (byte[] r : raw) {
      s.records++;
      s.rawBytes += r.length + 1;
      try {
        List<KeyValue> cells = converter.convert(r, r.length);
        int from = 0;
        for (int o = 0; o < spec.outputs().size(); o++) {
          long bytes = 0;
          for (int c = from; c < converter.lastCellsEnd(o); c++) {
            bytes += cells.get(c).getLength();
          }
          from = converter.lastCellsEnd(o);
          byte[] key = converter.lastRows().get(o);
          if (key != null) {
            s.rows.add(new Row(o, key, bytes));
          }
        }
      } catch (RejectException e) {
        String text = converter.lastText();
        s.rejects.add(
            new Reject(e.reason().name(), e.getMessage(), text == null ? "(not decodable)" : text));
      }
    }
    return s;
  }

  public List<Row> rows() {
    return rows;
  }

  public List<Reject> rejects() {
    return rejects;
  }

  public long records() {
    return records;
  }

  /** Bytes of CSV the sample covers (with line breaks). */
  public long rawBytes() {
    return rawBytes;
  }

  /** The sampled keys of the given outputs, weighted by their bytes, for split planning. */
  public List<WeightedKey> keys(List<Integer> outputs) {
    List<WeightedKey> keys = new ArrayList<>();
    for (Row r : rows) {
      if (outputs.contains(r.output())) {
        keys.add(new WeightedKey(r.key(), r.bytes()));
      }
    }
    return keys;
  }
}
