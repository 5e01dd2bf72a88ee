package org.hbulk.jobs.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(name = "prepare", mixinStandardHelpOptions = true,
    description = {"Writes the HFiles of a load into a run directory without loading them; "
        + "'complete' loads them later. Checks the reject budget."},
    footerHeading = "%nExamples:%n",
    footer = {
        "  hbulk prepare --spec conf/examples/orders.spec --input var/data/orders.csv --run-dir var/runs/o1",
        "  hbulk complete --run-dir var/runs/o1"})
final class PrepareCommand implements Callable<Integer> {
  @ParentCommand
  HbulkCommand parent;

  @Mixin
  CommonOptions common;

  @Mixin
  SourceOptions source;

  @Override
  public Integer call() throws Exception {
    source.run(parent, common, false);
    return 0;
  }
}
