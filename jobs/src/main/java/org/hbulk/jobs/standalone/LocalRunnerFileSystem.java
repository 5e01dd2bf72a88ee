package org.hbulk.jobs.standalone;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.apache.hadoop.mapred.JobConf;

/**
 * hbulk's own local file system when its job runs in-process under the local job runner: Hadoop's
 * checksummed local file system (which the local job runner needs), setting permissions through
 * java.nio ({@link NioPermissions}) instead of a {@code chmod} process per call when Hadoop's
 * native library is missing, as it is when hbulk runs from the project's jars.
 */
public class LocalRunnerFileSystem extends LocalFileSystem {
  public LocalRunnerFileSystem() {
    super(new Raw());
  }

  /**
   * Makes {@code conf}'s {@code file:} scheme this file system when the job will run locally,
   * Hadoop has no native library to set permissions with, and nobody chose {@code fs.file.impl}.
   * Must run before the process first opens a local file through Hadoop, which caches the file
   * system it made then. {@link #forgetUnlessLocal} undoes it for a job submitted to a cluster.
   */
  public static void installIfLocal(Configuration conf) {
    // JobConf's first use adds mapred-site.xml, which says where jobs run, to every configuration.
    String framework = new JobConf(conf).get("mapreduce.framework.name", "local");
    if ("local".equals(framework) && conf.get("fs.file.impl") == null && !NativeIO.isAvailable()) {
      conf.set("fs.file.impl", LocalRunnerFileSystem.class.getName());
    }
  }

  /** Keeps a job that runs on a cluster from naming this class, which its tasks may not have. */
  public static void forgetUnlessLocal(Configuration jobConf, boolean local) {
    if (!local && LocalRunnerFileSystem.class.getName().equals(jobConf.get("fs.file.impl"))) {
      jobConf.unset("fs.file.impl");
    }
  }

  private static final class Raw extends RawLocalFileSystem {
    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
      if (!NioPermissions.set(this, p, permission)) {
        super.setPermission(p, permission);
      }
    }
  }
}
