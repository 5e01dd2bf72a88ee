package org.hbulk.jobs.importtsv;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * ImportTsv's {@code importtsv.columns}: what each field of a line is, in order. Checked as
 * ImportTsv checks it (one row key, at most one timestamp and one attributes column, at least one
 * cell), and stricter where ImportTsv would go on with a mistake (a cell or a special column named
 * twice, an empty name).
 */
public record ImportTsvColumns(List<Field> fields) {
  /** What a field of a line is. */
  public enum Role {
    ROW_KEY("HBASE_ROW_KEY"),
    TIMESTAMP("HBASE_TS_KEY"),
    ATTRIBUTES("HBASE_ATTRIBUTES_KEY"),
    VISIBILITY("HBASE_CELL_VISIBILITY"),
    TTL("HBASE_CELL_TTL"),
    CELL(null);

    private final String token;

    Role(String token) {
      this.token = token;
    }

    /** The name ImportTsv gives the role in {@code importtsv.columns}. */
    public String token() {
      return token;
    }
  }

  /** One field: its role and, for a cell, its family and qualifier (empty for a family alone). */
  public record Field(Role role, String family, String qualifier) {
    /** As {@code importtsv.columns} writes it. */
    public String written() {
      if (role != Role.CELL) {
        return role.token();
      }
      return qualifier.isEmpty() ? family : family + ":" + qualifier;
    }
  }

  private static final Map<String, Role> SPECIAL =
      Map.of(
          Role.ROW_KEY.token(), Role.ROW_KEY,
          Role.TIMESTAMP.token(), Role.TIMESTAMP,
          Role.ATTRIBUTES.token(), Role.ATTRIBUTES,
          Role.VISIBILITY.token(), Role.VISIBILITY,
          Role.TTL.token(), Role.TTL);

  /**
   * Reads the option's value: comma-separated names, spaces around them dropped as ImportTsv does.
   */
  public static ImportTsvColumns parse(String value) throws HbulkException {
    if (value == null || value.isBlank()) {
      throw error(
          "is not given; name every field of a line, e.g. -D "
              + ImportTsvOptions.COLUMNS
              + "=HBASE_ROW_KEY,d:name,d:city");
    }
    List<Field> fields = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    String[] names = value.split(",", -1);
    for (int i = 0; i < names.length; i++) {
      String name = names[i].strip();
      if (name.isEmpty()) {
        throw error("field " + (i + 1) + " has no name (two commas in a row, or one at an end)");
      }
      Role role = SPECIAL.get(name);
      Field field;
      if (role != null) {
        field = new Field(role, "", "");
      } else {
        int colon = name.indexOf(':');
        String family = colon < 0 ? name : name.substring(0, colon);
        String qualifier = colon < 0 ? "" : name.substring(colon + 1);
        if (family.isEmpty()) {
          throw error("field " + (i + 1) + " ('" + name + "') has no column family before ':'");
        }
        field = new Field(Role.CELL, family, qualifier);
      }
      if (!seen.add(field.written())) {
        throw error(
            "names "
                + field.written()
                + " twice; each "
                + (role == null ? "cell" : "special column")
                + " may come once");
      }
      fields.add(field);
    }
    ImportTsvColumns columns = new ImportTsvColumns(List.copyOf(fields));
    if (columns.indexOf(Role.ROW_KEY) < 0) {
      throw error("must name exactly one field " + Role.ROW_KEY.token());
    }
    if (fields.stream().noneMatch(f -> f.role() == Role.CELL)) {
      throw error("names no cell: add at least one family or family:qualifier");
    }
    return columns;
  }

  /** The position of the field with this role, or -1. */
  public int indexOf(Role role) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).role() == role) {
        return i;
      }
    }
    return -1;
  }

  public boolean has(Role role) {
    return indexOf(role) >= 0;
  }

  /** The families of the cells, in their first order. */
  public List<String> families() {
    return fields.stream()
        .filter(f -> f.role() == Role.CELL)
        .map(Field::family)
        .distinct()
        .toList();
  }

  private static HbulkException error(String what) {
    return new HbulkException(ExitCode.USAGE, ImportTsvOptions.COLUMNS + " " + what);
  }
}
