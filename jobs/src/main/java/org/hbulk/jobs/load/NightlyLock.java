package org.hbulk.jobs.load;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * The lock of one nightly identity: a lock on a local file, which the kernel releases when the
 * process ends however it ends, so a killed run never leaves the identity locked. Taken before the
 * run looks at its directory, held until its log is written.
 */
public final class NightlyLock implements AutoCloseable {
  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

  private NightlyLock(Path file, FileChannel channel, FileLock lock) {
    this.file = file;
    this.channel = channel;
    this.lock = lock;
  }

  /** Takes the lock at once, or throws {@link ExitCode#LOCK_HELD} naming who holds it. */
  public static NightlyLock take(Path file, NightlyIdentity identity) throws HbulkException {
    FileChannel channel = null;
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException heldInThisJvm) {
        lock = null;
      }
      if (lock == null) {
        String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
        channel.close();
        throw new HbulkException(
            ExitCode.LOCK_HELD,
            "another run of nightly "
                + identity
                + " holds "
                + file
                + (holder.isEmpty() ? "" : " (" + holder + ")")
                + "; this run changed nothing. Wait for it to end,"
                + " or see its nightly.log");
      }
      // Who holds it, for the message of a run that finds it held; the lock, not this text,
      // decides.
      channel.truncate(0);
      channel.write(
          ByteBuffer.wrap(
              ("pid " + ProcessHandle.current().pid() + " since " + Instant.now() + "\n")
                  .getBytes(StandardCharsets.UTF_8)));
      return new NightlyLock(file, channel, lock);
    } catch (IOException e) {
      closeQuietly(channel);
      throw new HbulkException(
          ExitCode.USAGE,
          "cannot take the nightly lock "
              + file
              + ": "
              + e.getMessage()
              + "; set hbulk.nightly.lock.dir to a writable local directory");
    }
  }

  public Path file() {
    return file;
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      channel.close();
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // the open failure is what the operator needs to hear of
      }
    }
  }
}
