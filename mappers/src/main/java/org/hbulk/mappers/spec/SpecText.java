package org.hbulk.mappers.spec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbulk.mappers.schema.SpecException;

/**
 * The load spec file as text: sections ({@code [csv]}, {@code [columns]}, {@code [output NAME]},
 * {@code [rejects]}) of {@code key = value} entries, each remembering its line so that every error
 * can point at it. Whole-line comments start with {@code #}; there are no inline comments because
 * values (literals in key expressions) may contain {@code #}.
 */
public final class SpecText {

  /** One {@code key = value} line. */
  public record Entry(String key, String value, int line) {}

  /** A {@code [type name]} header and its entries, in file order. */
  public record Section(String type, String name, int line, List<Entry> entries) {
    /** The id used by overrides: {@code csv}, {@code columns}, {@code output.NAME}. */
    public String id() {
      return name.isEmpty() ? type : type + "." + name;
    }

    public Optional<Entry> entry(String key) {
      return entries.stream().filter(e -> e.key().equals(key)).findFirst();
    }
  }

  /** Named sections an override may add when the file has none of that name. */
  private static final List<String> ADDABLE_NAMED = List.of("table", "family");

  private final String source;
  private final List<Section> sections;

  private SpecText(String source, List<Section> sections) {
    this.source = source;
    this.sections = sections;
  }

  public String source() {
    return source;
  }

  public List<Section> sections() {
    return sections;
  }

  public static SpecText parse(String source, String text) {
    List<Section> sections = new ArrayList<>();
    List<Entry> current = null;
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      int lineNo = i + 1;
      String line = lines[i].strip();
      if (i == 0 && line.startsWith("\uFEFF")) {
        line = line.substring(1).strip();
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[")) {
        if (!line.endsWith("]")) {
          throw SpecException.at(source, lineNo, "section header must end with ']': " + line);
        }
        String[] words = line.substring(1, line.length() - 1).strip().split("\\s+");
        if (words.length > 2 || words[0].isEmpty()) {
          throw SpecException.at(
              source, lineNo, "section header must be [type] or [type name], found " + line);
        }
        String name = words.length == 2 ? words[1] : "";
        if (!name.isEmpty() && !name.matches("[A-Za-z0-9_-]+")) {
          throw SpecException.at(
              source,
              lineNo,
              "section name '" + name + "' may only contain letters, digits, '_' and '-'");
        }
        current = new ArrayList<>();
        sections.add(new Section(words[0], name, lineNo, current));
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw SpecException.at(source, lineNo, "expected 'key = value', found: " + line);
      }
      if (current == null) {
        throw SpecException.at(source, lineNo, "entry before the first [section] header: " + line);
      }
      String key = line.substring(0, eq).strip();
      for (Entry e : current) {
        if (e.key().equals(key)) {
          throw SpecException.at(
              source,
              lineNo,
              "'" + key + "' is given twice in this section (first at line " + e.line() + ")");
        }
      }
      current.add(new Entry(key, line.substring(eq + 1).strip(), lineNo));
    }
    for (int i = 0; i < sections.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (sections.get(i).id().equals(sections.get(j).id())) {
          throw SpecException.at(
              source,
              sections.get(i).line(),
              "section ["
                  + sections.get(i).id().replace('.', ' ')
                  + "] appears twice (first at line "
                  + sections.get(j).line()
                  + ")");
        }
      }
    }
    return new SpecText(source, Collections.unmodifiableList(sections));
  }

  /**
   * Applies {@code section.key -> value} overrides (from {@code -D hbulk.spec.*} or command-line
   * options). An override names a section of the file, or adds an unnamed one or a [table NAME] or
   * [family NAME]; it replaces the key where it stands or adds it at the section's end (one column
   * at most: overrides carry no order among themselves). Overridden entries report line 0, which
   * messages print as coming from the override.
   */
  public SpecText withOverrides(Map<String, String> overrides) {
    if (overrides.isEmpty()) {
      return this;
    }
    List<Section> copy = new ArrayList<>();
    for (Section s : sections) {
      copy.add(new Section(s.type(), s.name(), s.line(), new ArrayList<>(s.entries())));
    }
    List<String> addedColumns = new ArrayList<>();
    for (Map.Entry<String, String> o : overrides.entrySet()) {
      String path = o.getKey();
      Section target = null;
      String key = null;
      for (Section s : copy) {
        String prefix = s.id() + ".";
        if (path.startsWith(prefix)
            && path.length() > prefix.length()
            && (target == null || s.id().length() > target.id().length())) {
          target = s;
          key = path.substring(prefix.length());
        }
      }
      int dot = path.indexOf('.');
      // No [table] or [family] key has a dot, and a table's or family's name may have some.
      int last = path.lastIndexOf('.');
      String type = dot < 0 ? "" : path.substring(0, dot);
      if (target == null && ADDABLE_NAMED.contains(type)) {
        // A [table NAME] or [family NAME] the file leaves out: its settings are worth giving
        // alone, e.g. -D hbulk.spec.family.d.compression=GZ.
        if (last <= dot + 1 || last == path.length() - 1) {
          throw new SpecException(
              source
                  + ": override '"
                  + path
                  + "' must name the section and the key: "
                  + type
                  + ".NAME.KEY");
        }
        target = new Section(type, path.substring(dot + 1, last), 0, new ArrayList<>());
        key = path.substring(last + 1);
        copy.add(target);
      } else if (target == null
          && dot > 0
          && dot < path.length() - 1
          && !type.equals("output")
          && !type.equals("codes")) {
        // An override may add an unnamed section the file leaves out, e.g. [rejects].
        target = new Section(type, "", 0, new ArrayList<>());
        key = path.substring(dot + 1);
        copy.add(target);
      }
      if (target == null) {
        throw new SpecException(
            source
                + ": override '"
                + path
                + "' names no section of the spec (sections: "
                + copy.stream().map(Section::id).toList()
                + ")");
      }
      // In its place: the order of [columns] is the order of the fields, so a column's type
      // overridden at the end of the list would read every field after it from its neighbour.
      List<Entry> entries = target.entries();
      Entry replacement = new Entry(key, o.getValue().strip(), 0);
      int at = -1;
      for (int i = 0; i < entries.size() && at < 0; i++) {
        if (entries.get(i).key().equals(key)) {
          at = i;
        }
      }
      if (at >= 0) {
        entries.set(at, replacement);
      } else {
        entries.add(replacement);
        if (target.type().equals("columns")) {
          addedColumns.add(key);
        }
      }
    }
    if (addedColumns.size() > 1) {
      // Overrides come as a map, not in the order given: the fields' order among them is unknown.
      throw new SpecException(
          source
              + ": overrides add columns "
              + String.join(", ", addedColumns.stream().sorted().toList())
              + " to [columns], whose order is the fields' order, but overrides carry no order"
              + " among themselves: add one column by override, or write them into the spec");
    }
    List<Section> frozen = new ArrayList<>();
    for (Section s : copy) {
      frozen.add(new Section(s.type(), s.name(), s.line(), List.copyOf(s.entries())));
    }
    return new SpecText(source, Collections.unmodifiableList(frozen));
  }
}
