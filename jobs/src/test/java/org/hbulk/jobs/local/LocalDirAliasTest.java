package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local job runner's folders reached without a space; the job's own test is in BulkLoadIT. */
class LocalDirAliasTest {
  @TempDir Path tmp;

  @Test
  void aFolderWithASpaceIsReachedThroughALinkWithoutOneAndOthersStayAsTheyAre() throws Exception {
    Path spaced = tmp.resolve("My Projects/var/mapred-local");
    Path plain = tmp.resolve("plain");
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.cluster.local.dir", plain + ", " + spaced);
    List<Path> links = LocalDirAlias.apply(conf);
    String[] dirs = conf.getTrimmedStrings("mapreduce.cluster.local.dir");
    assertEquals(2, dirs.length);
    assertEquals(plain.toString(), dirs[0]);
    assertEquals(List.of(Path.of(dirs[1])), links);
    assertFalse(dirs[1].contains(" "), dirs[1]);
    assertTrue(Files.isSymbolicLink(Path.of(dirs[1])));
    assertEquals(spaced.toRealPath(), Path.of(dirs[1]).toRealPath(), "the same folder");
    assertEquals(
        "rwx------",
        java.nio.file.attribute.PosixFilePermissions.toString(
            Files.getPosixFilePermissions(Path.of(dirs[1]).getParent())));
  }

  @Test
  void withoutASpaceNothingChanges() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.cluster.local.dir", tmp.resolve("a") + "," + tmp.resolve("b"));
    assertEquals(List.of(), LocalDirAlias.apply(conf));
    assertEquals(
        tmp.resolve("a") + "," + tmp.resolve("b"), conf.get("mapreduce.cluster.local.dir"));
  }
}
