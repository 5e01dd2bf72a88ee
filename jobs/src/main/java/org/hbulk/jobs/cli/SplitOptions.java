package org.hbulk.jobs.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.jobs.table.SplitPoints;
import picocli.CommandLine.Option;

/** The split points create-table is given, one way of three at most. */
final class SplitOptions {
  @Option(
      names = "--split-points",
      split = ",",
      paramLabel = "KEY",
      description =
          "Region start keys, comma-separated; \\xHH (either case) for a raw byte, \\\\ for a backslash.")
  List<String> points;

  @Option(
      names = "--split-points-file",
      paramLabel = "FILE",
      description =
          "Region start keys, one per line; \\xHH (either case) for a raw byte, \\\\ for a backslash.")
  java.nio.file.Path file;

  @Option(names = "--single-region", description = "Create one region (not recommended for loads).")
  boolean single;

  /** The split points given, or null when the command line leaves them to the key design. */
  static List<byte[]> of(SplitOptions splits) throws HbulkException {
    try {
      if (splits != null && splits.points != null) {
        List<String> where = new ArrayList<>();
        for (int i = 1; i <= splits.points.size(); i++) {
          where.add("--split-points entry " + i);
        }
        return SplitPoints.parse(splits.points, where);
      }
      if (splits != null && splits.file != null) {
        List<String> lines = new ArrayList<>();
        List<String> where = new ArrayList<>();
        List<String> all = Files.readAllLines(splits.file, StandardCharsets.UTF_8);
        for (int i = 0; i < all.size(); i++) {
          if (!all.get(i).isBlank()) {
            lines.add(all.get(i).strip());
            where.add("--split-points-file " + splits.file + ":" + (i + 1));
          }
        }
        return SplitPoints.parse(lines, where);
      }
    } catch (IllegalArgumentException | IOException e) {
      throw new HbulkException(ExitCode.USAGE, "bad split points: " + e.getMessage());
    }
    return splits != null && splits.single ? List.of() : null;
  }
}
