package org.hbulk.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The exit codes the README and the scripts' headers (their --help) give, against {@link ExitCode}
 * and against what each script does.
 *
 * <p>A script's header has one "Exit codes:" sentence: items separated by ";", each a code and what
 * it means, or prose. A script that passes hbulk's codes through says "those of hbulk [COMMAND]"
 * (that command's --help lists every code, from {@link ExitCode}); each code it names must be an
 * {@link ExitCode} and open with its meaning, and the codes it exits with itself must be hbulk's
 * too (its 2 is hbulk's bad command line). A script with codes of its own (hbase-local.sh's status
 * 3 and 4, bench.sh's 1 for a failed step) is checked against its own body instead: the codes it
 * lists are exactly those its body and lib.sh exit or return with.
 */
class ExitCodeDocsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern CODE_ITEM = Pattern.compile("(\\d+) (.+)", Pattern.DOTALL);
  private static final Pattern PASS_THROUGH = Pattern.compile("those of hbulk( [a-z-]+)?\\b.*");
  private static final Pattern EXITS = Pattern.compile("\\b(?:die|exit|return) (\\d+)\\b");
  private static final Pattern LIB_EXITS = Pattern.compile("\\b(?:die|exit) (\\d+)\\b");

  @Test
  void readmeTableListsEveryCodeWithItsMeaning() throws IOException {
    Map<Integer, String> rows = readmeTable();
    assertEquals(codes(), new TreeSet<>(rows.keySet()), "the README's exit codes against ExitCode");
    for (ExitCode c : ExitCode.values()) {
      assertMeans(c, rows.get(c.code()), "README, exit code " + c.code());
    }
  }

  static Stream<Path> scripts() throws IOException {
    try (Stream<Path> files = Files.list(ROOT.resolve("scripts"))) {
      return files
          .filter(Files::isRegularFile)
          .filter(f -> !f.getFileName().toString().equals("lib.sh"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest
  @MethodSource("scripts")
  void scriptHeaderListsItsCodesTruly(Path script) throws Exception {
    String name = script.getFileName().toString();
    List<String> items = exitCodeItems(script);
    Map<Integer, String> listed = new TreeMap<>();
    String passThrough = null;
    for (String item : items) {
      Matcher code = CODE_ITEM.matcher(item);
      Matcher through = PASS_THROUGH.matcher(item);
      if (code.matches()) {
        assertEquals(
            null,
            listed.put(Integer.valueOf(code.group(1)), code.group(2)),
            name + " lists " + item + " twice");
      } else if (through.matches()) {
        passThrough = through.group(1) == null ? "" : through.group(1).trim();
      }
    }
    TreeSet<Integer> own = ownCodes(script);
    if (passThrough != null) {
      for (Map.Entry<Integer, String> e : listed.entrySet()) {
        ExitCode c = byCode(e.getKey());
        assertNotNull(c, name + " lists exit code " + e.getKey() + ", which hbulk does not have");
        assertMeans(c, e.getValue(), name + ", exit code " + e.getKey());
      }
      for (int code : own) {
        assertNotNull(
            byCode(code), name + " exits with " + code + " itself, which is none of hbulk's codes");
      }
      assertHelpListsEveryCode(passThrough, name);
    } else {
      assertFalse(listed.isEmpty(), name + "'s header lists no exit code: " + items);
      assertEquals(
          own,
          new TreeSet<>(listed.keySet()),
          name
              + ": the codes its header lists against those it (and lib.sh) exits or returns with");
    }
  }

  /**
   * The doc's words open with the meaning; a meaning's "command: " may be left out where the doc is
   * that command's.
   */
  private static void assertMeans(ExitCode c, String doc, String where) {
    String said = normal(doc);
    String meaning = normal(c.meaning());
    for (String m : List.of(meaning, meaning.replaceFirst("^[a-z-]+: ", ""))) {
      if (said.startsWith(m)
          && (said.length() == m.length() || " :,;(.".indexOf(said.charAt(m.length())) >= 0)) {
        return;
      }
    }
    fail(
        where
            + " says '"
            + doc
            + "', which does not open with ExitCode."
            + c
            + "'s meaning '"
            + c.meaning()
            + "'");
  }

  private static String normal(String text) {
    return text.replace("`", "").replaceAll("\\s+", " ").trim().toLowerCase(Locale.ROOT);
  }

  private static void assertHelpListsEveryCode(String command, String script) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    String[] argv = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
    assertEquals(
        0,
        new Main(new Configuration(false), o, o).run(argv),
        script + " points at hbulk " + command);
    String help = out.toString(StandardCharsets.UTF_8);
    for (ExitCode c : ExitCode.values()) {
      assertTrue(
          help.contains(c.meaning()),
          "hbulk " + command + " --help, which " + script + " points at, lacks " + c);
    }
  }

  /**
   * The header's "Exit codes:" sentence, split at ";": from "Exit codes:" to the line ending in
   * ".".
   */
  private static List<String> exitCodeItems(Path script) throws IOException {
    StringBuilder sentence = null;
    for (String line : header(script)) {
      int at = line.indexOf("Exit codes:");
      if (sentence == null && at >= 0) {
        sentence = new StringBuilder(line.substring(at + "Exit codes:".length()));
      } else if (sentence != null) {
        sentence.append(' ').append(line);
      }
      if (sentence != null && line.endsWith(".")) {
        String text = sentence.toString().trim();
        return Arrays.stream(text.substring(0, text.length() - 1).split(";"))
            .map(String::trim)
            .toList();
      }
    }
    return fail(script.getFileName() + "'s header has no 'Exit codes: ...' sentence ending in '.'");
  }

  /** Line 2 up to the first line that is not a comment, as lib.sh's usage prints it. */
  private static List<String> header(Path script) throws IOException {
    List<String> all = Files.readAllLines(script);
    List<String> lines = new ArrayList<>();
    for (String line : all.subList(1, all.size())) {
      if (!line.startsWith("#")) {
        break;
      }
      lines.add(line.replaceFirst("^# ?", ""));
    }
    return lines;
  }

  /** The codes the script's body and lib.sh's exit or return with, comments left out. */
  private static TreeSet<Integer> ownCodes(Path script) throws IOException {
    TreeSet<Integer> codes = new TreeSet<>();
    collect(Files.readAllLines(script), EXITS, codes);
    collect(Files.readAllLines(ROOT.resolve("scripts/lib.sh")), LIB_EXITS, codes);
    return codes;
  }

  private static void collect(List<String> lines, Pattern exits, TreeSet<Integer> codes) {
    for (String line : lines) {
      Matcher m = exits.matcher(line.strip().startsWith("#") ? "" : line);
      while (m.find()) {
        codes.add(Integer.valueOf(m.group(1)));
      }
    }
  }

  /** The rows of the table under "### Exit codes": code to meaning. */
  private static Map<Integer, String> readmeTable() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    int at = lines.indexOf("### Exit codes");
    assertTrue(at >= 0, "the README has no '### Exit codes' section");
    Map<Integer, String> rows = new TreeMap<>();
    Pattern row = Pattern.compile("\\| (\\d+) \\| (.+) \\|");
    for (String line : lines.subList(at + 1, lines.size())) {
      if (line.startsWith("#")) {
        break;
      }
      Matcher m = row.matcher(line);
      if (m.matches()) {
        assertEquals(
            null,
            rows.put(Integer.valueOf(m.group(1)), m.group(2)),
            "the README lists " + m.group(1) + " twice");
      }
    }
    return rows;
  }

  private static TreeSet<Integer> codes() {
    TreeSet<Integer> codes = new TreeSet<>();
    for (ExitCode c : ExitCode.values()) {
      codes.add(c.code());
    }
    return codes;
  }

  private static ExitCode byCode(int code) {
    return Arrays.stream(ExitCode.values()).filter(c -> c.code() == code).findFirst().orElse(null);
  }
}
