package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify against a table held in memory: which records it reads again, what it calls a difference.
 */
class VerifierTest {
  @TempDir Path tmp;

  private static final String SPEC =
      "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\ntimestamp = 1000\n"
          + "d:v = v\n";

  /** A loaded run of the given files (name, text) with the reducer's counts. */
  private RunDirectory run(LoadSpec spec, Map<String, String> files, PrepareCounts counts)
      throws Exception {
    Path in = Files.createDirectories(tmp.resolve("in"));
    for (Map.Entry<String, String> f : files.entrySet()) {
      Files.writeString(in.resolve(f.getKey()), f.getValue());
    }
    RunDirectory run =
        RunDirectory.at(
            new Configuration(false), new org.apache.hadoop.fs.Path(tmp.resolve("run").toString()));
    run.create();
    RunState state =
        RunState.begin(
            "r1",
            spec,
            List.of(in.toString()),
            List.of(new org.apache.hadoop.fs.Path(in.toString())),
            1000,
            RunState.Mode.LOAD);
    state.counts(counts);
    state.stage(RunState.Stage.LOADED);
    run.writeText(run.spec(), spec.text());
    run.writeState(state);
    return run;
  }

  private static PrepareCounts counts(
      long records, long cells, long conflictingCells, long conflictingRows, long recordRows) {
    return new PrepareCounts(
        records,
        records,
        0,
        cells,
        0,
        0,
        0,
        0,
        0,
        Map.of(),
        conflictingCells,
        conflictingRows,
        new PrepareCounts.Collisions(conflictingCells, conflictingRows, recordRows),
        0,
        0,
        Map.of(),
        Map.of(),
        new PrepareCounts.Deletions(0, 0, 0, 0),
        PrepareCounts.Tagged.NONE,
        0);
  }

  /** The table: the cells of the given records, by row. */
  private static Map<String, List<Cell>> table(LoadSpec spec, String... records) throws Exception {
    RecordConverter converter = new RecordConverter(spec, 1000);
    Map<String, List<Cell>> rows = new TreeMap<>();
    for (String line : records) {
      byte[] r = line.getBytes(StandardCharsets.UTF_8);
      for (KeyValue kv : converter.convert(r, r.length)) {
        rows.computeIfAbsent(
                Bytes.toString(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength()),
                k -> new ArrayList<>())
            .add(kv.deepClone());
      }
    }
    return rows;
  }

  private static Connection connection(Map<String, List<Cell>> rows) throws Exception {
    return connection(rows, ColumnFamilyDescriptorBuilder.of("d"));
  }

  /** A table t of the one family {@code family}, holding {@code rows}. */
  private static Connection connection(Map<String, List<Cell>> rows, ColumnFamilyDescriptor family)
      throws Exception {
    Table t = mock(Table.class);
    when(t.getDescriptor())
        .thenReturn(
            TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(family)
                .build());
    when(t.get(any(Get.class)))
        .thenAnswer(
            inv -> {
              Get g = inv.getArgument(0);
              List<Cell> cells =
                  new ArrayList<>(rows.getOrDefault(Bytes.toString(g.getRow()), List.of()));
              cells.sort(CellComparator.getInstance());
              return Result.create(cells);
            });
    Connection c = mock(Connection.class);
    when(c.getTable(any(TableName.class))).thenReturn(t);
    return c;
  }

  @Test
  void aLoadOfAtMostRecordsInFilesOfUnequalSizeIsCheckedWholeAndAMissingLastRowFound()
      throws Exception {
    LoadSpec spec = LoadSpec.parse("t.spec", SPEC);
    List<String> a = new ArrayList<>();
    for (int i = 0; i < 15; i++) {
      a.add("a" + i + ",x" + i);
    }
    RunDirectory run =
        run(
            spec,
            Map.of("a.csv", String.join("\n", a) + "\n", "b.csv", "b0,y0\n"),
            counts(16, 16, 0, 0, 0));
    List<String> all = new ArrayList<>(a);
    all.add("b0,y0");
    Map<String, List<Cell>> rows = table(spec, all.toArray(String[]::new));
    rows.remove("a14");
    Verifier.Result r =
        new Verifier(new Configuration(false), connection(rows)).verify(run, 20, false);
    assertEquals(16, r.records());
    assertEquals(List.of("t: row a14 is missing"), r.differences());
  }

  private static final String RECORD_LEVEL =
      "[columns]\nid = string\na = string\nb = string\n\n[output o]\ntable = t\nkey = id\n"
          + "timestamp = 1000\nd:a = a\nd:b = b\n\n[load]\ncollisions = %s\n";

  /**
   * Row k of records {@code k,1,5} and {@code k,1,} (empty b: no d:b): both write d:a = 1, so no
   * cell conflicts, yet the policy drops one record whole.
   */
  private Verifier.Result verifyRowK(String policy, String input, String... inTable)
      throws Exception {
    LoadSpec spec = LoadSpec.parse("t.spec", String.format(RECORD_LEVEL, policy));
    // What the reducer counts: 3 cells emitted, one row a record was dropped from, none
    // conflicting.
    RunDirectory run = run(spec, Map.of("a.csv", input), counts(2, 3, 0, 0, 1));
    return new Verifier(new Configuration(false), connection(table(spec, inTable)))
        .verify(run, 100, false);
  }

  @Test
  void aRecordLevelPolicyThatDroppedARecordOnlyRepeatingTheKeptValuesVerifies() throws Exception {
    Verifier.Result last = verifyRowK("keep-last-record", "k,1,5\nk,1,\n", "k,1,");
    assertEquals(List.of(), last.differences());
    assertEquals(1, last.collisionRows());
    Verifier.Result first = verifyRowK("keep-first-record", "k,1,\nk,1,5\n", "k,1,");
    assertEquals(List.of(), first.differences());
    assertEquals(1, first.collisionRows());
  }

  @Test
  void aRowNoneOfWhoseRecordsIsInTheTableWholeIsADifferenceUnderARecordLevelPolicy()
      throws Exception {
    // Only d:b = 5: the dropped record's cell without its d:a, and the kept record's d:a gone.
    Verifier.Result r = verifyRowK("keep-last-record", "k,1,5\nk,1,\n", "k,,5");
    assertEquals(List.of("t: row k d:a is missing", "t: row k d:a is missing"), r.differences());
  }

  @Test
  void cellsTheirFamilysTtlHidesAreNotLookedForUnlessMinVersionsKeepsThem() throws Exception {
    LoadSpec spec = LoadSpec.parse("t.spec", SPEC);
    RunDirectory run = run(spec, Map.of("a.csv", "a,x\nb,y\n"), counts(2, 2, 0, 0, 0));
    // The cells' timestamp, 1000 (1970), is long past a day's TTL: HBase returns none of them.
    ColumnFamilyDescriptor day =
        ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d")).setTimeToLive(86400).build();
    Verifier.Result hidden =
        new Verifier(new Configuration(false), connection(Map.of(), day)).verify(run, 100, false);
    assertEquals(List.of(), hidden.differences());
    assertEquals(2, hidden.expiredCells());
    // MIN_VERSIONS 1 keeps each column's newest version readable: what is there is checked.
    ColumnFamilyDescriptor kept =
        ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
            .setTimeToLive(86400)
            .setMinVersions(1)
            .build();
    Verifier.Result checked =
        new Verifier(new Configuration(false), connection(table(spec, "a,x", "b,z"), kept))
            .verify(run, 100, false);
    assertEquals(1, checked.differences().size(), checked.differences().toString());
    assertTrue(
        checked.differences().get(0).startsWith("t: row b d:v"), checked.differences().toString());
    assertEquals(0, checked.expiredCells());
    // ... and what is not there, though MIN_VERSIONS would show it, is missing.
    Verifier.Result lost =
        new Verifier(new Configuration(false), connection(table(spec, "a,x"), kept))
            .verify(run, 100, false);
    assertEquals(List.of("t: row b is missing"), lost.differences());
  }
}
