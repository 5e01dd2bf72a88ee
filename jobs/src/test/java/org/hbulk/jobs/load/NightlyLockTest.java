package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nightly lock: one holder at a time, in this JVM or another, released when its holder dies.
 */
class NightlyLockTest {
  @TempDir Path tmp;

  @Test
  void aSecondTakeFailsWithTheLockCodeAndSaysWhoHoldsIt() throws Exception {
    NightlyIdentity id = NightlyIdentity.named("orders@orders");
    Path file = tmp.resolve("locks/orders@orders.lock");
    try (NightlyLock first = NightlyLock.take(file, id)) {
      HbulkException e = assertThrows(HbulkException.class, () -> NightlyLock.take(file, id));
      assertEquals(ExitCode.LOCK_HELD, e.exitCode());
      assertTrue(
          e.getMessage()
              .contains(
                  "another run of nightly orders@orders holds "
                      + file
                      + " (pid "
                      + ProcessHandle.current().pid()
                      + " since "),
          e.getMessage());
    }
    NightlyLock.take(file, id).close();
  }

  @Test
  void aLockHeldByAnotherProcessIsHeldAndFreedWhenThatProcessIsKilled() throws Exception {
    NightlyIdentity id = NightlyIdentity.named("n");
    Path file = tmp.resolve("n.lock");
    // Another JVM takes the same kind of lock (java runs a single source file without compiling
    // it).
    Path holder = tmp.resolve("Holder.java");
    Files.writeString(
        holder,
        "import java.nio.channels.FileChannel; import java.nio.file.*;\n"
            + "public class Holder { public static void main(String[] a) throws Exception {\n"
            + "  FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);\n"
            + "  c.lock(); System.out.println(\"locked\"); System.out.flush(); Thread.sleep(600_000); } }\n");
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                holder.toString(),
                file.toString())
            .redirectErrorStream(true)
            .start();
    try {
      BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("locked", r.readLine());
      HbulkException e = assertThrows(HbulkException.class, () -> NightlyLock.take(file, id));
      assertEquals(ExitCode.LOCK_HELD, e.exitCode());
    } finally {
      p.destroyForcibly();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    }
    NightlyLock.take(file, id).close();
  }
}
