package org.hbulk.jobs.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * Sets a local file's permissions through java.nio. Without Hadoop's native library the raw local
 * file system starts a {@code chmod} process for every call: one for every directory, HFile and
 * checksum file the job and the run directory create.
 */
public final class NioPermissions {
  private NioPermissions() {}

  /** False when java.nio cannot say it (a sticky bit, a file system without POSIX modes). */
  public static boolean set(RawLocalFileSystem fs, Path p, FsPermission permission)
      throws IOException {
    java.nio.file.Path file = fs.pathToFile(p).toPath();
    if (permission.getStickyBit()
        || Files.getFileAttributeView(file, PosixFileAttributeView.class) == null) {
      return false;
    }
    // Without the sticky bit, Hadoop writes a mode as "rwxr-x---", the form java.nio reads.
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permission.toString()));
    return true;
  }
}
