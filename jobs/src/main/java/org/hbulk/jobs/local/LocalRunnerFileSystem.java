package org.hbulk.jobs.local;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.Shortcut;

/**
 * hbulk's own local file system when its job runs in-process under the local job runner: Hadoop's
 * checksummed local file system (which the local job runner needs), setting permissions through
 * java.nio ({@link NioPermissions}) instead of a {@code chmod} process per call when Hadoop's
 * native library is missing, as it is when hbulk runs from the project's jars.
 */
public class LocalRunnerFileSystem extends LocalFileSystem {
  /** The shortcut's name in the report. */
  public static final String NAME = "local-fast-file-system";

  private static final String IMPL = "fs.file.impl";

  public LocalRunnerFileSystem() {
    super(new Raw());
  }

  /**
   * Makes {@code conf}'s {@code file:} scheme this file system when its switch ({@link
   * HbulkConf#LOCAL_FAST_FILE_SYSTEM}) is on, the job will run locally, Hadoop has no native
   * library to set permissions with, and nobody chose {@code fs.file.impl}. Must run after the
   * command line's {@code -D} options are in {@code conf} and before the process first opens a
   * local file through Hadoop, which caches the file system it made then. {@link
   * #forgetUnlessLocal} undoes it for a job submitted to a cluster.
   */
  public static void installIfLocal(Configuration conf) {
    if (LocalTuning.runsLocally(conf)
        && switchedOn(conf)
        && conf.get(IMPL) == null
        && !NativeIO.isAvailable()) {
      conf.set(IMPL, LocalRunnerFileSystem.class.getName());
    }
  }

  /** Keeps a job that runs on a cluster from naming this class, which its tasks may not have. */
  public static void forgetUnlessLocal(Configuration jobConf, boolean local) {
    if (!local && LocalRunnerFileSystem.class.getName().equals(jobConf.get(IMPL))) {
      jobConf.unset(IMPL);
    }
  }

  /** Whether a local job ran on this file system, and if not, why. */
  static Shortcut outcome(Configuration jobConf) throws IOException {
    // The file system the process really uses: the one it made first, whatever the job says.
    FileSystem fs = FileSystem.getLocal(jobConf);
    if (fs instanceof LocalRunnerFileSystem) {
      return shortcut(
          Shortcut.State.RAN,
          (switchedOn(jobConf)
                  ? ""
                  : "switched off, but this process had made it for an earlier job: ")
              + "permissions set through java.nio, not chmod processes");
    }
    if (!switchedOn(jobConf)) {
      return shortcut(Shortcut.State.OFF, "Hadoop's local file system");
    }
    if (NativeIO.isAvailable()) {
      return shortcut(Shortcut.State.NOT_USED, "Hadoop's native library sets permissions");
    }
    String chosen = jobConf.get(IMPL);
    if (chosen != null && !chosen.equals(LocalRunnerFileSystem.class.getName())) {
      return shortcut(Shortcut.State.NOT_USED, IMPL + " is " + chosen);
    }
    // Switched on, but the process made its local file system before hbulk could choose it.
    return shortcut(
        Shortcut.State.FELL_BACK,
        "the local file system is "
            + fs.getClass().getName()
            + ", made before hbulk could choose it: a chmod process per permission set");
  }

  private static boolean switchedOn(Configuration conf) {
    return conf.getBoolean(
        HbulkConf.LOCAL_FAST_FILE_SYSTEM, HbulkConf.LOCAL_FAST_FILE_SYSTEM_DEFAULT);
  }

  private static Shortcut shortcut(Shortcut.State state, String detail) {
    return new Shortcut(NAME, HbulkConf.LOCAL_FAST_FILE_SYSTEM, state, detail);
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
