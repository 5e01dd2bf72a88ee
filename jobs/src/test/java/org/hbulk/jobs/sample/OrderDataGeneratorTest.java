package org.hbulk.jobs.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class OrderDataGeneratorTest {
  private static String generate(long seed, int rows) throws Exception {
    StringWriter w = new StringWriter();
    new OrderDataGenerator(seed, 1000).write(w, rows);
    return w.toString();
  }

  @Test
  void sameSeedSameFile() throws Exception {
    assertEquals(generate(7, 500), generate(7, 500));
  }

  @Test
  void everyGeneratedRowLoadsUnderTheExampleSpecWithoutReject() throws Exception {
    Path specFile = Path.of("..", "conf", "examples", "orders.spec");
    LoadSpec spec = LoadSpec.parse(specFile.toString(), Files.readString(specFile));
    RecordConverter converter = new RecordConverter(spec, 0);
    String[] lines = generate(42, 5000).split("\n");
    assertEquals(OrderDataGenerator.HEADER, lines[0]);
    Set<String> keys = new HashSet<>();
    boolean quoted = false;
    boolean nonAscii = false;
    for (int i = 1; i < lines.length; i++) {
      byte[] bytes = lines[i].getBytes(StandardCharsets.UTF_8);
      var cells = converter.convert(bytes, bytes.length);
      assertTrue(cells.size() >= 6, lines[i]);
      keys.add(
          new String(
              cells.get(0).getRowArray(),
              cells.get(0).getRowOffset(),
              cells.get(0).getRowLength(),
              StandardCharsets.UTF_8));
      quoted |= lines[i].contains("\"\"");
      nonAscii |= bytes.length != lines[i].length();
    }
    assertEquals(5000, keys.size(), "row keys are unique");
    assertTrue(quoted && nonAscii, "the data exercises escaped quotes and non-ASCII text");
  }
}
