package org.hbulk.jobs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;

/** Reads and validates a spec file once, in the driver, before anything else happens. */
final class SpecFiles {
  private SpecFiles() {}

  /**
   * @param location a local file, or a URI with a scheme (hdfs://...) read through Hadoop
   * @param extra overrides from command-line options; they win over {@code -D hbulk.spec.*}
   */
  static LoadSpec load(String location, Configuration conf, Map<String, String> extra)
      throws HbulkException {
    String text = read(location, conf);
    Map<String, String> overrides = new TreeMap<>(LoadSpec.overridesIn(conf));
    overrides.putAll(extra);
    return LoadSpec.parse(location, text, overrides);
  }

  private static String read(String location, Configuration conf) throws HbulkException {
    try {
      if (URI.create(location.replace(" ", "%20")).getScheme() == null) {
        return Files.readString(java.nio.file.Path.of(location), StandardCharsets.UTF_8);
      }
      Path p = new Path(location);
      try (InputStream in = p.getFileSystem(conf).open(p)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      throw new HbulkException(ExitCode.USAGE, "spec file " + location + " not found");
    } catch (IOException | IllegalArgumentException e) {
      throw new HbulkException(
          ExitCode.USAGE, "cannot read spec file " + location + ": " + e.getMessage());
    }
  }
}
