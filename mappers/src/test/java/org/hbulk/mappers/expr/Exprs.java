package org.hbulk.mappers.expr;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.spec.LoadSpec;

/** Builds keys from a columns declaration and an expression, the way a spec would. */
final class Exprs {
  final LoadSpec spec;
  final Expr key;

  Exprs(String columns, String key) {
    this(columns, key, "");
  }

  Exprs(String columns, String key, String extraSections) {
    this.spec =
        LoadSpec.parse(
            "t.spec",
            "[columns]\n"
                + columns
                + "\n"
                + extraSections
                + "\n[output o]\ntable = t\nkey = "
                + key
                + "\nf:a = "
                + firstColumn(columns)
                + "\n");
    this.key = spec.outputs().get(0).key();
  }

  private static String firstColumn(String columns) {
    return columns.split("=")[0].strip();
  }

  Record record(String... fields) throws Exception {
    Record r = new Record(spec.columns());
    List<String> all = new ArrayList<>(List.of(fields));
    while (all.size() < spec.columns().size()) {
      all.add("");
    }
    r.load(all);
    return r;
  }

  byte[] bytes(String... fields) throws Exception {
    ByteBuilder b = new ByteBuilder(4);
    key.appendTo(record(fields), b);
    return b.toArray();
  }

  String text(String... fields) throws Exception {
    return new String(bytes(fields), StandardCharsets.UTF_8);
  }

  KeyReader reader() {
    return new KeyReader(key, spec.columns());
  }

  static Map<String, String> values(String... pairs) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put(pairs[i], pairs[i + 1]);
    }
    return m;
  }
}
