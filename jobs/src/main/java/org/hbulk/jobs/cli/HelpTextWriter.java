package org.hbulk.jobs.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine;

/**
 * Run by the build (exec-maven-plugin, process-classes): writes every command's help, and the
 * version line, as {@code help/NAME.txt} resources for {@link Launcher}, which has no Hadoop to
 * build them from when the job jar is run with a bare {@code java -jar}.
 */
public final class HelpTextWriter {
  private HelpTextWriter() {}

  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0], Launcher.HELP_DIR.substring(1));
    Files.createDirectories(dir);
    write(dir.resolve("hbulk.txt"), "--help");
    for (String command :
        Main.commandLine(new Configuration(false), System.out, System.err)
            .getSubcommands()
            .keySet()) {
      write(dir.resolve(command + ".txt"), command, "--help");
    }
    write(dir.resolve("version.txt"), "--version");
  }

  private static void write(Path file, String... args) throws IOException {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);
    CommandLine fresh = Main.commandLine(new Configuration(false), out, out);
    if (fresh.execute(args) != 0) {
      throw new IOException("hbulk " + String.join(" ", args) + " did not exit 0:\n" + text);
    }
    Files.write(file, text.toByteArray());
  }
}
