package org.hbulk.jobs.standalone;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.hbulk.jobs.local.NioPermissions;

/**
 * The file system of the standalone HBase that {@code scripts/hbase-local.sh} starts: Hadoop's raw
 * local file system (no {@code .crc} file beside HBase's files, which carry their own checksums),
 * with two differences, both for bulk loads.
 *
 * <p>It has a service name. HBase moves a bulk-loaded HFile into its staging folder and then into
 * the region only when source and destination report the same service name; the local file system
 * reports none, so HBase copied every HFile twice (the run directory to staging, staging to the
 * region): twice the HFiles' bytes written, and most of {@code hbulk complete}'s time. One local
 * disk is one file system, and now both steps are renames, as they are within one HDFS. A rename
 * across two mounts falls back to a copy in Hadoop's own {@code rename}.
 *
 * <p>It grants nobody but its owner any access: HBase's secure bulk load makes its staging folders
 * and the HFiles it moves into the regions {@code 0777}, and a file of the server's is never meant
 * for other users; every mode it sets keeps the owner's bits only. (The rest, files made without a
 * mode, follow the process umask, which {@code scripts/hbase-local.sh} sets to 077.)
 *
 * <p>It sets permissions through java.nio ({@link NioPermissions}): without Hadoop's native library
 * the raw local file system runs a {@code chmod} process for each call, four for every bulk-loaded
 * HFile.
 */
public class StandaloneFileSystem extends RawLocalFileSystem {
  /** What {@link #getCanonicalServiceName()} reports, the same for every instance. */
  public static final String SERVICE_NAME = "file:standalone";

  @Override
  public String getCanonicalServiceName() {
    return SERVICE_NAME;
  }

  /** Masks every mode to its owner's bits. */
  static final FsPermission OWNER_ONLY_UMASK = FsPermission.createImmutable((short) 0077);

  @Override
  public void setPermission(Path p, FsPermission permission) throws IOException {
    FsPermission owners = permission.applyUMask(OWNER_ONLY_UMASK);
    if (!NioPermissions.set(this, p, owners)) {
      super.setPermission(p, owners);
    }
  }
}
