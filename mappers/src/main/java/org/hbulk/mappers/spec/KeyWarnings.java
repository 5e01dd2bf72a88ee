package org.hbulk.mappers.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.expr.RangeEncoding;
import org.hbulk.mappers.expr.Salt;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.schema.ColumnType;

/**
 * Row keys that would hurt the table, as warnings (never errors: the user may know better): a
 * leading part that grows with time, keys that sort otherwise than their values, parts that run
 * into each other, long keys, a salt that does not match the regions. Printed before a load and by
 * {@code explain}.
 */
public final class KeyWarnings {
  /** Keys of at most 16 bytes, since every cell repeats its row key. */
  public static final int KEY_LENGTH_GUIDELINE = 16;

  private KeyWarnings() {}

  /** Warnings that follow from the spec alone. */
  public static List<String> of(LoadSpec spec) {
    List<String> warnings = new ArrayList<>();
    for (OutputSpec o : spec.outputs()) {
      Expr first = new KeyReader(o.key(), spec.columns()).parts().get(0);
      if (first.growsWithTime()) {
        warnings.add(
            "[output "
                + o.name()
                + "] the key starts with "
                + first
                + ", which grows with"
                + " time: every new row goes to the last region (a hotspot). Salt or hash the key, or"
                + " put another field first");
      }
      KeyReader reader = new KeyReader(o.key(), spec.columns());
      for (int i = 0; i < reader.parts().size(); i++) {
        unorderedTime(o, reader.parts(), i).ifPresent(warnings::add);
        unseparated(o, reader, i).ifPresent(warnings::add);
      }
    }
    return warnings;
  }

  /**
   * A time (a timestamp column, or a number the key also salts or buckets, as in {@code salt(ts, 8)
   * + "|" + ts}) written in bytes that do not sort like the times: a time range is then not one
   * range of keys. Other numbers written as text (an order id) are left alone: they are read by
   * Gets and prefixes, where the width does not matter.
   */
  private static Optional<String> unorderedTime(OutputSpec o, List<Expr> parts, int i) {
    Expr part = parts.get(i);
    RangeEncoding encoding = RangeEncoding.of(part);
    if (encoding != RangeEncoding.DIGITS && encoding != RangeEncoding.TEXT) {
      return Optional.empty();
    }
    Column c = RangeEncoding.column(part);
    boolean spreadBy =
        parts.stream().anyMatch(p -> KeyReader.spreads(p) && p.columns().equals(List.of(c)));
    if (c.type() != ColumnType.TIMESTAMP && !spreadBy) {
      return Optional.empty();
    }
    String why =
        encoding == RangeEncoding.DIGITS
            ? "decimal text of varying width, which does not sort like the numbers ('10' before '9')"
            : "text that does not sort like the times (" + c.describeType() + ")";
    return Optional.of(
        "[output "
            + o.name()
            + "] the key writes "
            + c.name()
            + " as "
            + why
            + ", so a range of "
            + c.name()
            + " is not one range of keys: range reads must read more and"
            + " filter (explain --time-range says how). Write it at one width in order: "
            + RangeEncoding.inOrder(c));
  }

  /**
   * A part of varying width followed by another part with no separator: a prefix scan for one value
   * also returns every value that extends it ('TheFakeMT2' in the scan of 'TheFakeMT').
   */
  private static Optional<String> unseparated(OutputSpec o, KeyReader reader, int i) {
    List<Expr> parts = reader.parts();
    Expr part = parts.get(i);
    if (i + 1 >= parts.size() || !reader.endsUnmarked(i)) {
      return Optional.empty();
    }
    return Optional.of(
        "[output "
            + o.name()
            + "] "
            + part
            + " has no fixed width and is followed by "
            + parts.get(i + 1)
            + " with no separator: a prefix scan for one "
            + part
            + " also returns"
            + " the rows of every "
            + part
            + " that starts with it ('TheFakeMT2' in the scan of"
            + " 'TheFakeMT')"
            + (ambiguousAfter(parts, i)
                ? ", and distinct records can get the same key, where the next part of varying"
                    + " width takes up what this one leaves ('ab' + 'c' and 'a' + 'bc' are both"
                    + " 'abc': the second overwrites the first, counted only as a duplicate key)"
                : "")
            + ". Put a separator after it ("
            + part
            + " + \"#\" + ...) or give it a fixed"
            + " width (rpad("
            + part
            + ", N), md5("
            + part
            + "))");
  }

  /**
   * Whether a part of varying width follows part {@code i} before the next literal (or the end):
   * then where part {@code i} ends is ambiguous, and two records can make one key. Parts of fixed
   * width alone after it leave its length to the key's length.
   */
  private static boolean ambiguousAfter(List<Expr> parts, int i) {
    for (int j = i + 1; j < parts.size(); j++) {
      if (parts.get(j).kind() == Expr.Kind.LITERAL) {
        return false;
      }
      if (parts.get(j).fixedWidth() < 0) {
        return true;
      }
    }
    return false;
  }

  /** A warning when the keys' mean length is over the guideline, else empty. */
  public static Optional<String> keyLength(String output, double meanBytes) {
    if (meanBytes <= KEY_LENGTH_GUIDELINE) {
      return Optional.empty();
    }
    return Optional.of(
        String.format(
            Locale.ROOT,
            "[output %s] keys average %.1f bytes, over the"
                + " %d-byte guideline: every cell stores its row key again, so long keys cost disk and"
                + " block cache (hash or encode long parts to a fixed width)",
            output,
            meanBytes,
            KEY_LENGTH_GUIDELINE));
  }

  /** A warning when a salted key's buckets do not match the table's regions, else empty. */
  public static Optional<String> saltRegions(OutputSpec output, int regions) {
    Optional<Salt> salt = output.key().leadingSalt();
    if (salt.isEmpty() || salt.get().buckets() == regions) {
      return Optional.empty();
    }
    return Optional.of(
        "[output "
            + output.name()
            + "] the key's salt has "
            + salt.get().buckets()
            + " buckets but table "
            + output.table()
            + " has "
            + regions
            + " region(s): "
            + (regions < salt.get().buckets()
                ? "some regions take several buckets' writes"
                : "some regions get no writes")
            + " (create the table with one region per bucket)");
  }
}
