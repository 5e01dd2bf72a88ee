package org.hbulk.jobs.cli;

import java.io.File;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Set;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * Checks the local files that Hadoop's generic options name before {@code GenericOptionsParser}
 * sees them: it skips a {@code -conf} file that does not exist without a word (the load then runs
 * against another cluster's defaults), and answers a missing {@code -libjars}, {@code -files} or
 * {@code -archives} entry with a stack trace.
 */
final class GenericOptionFiles {
  /** The generic options that take a value; they come before the command name. */
  private static final Set<String> WITH_VALUE =
      Set.of("-conf", "-D", "-fs", "-jt", "-files", "-libjars", "-archives", "-tokenCacheFile");

  private GenericOptionFiles() {}

  static void check(String[] args) throws HbulkException {
    for (int i = 0; i < args.length && args[i].startsWith("-"); i++) {
      String option = args[i];
      if (!WITH_VALUE.contains(option)) {
        if (option.startsWith("-D")) {
          continue;
        }
        return;
      }
      if (i + 1 >= args.length) {
        return;
      }
      String value = args[++i];
      switch (option) {
        case "-conf" -> requireLocal(option, value, false);
        case "-libjars", "-files", "-archives" -> {
          for (String entry : value.split(",")) {
            // Only -libjars takes "DIR/*", every jar in DIR.
            requireLocal(option, entry, "-libjars".equals(option));
          }
        }
        default -> {}
      }
    }
  }

  /**
   * Local paths only (no scheme, or file:); a remote one is for Hadoop's file system to judge,
   * except after -conf, which Hadoop's Configuration reads from the local disk whatever the scheme.
   */
  private static void requireLocal(String option, String value, boolean wildcard)
      throws HbulkException {
    boolean conf = "-conf".equals(option);
    String path = value;
    try {
      URI uri = new URI(value);
      if (uri.getScheme() != null && !"file".equals(uri.getScheme()) && !conf) {
        return;
      }
      if (uri.getScheme() != null) {
        path = uri.getPath();
      }
    } catch (URISyntaxException e) {
      // Not a URI, e.g. a space in it: a plain local path.
    }
    if (wildcard && path.endsWith("/*")) {
      path = path.substring(0, path.length() - 2);
    }
    File file = new File(path);
    boolean ok = conf ? file.isFile() : file.exists();
    if (!ok) {
      throw new HbulkException(
          ExitCode.USAGE,
          option
              + " "
              + value
              + ": "
              + (file.exists() ? "not a file" : "no such file")
              + " ("
              + file.getAbsolutePath()
              + ")");
    }
  }
}
