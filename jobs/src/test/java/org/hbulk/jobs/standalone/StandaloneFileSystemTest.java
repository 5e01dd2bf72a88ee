package org.hbulk.jobs.standalone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hbase.util.FSUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The standalone server's file system: one file system to HBase, permissions without processes. */
class StandaloneFileSystemTest {
  @TempDir java.nio.file.Path dir;

  private static FileSystem standalone() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", StandaloneFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    return FileSystem.get(new java.net.URI("file:///"), conf);
  }

  @Test
  void hbaseSeesOneFileSystemSoBulkLoadsRenameInsteadOfCopying() throws Exception {
    Configuration conf = new Configuration();
    try (FileSystem a = standalone();
        FileSystem b = standalone();
        FileSystem local = FileSystem.newInstance(new java.net.URI("file:///"), conf)) {
      assertTrue(FSUtils.isSameHdfs(conf, a, b));
      assertFalse(
          FSUtils.isSameHdfs(conf, local, local), "Hadoop's own local file system has no name");
      Path from = new Path(dir.resolve("run/d/hfile").toUri());
      a.mkdirs(from.getParent());
      Files.writeString(dir.resolve("run/d/hfile"), "cells");
      Path to = new Path(dir.resolve("staging/d/hfile").toUri());
      a.mkdirs(to.getParent());
      assertTrue(a.rename(from, to));
      assertFalse(Files.exists(dir.resolve("run/d/hfile")));
      assertEquals("cells", Files.readString(dir.resolve("staging/d/hfile")));
    }
  }

  @Test
  void permissionsAreSetAsChmodWouldSetThemForTheOwnerAndNobodyElse() throws Exception {
    java.nio.file.Path file = Files.writeString(dir.resolve("f"), "x");
    try (FileSystem fs = standalone()) {
      for (String mode : new String[] {"777", "755", "644", "600", "640", "000", "751", "500"}) {
        fs.setPermission(new Path(file.toUri()), new FsPermission(mode));
        String expected =
            FsPermission.createImmutable((short) (Short.parseShort(mode, 8) & 0700)).toString();
        assertEquals(
            expected, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), mode);
        assertEquals(
            expected, fs.getFileStatus(new Path(file.toUri())).getPermission().toString(), mode);
      }
    }
  }

  /** What HBase's secure bulk load asks for: staging folders and loaded HFiles 0777. */
  @Test
  void whatHBaseMakesOpenToAllStaysItsOwners() throws Exception {
    FsPermission all = new FsPermission((short) 0777);
    try (FileSystem fs = standalone()) {
      Path staging = new Path(dir.resolve("staging/load-1").toUri());
      assertTrue(fs.mkdirs(staging, all));
      fs.setPermission(staging, all);
      Path hfile = new Path(staging, "hfile");
      try (var out = fs.create(hfile, all, true, 4096, (short) 1, 1 << 20, null)) {
        out.write(1);
      }
      fs.setPermission(hfile, all);
      for (Path p : new Path[] {staging.getParent(), staging, hfile}) {
        String mode =
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(java.nio.file.Paths.get(p.toUri())));
        assertEquals("---", mode.substring(3, 6), p + " " + mode + ": group");
        assertEquals("---", mode.substring(6), p + " " + mode + ": others");
        assertEquals('r', mode.charAt(0), p + " " + mode + ": the owner keeps its rights");
      }
    }
  }
}
