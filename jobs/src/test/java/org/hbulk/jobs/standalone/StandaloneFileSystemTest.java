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
  @TempDir
  java.nio.file.Path dir;

  private static FileSystem standalone() throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.file.impl", StandaloneFileSystem.class.getName());
    conf.setBoolean("fs.file.impl.disable.cache", true);
    return FileSystem.get(new java.net.URI("file:///"), conf);
  }

  @Test
  void hbaseSeesOneFileSystemSoBulkLoadsRenameInsteadOfCopying() throws Exception {
    Configuration conf = new Configuration();
    try (FileSystem a = standalone(); FileSystem b = standalone();
        FileSystem local = FileSystem.newInstance(new java.net.URI("file:///"), conf)) {
      assertTrue(FSUtils.isSameHdfs(conf, a, b));
      assertFalse(FSUtils.isSameHdfs(conf, local, local), "Hadoop's own local file system has no name");
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
  void permissionsAreSetAsChmodWouldSetThem() throws Exception {
    java.nio.file.Path file = Files.writeString(dir.resolve("f"), "x");
    try (FileSystem fs = standalone()) {
      for (String mode : new String[] {"777", "755", "644", "600", "640", "000", "751"}) {
        fs.setPermission(new Path(file.toUri()), new FsPermission(mode));
        String expected = FsPermission.createImmutable(Short.parseShort(mode, 8)).toString();
        assertEquals(expected, PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), mode);
        assertEquals(new FsPermission(mode), fs.getFileStatus(new Path(file.toUri())).getPermission(), mode);
      }
    }
  }
}
