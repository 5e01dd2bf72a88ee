package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rename the file system refuses fails the run with both paths, instead of going unnoticed. */
class FileMovesTest {
  @TempDir java.nio.file.Path tmp;

  /** The local disk under the scheme {@code norename:}, whose renames all answer false. */
  public static class NoRenameFileSystem extends RawLocalFileSystem {
    @Override
    public URI getUri() {
      return URI.create("norename:///");
    }

    @Override
    public String getScheme() {
      return "norename";
    }

    @Override
    public boolean rename(Path src, Path dst) {
      return false;
    }
  }

  private static Configuration conf() {
    Configuration conf = new Configuration(false);
    conf.setClass("fs.norename.impl", NoRenameFileSystem.class, FileSystem.class);
    conf.setBoolean("fs.norename.impl.disable.cache", true);
    return conf;
  }

  @Test
  void aRefusedRenameThrowsNamingBothPaths() throws Exception {
    Files.writeString(tmp.resolve("a"), "x");
    Path from = new Path("norename://" + tmp.resolve("a"));
    Path to = new Path("norename://" + tmp.resolve("b"));
    FileSystem fs = from.getFileSystem(conf());
    IOException e = assertThrows(IOException.class, () -> FileMoves.rename(fs, from, to));
    assertTrue(e.getMessage().contains("could not move " + from + " to " + to), e.getMessage());
    assertFalse(Files.exists(tmp.resolve("b")));
  }

  @Test
  void aRunStateWhoseRenameIsRefusedIsAnErrorNotASilentlyStaleState() throws Exception {
    RunDirectory run = RunDirectory.at(conf(), new Path("norename://" + tmp.resolve("run")));
    run.create();
    RunState state =
        RunState.create("r1", "orders.spec", java.util.List.of("orders"), 0L, RunState.Mode.LOAD);
    IOException e = assertThrows(IOException.class, () -> run.writeState(state));
    assertTrue(
        e.getMessage().contains("_run.properties to " + run.root() + "/run.properties"),
        e.getMessage());
    // The state written whole aside is the run's state from then on, never an older one.
    assertEquals(RunState.Stage.PREPARING, run.readState().stage());
    assertEquals("r1", run.readState().runId());
  }

  @Test
  void aRenameTheFileSystemMakesMovesTheFile() throws Exception {
    Files.writeString(tmp.resolve("a"), "x");
    FileSystem fs = FileSystem.getLocal(new Configuration(false)).getRaw();
    FileMoves.rename(fs, new Path(tmp.resolve("a").toUri()), new Path(tmp.resolve("b").toUri()));
    assertEquals("x", Files.readString(tmp.resolve("b")));
  }
}
