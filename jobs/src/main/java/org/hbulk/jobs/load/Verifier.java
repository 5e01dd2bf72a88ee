package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.hfile.FamilyExpiry;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.schema.CollisionPolicy;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.tags.CellTagger;

/**
 * Reconciles a loaded run with its table: input records run through the run's own spec again, and
 * every cell they make read back with a Get of every version and compared (value and timestamp). A
 * load of at most {@code limit} records is checked whole; a bigger one on about {@code limit}
 * records spread over its input ({@link InputSample#spread}). Other versions of a checked column
 * are differences too: a newer one hides the run's value from every default read; an older one is
 * what a second, interrupted or repeated load leaves (unless the table keeps history on purpose:
 * {@code allowOlderVersions}). Under a collision policy other than fail, cells of records the
 * policy did not keep differ by design: such rows are counted apart, and are differences when there
 * are more of them than the run's report counted conflicting rows (under a record-level policy,
 * rows it dropped a record from, when more: a dropped record that only repeated the kept one's
 * values conflicts with nothing), or, under a record-level policy with every record read again,
 * when none of a row's records is in the table whole.
 *
 * <p>Deletions are checked too: a DeleteFamily marker at T wants no cell of its family at or before
 * T in the row, a DeleteColumn marker at T no version of its column at or before T (what HBase
 * masks; versions after T are another load's business). A Put that a marker of the records read
 * masks (same row and family, or column, at a timestamp at or after the Put's) must be absent at
 * its timestamp rather than present. When only a sample of a run with deletions is read, a Put
 * missing at its timestamp may be masked by a marker of a record not read: such cells are counted
 * apart ({@link Result#maskedCells}), not as differences.
 *
 * <p>Cells with tags are read as HBase shows them: a cell whose TTL has passed (or passes within
 * {@link #TTL_MARGIN_MILLIS}, while the check runs) is invisible, so it is counted apart and not
 * looked for ({@link Result#expiredCells}); a cell with visibility labels the verifying user may
 * not see reads as absent, so a labelled cell missing at its timestamp is counted apart ({@link
 * Result#unseenLabelledCells}) rather than reported. A labelled cell that reads back is checked as
 * any other.
 */
public final class Verifier {
  /** What verify found. */
  public record Result(
      long records,
      long rows,
      long cells,
      long olderVersions,
      long collisionRows,
      List<String> differences,
      long markers,
      long maskedCells,
      long expiredCells,
      long unseenLabelledCells) {}

  /** A cell whose TTL passes this soon is not looked for: it may expire before it is read. */
  static final long TTL_MARGIN_MILLIS = 60_000;

  /** How a checked cell differs from the table; whether a collision policy can explain it. */
  private enum Kind {
    /** A newer version hides the run's value. */
    HIDDEN,
    /** Another value at the run's timestamp: what a kept colliding record leaves. */
    OTHER_VALUE,
    /**
     * No version at the run's timestamp: what a dropped record leaves under a record-level policy.
     */
    ABSENT
  }

  private record Problem(Kind kind, String text) {}

  private final Configuration conf;
  private final Connection connection;

  public Verifier(Configuration conf, Connection connection) {
    this.conf = conf;
    this.connection = connection;
  }

  public Result verify(RunDirectory run, int limit, boolean allowOlderVersions)
      throws IOException, InterruptedException {
    RunState state = run.readState();
    LoadSpec spec = LoadSpec.parse(state.specSource(), run.readText(run.spec()), state.overrides());
    List<byte[]> raw = InputSample.spread(conf, spec, state.resolvedInputs(), limit);
    RecordConverter converter = new RecordConverter(spec, state.runStartMillis());
    // Each cell's tags and each record's rejects as the load made them, over the labels it used.
    CellTagger tagger = CellTagger.of(spec, state.labels());
    if (tagger != null) {
      converter.tags(tagger);
    }
    long expiresBefore = System.currentTimeMillis() + TTL_MARGIN_MILLIS;
    long expired = 0;
    long unseenLabelled = 0;
    Map<String, Table> tables = new HashMap<>();
    // Each table's families with a TTL, read once.
    Map<String, Map<String, FamilyExpiry>> familyTtls = new HashMap<>();
    List<String> differences = new ArrayList<>();
    Set<String> rowsSeen = new HashSet<>();
    long records = 0;
    long cells = 0;
    long older = 0;
    CollisionPolicy policy = spec.collisions();
    boolean recordLevel =
        policy == CollisionPolicy.KEEP_LAST_RECORD || policy == CollisionPolicy.KEEP_FIRST_RECORD;
    PrepareCounts.Collisions collided = state.counts().collisions();
    // Rows whose cells differ only as the run's collision policy makes them differ, kept apart
    // until the end: more of them than the run counted conflicting rows is a real difference.
    Map<String, List<String>> collisionRows = new java.util.LinkedHashMap<>();
    Set<String> rowsMatchedWhole = new HashSet<>();
    // Every record's cells are read once and kept: the masks need all of them before any check.
    Masks masks = new Masks();
    List<Converted> converted = new ArrayList<>();
    for (byte[] r : raw) {
      try {
        Converted c = Converted.of(converter, r, spec.outputs().size());
        converted.add(c);
        for (int o = 0, from = 0; o < spec.outputs().size(); o++) {
          for (int i = from; i < c.ends()[o]; i++) {
            masks.add(spec.outputs().get(o).table(), c.kvs().get(i));
          }
          from = c.ends()[o];
        }
      } catch (RejectException rejected) {
        // in the rejects, not in the table
      }
    }
    boolean sampleHasAllMarkers =
        raw.size() >= state.counts().read()
            || spec.outputs().stream().noneMatch(out -> out.writesMarkers());
    long markers = 0;
    long maskedCells = 0;
    try {
      for (Converted record : converted) {
        List<KeyValue> kvs = record.kvs();
        records++;
        int from = 0;
        for (int o = 0; o < spec.outputs().size(); o++) {
          byte[] row = record.rows().get(o);
          int to = record.ends()[o];
          if (row == null) {
            continue;
          }
          String table = spec.outputs().get(o).table();
          rowsSeen.add(table + "/" + Bytes.toHex(row));
          Table t = tables.computeIfAbsent(table, name -> open(name));
          Map<String, FamilyExpiry> ttls = familyTtls.get(table);
          if (ttls == null) {
            ttls = familyTtls(t, expiresBefore);
            familyTtls.put(table, ttls);
          }
          org.apache.hadoop.hbase.client.Result got = t.get(new Get(row).readAllVersions());
          boolean wantsCells = false;
          for (int c = from; c < to; c++) {
            KeyValue kv = kvs.get(c);
            wantsCells |=
                !masks.isMarker(kv)
                    && !masks.masks(table, kv)
                    && !expired(kv, got, ttls, expiresBefore);
          }
          if (got.isEmpty() && wantsCells) {
            differences.add(table + ": row " + Bytes.toStringBinary(row) + " is missing");
            from = to;
            continue;
          }
          String rowKey = table + "/" + Bytes.toHex(row);
          boolean whole = true;
          for (int c = from; c < to; c++) {
            cells++;
            KeyValue want = kvs.get(c);
            if (masks.isMarker(want)) {
              markers++;
              String left = Masks.leftOver(want, got);
              if (left != null) {
                differences.add(at(table, row) + left);
              }
              continue;
            }
            if (masks.masks(table, want)) {
              if (atTimestamp(want, got)) {
                differences.add(
                    at(table, row)
                        + column(want)
                        + " @"
                        + want.getTimestamp()
                        + " is there, though a deletion of the run masks it");
              }
              continue;
            }
            if (expired(want, got, ttls, expiresBefore)) {
              expired++;
              continue;
            }
            if (CellTags.hasLabels(want) && !atTimestamp(want, got)) {
              unseenLabelled++;
              continue;
            }
            Problem problem = compare(want, got, table, masks);
            if (problem != null
                && problem.kind() == Kind.ABSENT
                && !sampleHasAllMarkers
                && !atTimestamp(want, got)) {
              maskedCells++;
              continue;
            }
            whole &= problem == null;
            if (problem != null) {
              String text = at(table, row) + problem.text();
              boolean explained =
                  collided.any()
                      && (problem.kind() == Kind.OTHER_VALUE && policy != CollisionPolicy.FAIL
                          || problem.kind() == Kind.ABSENT && recordLevel);
              if (explained) {
                collisionRows.computeIfAbsent(rowKey, k -> new ArrayList<>()).add(text);
              } else {
                differences.add(text);
              }
            }
            List<Long> olderThan = olderVersions(want, got, table, masks);
            older += olderThan.size();
            if (!olderThan.isEmpty() && !allowOlderVersions) {
              differences.add(
                  at(table, row)
                      + column(want)
                      + " has other version(s) @"
                      + olderThan
                      + " besides the loaded one @"
                      + want.getTimestamp());
            }
          }
          if (whole) {
            rowsMatchedWhole.add(rowKey);
          }
          from = to;
        }
      }
    } finally {
      for (Table t : tables.values()) {
        t.close();
      }
    }
    // Rows the policy can leave differing: those with a conflicting cell, and under a record-level
    // policy every row it dropped a record from (a dropped record may only have repeated the kept
    // one's values, conflicting with nothing, yet its other cells are absent).
    long explainable =
        recordLevel ? Math.max(collided.rows(), collided.recordRowsDropped()) : collided.rows();
    if (collisionRows.size() > explainable) {
      collisionRows.values().forEach(differences::addAll);
      collisionRows.clear();
    } else if (recordLevel && records == state.counts().loaded()) {
      // Every record was read again, so the record the policy kept was among them: a row none of
      // whose records is in the table whole was not written as the policy says.
      for (Map.Entry<String, List<String>> row : collisionRows.entrySet()) {
        if (!rowsMatchedWhole.contains(row.getKey())) {
          differences.addAll(row.getValue());
        }
      }
    }
    return new Result(
        records,
        rowsSeen.size(),
        cells,
        older,
        differences.isEmpty() ? collisionRows.size() : 0,
        differences,
        markers,
        maskedCells,
        expired,
        unseenLabelled);
  }

  /** How a difference names its row: {@code "table: row ROW "}. */
  private static String at(String table, byte[] row) {
    return table + ": row " + Bytes.toStringBinary(row) + " ";
  }

  /** Whether the table holds a version of the wanted cell's column at its timestamp. */
  private static boolean atTimestamp(KeyValue want, org.apache.hadoop.hbase.client.Result got) {
    for (Cell c : got.getColumnCells(CellUtil.cloneFamily(want), CellUtil.cloneQualifier(want))) {
      if (c.getTimestamp() == want.getTimestamp()) {
        return true;
      }
    }
    return false;
  }

  /**
   * How the table's versions of the wanted cell's column differ from it; a newer version that
   * another record of the run wrote (an update later in the day) hides nothing it should not, and
   * the wanted version may be gone under it (a family keeping fewer versions drops it).
   */
  private static Problem compare(
      KeyValue want, org.apache.hadoop.hbase.client.Result got, String table, Masks masks) {
    String column = column(want);
    boolean sawColumn = false;
    boolean supersededInRun = false;
    for (Cell c : got.getColumnCells(CellUtil.cloneFamily(want), CellUtil.cloneQualifier(want))) {
      sawColumn = true;
      boolean newer = c.getTimestamp() > want.getTimestamp();
      supersededInRun |= newer && masks.isRunPut(table, c);
      if (newer && !masks.isRunPut(table, c)) {
        return new Problem(
            Kind.HIDDEN,
            column
                + " @"
                + want.getTimestamp()
                + " is hidden by a newer version @"
                + c.getTimestamp()
                + " holding "
                + Bytes.toStringBinary(CellUtil.cloneValue(c)));
      }
      if (c.getTimestamp() == want.getTimestamp()) {
        return CellUtil.matchingValue(c, want)
            ? null
            : new Problem(
                Kind.OTHER_VALUE,
                column
                    + " @"
                    + want.getTimestamp()
                    + " holds "
                    + Bytes.toStringBinary(CellUtil.cloneValue(c))
                    + ", the input says "
                    + Bytes.toStringBinary(CellUtil.cloneValue(want)));
      }
    }
    if (supersededInRun) {
      return null;
    }
    return new Problem(
        Kind.ABSENT,
        column + (sawColumn ? " has no version @" + want.getTimestamp() : " is missing"));
  }

  /** Timestamps of the column's versions older than the wanted cell's, newest first. */
  private static List<Long> olderVersions(
      KeyValue want, org.apache.hadoop.hbase.client.Result got, String table, Masks masks) {
    List<Long> older = new ArrayList<>();
    for (Cell c : got.getColumnCells(CellUtil.cloneFamily(want), CellUtil.cloneQualifier(want))) {
      if (c.getTimestamp() < want.getTimestamp() && !masks.isRunPut(table, c)) {
        older.add(c.getTimestamp());
      }
    }
    return older;
  }

  static String column(Cell cell) {
    return Bytes.toStringBinary(CellUtil.cloneFamily(cell))
        + ":"
        + Bytes.toStringBinary(CellUtil.cloneQualifier(cell));
  }

  /**
   * Whether HBase no longer returns the cell at {@code millis}: its own TTL has passed, or its
   * family's has and the column has the family's MIN_VERSIONS newer versions in the table (a cell
   * among a column's newest MIN_VERSIONS is returned however old, so it is checked as any other).
   */
  private static boolean expired(
      KeyValue want,
      org.apache.hadoop.hbase.client.Result got,
      Map<String, FamilyExpiry> familyTtls,
      long millis) {
    if (CellTags.expiresBefore(want, millis)) {
      return true;
    }
    FamilyExpiry family =
        familyTtls.get(
            Bytes.toString(want.getFamilyArray(), want.getFamilyOffset(), want.getFamilyLength()));
    return family != null && family.hides(want.getTimestamp(), newerVersions(want, got));
  }

  /**
   * The versions of the cell's column the table holds above its timestamp: HBase returns a column's
   * newest MIN_VERSIONS however old, so a cell with fewer above it must be there.
   */
  private static long newerVersions(KeyValue want, org.apache.hadoop.hbase.client.Result got) {
    return got.getColumnCells(CellUtil.cloneFamily(want), CellUtil.cloneQualifier(want)).stream()
        .filter(c -> c.getTimestamp() > want.getTimestamp())
        .count();
  }

  /**
   * The table's families with a TTL, by name, as they hide cells at {@code millis}. None where the
   * user may not read the table's descriptor (HBase's AccessController shows it to ADMIN or CREATE
   * only): the cells a family TTL hides are then reported missing, a difference to look into rather
   * than a pass.
   */
  private static Map<String, FamilyExpiry> familyTtls(Table t, long millis) {
    TableDescriptor descriptor;
    try {
      descriptor = t.getDescriptor();
    } catch (IOException e) {
      return Map.of();
    }
    Map<String, FamilyExpiry> found = new HashMap<>();
    for (ColumnFamilyDescriptor f : descriptor.getColumnFamilies()) {
      FamilyExpiry expiry = FamilyExpiry.of(f, millis);
      if (expiry != null) {
        found.put(f.getNameAsString(), expiry);
      }
    }
    return found;
  }

  private Table open(String name) {
    try {
      return connection.getTable(TableName.valueOf(name));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** One record's cells, its row per output (null: none) and where each output's cells end. */
  private record Converted(List<KeyValue> kvs, List<byte[]> rows, int[] ends) {
    static Converted of(RecordConverter converter, byte[] record, int outputs)
        throws RejectException {
      List<KeyValue> kvs = new ArrayList<>(converter.convert(record, record.length));
      int[] ends = new int[outputs];
      for (int o = 0; o < outputs; o++) {
        ends[o] = converter.lastCellsEnd(o);
      }
      return new Converted(kvs, new ArrayList<>(converter.lastRows()), ends);
    }
  }
}
