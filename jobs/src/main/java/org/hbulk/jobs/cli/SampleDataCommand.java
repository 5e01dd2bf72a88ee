package org.hbulk.jobs.cli;

import java.io.BufferedWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.hbulk.jobs.sample.OrderDataGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
    name = "sample-data",
    mixinStandardHelpOptions = true,
    description = {
      "Writes an example orders CSV (header, quoted fields, non-ASCII text, empty "
          + "values) for conf/examples/orders.spec. The same --seed gives the same file."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  hbulk sample-data --rows 100000 --out var/data/orders.csv"})
final class SampleDataCommand implements Callable<Integer> {
  @ParentCommand HbulkCommand parent;

  @Mixin CommonOptions common;

  @Option(
      names = "--rows",
      paramLabel = "N",
      defaultValue = "100000",
      description = "Rows (default ${DEFAULT-VALUE}).")
  long rows;

  @Option(
      names = "--users",
      paramLabel = "N",
      defaultValue = "20000",
      description = "Distinct users (default ${DEFAULT-VALUE}).")
  int users;

  @Option(
      names = "--seed",
      paramLabel = "N",
      defaultValue = "42",
      description = "Random seed (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "FILE",
      description = "The CSV file to write.")
  Path out;

  @Override
  public Integer call() throws Exception {
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    try (Writer w =
        new BufferedWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
      new OrderDataGenerator(seed, users).write(w, rows);
    }
    parent.out().println("wrote " + rows + " rows to " + out);
    return 0;
  }
}
