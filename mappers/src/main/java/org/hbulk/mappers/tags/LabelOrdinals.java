package org.hbulk.mappers.tags;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.security.visibility.VisibilityConstants;
import org.apache.hadoop.hbase.security.visibility.VisibilityLabelOrdinalProvider;

/**
 * The cluster's visibility labels and their ordinals (the rows of {@code hbase:labels}), as the
 * driver read them before the job: visibility tags hold ordinals, not label names, and tasks may
 * not ask HBase. Carried to the tasks in {@code hbulk.visibility.labels}.
 */
public final class LabelOrdinals implements VisibilityLabelOrdinalProvider {
  private static final HexFormat HEX = HexFormat.of();

  private final Map<String, Integer> ordinals;

  public LabelOrdinals(Map<String, Integer> ordinals) {
    this.ordinals = Map.copyOf(ordinals);
  }

  /** The ordinals of a job configuration's value; none when it is null. */
  public static LabelOrdinals decode(String encoded) {
    Map<String, Integer> ordinals = new HashMap<>();
    if (encoded != null) {
      for (String line : encoded.split("\n")) {
        if (line.isBlank()) {
          continue;
        }
        String[] f = line.trim().split(" ");
        if (f.length != 2) {
          throw new IllegalArgumentException("not a label ordinal line: '" + line + "'");
        }
        ordinals.put(
            new String(HEX.parseHex(f[0]), StandardCharsets.UTF_8), Integer.parseInt(f[1]));
      }
    }
    return new LabelOrdinals(ordinals);
  }

  /** One line per label: its UTF-8 in hex (any label survives), a space, its ordinal. */
  public String encode() {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<String, Integer> e : new TreeMap<>(ordinals).entrySet()) {
      s.append(HEX.formatHex(e.getKey().getBytes(StandardCharsets.UTF_8)))
          .append(' ')
          .append(e.getValue())
          .append('\n');
    }
    return s.toString();
  }

  public int size() {
    return ordinals.size();
  }

  /** The label's ordinal, or HBase's "no such label" ordinal, as ImportTsv's resolver answers. */
  @Override
  public int getLabelOrdinal(String label) {
    Integer ordinal = ordinals.get(label);
    return ordinal != null ? ordinal : VisibilityConstants.NON_EXIST_LABEL_ORDINAL;
  }

  /** Never asked when writing tags (HBase's own resolver does not answer it either). */
  @Override
  public String getLabel(int ordinal) {
    throw new UnsupportedOperationException("tags are written from labels, not read");
  }
}
