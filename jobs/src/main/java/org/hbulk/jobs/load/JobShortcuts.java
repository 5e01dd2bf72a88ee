package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.mapreduce.Job;
import org.hbulk.jobs.cluster.ClusterTuning;
import org.hbulk.jobs.local.JvmTuning;
import org.hbulk.jobs.local.LocalTuning;
import org.hbulk.jobs.local.QuietExit;
import org.hbulk.mappers.Shortcut;
import org.hbulk.mappers.hfile.FastHFileWriting;
import org.hbulk.mappers.sort.PrefixSort;

/**
 * What each shortcut that relies on framework internals or on local-runner tuning did in the
 * prepare job, asked of its room once the job ended, and kept in the run's state for the report.
 */
public record JobShortcuts(List<Shortcut> all) {
  private static final String LIST = "shortcuts";
  private static final String PREFIX = "shortcut.";

  public JobShortcuts {
    all = List.copyOf(all);
  }

  /** The shortcuts of a finished job. */
  static JobShortcuts of(Job job) throws IOException {
    List<Shortcut> all = new ArrayList<>();
    all.add(PrefixSort.outcome(job.getConfiguration(), job.getCounters()));
    all.add(FastHFileWriting.outcome(job.getConfiguration(), job.getCounters()));
    all.addAll(LocalTuning.outcome(job.getConfiguration()));
    all.addAll(ClusterTuning.outcome(job.getConfiguration()));
    all.add(JvmTuning.outcome());
    all.add(QuietExit.outcome(job.getConfiguration()));
    return new JobShortcuts(all);
  }

  /** Those in a state, by name, in order. */
  List<String> named(Shortcut.State state) {
    return all.stream().filter(s -> s.state() == state).map(Shortcut::name).toList();
  }

  void store(Properties p) {
    p.setProperty(LIST, String.join(",", all.stream().map(Shortcut::name).toList()));
    for (Shortcut s : all) {
      p.setProperty(PREFIX + s.name(), s.encode());
    }
  }

  /** None for a run whose job has not ended, or that an hbulk before them prepared. */
  static JobShortcuts load(Properties p) {
    List<Shortcut> all = new ArrayList<>();
    for (String name : p.getProperty(LIST, "").split(",")) {
      if (!name.isEmpty()) {
        all.add(Shortcut.decode(name, p.getProperty(PREFIX + name)));
      }
    }
    return new JobShortcuts(all);
  }
}
