package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * The local job runner's working folders, one set per run. The local runner keeps every map output
 * (the whole shuffle, as large as the HFiles) under {@code mapreduce.cluster.local.dir}, and the
 * job's staging files under the staging root, and removes them only when the job ends: a run killed
 * in its job leaves them behind, as large as its shuffle. Each run gets folders of its own, {@code
 * hbulk-<run id>-<pid>} under each configured one, marked with its owner, removed when its job
 * ends, and swept by the next local job once their owner is gone.
 */
final class LocalJobDirs {
  private static final String PREFIX = "hbulk-";
  private static final String OWNER_FILE = "owner.properties";

  /**
   * Where the local runner keeps map outputs, and its staging root: both on the local file system.
   */
  private static final String LOCAL_DIR = MRConfig.LOCAL_DIR;

  private static final String STAGING_ROOT = "mapreduce.jobtracker.staging.root.dir";

  private final List<Path> dirs;
  private final Configuration conf;

  private LocalJobDirs(List<Path> dirs, Configuration conf) {
    this.dirs = dirs;
    this.conf = conf;
  }

  /**
   * Points the job's local folders at folders of this run's own, created and marked with this
   * process as their owner; first sweeps the folders of runs whose process is gone.
   */
  static LocalJobDirs assign(Configuration conf, String runId, PrintStream log) throws IOException {
    List<Path> dirs = new ArrayList<>();
    // With the process id: nightly runs of two specs for one date share the run id.
    // The local runner cannot use a folder whose path holds a space (see LocalDirAlias), and a run
    // directory's name may hold one.
    String name =
        PREFIX + runId.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + ProcessHandle.current().pid();
    for (String key : List.of(LOCAL_DIR, STAGING_ROOT)) {
      List<String> own = new ArrayList<>();
      for (String configured : conf.getTrimmedStrings(key)) {
        FileSystem fs = FileSystem.getLocal(conf);
        Path parent = fs.makeQualified(new Path(configured));
        sweep(fs, parent, log);
        Path dir = new Path(parent, name);
        fs.mkdirs(dir);
        writeOwner(fs, dir);
        dirs.add(dir);
        own.add(dir.toString());
      }
      if (!own.isEmpty()) {
        conf.set(key, String.join(",", own));
      }
    }
    return new LocalJobDirs(dirs, conf);
  }

  /** Deletes the run's folders: what the job left there is of no use once it ended. */
  void release() throws IOException {
    FileSystem fs = FileSystem.getLocal(conf);
    for (Path dir : dirs) {
      fs.delete(dir, true);
    }
  }

  private static void sweep(FileSystem fs, Path parent, PrintStream log) throws IOException {
    if (!fs.isDirectory(parent)) {
      return;
    }
    for (FileStatus child : fs.listStatus(parent)) {
      if (child.isDirectory()
          && child.getPath().getName().startsWith(PREFIX)
          && ownerGone(fs, child.getPath())) {
        fs.delete(child.getPath(), true);
        log.println("hbulk: removed " + child.getPath() + ", left by a run whose process is gone");
      }
    }
  }

  private static boolean ownerGone(FileSystem fs, Path dir) throws IOException {
    Path file = new Path(dir, OWNER_FILE);
    if (!fs.exists(file)) {
      return false; // being created, or not ours: leave it
    }
    Properties p = new Properties();
    try (InputStream in = fs.open(file)) {
      p.load(in);
    }
    RunOwner owner = RunOwner.read(p);
    return owner != null && owner.liveness() == RunOwner.Liveness.GONE;
  }

  private static void writeOwner(FileSystem fs, Path dir) throws IOException {
    Properties p = new Properties();
    RunOwner.current().store(p);
    try (OutputStream out = fs.create(new Path(dir, OWNER_FILE), true)) {
      p.store(out, "the process whose local job uses this folder");
    }
  }
}
