package org.hbulk.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Validates JSON against the command schemas under {@code org/hbulk/jobs/schemas/}. A validator of
 * its own for the subset of JSON Schema those schemas use (type, properties, required,
 * additionalProperties, items, enum, minimum, $ref to a sibling file): it needs nothing beyond the
 * Jackson already on the test classpath. A keyword outside the subset is an error, so a schema
 * cannot rely on a check that is not made.
 */
public final class JsonSchemas {
  public static final String DIR = "/org/hbulk/jobs/schemas/";
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Set<String> ANNOTATIONS = Set.of("$schema", "$id", "title", "description");

  private JsonSchemas() {}

  /** The schema file {@code name} ({@code load.schema.json}), parsed; null when there is none. */
  public static JsonNode schema(String name) {
    try (InputStream in = JsonSchemas.class.getResourceAsStream(DIR + name)) {
      return in == null ? null : MAPPER.readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(name, e);
    }
  }

  /** Fails unless {@code json} is one JSON document valid against the command's schema. */
  public static void assertValid(String command, String json) {
    List<String> errors = errors(command, json);
    if (!errors.isEmpty()) {
      throw new AssertionError(
          command
              + " --json does not match its schema:\n  "
              + String.join("\n  ", errors)
              + "\n"
              + json);
    }
  }

  /** What is wrong with {@code json} against {@code <command>.schema.json}; empty when nothing. */
  public static List<String> errors(String command, String json) {
    JsonNode schema = schema(command + ".schema.json");
    if (schema == null) {
      return List.of("no schema " + DIR + command + ".schema.json");
    }
    JsonNode doc;
    try {
      // readTree fails on trailing tokens only when asked: stdout must hold one document.
      doc =
          MAPPER
              .reader()
              .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
              .readTree(json);
    } catch (IOException e) {
      return List.of("not one JSON document: " + e.getMessage());
    }
    List<String> errors = new ArrayList<>();
    check(schema, doc, "$", errors);
    return errors;
  }

  private static void check(JsonNode schema, JsonNode value, String at, List<String> errors) {
    Iterator<Map.Entry<String, JsonNode>> keywords = schema.fields();
    while (keywords.hasNext()) {
      Map.Entry<String, JsonNode> k = keywords.next();
      JsonNode v = k.getValue();
      switch (k.getKey()) {
        case "$ref" -> {
          JsonNode target = schema(v.asText());
          if (target == null) {
            errors.add(at + ": $ref to a missing schema " + v.asText());
          } else {
            check(target, value, at, errors);
          }
        }
        case "type" -> {
          boolean any = false;
          for (JsonNode t : v.isArray() ? v : MAPPER.createArrayNode().add(v)) {
            any |= hasType(value, t.asText());
          }
          if (!any) {
            errors.add(at + ": " + value.getNodeType() + " where the schema wants " + v);
          }
        }
        case "enum" -> {
          boolean found = false;
          for (JsonNode e : v) {
            found |= e.equals(value);
          }
          if (!found) {
            errors.add(at + ": " + value + " is not one of " + v);
          }
        }
        case "minimum" -> {
          if (value.isNumber() && value.decimalValue().compareTo(v.decimalValue()) < 0) {
            errors.add(at + ": " + value + " is below the minimum " + v);
          }
        }
        case "required" -> {
          if (value.isObject()) {
            for (JsonNode name : v) {
              if (!value.has(name.asText())) {
                errors.add(at + ": required field '" + name.asText() + "' is missing");
              }
            }
          }
        }
        case "properties" -> {
          if (value.isObject()) {
            v.fields()
                .forEachRemaining(
                    p -> {
                      if (value.has(p.getKey())) {
                        check(p.getValue(), value.get(p.getKey()), at + "." + p.getKey(), errors);
                      }
                    });
          }
        }
        case "additionalProperties" -> {
          if (value.isObject()) {
            JsonNode declared = schema.path("properties");
            value
                .fields()
                .forEachRemaining(
                    f -> {
                      if (!declared.has(f.getKey())) {
                        if (v.isBoolean() && !v.asBoolean()) {
                          errors.add(at + ": field '" + f.getKey() + "' is not in the schema");
                        } else if (v.isObject()) {
                          check(v, f.getValue(), at + "." + f.getKey(), errors);
                        }
                      }
                    });
          }
        }
        case "items" -> {
          if (value.isArray()) {
            for (int i = 0; i < value.size(); i++) {
              check(v, value.get(i), at + "[" + i + "]", errors);
            }
          }
        }
        default -> {
          if (!ANNOTATIONS.contains(k.getKey())) {
            errors.add(at + ": the test validator does not know the keyword " + k.getKey());
          }
        }
      }
    }
  }

  private static boolean hasType(JsonNode value, String type) {
    return switch (type) {
      case "object" -> value.isObject();
      case "array" -> value.isArray();
      case "string" -> value.isTextual();
      case "integer" -> value.isIntegralNumber();
      case "number" -> value.isNumber();
      case "boolean" -> value.isBoolean();
      case "null" -> value.isNull();
      default -> false;
    };
  }
}
