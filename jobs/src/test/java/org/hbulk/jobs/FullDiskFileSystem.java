package org.hbulk.jobs;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * A local disk that fills up: Hadoop's raw local file system under the scheme {@code fulldisk:},
 * whose writes fail with "No space left on device" once {@link #ROOM} bytes have been written in
 * this JVM, as a full disk fails them. Registered for the tests as {@code fs.fulldisk.impl}.
 */
public class FullDiskFileSystem extends RawLocalFileSystem {
  /** Bytes that may still be written by every stream of this file system in this JVM. */
  static final AtomicLong ROOM = new AtomicLong(Long.MAX_VALUE);

  @Override
  public URI getUri() {
    return URI.create("fulldisk:///");
  }

  @Override
  public String getScheme() {
    return "fulldisk";
  }

  /**
   * Statuses that carry their permissions already: the raw local file system's load them lazily
   * through {@code new File(URI)}, which takes only {@code file:} URIs (HBase asks for them before
   * it bulk-loads a file).
   */
  @Override
  public FileStatus getFileStatus(Path p) throws IOException {
    return withPermission(super.getFileStatus(p));
  }

  @Override
  public FileStatus[] listStatus(Path p) throws IOException {
    FileStatus[] list = super.listStatus(p);
    for (int i = 0; i < list.length; i++) {
      list[i] = withPermission(list[i]);
    }
    return list;
  }

  private FileStatus withPermission(FileStatus s) throws IOException {
    PosixFileAttributes a =
        Files.readAttributes(
            pathToFile(s.getPath()).toPath(), PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    FsPermission permission =
        FsPermission.valueOf(
            (a.isDirectory() ? "d" : "-") + PosixFilePermissions.toString(a.permissions()));
    return new FileStatus(
        s.getLen(),
        s.isDirectory(),
        s.getReplication(),
        s.getBlockSize(),
        s.getModificationTime(),
        s.getAccessTime(),
        permission,
        a.owner().getName(),
        a.group().getName(),
        s.getPath());
  }

  @Override
  protected OutputStream createOutputStreamWithMode(Path f, boolean append, FsPermission permission)
      throws IOException {
    return new Filling(super.createOutputStreamWithMode(f, append, permission));
  }

  @Override
  protected OutputStream createOutputStream(Path f, boolean append) throws IOException {
    return new Filling(super.createOutputStream(f, append));
  }

  private static final class Filling extends FilterOutputStream {
    Filling(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      take(1);
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      take(len);
      out.write(b, off, len);
    }

    private static void take(long n) throws IOException {
      if (ROOM.addAndGet(-n) < 0) {
        ROOM.addAndGet(n);
        throw new IOException("No space left on device");
      }
    }
  }
}
