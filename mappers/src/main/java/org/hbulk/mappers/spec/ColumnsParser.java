package org.hbulk.mappers.spec;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;
import org.hbulk.mappers.schema.SpecException;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;

/** The {@code [columns]} section: the CSV's columns in order, each with its type. */
final class ColumnsParser {
  private final SpecValues values;

  ColumnsParser(SpecValues values) {
    this.values = values;
  }

  List<Column> columns(Section s) {
    List<Column> columns = new ArrayList<>();
    for (Entry e : s.entries()) {
      if (!e.key().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        throw values.at(
            e,
            "column name '"
                + e.key()
                + "' must start with a letter or '_' and hold only"
                + " letters, digits and '_'");
      }
      columns.add(column(e, columns.size()));
    }
    if (columns.isEmpty()) {
      throw SpecException.at(values.source(), s.line(), "[columns] lists no column");
    }
    return columns;
  }

  private Column column(Entry e, int index) {
    String type = e.value();
    String lower = type.toLowerCase(Locale.ROOT);
    switch (lower) {
      case "string", "int", "long", "double", "boolean", "skip":
        return new Column(
            e.key(), index, ColumnType.valueOf(lower.toUpperCase(Locale.ROOT)), null, null);
      default:
        break;
    }
    if (lower.startsWith("timestamp")) {
      String rest = type.substring("timestamp".length()).strip();
      if (rest.isEmpty()) {
        throw values.at(
            e,
            "timestamp needs a pattern: timestamp(yyyy-MM-dd HH:mm:ss[, zone]),"
                + " timestamp(epoch-millis), timestamp(epoch-seconds) or timestamp(iso[, zone])");
      }
      if (!rest.startsWith("(") || !rest.endsWith(")")) {
        throw values.at(e, "expected timestamp(pattern[, zone]), found '" + type + "'");
      }
      String[] args = rest.substring(1, rest.length() - 1).split(",");
      if (args.length > 2 || args[0].isBlank()) {
        throw values.at(e, "expected timestamp(pattern[, zone]), found '" + type + "'");
      }
      String pattern = args[0].strip();
      ZoneId zone = ZoneOffset.UTC;
      if (args.length == 2) {
        try {
          zone = ZoneId.of(args[1].strip());
        } catch (DateTimeException ex) {
          throw values.at(
              e, "unknown time zone '" + args[1].strip() + "' (e.g. UTC, Asia/Shanghai, +08:00)");
        }
      }
      if (!pattern.equals(Column.EPOCH_MILLIS)
          && !pattern.equals(Column.EPOCH_SECONDS)
          && !pattern.equals(Column.ISO)) {
        try {
          Column.strictPattern(pattern);
        } catch (IllegalArgumentException ex) {
          throw values.at(e, "bad time pattern '" + pattern + "': " + ex.getMessage());
        }
        if (!pattern.contains("d") && !pattern.contains("D")) {
          throw values.at(
              e, "time pattern '" + pattern + "' has no day: a timestamp needs at least a date");
        }
      }
      return new Column(e.key(), index, ColumnType.TIMESTAMP, pattern, zone);
    }
    throw values.at(
        e,
        "unknown type '"
            + type
            + "' (types: string, int, long, double, boolean, timestamp(pattern[, zone]), skip)");
  }
}
