package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's files are the writer's, or the writer's and one group's; never everyone's. */
class HFileAccessTest {
  @TempDir Path tmp;

  @Test
  void withoutAGroupOnlyTheOwnerHasAnyRight() throws IOException {
    Path run = tree();
    HFileAccess access = HFileAccess.of(new Configuration(false));
    assertEquals("077", access.umask());
    access.apply(
        FileSystem.getLocal(new Configuration(false)), new org.apache.hadoop.fs.Path(run.toUri()));
    assertEquals("rwx------", mode(run));
    assertEquals("rwx------", mode(run.resolve("hfiles/t/d")));
    assertEquals("rw-------", mode(run.resolve("hfiles/t/d/f1")));
    assertEquals("rw-------", mode(run.resolve("report.json")));
  }

  @Test
  void aGroupGetsTheOwnersRightsAndTheFiles() throws IOException {
    String group = UserGroupInformation.getCurrentUser().getPrimaryGroupName();
    Path run = tree();
    Configuration conf = new Configuration(false);
    conf.set(HbulkConf.HFILES_GROUP, group);
    HFileAccess access = HFileAccess.of(conf);
    assertEquals("007", access.umask());
    access.apply(FileSystem.getLocal(conf), new org.apache.hadoop.fs.Path(run.toUri()));
    assertEquals("rwxrwx---", mode(run.resolve("hfiles/t")));
    assertEquals("rw-rw----", mode(run.resolve("hfiles/t/d/f1")));
    assertEquals(
        group,
        Files.readAttributes(
                run.resolve("hfiles/t/d/f1"), java.nio.file.attribute.PosixFileAttributes.class)
            .group()
            .getName());
  }

  /**
   * The driver's own files (state, spec, report) are closed from the start, not only after the job.
   */
  @Test
  void theRunsOwnFilesAreTheOwnersFromTheStart() throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("fs.permissions.umask-mode", "022");
    RunDirectory run =
        RunDirectory.at(conf, new org.apache.hadoop.fs.Path(tmp.resolve("runs/r1").toUri()));
    run.create();
    run.writeText(run.spec(), "[columns]");
    run.writeState(RunState.create("r1", "t.spec", java.util.List.of("t"), 1L, RunState.Mode.LOAD));
    run.writeText(run.report(), "{}");
    Path root = tmp.resolve("runs/r1");
    assertEquals("rwx------", mode(root));
    for (String file : new String[] {"spec", "run.properties", "report.json"}) {
      assertEquals("rw-------", mode(root.resolve(file)), file);
    }
  }

  private Path tree() throws IOException {
    Path run = Files.createDirectories(tmp.resolve("run"));
    Path family = Files.createDirectories(run.resolve("hfiles/t/d"));
    Files.writeString(family.resolve("f1"), "cells");
    Files.writeString(run.resolve("report.json"), "{}");
    Files.setPosixFilePermissions(
        family.resolve("f1"), PosixFilePermissions.fromString("rw-rw-rw-"));
    // Another group first, where the account may set one, so that taking the group is seen to
    // happen.
    try {
      GroupPrincipal other =
          tmp.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByGroupName("daemon");
      Files.getFileAttributeView(family.resolve("f1"), PosixFileAttributeView.class)
          .setGroup(other);
    } catch (IOException | UnsupportedOperationException e) {
      // Not allowed to this account: the file keeps the primary group.
    }
    return run;
  }

  private static String mode(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }
}
