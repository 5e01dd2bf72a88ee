package org.hbulk.jobs.load;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.hbulk.mappers.HbulkConf;

/**
 * Who may read and move a run's files: the user who ran the job, and the group named by
 * {@link HbulkConf#HFILES_GROUP} if any; never everyone. HBase 2's region servers move bulk-loaded
 * files acting as the user who asked for the load (SecureBulkLoadManager, with that user's HDFS
 * delegation token when security is on), so the owner's rights are enough for the HBase service;
 * the group is for other accounts that must complete or inspect a run.
 */
final class HFileAccess {
  private final String group;

  private HFileAccess(String group) {
    this.group = group;
  }

  static HFileAccess of(Configuration conf) {
    String g = conf.getTrimmed(HbulkConf.HFILES_GROUP, "");
    return new HFileAccess(g.isEmpty() ? null : g);
  }

  /** The job's umask: files are never readable by others, not even while the job writes them. */
  String umask() {
    return group == null ? "077" : "007";
  }

  FsPermission directoryPermission() {
    return new FsPermission(group == null ? (short) 0700 : (short) 0770);
  }

  FsPermission filePermission() {
    return new FsPermission(group == null ? (short) 0600 : (short) 0660);
  }

  /** Applies the group and permissions to {@code dir} and everything under it. */
  void apply(FileSystem fs, Path dir) throws IOException {
    set(fs, fs.getFileStatus(dir));
  }

  private void set(FileSystem fs, FileStatus status) throws IOException {
    if (group != null) {
      fs.setOwner(status.getPath(), null, group);
    }
    fs.setPermission(status.getPath(), status.isDirectory() ? directoryPermission() : filePermission());
    if (status.isDirectory()) {
      for (FileStatus child : fs.listStatus(status.getPath())) {
        set(fs, child);
      }
    }
  }

  String describe() {
    return group == null ? "owner only (directories 0700, files 0600)"
        : "owner and group " + group + " (directories 0770, files 0660)";
  }
}
