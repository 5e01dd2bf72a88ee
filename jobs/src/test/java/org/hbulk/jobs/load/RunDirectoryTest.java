package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's state file, whatever moment of its writing the process died at. */
class RunDirectoryTest {
  @TempDir Path tmp;

  private static final LoadSpec SPEC =
      LoadSpec.parse(
          "t.spec",
          "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\nd:v = v\n");

  private RunDirectory run(String name) throws Exception {
    RunDirectory run =
        RunDirectory.at(
            new Configuration(false),
            new org.apache.hadoop.fs.Path(tmp.resolve("work/t/" + name).toString()));
    run.create();
    run.writeText(run.spec(), SPEC.text());
    return run;
  }

  private static RunState state(RunState.Stage stage) {
    RunState state =
        RunState.begin(
            "r1",
            SPEC,
            List.of("in.csv"),
            List.of(new org.apache.hadoop.fs.Path("in.csv")),
            1000,
            RunState.Mode.LOAD);
    state.stage(stage);
    // A process that is gone: this host and pid, another start.
    RunOwner self = RunOwner.current();
    state.owner(new RunOwner(self.host(), self.pid(), "1970-01-01T00:00:00Z"));
    return state;
  }

  private static Path file(RunDirectory run, String name) {
    return Path.of(run.root().toUri()).resolve(name);
  }

  @Test
  void aStateWhoseRenameDidNotHappenIsReadFromAsideAndTheRunIsNotForgotten() throws Exception {
    RunDirectory run = run("r1");
    run.writeState(state(RunState.Stage.PREPARED));
    run.writeState(state(RunState.Stage.LOADING));
    // What a process killed between deleting the old state and renaming the new one leaves: the
    // new state whole, aside.
    Files.move(file(run, "run.properties"), file(run, "_run.properties"));

    assertTrue(run.hasState());
    assertEquals(RunState.Stage.LOADING, run.readState().stage());
    // A new load of the same spec beside it is refused, as beside any half-loaded run.
    HbulkException e =
        assertThrows(
            HbulkException.class,
            () ->
                UnfinishedRuns.refuse(
                    new Configuration(false),
                    SPEC,
                    new org.apache.hadoop.fs.Path(tmp.resolve("work/t/r2").toString()),
                    new PrintStream(new ByteArrayOutputStream())));
    assertEquals(ExitCode.INTERRUPTED, e.exitCode());
    assertTrue(e.getMessage().contains("LOADING"), e.getMessage());

    // The next state written puts the one aside in place first, then replaces it.
    RunState claimed = run.claim(new PrintStream(new ByteArrayOutputStream()));
    assertEquals(RunState.Stage.LOADING, claimed.stage());
    assertTrue(Files.exists(file(run, "run.properties")));
    assertFalse(Files.exists(file(run, "_run.properties")));
    assertEquals(RunState.Stage.LOADING, run.readState().stage());
  }

  @Test
  void aStateAsideCutShortIsNoState() throws Exception {
    RunDirectory run = run("r1");
    run.writeState(state(RunState.Stage.PREPARING));
    String whole = Files.readString(file(run, "run.properties"));
    Files.delete(file(run, "run.properties"));
    // The first state of a run, cut short while written aside: no run.properties yet.
    Files.writeString(file(run, "_run.properties"), whole.substring(0, whole.length() / 2));
    assertFalse(run.hasState());
    // Beside run.properties, the state aside is never read, whole or not.
    run.writeState(state(RunState.Stage.PREPARED));
    Files.writeString(file(run, "_run.properties"), whole);
    assertEquals(RunState.Stage.PREPARED, run.readState().stage());
  }
}
