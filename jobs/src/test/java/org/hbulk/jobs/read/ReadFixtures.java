package org.hbulk.jobs.read;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.hbulk.mappers.spec.LoadSpec;

/** The read commands' test spec, {@code pays-reverse-ts.spec}, for tests without a cluster. */
public final class ReadFixtures {
  private ReadFixtures() {}

  public static LoadSpec paysSpec() {
    try (InputStream in = ReadFixtures.class.getResourceAsStream("/pays-reverse-ts.spec")) {
      return LoadSpec.parse(
          "pays-reverse-ts.spec", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
