package org.hbulk.jobs.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.tags.LabelOrdinals;

/** How far a run got and what it found, as kept in {@code run.properties}. */
public final class RunState {
  /** The stages a run passes through. */
  public enum Stage {
    /**
     * The job is writing HFiles, or the run died doing so: {@code resume} throws away what it wrote
     * and prepares the run again, with the same spec, inputs and timestamps.
     */
    PREPARING,
    /** HFiles written, not loaded yet: {@code complete} loads them. */
    PREPARED,
    /** HFiles written but rejects exceed the budget: nothing loaded. */
    OVER_BUDGET,
    /** HFiles written but cells collided under the fail policy: nothing loaded. */
    COLLISIONS,
    /**
     * Completion started: some HFiles may be in the table already. Loaded files left the run
     * directory (BulkLoadHFiles moves them), so {@code complete} or {@code resume} loads the rest.
     */
    LOADING,
    /** HFiles handed to HBase. */
    LOADED,
    /**
     * The HFiles left the run unloaded, for good: moved where the user loads them himself ({@code
     * importtsv.bulk.output}), or deleted after a dry run. Nothing is left to complete or resume.
     */
    RELEASED;

    /** Whether a run in this stage was left by a process that stopped before it ended. */
    public boolean unfinished() {
      return this == PREPARING || this == LOADING;
    }
  }

  /** What the command that started a run was asked to do, which {@code resume} finishes. */
  public enum Mode {
    /** prepare, then complete. */
    LOAD,
    /** prepare only: complete is the user's to run. */
    PREPARE
  }

  private final Properties p;

  RunState(Properties p) {
    this.p = p;
  }

  public static RunState create(
      String runId, String specSource, List<String> tables, long runStartMillis, Mode mode) {
    RunState s = new RunState(new Properties());
    s.p.setProperty("run.id", runId);
    s.p.setProperty("mode", mode.name());
    s.stage(Stage.PREPARING);
    s.p.setProperty("spec.source", specSource);
    s.p.setProperty("tables", String.join(",", tables));
    s.p.setProperty("run.start-millis", Long.toString(runStartMillis));
    return s;
  }

  /** A run's state before its job: what it loads, from what, for what command, in this process. */
  static RunState begin(
      String runId,
      LoadSpec spec,
      List<String> inputs,
      List<Path> matched,
      long runStartMillis,
      Mode mode) {
    RunState state =
        create(runId, spec.source(), new ArrayList<>(spec.tables()), runStartMillis, mode);
    state.budget(spec.rejectBudget().describe());
    state.inputs(inputs);
    state.resolvedInputs(matched.stream().map(Path::toString).toList());
    for (Map.Entry<String, String> o : spec.overrides().entrySet()) {
      state.properties().setProperty("spec.override." + o.getKey(), o.getValue());
    }
    state.owner(RunOwner.current());
    return state;
  }

  Properties properties() {
    return p;
  }

  public String runId() {
    return p.getProperty("run.id");
  }

  /** What the run was started to do; runs written before modes existed were loads. */
  public Mode mode() {
    return Mode.valueOf(p.getProperty("mode", Mode.LOAD.name()));
  }

  /** The process that works on the run now: host, process id and its start, to tell it is gone. */
  public RunOwner owner() {
    return RunOwner.read(p);
  }

  public void owner(RunOwner owner) {
    owner.store(p);
  }

  public String specSource() {
    return p.getProperty("spec.source");
  }

  /** The tables the run loads into, in spec order. */
  public List<String> tables() {
    return List.of(p.getProperty("tables").split(","));
  }

  public Stage stage() {
    return Stage.valueOf(p.getProperty("stage"));
  }

  public void stage(Stage stage) {
    p.setProperty("stage", stage.name());
  }

  /** Where a released run's HFiles went: a directory, or empty when they were deleted. */
  public String releasedTo() {
    return p.getProperty("hfiles.released-to", "");
  }

  public void releasedTo(String where) {
    p.setProperty("hfiles.released-to", where);
  }

  public String jobId() {
    return p.getProperty("job.id", "");
  }

  public void jobId(String id) {
    p.setProperty("job.id", id);
  }

  /** Reduce tasks of the job, each writing a run of whole regions ({@code JobSetup}). */
  public int reducers() {
    return Integer.parseInt(p.getProperty("job.reducers", "0"));
  }

  public void reducers(int n) {
    p.setProperty("job.reducers", Integer.toString(n));
  }

  public String budgetViolation() {
    return p.getProperty("budget.violation");
  }

  public void budgetViolation(String message) {
    p.setProperty("budget.violation", message);
  }

  public String budget() {
    return p.getProperty("budget", "");
  }

  public void budget(String description) {
    p.setProperty("budget", description);
  }

  public PrepareCounts counts() {
    return PrepareCounts.load(p);
  }

  public void counts(PrepareCounts counts) {
    counts.store(p);
  }

  /**
   * The visibility label ordinals the job wrote its tags with (none when the spec has no labels):
   * {@code verify} rebuilds the same cells and rejects, and needs no right to read {@code
   * hbase:labels} itself.
   */
  public LabelOrdinals labels() {
    return LabelOrdinals.decode(p.getProperty("visibility.labels"));
  }

  public void labels(LabelOrdinals labels) {
    p.setProperty("visibility.labels", labels.encode());
  }

  /** A table's region start keys the HFiles were partitioned by. */
  public List<byte[]> startKeys(String table) {
    List<byte[]> keys = new ArrayList<>();
    int n = Integer.parseInt(p.getProperty("regions." + table + ".count", "0"));
    for (int i = 0; i < n; i++) {
      keys.add(Bytes.fromHex(p.getProperty("regions." + table + "." + i + ".start")));
    }
    return keys;
  }

  public void startKeys(String table, byte[][] keys) {
    p.setProperty("regions." + table + ".count", Integer.toString(keys.length));
    for (int i = 0; i < keys.length; i++) {
      p.setProperty("regions." + table + "." + i + ".start", Bytes.toHex(keys[i]));
    }
  }

  /** Phase durations in milliseconds, in the order they ran. */
  public Map<String, Long> phases() {
    Map<String, Long> phases = new LinkedHashMap<>();
    for (String name : p.getProperty("phases", "").split(",")) {
      if (!name.isEmpty()) {
        phases.put(name, Long.parseLong(p.getProperty("phase." + name + ".ms")));
      }
    }
    return phases;
  }

  public void phase(String name, long millis) {
    String list = p.getProperty("phases", "");
    if (!(("," + list + ",").contains("," + name + ","))) {
      p.setProperty("phases", list.isEmpty() ? name : list + "," + name);
    }
    p.setProperty("phase." + name + ".ms", Long.toString(millis));
  }

  public long hfilesInLoad() {
    return Long.parseLong(p.getProperty("complete.hfiles", "0"));
  }

  public void hfilesInLoad(long n) {
    p.setProperty("complete.hfiles", Long.toString(n));
  }

  /** What changed in the tables' regions between prepare and complete, or null. */
  public String regionChange() {
    return p.getProperty("complete.region-change");
  }

  public void regionChange(String message) {
    String before = regionChange();
    p.setProperty("complete.region-change", before == null ? message : before + "; " + message);
  }

  /**
   * Whether the run's command has not done what it was asked: stopped while preparing or loading,
   * or a load whose completion never began.
   */
  public boolean unfinished() {
    return stage().unfinished() || stage() == Stage.PREPARED && mode() == Mode.LOAD;
  }

  /**
   * What the inputs matched when the run was prepared (files and directories, globs expanded),
   * which a second preparation and verify read again, so files that arrive later are not taken in.
   * Runs written before this was kept fall back to the inputs as given.
   */
  public List<String> resolvedInputs() {
    String v = p.getProperty("inputs.resolved");
    return v == null ? inputs() : v.isEmpty() ? List.of() : List.of(v.split("\n"));
  }

  public void resolvedInputs(List<String> paths) {
    p.setProperty("inputs.resolved", String.join("\n", paths));
  }

  /** The input paths the run read, as given. */
  public List<String> inputs() {
    String v = p.getProperty("inputs", "");
    return v.isEmpty() ? List.of() : List.of(v.split("\n"));
  }

  public void inputs(List<String> inputs) {
    p.setProperty("inputs", String.join("\n", inputs));
  }

  public long runStartMillis() {
    return Long.parseLong(p.getProperty("run.start-millis"));
  }

  /** The spec overrides the run used, by SECTION.KEY. */
  public Map<String, String> overrides() {
    Map<String, String> o = new java.util.TreeMap<>();
    for (String k : p.stringPropertyNames()) {
      if (k.startsWith("spec.override.")) {
        o.put(k.substring("spec.override.".length()), p.getProperty(k));
      }
    }
    return o;
  }

  public String collisionViolation() {
    return p.getProperty("collisions.violation");
  }

  public void collisionViolation(String message) {
    p.setProperty("collisions.violation", message);
  }

  /** What the job's shortcuts did (none until the job ended). */
  public JobShortcuts shortcuts() {
    return JobShortcuts.load(p);
  }

  public void shortcuts(JobShortcuts shortcuts) {
    shortcuts.store(p);
  }

  /**
   * The HFiles as prepare counted them, table by table in the regions it partitioned by: what a run
   * loaded, even when some of its files already left the run directory for the table before the
   * process that moved them died. Empty for a run prepared before this was kept.
   */
  public Map<String, List<RegionFiles>> preparedFiles() {
    Map<String, List<RegionFiles>> tables = new LinkedHashMap<>();
    String names = p.getProperty("prepared.tables");
    if (names == null) {
      return tables;
    }
    for (String hex : names.isEmpty() ? new String[0] : names.split(",")) {
      String table = Bytes.toString(Bytes.fromHex(hex));
      String at = "prepared." + table + ".";
      int n = Integer.parseInt(p.getProperty(at + "count"));
      List<RegionFiles> regions = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        String r = at + i + ".";
        Map<String, Integer> families = new LinkedHashMap<>();
        String fams = p.getProperty(r + "families", "");
        for (String f : fams.isEmpty() ? new String[0] : fams.split(",")) {
          int eq = f.indexOf('=');
          families.put(
              Bytes.toString(Bytes.fromHex(f.substring(0, eq))),
              Integer.parseInt(f.substring(eq + 1)));
        }
        regions.add(
            new RegionFiles(
                Bytes.fromHex(p.getProperty(r + "start")),
                Bytes.fromHex(p.getProperty(r + "end")),
                Integer.parseInt(p.getProperty(r + "files")),
                Long.parseLong(p.getProperty(r + "bytes")),
                Long.parseLong(p.getProperty(r + "cells")),
                Long.parseLong(p.getProperty(r + "rows")),
                families));
      }
      tables.put(table, regions);
    }
    return tables;
  }

  public void preparedFiles(Map<String, List<RegionFiles>> tables) {
    List<String> names = new ArrayList<>();
    for (Map.Entry<String, List<RegionFiles>> t : tables.entrySet()) {
      names.add(Bytes.toHex(Bytes.toBytes(t.getKey())));
      String at = "prepared." + t.getKey() + ".";
      p.setProperty(at + "count", Integer.toString(t.getValue().size()));
      for (int i = 0; i < t.getValue().size(); i++) {
        RegionFiles f = t.getValue().get(i);
        String r = at + i + ".";
        p.setProperty(r + "start", Bytes.toHex(f.startKey()));
        p.setProperty(r + "end", Bytes.toHex(f.endKey()));
        p.setProperty(r + "files", Integer.toString(f.files()));
        p.setProperty(r + "bytes", Long.toString(f.bytes()));
        p.setProperty(r + "cells", Long.toString(f.cells()));
        p.setProperty(r + "rows", Long.toString(f.rows()));
        List<String> families = new ArrayList<>();
        f.familyFiles()
            .forEach((family, n) -> families.add(Bytes.toHex(Bytes.toBytes(family)) + "=" + n));
        p.setProperty(r + "families", String.join(",", families));
      }
    }
    p.setProperty("prepared.tables", String.join(",", names));
  }
}
