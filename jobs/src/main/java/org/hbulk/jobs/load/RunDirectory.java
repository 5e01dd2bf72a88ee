package org.hbulk.jobs.load;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * One run's directory, on the job's file system:
 *
 * <pre>
 *   run.properties   how far the run got (state), its table, counts and timings
 *   spec             the load spec's text as the run used it
 *   hfiles/FAMILY/   the prepared HFiles, until they are loaded
 *   rejects/         rejected records, JSON lines, one file per map task
 *   report.json      the report
 *   report.html      the report as a page to look at, self-contained
 * </pre>
 */
public final class RunDirectory {
  private static final String STATE_FILE = "run.properties";

  /**
   * The last line of every state file: the state written aside (see {@link #writeState}) is whole
   * only when it ends with it.
   */
  private static final String STATE_END = "# end of state";

  private final FileSystem fs;
  private final Path root;
  private final HFileAccess access;

  private RunDirectory(FileSystem fs, Path root, HFileAccess access) {
    this.fs = fs;
    this.root = root;
    this.access = access;
  }

  /**
   * The run at {@code root}; who may read its files is {@link HFileAccess#of(Configuration)}'s to
   * say.
   */
  public static RunDirectory at(Configuration conf, Path root) throws IOException {
    FileSystem fs = root.getFileSystem(conf);
    return new RunDirectory(fs, fs.makeQualified(root), HFileAccess.of(conf));
  }

  HFileAccess access() {
    return access;
  }

  /** Creates the run's directory, closed to everyone but the owner (and the group, if any). */
  public void create() throws IOException {
    fs.mkdirs(root);
    access.applyTo(fs, root, true);
  }

  /** Creates the directory of a new run; refuses one that exists, saying what it holds. */
  public void createNew() throws HbulkException, IOException {
    if (fs.exists(root)) {
      RunState earlier = hasState() ? readState() : null;
      throw new HbulkException(
          ExitCode.USAGE,
          "run directory "
              + root
              + " already exists"
              + (earlier == null
                  ? ": give another --run-dir"
                  : " and holds run "
                      + earlier.runId()
                      + " ("
                      + earlier.stage()
                      + ")"
                      + (earlier.unfinished()
                          ? ": finish that run with 'hbulk resume --run-dir "
                              + root
                              + "', or give another --run-dir"
                          : ": give another --run-dir")));
    }
    create();
  }

  /**
   * Reads the run's state and makes this process its owner; refuses a run another live process
   * works on, and says so when the owner's host cannot be checked from here.
   */
  public RunState claim(PrintStream log) throws HbulkException, IOException {
    if (!hasState()) {
      throw new HbulkException(
          ExitCode.USAGE,
          root
              + " is not an hbulk run directory"
              + " (no run.properties): give the directory a load, prepare or nightly run printed");
    }
    RunState state = readState();
    RunOwner owner = state.owner();
    if (owner != null && !owner.isCurrent() && state.unfinished()) {
      switch (owner.liveness()) {
        case ALIVE ->
            throw new HbulkException(
                ExitCode.RUN_BUSY,
                "run "
                    + state.runId()
                    + " is "
                    + state.stage()
                    + " in "
                    + owner
                    + ", which is still running; wait for it to end");
        case UNKNOWN ->
            log.println(
                "hbulk: warning: run "
                    + state.runId()
                    + " was last worked on by "
                    + owner
                    + ", which cannot be checked from here; make sure it has stopped");
        case GONE ->
            log.println(
                "hbulk: run "
                    + state.runId()
                    + " was "
                    + state.stage()
                    + " in "
                    + owner
                    + ", which is gone");
      }
    }
    if (owner == null || !owner.isCurrent()) {
      state.owner(RunOwner.current());
      writeState(state);
    }
    return state;
  }

  /**
   * Closes everything the job wrote in the run to everyone but the owner (and the group, if any).
   */
  public void restrict() throws IOException {
    access.apply(fs, root);
  }

  public Path root() {
    return root;
  }

  public FileSystem fs() {
    return fs;
  }

  public Path hfiles() {
    return new Path(root, "hfiles");
  }

  public Path rejects() {
    return new Path(root, "rejects");
  }

  public Path report() {
    return new Path(root, "report.json");
  }

  public Path reportPage() {
    return new Path(root, "report.html");
  }

  public Path spec() {
    return new Path(root, "spec");
  }

  /** Scratch space of the job (the shuffle's cut points), removed after the job. */
  public Path scratch() {
    return new Path(root, "_scratch");
  }

  public boolean hasState() throws IOException {
    return stateFile() != null;
  }

  public RunState readState() throws IOException {
    // A writer in another process moves the state between its two files (writeState): a file
    // found and then gone is looked for again, a few times, before the run counts as stateless.
    for (int attempt = 1; ; attempt++) {
      Path file = stateFile();
      if (file == null) {
        throw new FileNotFoundException("no run state in " + root);
      }
      Properties p = new Properties();
      try (InputStream in = fs.open(file)) {
        p.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        return new RunState(p);
      } catch (FileNotFoundException movedAway) {
        if (attempt == 3) {
          throw movedAway;
        }
      }
    }
  }

  /**
   * The run's state file: {@code run.properties}, or, when a process died between deleting it and
   * renaming the new state in its place ({@link #writeState}), the new state written whole aside.
   * Read as no state, such a run was refused by resume as no run at all and skipped by the check
   * for unfinished runs, so that a new load loaded its cells a second time. Null when there is
   * none.
   */
  private Path stateFile() throws IOException {
    Path file = new Path(root, STATE_FILE);
    if (fs.exists(file)) {
      return file;
    }
    Path aside = stateAside();
    try {
      return fs.exists(aside) && readText(aside).stripTrailing().endsWith(STATE_END) ? aside : null;
    } catch (FileNotFoundException renamedMeanwhile) {
      return fs.exists(file) ? file : null;
    }
  }

  private Path stateAside() {
    return new Path(root, "_" + STATE_FILE);
  }

  public void writeState(RunState state) throws IOException {
    // Written aside and renamed, so a crash never leaves a half-written state behind: the file
    // systems' renames do not replace a file, so the old state is deleted first, and until the new
    // one is renamed in its place it is read from aside (stateFile), whole once it ends with
    // STATE_END. A state read from aside is put in place first, not overwritten by a new one that
    // is not whole yet.
    Path tmp = stateAside();
    Path target = new Path(root, STATE_FILE);
    if (tmp.equals(stateFile())) {
      FileMoves.rename(fs, tmp, target);
    }
    try (FSDataOutputStream out = create(tmp)) {
      java.io.Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
      state.properties().store(w, "hbulk run state");
      w.write(STATE_END + "\n");
      w.flush();
    }
    fs.delete(target, false);
    FileMoves.rename(fs, tmp, target);
  }

  public void writeText(Path file, String text) throws IOException {
    try (OutputStream out = create(file)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * A new file (replacing any) that is never more open than the run's access allows, not even while
   * written; the group, if any, gets its rights at once.
   */
  private FSDataOutputStream create(Path file) throws IOException {
    FSDataOutputStream out =
        fs.create(
            file,
            access.filePermission(),
            true,
            fs.getConf().getInt("io.file.buffer.size", 4096),
            fs.getDefaultReplication(file),
            fs.getDefaultBlockSize(file),
            null);
    access.applyTo(fs, file, false);
    return out;
  }

  public String readText(Path file) throws IOException {
    try (InputStream in = fs.open(file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
