package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The system's Chromium (Debian package {@code chromium}), run headless on a local page: its DOM
 * once loaded, and a screenshot. Absent, a test using it is skipped with a message saying so,
 * unless {@code HBULK_TEST_BROWSER=required} (CI's setting), when that is a failure.
 */
public final class HeadlessChromium {
  private static final long TIMEOUT_SECONDS = 120;
  private final Path binary;
  private final Path profile;

  private HeadlessChromium(Path binary, Path profile) {
    this.binary = binary;
    this.profile = profile;
  }

  /** The browser, with a profile of its own under {@code work}. */
  public static HeadlessChromium find(Path work) throws IOException {
    String named = System.getenv("HBULK_CHROMIUM");
    List<Path> candidates = new ArrayList<>();
    if (named != null && !named.isEmpty()) {
      candidates.add(Path.of(named));
    }
    candidates.add(Path.of("/usr/bin/chromium"));
    candidates.add(Path.of("/usr/bin/chromium-browser"));
    for (Path p : candidates) {
      if (Files.isExecutable(p)) {
        return new HeadlessChromium(p, Files.createTempDirectory(work, "chromium-profile"));
      }
    }
    String message =
        "no Chromium found (looked at "
            + candidates
            + "): install Debian's package chromium, or name the binary in HBULK_CHROMIUM";
    if ("required".equals(System.getenv("HBULK_TEST_BROWSER"))) {
      throw new AssertionError(message + " (HBULK_TEST_BROWSER=required)");
    }
    System.err.println("SKIPPED browser check: " + message);
    Assumptions.abort(message);
    return null;
  }

  /** The page's DOM after it loaded, serialized. */
  public String dom(Path page) throws IOException, InterruptedException {
    return run(page, "--dump-dom");
  }

  /** A PNG of the page in a window of the given size. */
  public void screenshot(Path page, Path png, int width, int height)
      throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.deleteIfExists(png);
    run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height);
    assertTrue(Files.size(png) > 0, "Chromium wrote no screenshot to " + png);
  }

  private String run(Path page, String... what) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(binary.toString());
    // Without the network flags, Chromium keeps trying to reach Google's hosts, which a closed
    // network refuses (many connections at a time); no sandbox: CI runs as root.
    command.addAll(
        List.of(
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--user-data-dir=" + profile));
    command.addAll(List.of(what));
    command.add(page.toAbsolutePath().toUri().toString());
    Path stdout = Files.createTempFile(profile, "stdout", ".txt");
    Path stderr = Files.createTempFile(profile, "stderr", ".txt");
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(
          "Chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
    }
    assertEquals(
        0,
        p.exitValue(),
        () -> {
          try {
            return "Chromium failed: " + command + "\n" + Files.readString(stderr);
          } catch (IOException e) {
            return "Chromium failed: " + command;
          }
        });
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }
}
