package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;

@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Prints a bash/zsh completion script for hbulk's commands and options, generated from their"
          + " definitions (picocli's AutoComplete), so it is never out of date."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  source <(hbulk completion)", "  hbulk completion > /etc/bash_completion.d/hbulk"})
final class CompletionCommand implements Callable<Integer> {
  @Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand HbulkCommand parent;

  @CommandLine.Mixin CommonOptions common;

  @Override
  public Integer call() {
    parent.out().print(AutoComplete.bash("hbulk", spec.parent().commandLine()));
    return 0;
  }
}
