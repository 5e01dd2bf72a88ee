package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.hbulk.mappers.HbulkConf;

/**
 * Who may read and move a run's files: the user who ran the job, and the group named by {@link
 * HbulkConf#HFILES_GROUP} if any; never everyone. HBase 2's region servers move bulk-loaded files
 * acting as the user who asked for the load (SecureBulkLoadManager, with that user's HDFS
 * delegation token when security is on), so the owner's rights are enough for the HBase service;
 * the group is for other accounts that must complete or inspect a run.
 */
final class HFileAccess {
  private final String group;

  /** What nobody but the owner (and the group, if any) may do: every permission derives from it. */
  private final FsPermission umask;

  private HFileAccess(String group) {
    this.group = group;
    this.umask = new FsPermission(group == null ? (short) 0077 : (short) 0007);
  }

  static HFileAccess of(Configuration conf) {
    String g = conf.getTrimmed(HbulkConf.HFILES_GROUP, "");
    return new HFileAccess(g.isEmpty() ? null : g);
  }

  /** The job's umask: files are never readable by others, not even while the job writes them. */
  String umask() {
    return String.format(Locale.ROOT, "%03o", umask.toShort());
  }

  FsPermission directoryPermission() {
    return FsPermission.getDirDefault().applyUMask(umask);
  }

  FsPermission filePermission() {
    return FsPermission.getFileDefault().applyUMask(umask);
  }

  /** Applies the group and permissions to {@code dir} and everything under it. */
  void apply(FileSystem fs, Path dir) throws IOException {
    set(fs, fs.getFileStatus(dir));
  }

  private void set(FileSystem fs, FileStatus status) throws IOException {
    applyTo(fs, status.getPath(), status.isDirectory());
    if (status.isDirectory()) {
      for (FileStatus child : fs.listStatus(status.getPath())) {
        set(fs, child);
      }
    }
  }

  /** Applies the group and permissions to one file or directory. */
  void applyTo(FileSystem fs, Path path, boolean directory) throws IOException {
    if (group != null) {
      fs.setOwner(path, null, group);
    }
    fs.setPermission(path, directory ? directoryPermission() : filePermission());
  }

  String describe() {
    return (group == null ? "owner only" : "owner and group " + group)
        + String.format(
            Locale.ROOT,
            " (directories %04o, files %04o)",
            directoryPermission().toShort(),
            filePermission().toShort());
  }
}
