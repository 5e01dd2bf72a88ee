package org.hbulk.jobs.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * Gives the local job runner its {@code mapreduce.cluster.local.dir} without a space. Its shuffle
 * reads the map outputs back through a URI of that folder and escapes the space twice, so every job
 * under a path like {@code /home/ann/My Projects/hbulk/var} failed in the shuffle ("file.out.index
 * does not exist", exit 6). Each such folder is reached instead through a link, in a private
 * temporary folder of its own, to the same folder: the map outputs still go where the configuration
 * says. The links go when the process exits.
 */
public final class LocalDirAlias {
  private LocalDirAlias() {}

  /** Rewrites {@code conf}'s local folders that hold a space; returns the links made. */
  public static List<Path> apply(Configuration conf) throws IOException {
    String[] dirs = conf.getTrimmedStrings(MRConfig.LOCAL_DIR);
    List<Path> links = new ArrayList<>();
    List<String> result = new ArrayList<>();
    for (String dir : dirs) {
      if (!dir.chars().anyMatch(Character::isWhitespace)) {
        result.add(dir);
        continue;
      }
      Path target = Path.of(new org.apache.hadoop.fs.Path(dir).toUri().getPath()).toAbsolutePath();
      Files.createDirectories(target);
      Path home =
          Files.createTempDirectory(
              "hbulk-local-",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Path link = Files.createSymbolicLink(home.resolve("dir"), target);
      if (link.toString().chars().anyMatch(Character::isWhitespace)) {
        throw new IOException(
            MRConfig.LOCAL_DIR
                + " "
                + dir
                + " holds a space, which Hadoop's local job"
                + " runner cannot use, and so does the temporary folder "
                + home
                + " for a link to it");
      }
      // Deleted in the reverse order: the link, then its folder.
      home.toFile().deleteOnExit();
      link.toFile().deleteOnExit();
      links.add(link);
      result.add(link.toString());
    }
    if (!links.isEmpty()) {
      conf.setStrings(MRConfig.LOCAL_DIR, result.toArray(new String[0]));
    }
    return links;
  }
}
