package org.hbulk.jobs.cli;

import java.util.List;
import org.hbulk.jobs.load.RunState;
import org.hbulk.jobs.load.Verifier;
import org.hbulk.mappers.Json;

/** {@code verify --json}: what the text says, every difference included (the text shows 50). */
final class VerifyJson {
  private VerifyJson() {}

  static String of(RunState state, Verifier.Result r) {
    StringBuilder b = new StringBuilder("{\n");
    b.append("  \"run_id\": ").append(Json.quote(state.runId())).append(",\n");
    b.append("  \"tables\": ").append(strings(state.tables())).append(",\n");
    b.append("  \"records_verified\": ").append(r.records()).append(",\n");
    b.append("  \"records_loaded\": ").append(state.counts().loaded()).append(",\n");
    b.append("  \"rows\": ").append(r.rows()).append(",\n");
    b.append("  \"cells\": ").append(r.cells()).append(",\n");
    b.append("  \"older_versions\": ").append(r.olderVersions()).append(",\n");
    b.append("  \"delete_markers\": ").append(r.markers()).append(",\n");
    b.append("  \"cells_maybe_masked\": ").append(r.maskedCells()).append(",\n");
    b.append("  \"cells_expired\": ").append(r.expiredCells()).append(",\n");
    b.append("  \"cells_with_unseen_labels\": ").append(r.unseenLabelledCells()).append(",\n");
    b.append("  \"collision_rows\": ").append(r.collisionRows()).append(",\n");
    b.append("  \"collision_rows_counted\": ")
        .append(state.counts().collisions().rows())
        .append(",\n");
    b.append("  \"passed\": ").append(r.differences().isEmpty()).append(",\n");
    b.append("  \"differences\": ").append(strings(r.differences())).append("\n}\n");
    return b.toString();
  }

  private static String strings(List<String> values) {
    return "[" + String.join(", ", values.stream().map(Json::quote).toList()) + "]";
  }
}
