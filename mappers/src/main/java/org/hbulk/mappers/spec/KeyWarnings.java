package org.hbulk.mappers.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.hbulk.mappers.expr.Expr;
import org.hbulk.mappers.expr.KeyReader;
import org.hbulk.mappers.expr.Salt;

/**
 * The seeds' row-key anti-patterns, as warnings (never errors: the user may know better). Printed
 * before a load and by {@code explain}.
 */
public final class KeyWarnings {
  /** The seeds' guideline: keys of at most 16 bytes, since every cell repeats its row key. */
  public static final int KEY_LENGTH_GUIDELINE = 16;

  private KeyWarnings() {}

  /** Warnings that follow from the spec alone. */
  public static List<String> of(LoadSpec spec) {
    List<String> warnings = new ArrayList<>();
    for (OutputSpec o : spec.outputs()) {
      Expr first = new KeyReader(o.key(), spec.columns()).parts().get(0);
      if (first.growsWithTime()) {
        warnings.add("[output " + o.name() + "] the key starts with " + first + ", which grows with"
            + " time: every new row goes to the last region (a hotspot). Salt or hash the key, or"
            + " put another field first");
      }
    }
    return warnings;
  }

  /** A warning when the keys' mean length is over the guideline, else empty. */
  public static Optional<String> keyLength(String output, double meanBytes) {
    if (meanBytes <= KEY_LENGTH_GUIDELINE) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "[output %s] keys average %.1f bytes, over the"
        + " %d-byte guideline: every cell stores its row key again, so long keys cost disk and"
        + " block cache (hash or encode long parts to a fixed width)", output, meanBytes,
        KEY_LENGTH_GUIDELINE));
  }

  /** A warning when a salted key's buckets do not match the table's regions, else empty. */
  public static Optional<String> saltRegions(OutputSpec output, int regions) {
    Optional<Salt> salt = output.key().leadingSalt();
    if (salt.isEmpty() || salt.get().buckets() == regions) {
      return Optional.empty();
    }
    return Optional.of("[output " + output.name() + "] the key's salt has " + salt.get().buckets()
        + " buckets but table " + output.table() + " has " + regions + " region(s): "
        + (regions < salt.get().buckets() ? "some regions take several buckets' writes"
            : "some regions get no writes") + " (create the table with one region per bucket)");
  }
}
