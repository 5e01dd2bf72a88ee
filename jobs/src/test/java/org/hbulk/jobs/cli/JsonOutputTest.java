package org.hbulk.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.JsonSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --json} without a cluster: every command that takes it has a schema, every schema is JSON
 * that describes each field, and explain's output matches its schema.
 */
class JsonOutputTest extends CommandLineTest {
  /** Schemas that belong to no one command: the run report the run commands' schemas refer to. */
  private static final List<String> SHARED = List.of("run-report.schema.json");

  @TempDir Path tmp;

  private static List<String> commandsWithJson() {
    List<String> commands = new ArrayList<>();
    Map<String, CommandLine> all =
        Main.commandLine(new Configuration(false), System.out, System.err).getSubcommands();
    all.forEach(
        (name, command) -> {
          if (command.getCommandSpec().findOption("--json") != null) {
            commands.add(name);
          }
        });
    return commands;
  }

  @Test
  void everyCommandWithJsonHasASchemaAndEverySchemaACommand() throws IOException {
    List<String> commands = commandsWithJson();
    for (String c :
        List.of(
            "load",
            "prepare",
            "complete",
            "resume",
            "nightly",
            "importtsv",
            "verify",
            "create-table",
            "explain",
            "analyze",
            "count",
            "describe")) {
      assertTrue(commands.contains(c), c + " takes --json");
    }
    TreeSet<String> expected = new TreeSet<>(SHARED);
    commands.forEach(c -> expected.add(c + ".schema.json"));
    assertEquals(expected, new TreeSet<>(schemaFiles()));
  }

  @Test
  void everySchemaIsJsonWithATitleAndEveryFieldIsDescribed() throws IOException {
    for (String file : schemaFiles()) {
      JsonNode schema = JsonSchemas.schema(file);
      assertNotNull(schema, file + " is JSON");
      assertEquals(
          "https://json-schema.org/draft/2020-12/schema", schema.path("$schema").asText(), file);
      assertFalse(schema.path("title").asText().isEmpty(), file + " has a title");
      List<String> undescribed = new ArrayList<>();
      describedEverywhere(schema, file, undescribed);
      assertEquals(List.of(), undescribed, file + ": fields without a description");
    }
  }

  @Test
  void explainJsonMatchesItsSchemaAndCarriesWhatTheTextShows() throws Exception {
    Path spec = tmp.resolve("e.spec");
    Files.writeString(
        spec,
        "[columns]\nid = int\nu = string\nts = long\n"
            + "[output o]\ntable = t\nkey = salt(u, 4) + u + binary(id)\nf:a = ts\n");
    assertEquals(
        0,
        hbulk(
            "explain",
            "--spec",
            spec.toString(),
            "--json",
            "--line",
            "7,bob,100",
            "--line",
            "7,bob,100",
            "--line",
            "x,bob,1",
            "--line",
            "9,,1",
            "--get",
            "u=bob,id=7",
            "--prefix",
            "u=bob",
            "--decode",
            "\\x01bob\\x00\\x00\\x00\\x07"),
        err);
    JsonSchemas.assertValid("explain", out);
    JsonNode doc = new ObjectMapper().readTree(out);
    assertEquals(4, doc.get("records").size(), out);
    JsonNode first = doc.get("records").get(0).get("keys").get(0);
    assertEquals("o", first.get("output").asText());
    assertEquals(3, first.get("parts").size(), out);
    assertEquals(1, doc.get("records").get(1).get("keys").get(0).get("duplicate_of").asInt(), out);
    assertEquals(
        "BAD_VALUE", doc.get("records").get(2).path("rejected").path("reason").asText(), out);
    List<String> kinds = new ArrayList<>();
    doc.get("reads").forEach(r -> kinds.add(r.get("kind").asText()));
    assertEquals(List.of("get", "prefix", "decode"), kinds);
    assertEquals(1, doc.get("key_lengths").size(), out);
  }

  @Test
  void aRenamedOrMissingFieldFailsTheSchema() throws Exception {
    Path spec = tmp.resolve("r.spec");
    Files.writeString(
        spec, "[columns]\nid = int\n[output o]\ntable = t\nkey = binary(id)\nf:a = id\n");
    assertEquals(0, hbulk("explain", "--spec", spec.toString(), "--json", "--line", "1"), err);
    assertTrue(JsonSchemas.errors("explain", out).isEmpty());
    assertFalse(
        JsonSchemas.errors("explain", out.replace("\"key_lengths\"", "\"key_length\"")).isEmpty());
    assertFalse(JsonSchemas.errors("explain", out + "{}").isEmpty(), "one document only");
  }

  private static void describedEverywhere(JsonNode schema, String at, List<String> undescribed) {
    JsonNode props = schema.path("properties");
    props
        .fields()
        .forEachRemaining(
            p -> {
              if (!p.getValue().has("description")) {
                undescribed.add(at + "." + p.getKey());
              }
              describedEverywhere(p.getValue(), at + "." + p.getKey(), undescribed);
            });
    if (schema.path("items").isObject()) {
      describedEverywhere(schema.get("items"), at + "[]", undescribed);
    }
    if (schema.path("additionalProperties").isObject()) {
      describedEverywhere(schema.get("additionalProperties"), at + ".*", undescribed);
    }
  }

  /** The schema files, listed from their directory (under target/classes when tests run). */
  private static List<String> schemaFiles() throws IOException {
    try (InputStream in = JsonOutputTest.class.getResourceAsStream(JsonSchemas.DIR)) {
      assertNotNull(in, JsonSchemas.DIR);
      List<String> files = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.endsWith(".schema.json")) {
          files.add(line);
        }
      }
      return files;
    }
  }
}
