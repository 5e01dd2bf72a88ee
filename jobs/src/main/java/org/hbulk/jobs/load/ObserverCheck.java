package org.hbulk.jobs.load;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.client.CoprocessorDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbulk.mappers.HbulkConf;

/**
 * A table whose descriptor loads coprocessors of its own. A region observer sees Puts, not bulk
 * loads: what it does with each write (a secondary index, Phoenix's bookkeeping, counters, an audit
 * trail) silently does not happen for the cells a bulk load brings. Endpoints and observers of
 * reads only are harmless, and the client cannot tell them apart without their classes, so every
 * table coprocessor is named in a warning before loading. Not a stop under {@link
 * HbulkConf#STRICT}: a table whose coprocessors are harmless could then never be loaded strictly,
 * and the replication check with it. Coprocessors the region servers load for every table ({@code
 * hbase.coprocessor.region.classes}: access control, visibility labels) are not in a table's
 * descriptor and not named.
 */
final class ObserverCheck {
  private ObserverCheck() {}

  static void check(Map<String, TableDescriptor> tables, PrintStream log) {
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, TableDescriptor> t : tables.entrySet()) {
      List<String> classes =
          t.getValue().getCoprocessorDescriptors().stream()
              .map(CoprocessorDescriptor::getClassName)
              .sorted()
              .toList();
      if (!classes.isEmpty()) {
        problems.add("table " + t.getKey() + " loads coprocessor(s) " + String.join(", ", classes));
      }
    }
    if (problems.isEmpty()) {
      return;
    }
    String message =
        String.join("; ", problems)
            + ": a bulk load bypasses what a coprocessor does on Puts (a secondary index, Phoenix's"
            + " tables, counters): if one does, load through it instead; if they only serve reads"
            + " or endpoints, this load is unaffected.";
    log.println("hbulk: WARNING: " + message);
  }
}
