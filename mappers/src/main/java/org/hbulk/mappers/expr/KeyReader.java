package org.hbulk.mappers.expr;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeSet;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.Column;
import org.hbulk.mappers.spec.ColumnType;

/**
 * The read side of a key design: the Get key of a natural key, the scans that answer a prefix or a
 * time range (one per salt or time bucket where the design fans out), and a row key taken apart
 * into what its parts stand for. Built from the same expression that writes the keys, so readers
 * and writer agree.
 */
public final class KeyReader {
  /** A scan: start row inclusive, stop row exclusive (empty: to the end of the table). */
  public record Range(byte[] start, byte[] stop) {}

  /** One part of a row key: the expression, its bytes, and what they stand for (null if unknown). */
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

  /** How a key's first part is spread: by a salt, by a hash, or neither. */
  public enum Leading { SALT, HASH_BYTES, HASH_HEX, OTHER }

  /**
   * Whether the key starts with a salt, a raw hash (md5, sha1, sha256, murmur3) or its hex text,
   * possibly cut with {@code left}: then the table can be split evenly over the hash space.
   */
  public Leading leading() {
    Expr first = parts.get(0);
    if (first instanceof Salt) {
      return Leading.SALT;
    }
    if (first instanceof Left l && l.startsAtZero()) {
      first = l.input();
    }
    if (first instanceof Digest) {
      return Leading.HASH_BYTES;
    }
    if (first instanceof Hex h && h.input() instanceof Digest) {
      return Leading.HASH_HEX;
    }
    return Leading.OTHER;
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
      throw new IllegalArgumentException("a Get needs every column of the key; missing: "
          + String.join(", ", missing) + " (use a prefix scan for part of the key)");
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
    Record record = record(values);
    List<byte[]> prefixes = List.of(new byte[0]);
    boolean usedGiven = false;
    for (Expr p : parts) {
      if (given(p, values)) {
        usedGiven |= !p.columns().isEmpty();
        prefixes = append(prefixes, List.of(bytes(p, record)));
      } else if (fanOut(p) != null) {
        prefixes = append(prefixes, fanOut(p));
      } else {
        break;
      }
    }
    if (!usedGiven) {
      throw new IllegalArgumentException("the given columns " + values.keySet()
          + " are not at the front of the key " + key + ": every row would have to be scanned");
    }
    List<Range> scans = new ArrayList<>();
    for (byte[] p : prefixes) {
      scans.add(new Range(p, nextPrefix(p)));
    }
    return scans;
  }

  /**
   * The scans for the rows whose time part lies in [from, to): the parts before it from the given
   * columns (salts and buckets fan out), the time part from the range; without {@code to}, to the
   * end of the prefix. A reversed timestamp swaps the ends, since newer rows come first.
   */
  public List<Range> timeRangeScans(Map<String, String> values, String timeColumn, long from,
      OptionalLong to) throws RejectException {
    if (values.containsKey(timeColumn)) {
      throw new IllegalArgumentException("'" + timeColumn + "' is the range's column; do not also give its value");
    }
    Record record = record(values);
    List<byte[]> prefixes = List.of(new byte[0]);
    for (Expr p : parts) {
      Column time = timePart(p, timeColumn);
      if (time != null) {
        return timeScans(prefixes, p, time, record, from, to);
      }
      if (p instanceof TimeBucket tb && tb.column.name().equals(timeColumn)) {
        prefixes = append(prefixes, bucketsHit(tb, from, to));
      } else if (given(p, values)) {
        prefixes = append(prefixes, List.of(bytes(p, record)));
      } else if (p instanceof Salt s) {
        prefixes = append(prefixes, s.prefixes());
      } else {
        throw new IllegalArgumentException("cannot build a time-range scan: key part " + p
            + " needs columns " + names(p.columns()) + " (give them) before any time part");
      }
    }
    throw new IllegalArgumentException("the key " + key + " has no part that encodes '" + timeColumn
        + "' to range over");
  }

  private List<Range> timeScans(List<byte[]> prefixes, Expr part, Column time, Record record,
      long from, OptionalLong to) throws RejectException {
    boolean reversed = part instanceof ReverseTimestamp;
    byte[] low = at(part, time, record, from);
    byte[] high = to.isPresent() ? at(part, time, record, to.getAsLong() - 1) : null;
    List<Range> scans = new ArrayList<>();
    for (byte[] p : prefixes) {
      byte[] start;
      byte[] stop;
      if (!reversed) {
        start = concat(p, low);
        stop = high == null ? nextPrefix(p) : nextPrefix(concat(p, high));
      } else {
        start = high == null ? p : concat(p, high);
        stop = nextPrefix(concat(p, low));
      }
      scans.add(new Range(start, stop));
    }
    return scans;
  }

  /** The part's bytes for a record whose time column holds {@code millis}. */
  private byte[] at(Expr part, Column time, Record record, long millis) throws RejectException {
    String text;
    if (time.type() == ColumnType.TIMESTAMP && time.formatter() != null) {
      text = time.formatter().format(Instant.ofEpochMilli(millis));
    } else if (Column.EPOCH_SECONDS.equals(time.timePattern())) {
      text = Long.toString(Math.floorDiv(millis, 1000L));
    } else {
      text = Long.toString(millis);
    }
    record.assign(time.index(), text, millis, 0);
    return bytes(part, record);
  }

  /** The range's column when this part encodes it in an order-keeping way, else null. */
  private static Column timePart(Expr p, String timeColumn) {
    if (p.columns().size() != 1 || p instanceof TimeBucket || p instanceof Salt) {
      return null;
    }
    Column c = p.columns().get(0);
    boolean ordered = p.growsWithTime() || p instanceof ReverseTimestamp;
    return c.name().equals(timeColumn) && ordered ? c : null;
  }

  private static List<byte[]> bucketsHit(TimeBucket tb, long from, OptionalLong to) {
    byte[][] all = tb.prefixes();
    if (to.isEmpty() || to.getAsLong() - from >= tb.buckets()) {
      return Arrays.asList(all);
    }
    TreeSet<Integer> hit = new TreeSet<>();
    for (long v = from; v < to.getAsLong(); v++) {
      hit.add((int) Math.floorMod(v, (long) tb.buckets()));
    }
    List<byte[]> out = new ArrayList<>();
    for (int b : hit) {
      out.add(all[b]);
    }
    return out;
  }

  /** Splits a row key into its parts: fixed-width parts by width, others up to the next literal. */
  public List<Part> decode(byte[] row) {
    List<Part> out = new ArrayList<>();
    int pos = 0;
    for (int i = 0; i < parts.size(); i++) {
      Expr p = parts.get(i);
      int end = end(row, pos, i);
      if (end < 0 || end > row.length) {
        out.add(new Part(p.toString(), Arrays.copyOfRange(row, pos, row.length),
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

  private Record record(Map<String, String> values) throws RejectException {
    for (String name : values.keySet()) {
      if (columns.stream().noneMatch(c -> c.name().equals(name))) {
        throw new IllegalArgumentException("unknown column '" + name + "' (columns: "
            + String.join(", ", names(columns)) + ")");
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

  private static boolean given(Expr p, Map<String, String> values) {
    for (Column c : p.columns()) {
      if (!values.containsKey(c.name())) {
        return false;
      }
    }
    return true;
  }

  private static List<byte[]> fanOut(Expr p) {
    if (p instanceof Salt s) {
      return s.prefixes();
    }
    if (p instanceof TimeBucket tb) {
      return Arrays.asList(tb.prefixes());
    }
    return null;
  }

  private static byte[] bytes(Expr p, Record r) throws RejectException {
    ByteBuilder b = new ByteBuilder();
    p.appendTo(r, b);
    return b.toArray();
  }

  private static List<byte[]> append(List<byte[]> prefixes, List<byte[]> suffixes) {
    List<byte[]> out = new ArrayList<>();
    for (byte[] p : prefixes) {
      for (byte[] s : suffixes) {
        out.add(concat(p, s));
      }
    }
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
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

  private static List<String> names(List<Column> columns) {
    return columns.stream().map(Column::name).toList();
  }
}
