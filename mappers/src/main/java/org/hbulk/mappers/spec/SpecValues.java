package org.hbulk.mappers.spec;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hbulk.mappers.schema.SpecException;
import org.hbulk.mappers.spec.SpecText.Entry;
import org.hbulk.mappers.spec.SpecText.Section;

/**
 * Reads a spec's setting values (numbers, sizes, durations, true/false, one of a list) the same way
 * in every section, and words every error with the file, the line and the setting.
 */
final class SpecValues {
  private static final Pattern SIZE = Pattern.compile("([0-9]+)([kmgKMG]?)");
  private static final Pattern DURATION = Pattern.compile("([0-9]+)([smhd]?)");

  private final String source;

  SpecValues(String source) {
    this.source = source;
  }

  /** The spec's file name, for errors that name no line. */
  String source() {
    return source;
  }

  /** Fails on the first setting of a section that is not among the known ones. */
  void checkKeys(Section s, List<String> known) {
    for (Entry e : s.entries()) {
      if (!known.contains(e.key())) {
        throw at(
            e,
            "unknown setting '"
                + e.key()
                + "' in ["
                + s.type()
                + "] (settings: "
                + String.join(", ", known)
                + ")");
      }
    }
  }

  boolean bool(Entry e) {
    return switch (e.value()) {
      case "true" -> true;
      case "false" -> false;
      default -> throw at(e, "expected true or false, found '" + e.value() + "'");
    };
  }

  /** A whole number within bounds. */
  long number(Entry e, long min, long max) {
    try {
      long n = Long.parseLong(e.value());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw at(
        e, "expected a whole number from " + min + " to " + max + ", found '" + e.value() + "'");
  }

  /** A size: bytes, or a number with k, m, g (powers of 1024). */
  long bytes(Entry e) {
    Matcher m = SIZE.matcher(e.value());
    if (!m.matches()) {
      throw at(e, "expected a size like 65536, 64k, 10g, found '" + e.value() + "'");
    }
    int shift =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          default -> 0;
        };
    return times(e, m.group(1), 1L << shift);
  }

  /** A duration in seconds: seconds, or a number with s, m, h, d. */
  long seconds(Entry e) {
    Matcher m = DURATION.matcher(e.value());
    if (!m.matches()) {
      throw at(e, "expected a duration like 3600, 90m, 12h, 30d, found '" + e.value() + "'");
    }
    long unit =
        switch (m.group(2)) {
          case "m" -> 60;
          case "h" -> 3600;
          case "d" -> 86400;
          default -> 1;
        };
    return times(e, m.group(1), unit);
  }

  /**
   * {@code digits} times {@code unit}, or an error when it does not fit a long: unchecked, a size
   * like 17179869185g wrapped round to 1g, and 20 digits failed as an unexpected error.
   */
  private long times(Entry e, String digits, long unit) {
    try {
      return Math.multiplyExact(Long.parseLong(digits), unit);
    } catch (NumberFormatException | ArithmeticException ex) {
      throw at(e, "'" + e.value() + "' is too large");
    }
  }

  /** Where an entry was written (line, or override), and what of it is meant. */
  String place(Entry e, String what) {
    return (e.line() > 0 ? source + ":" + e.line() : source + " (override)") + ": " + what;
  }

  /** An error about an entry's value, naming the file, line and setting. */
  SpecException at(Entry e, String message) {
    return new SpecException(place(e, e.key()) + ": " + message);
  }

  /** One constant of an enum, by its name in any case. */
  <E extends Enum<E>> E oneOf(Entry e, Class<E> type) {
    String v = e.value().toUpperCase(Locale.ROOT);
    for (E c : type.getEnumConstants()) {
      if (c.name().equals(v)) {
        return c;
      }
    }
    throw at(
        e,
        "expected one of "
            + String.join(", ", List.of(type.getEnumConstants()).stream().map(Enum::name).toList())
            + ", found '"
            + e.value()
            + "'");
  }
}
