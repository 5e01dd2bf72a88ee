package org.hbulk.jobs.load;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Renames whose failure is an error. Hadoop's {@link FileSystem#rename} answers false instead of
 * throwing (a missing parent, a target that exists, a file system that cannot); a run that went on
 * would read a state, rejects or a run directory that is not where it believes.
 */
public final class FileMoves {
  private FileMoves() {}

  /** Renames {@code from} to {@code to}, or throws naming both. */
  public static void rename(FileSystem fs, Path from, Path to) throws IOException {
    if (!fs.rename(from, to)) {
      throw new IOException(
          "could not move " + from + " to " + to + " (the file system refused the rename)");
    }
  }
}
