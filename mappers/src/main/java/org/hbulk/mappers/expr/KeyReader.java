package org.hbulk.mappers.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.Column;

/**
 * The read side of a key design: the Get key of a natural key, the scans that answer a prefix or a
 * time range (one per salt or time bucket where the design fans out), and a row key taken apart
 * into what its parts stand for. Built from the same expression that writes the keys, so readers
 * and writer agree. One class for the three reads because they share one walk over the key's parts
 * (where each part starts, whether its width is fixed); the time-range scans are planned in {@link
 * TimeRangePlanner}.
 */
public final class KeyReader {
  /** A scan: start row inclusive, stop row exclusive (empty: to the end of the table). */
  public record Range(byte[] start, byte[] stop) {}

  /**
   * The scans that answer a question, and why they are not exact: empty when they return exactly
   * the rows asked for; otherwise each caveat says which rows they may add (never which they miss:
   * where a range cannot be a key range, the scans cover more and the caller filters).
   */
  public record Plan(List<Range> scans, List<String> caveats) {}

  /**
   * One part of a row key: the expression, its bytes, and what they stand for (null if unknown).
   */
  public record Part(String expression, byte[] bytes, String meaning) {}

  private final Expr key;
  private final List<Expr> parts;
  private final List<Column> columns;

  public KeyReader(Expr key, List<Column> columns) {
    this.key = key;
    this.parts = key instanceof Concat c ? c.parts() : List.of(key);
    this.columns = columns;
  }

  /** The key's top-level parts, in order. */
  public List<Expr> parts() {
    return parts;
  }

  /** The whole key expression. */
  Expr key() {
    return key;
  }

  /** How a key's first part is spread: by a salt, by a hash, or neither. */
  public enum Leading {
    SALT,
    HASH_BYTES,
    HASH_HEX,
    OTHER
  }

  /**
   * Whether the key starts with a salt, a raw hash (md5, sha1, sha256, murmur3) or its hex text,
   * possibly cut with {@code left}: then the table can be split evenly over the hash space.
   */
  public Leading leading() {
    Expr first = parts.get(0);
    return switch (first.kind()) {
      case SALT -> Leading.SALT;
      case LEFT -> ((Left) first).startsAtZero() ? hashIn(((Left) first).input()) : Leading.OTHER;
      case DIGEST, HEX -> hashIn(first);
      case COLUMN,
          LITERAL,
          CONCAT,
          PAD,
          REVERSE,
          BINARY,
          CODE,
          DECIMAL,
          FORMAT_TIME,
          IPV4,
          REVERSE_TIMESTAMP,
          SORTABLE,
          TIME_BUCKET,
          TIME_FLOOR,
          TIME_OFFSET ->
          Leading.OTHER;
    };
  }

  /** A raw hash, or the hex text of one, spreads keys evenly over its space. */
  private static Leading hashIn(Expr e) {
    if (e instanceof Digest) {
      return Leading.HASH_BYTES;
    }
    return e instanceof Hex h && h.input() instanceof Digest ? Leading.HASH_HEX : Leading.OTHER;
  }

  /**
   * Whether part {@code i} holds a value of varying width that no separator ends (the key ends, or
   * another part follows at once): keys of values that extend this one share its bytes.
   */
  public boolean endsUnmarked(int i) {
    Expr p = parts.get(i);
    return p.fixedWidth() < 0
        && !p.columns().isEmpty()
        && !(i + 1 < parts.size() && parts.get(i + 1) instanceof Literal);
  }

  /** Whether a part spreads keys by its column's value (a salt or a time bucket). */
  public static boolean spreads(Expr p) {
    return fanOut(p) != null;
  }

  /** Each top-level part's bytes for a record. */
  public List<byte[]> evaluate(Record record) throws RejectException {
    List<byte[]> out = new ArrayList<>();
    ByteBuilder b = new ByteBuilder();
    for (Expr p : parts) {
      b.clear();
      p.appendTo(record, b);
      out.add(b.toArray());
    }
    return out;
  }

  /** The Get key of a natural key: every column the key reads must be given. */
  public byte[] getKey(Map<String, String> values) throws RejectException {
    List<String> missing = new ArrayList<>();
    for (Column c : key.columns()) {
      if (!values.containsKey(c.name())) {
        missing.add(c.name());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "a Get needs every column of the key; missing: "
              + String.join(", ", missing)
              + " (use a prefix scan for part of the key)");
    }
    ByteBuilder b = new ByteBuilder();
    key.appendTo(record(values), b);
    return b.toArray();
  }

  /**
   * The scans for every row whose leading key parts match the given columns. A salt or a time
   * bucket whose input is not given multiplies the scans: one per bucket.
   */
  public List<Range> prefixScans(Map<String, String> values) throws RejectException {
    return prefixPlan(values).scans();
  }

  /** {@link #prefixScans}, with what keeps them from being exact. */
  public Plan prefixPlan(Map<String, String> values) throws RejectException {
    Record record = record(values);
    List<byte[]> prefixes = List.of(new byte[0]);
    boolean usedGiven = false;
    int used = 0;
    for (Expr p : parts) {
      if (given(p, values)) {
        usedGiven |= !p.columns().isEmpty();
        prefixes = append(prefixes, List.of(bytes(p, record)));
      } else if (fanOut(p) != null) {
        prefixes = append(prefixes, fanOut(p));
      } else {
        break;
      }
      used++;
    }
    if (!usedGiven) {
      throw new IllegalArgumentException(
          "the given columns "
              + values.keySet()
              + " are not at the front of the key "
              + key
              + ": every row would have to be scanned");
    }
    List<Range> scans = new ArrayList<>();
    for (byte[] p : prefixes) {
      scans.add(new Range(p, nextPrefix(p)));
    }
    return new Plan(scans, openEnded(used, record, used == parts.size()));
  }

  /**
   * Why scans over the first {@code used} parts also return other keys: a part of varying width
   * that no separator ends lets longer values match ('TheFakeMT' also finds 'TheFakeMT2').
   */
  List<String> openEnded(int used, Record record, boolean wholeKey) throws RejectException {
    List<String> caveats = new ArrayList<>();
    for (int i = 0; i < used; i++) {
      Expr p = parts.get(i);
      if (!endsUnmarked(i)) {
        continue;
      }
      String value = KeyText.format(bytes(p, record));
      caveats.add(
          "not exact: "
              + p
              + " is text of varying width with no separator after it, so these"
              + " scans also return the rows of every "
              + p
              + " that starts with '"
              + value
              + "' (such as '"
              + value
              + "2'); filter on "
              + p
              + (wholeKey ? " (or use --get for this one key)" : "")
              + ", or change the key: a separator after it ("
              + p
              + " + \"#\" + ...) or a fixed width"
              + " (rpad("
              + p
              + ", N), md5("
              + p
              + "))");
    }
    return caveats;
  }

  /**
   * The scans for the rows whose time part lies in [from, to): the parts before it from the given
   * columns (salts and buckets fan out), the time part from the range; without {@code to}, to the
   * end of the prefix. A reversed timestamp swaps the ends, since newer rows come first.
   */
  public List<Range> timeRangeScans(
      Map<String, String> values, String timeColumn, long from, OptionalLong to)
      throws RejectException {
    return timeRangePlan(values, timeColumn, from, to).scans();
  }

  /**
   * {@link #timeRangeScans}, with what keeps them from being exact. A time written as decimal text
   * of varying width gives one scan per number of digits in the range (each holds every row of its
   * part of the range); time text that does not sort like the times, or a range these cannot cut,
   * gives scans over the whole prefix, to be filtered.
   */
  public Plan timeRangePlan(
      Map<String, String> values, String timeColumn, long from, OptionalLong to)
      throws RejectException {
    return new TimeRangePlanner(this).plan(values, timeColumn, from, to);
  }

  /** Splits a row key into its parts: fixed-width parts by width, others up to the next literal. */
  public List<Part> decode(byte[] row) {
    List<Part> out = new ArrayList<>();
    int pos = 0;
    for (int i = 0; i < parts.size(); i++) {
      Expr p = parts.get(i);
      int end = end(row, pos, i);
      if (end < 0 || end > row.length) {
        out.add(
            new Part(
                p.toString(),
                Arrays.copyOfRange(row, pos, row.length),
                "cannot be split off: the key does not match the design"));
        return out;
      }
      byte[] bytes = Arrays.copyOfRange(row, pos, end);
      out.add(new Part(p.toString(), bytes, p.decode(bytes, 0, bytes.length)));
      pos = end;
    }
    if (pos < row.length) {
      out.add(new Part("(more than the design)", Arrays.copyOfRange(row, pos, row.length), null));
    }
    return out;
  }

  private int end(byte[] row, int pos, int i) {
    Expr p = parts.get(i);
    if (p.fixedWidth() >= 0) {
      return pos + p.fixedWidth();
    }
    if (i + 1 < parts.size() && parts.get(i + 1) instanceof Literal sep) {
      int at = indexOf(row, sep.bytes(), pos);
      return at < 0 ? row.length : at;
    }
    int tail = 0;
    for (int j = i + 1; j < parts.size(); j++) {
      if (parts.get(j).fixedWidth() < 0) {
        return -1;
      }
      tail += parts.get(j).fixedWidth();
    }
    return row.length - tail >= pos ? row.length - tail : -1;
  }

  /** The first row after every row that starts with {@code prefix}; empty when there is none. */
  public static byte[] nextPrefix(byte[] prefix) {
    for (int i = prefix.length - 1; i >= 0; i--) {
      if (prefix[i] != (byte) 0xff) {
        byte[] next = Arrays.copyOf(prefix, i + 1);
        next[i]++;
        return next;
      }
    }
    return new byte[0];
  }

  Record record(Map<String, String> values) throws RejectException {
    for (String name : values.keySet()) {
      if (columns.stream().noneMatch(c -> c.name().equals(name))) {
        throw new IllegalArgumentException(
            "unknown column '" + name + "' (columns: " + String.join(", ", names(columns)) + ")");
      }
    }
    List<String> fields = new ArrayList<>();
    for (Column c : columns) {
      fields.add(values.getOrDefault(c.name(), ""));
    }
    Record r = new Record(columns);
    r.load(fields);
    return r;
  }

  static boolean given(Expr p, Map<String, String> values) {
    for (Column c : p.columns()) {
      if (!values.containsKey(c.name())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The prefixes of every bucket a part spreads keys over; null for a part that does not spread.
   */
  static List<byte[]> fanOut(Expr p) {
    return switch (p.kind()) {
      case SALT -> ((Salt) p).prefixes();
      case TIME_BUCKET -> Arrays.asList(((TimeBucket) p).prefixes());
      case COLUMN,
          LITERAL,
          CONCAT,
          DIGEST,
          HEX,
          LEFT,
          PAD,
          REVERSE,
          BINARY,
          CODE,
          DECIMAL,
          FORMAT_TIME,
          IPV4,
          REVERSE_TIMESTAMP,
          SORTABLE,
          TIME_FLOOR,
          TIME_OFFSET ->
          null;
    };
  }

  static byte[] bytes(Expr p, Record r) throws RejectException {
    ByteBuilder b = new ByteBuilder();
    p.appendTo(r, b);
    return b.toArray();
  }

  static List<byte[]> append(List<byte[]> prefixes, List<byte[]> suffixes) {
    List<byte[]> out = new ArrayList<>();
    for (byte[] p : prefixes) {
      for (byte[] s : suffixes) {
        out.add(concat(p, s));
      }
    }
    return out;
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static int indexOf(byte[] row, byte[] sep, int from) {
    outer:
    for (int i = from; i <= row.length - sep.length; i++) {
      for (int j = 0; j < sep.length; j++) {
        if (row[i + j] != sep[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  static List<String> names(List<Column> columns) {
    return columns.stream().map(Column::name).toList();
  }
}
