package org.hbulk.jobs.cli;

import java.util.List;
import org.hbulk.jobs.table.CreateTableTask;
import org.hbulk.jobs.table.TableLayout;
import org.hbulk.mappers.Json;
import org.hbulk.mappers.expr.KeyText;

/**
 * {@code create-table --json}: each table's outcome with its plan (every split point, where the
 * text shows eight) and its differences from the spec.
 */
final class CreateTableJson {
  private CreateTableJson() {}

  static String of(List<CreateTableTask.Result> results, boolean refused) {
    StringBuilder b = new StringBuilder("{\n  \"tables\": [");
    String sep = "\n";
    for (CreateTableTask.Result r : results) {
      List<byte[]> points = r.plan().points();
      b.append(sep).append("    {\"name\": ").append(Json.quote(r.plan().name()));
      b.append(", \"outcome\": ").append(Json.quote(r.outcome().name()));
      b.append(", \"regions_planned\": ").append(points.size() + 1);
      // Counted only for a table that exists and matches; -1 otherwise.
      b.append(", \"regions_now\": ").append(r.regionsNow() < 0 ? "null" : r.regionsNow());
      b.append(", \"how\": ").append(Json.quote(r.plan().how()));
      b.append(", \"split_points\": ")
          .append(strings(points.stream().map(KeyText::format).toList()));
      b.append(", \"layout\": ")
          .append(Json.quote(TableLayout.describe(r.plan().descriptor()).strip()));
      b.append(", \"differences\": ").append(strings(r.differences())).append('}');
      sep = ",\n";
    }
    b.append(results.isEmpty() ? "],\n" : "\n  ],\n");
    b.append("  \"refused\": ").append(refused).append("\n}\n");
    return b.toString();
  }

  private static String strings(List<String> values) {
    return "[" + String.join(", ", values.stream().map(Json::quote).toList()) + "]";
  }
}
