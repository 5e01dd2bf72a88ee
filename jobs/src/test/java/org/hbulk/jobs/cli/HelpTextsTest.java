package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What every help text shows a user who copies from it. */
class HelpTextsTest extends CommandLineTest {
  @Test
  void everyExampleLineIsPrintedWholeNeverWrappedInsideAToken() {
    List<String> broken = new ArrayList<>();
    CommandLine top = Main.commandLine(new Configuration(false), System.out, System.err);
    List<CommandLine> commands = new ArrayList<>(top.getSubcommands().values());
    commands.add(top);
    for (CommandLine command : commands) {
      String help =
          command.getUsageMessage(CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF));
      List<String> printed = List.of(help.split("\\R"));
      for (String example : command.getCommandSpec().usageMessage().footer()) {
        if (!printed.contains(example)) {
          broken.add(command.getCommandName() + ": " + example);
        }
      }
    }
    assertEquals(List.of(), broken, "examples the help wraps (longer than its width)");
  }

  @Test
  void anUnknownCommandIsExitTwoWithTheNearestOneEvenWithHelp() {
    assertEquals(2, hbulk("compelte", "--help"));
    assertTrue(err.contains("unknown command 'compelte' (did you mean complete?)"), err);
    assertEquals("", out);
    assertEquals(2, hbulk("frobnicate"));
    assertTrue(err.contains("unknown command 'frobnicate'"), err);
    assertEquals(0, hbulk("help", "load"));
    assertTrue(out.startsWith("Usage: hbulk load"), out);
  }

  @Test
  void bashCompletionIsGeneratedFromTheCommandDefinitions() {
    assertEquals(0, hbulk("completion"));
    assertTrue(out.contains("complete -F _complete_hbulk"), out.substring(0, 200));
    for (String command : List.of("load", "importtsv", "nightly", "create-table")) {
      assertTrue(out.contains(command), command);
    }
    assertTrue(out.contains("--print-spec"), "options of the commands too");
  }
}
