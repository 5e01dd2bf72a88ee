package org.hbulk.jobs.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.spec.KeyWarnings;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example spec in conf/examples parses, and every record of its sample data loads. */
class ExampleSpecsTest {
  static Stream<String> examples() throws Exception {
    try (Stream<Path> files = Files.list(Path.of("..", "conf", "examples"))) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".spec"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest
  @MethodSource("examples")
  void sampleDataLoadsWithoutReject(String name) throws Exception {
    Path spec = Path.of("..", "conf", "examples", name);
    LoadSpec loaded = LoadSpec.parse(name, Files.readString(spec));
    Path data = spec.resolveSibling("data").resolve(name.replace(".spec", ".csv"));
    if (name.equals("orders.spec")) {
      return; // its data is generated: see OrderDataGeneratorTest
    }
    assertTrue(Files.exists(data), "sample data " + data);
    List<String> lines = Files.readAllLines(data, StandardCharsets.UTF_8);
    RecordConverter converter = new RecordConverter(loaded, 0);
    int records = 0;
    for (String line : lines.subList(loaded.csv().header() ? 1 : 0, lines.size())) {
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      converter.convert(b, b.length);
      records++;
    }
    assertEquals(lines.size() - (loaded.csv().header() ? 1 : 0), records);
  }

  /**
   * The key warnings each example gets before a load. salted-events.spec is the seeds' own {@code
   * salt(ts, 8) + "|" + ts}: its time, written as text of varying width, is warned about (true: a
   * time range over it is read one width at a time and filtered); no other example gets a warning
   * about how its keys read back (orders-index.spec's time-first index keeps its hotspot warning).
   */
  @ParameterizedTest
  @MethodSource("examples")
  void onlyTheSaltedEventsExampleGetsKeyWarnings(String name) throws Exception {
    LoadSpec loaded =
        LoadSpec.parse(name, Files.readString(Path.of("..", "conf", "examples", name)));
    List<String> warnings =
        KeyWarnings.of(loaded).stream().filter(w -> !w.contains("grows with time")).toList();
    if (name.equals("salted-events.spec")) {
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(
          warnings
              .get(0)
              .startsWith("[output events] the key writes ts as decimal text of varying width"),
          warnings.get(0));
    } else {
      assertEquals(List.of(), warnings, name);
    }
  }
}
