package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.hbulk.mappers.HbulkConf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's local file system under the local job runner: checksummed, permissions without
 * processes.
 */
class LocalRunnerFileSystemTest {
  private static final String IMPL = "fs.file.impl";

  @TempDir java.nio.file.Path dir;

  @Test
  void installedForLocalJobsWhenHadoopHasNoNativeLibrary() {
    assumeFalse(NativeIO.isAvailable(), "with Hadoop's native library, chmod needs no process");
    Configuration conf = new Configuration(false);
    LocalRunnerFileSystem.installIfLocal(conf);
    assertEquals(LocalRunnerFileSystem.class.getName(), conf.get(IMPL));
  }

  @Test
  void notWhenSwitchedOff() {
    Configuration conf = new Configuration(false);
    conf.setBoolean(HbulkConf.LOCAL_FAST_FILE_SYSTEM, false);
    LocalRunnerFileSystem.installIfLocal(conf);
    assertNull(conf.get(IMPL));
  }

  @Test
  void neverForClusterJobsNorOverTheUsersChoice() {
    Configuration cluster = new Configuration(false);
    cluster.set("mapreduce.framework.name", "yarn");
    LocalRunnerFileSystem.installIfLocal(cluster);
    assertNull(cluster.get(IMPL));

    Configuration chosen = new Configuration(false);
    chosen.set(IMPL, LocalFileSystem.class.getName());
    LocalRunnerFileSystem.installIfLocal(chosen);
    assertEquals(LocalFileSystem.class.getName(), chosen.get(IMPL));
  }

  @Test
  void aJobSubmittedToAClusterDoesNotNameIt() {
    Configuration job = new Configuration(false);
    job.set(IMPL, LocalRunnerFileSystem.class.getName());
    LocalRunnerFileSystem.forgetUnlessLocal(job, true);
    assertEquals(LocalRunnerFileSystem.class.getName(), job.get(IMPL));
    LocalRunnerFileSystem.forgetUnlessLocal(job, false);
    assertNull(job.get(IMPL));

    job.set(IMPL, LocalFileSystem.class.getName());
    LocalRunnerFileSystem.forgetUnlessLocal(job, false);
    assertEquals(LocalFileSystem.class.getName(), job.get(IMPL), "the user's choice stays");
  }

  @Test
  void writesChecksumsAndSetsPermissionsOnCreateMkdirsAndSetPermission() throws Exception {
    Configuration conf = new Configuration();
    conf.set(IMPL, LocalRunnerFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    conf.set("fs.permissions.umask-mode", "077");
    try (FileSystem fs = FileSystem.get(new java.net.URI("file:///"), conf)) {
      assertTrue(fs instanceof LocalRunnerFileSystem);
      Path sub = new Path(dir.resolve("run/hfiles").toUri());
      assertTrue(fs.mkdirs(sub, new FsPermission("777")));
      assertEquals("rwx------", mode(dir.resolve("run/hfiles")));
      Path file = new Path(sub, "f");
      try (FSDataOutputStream out =
          fs.create(file, new FsPermission("666"), true, 4096, (short) 1, 1 << 20, null)) {
        out.writeUTF("cells");
      }
      assertEquals("rw-------", mode(dir.resolve("run/hfiles/f")));
      assertTrue(
          Files.exists(dir.resolve("run/hfiles/.f.crc")),
          "the checksum file the local job runner relies on");
      for (String m : new String[] {"640", "755", "600", "000"}) {
        fs.setPermission(file, new FsPermission(m));
        assertEquals(
            FsPermission.createImmutable(Short.parseShort(m, 8)).toString(),
            mode(dir.resolve("run/hfiles/f")),
            m);
        assertEquals(new FsPermission(m), fs.getFileStatus(file).getPermission(), m);
      }
    }
  }

  @Test
  void permissionsGoThroughJavaNioNotChmodExceptForTheStickyBit() throws Exception {
    java.nio.file.Path file = Files.writeString(dir.resolve("g"), "x");
    try (org.apache.hadoop.fs.RawLocalFileSystem raw =
        new org.apache.hadoop.fs.RawLocalFileSystem()) {
      raw.initialize(new java.net.URI("file:///"), new Configuration());
      Path p = new Path(file.toUri());
      assertTrue(NioPermissions.set(raw, p, new FsPermission("640")));
      assertEquals("rw-r-----", mode(file));
      assertFalse(NioPermissions.set(raw, p, new FsPermission("1750")), "left to Hadoop's chmod");
      assertEquals("rw-r-----", mode(file));
    }
  }

  private static String mode(java.nio.file.Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }
}
