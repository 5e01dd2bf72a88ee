package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.tags.LabelOrdinals;

/**
 * The tables a spec loads, each found to exist, be enabled and have the families the spec writes,
 * none of them encrypted at rest; and the cluster's visibility labels when the spec writes some
 * ({@link VisibilityLabels}).
 */
record CheckedTables(Map<String, TableDescriptor> descriptors, LabelOrdinals labels) {

  static CheckedTables of(Connection connection, LoadSpec spec) throws HbulkException, IOException {
    Map<String, TableDescriptor> descriptors = new LinkedHashMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (String table : spec.tables()) {
        descriptors.put(table, check(admin, spec, TableName.valueOf(table)));
      }
    }
    return new CheckedTables(descriptors, new LabelOrdinals(Map.of()));
  }

  /**
   * These tables with the cluster's visibility labels, read when the spec writes some: what the job
   * needs, and only the job (completing a run needs no labels).
   */
  CheckedTables withLabels(Connection connection, LoadSpec spec)
      throws HbulkException, IOException {
    return new CheckedTables(descriptors, VisibilityLabels.read(connection, spec));
  }

  private static TableDescriptor check(Admin admin, LoadSpec spec, TableName tableName)
      throws HbulkException, IOException {
    if (!admin.tableExists(tableName)) {
      throw new HbulkException(
          ExitCode.HBASE,
          "table "
              + tableName
              + " does not exist; hbulk never"
              + " creates a one-region table behind your back. Create it first, pre-split: hbulk"
              + " create-table --spec "
              + spec.source());
    }
    if (!admin.isTableEnabled(tableName)) {
      throw new HbulkException(
          ExitCode.HBASE, "table " + tableName + " is disabled; enable it first");
    }
    TableDescriptor descriptor = admin.getDescriptor(tableName);
    Set<String> present = new TreeSet<>();
    Map<String, String> encryption = new LinkedHashMap<>();
    for (ColumnFamilyDescriptor f : descriptor.getColumnFamilies()) {
      present.add(f.getNameAsString());
      if (f.getEncryptionType() != null) {
        encryption.put(f.getNameAsString(), f.getEncryptionType());
      }
    }
    for (OutputSpec o : spec.outputs()) {
      if (!o.table().equals(tableName.getNameAsString())) {
        continue;
      }
      for (String family : o.families()) {
        if (!present.contains(family)) {
          throw new HbulkException(
              ExitCode.BAD_SPEC,
              spec.source()
                  + ": [output "
                  + o.name()
                  + "] writes family '"
                  + family
                  + "', which table "
                  + tableName
                  + " does not have"
                  + " (families: "
                  + String.join(", ", present)
                  + ")");
        }
        // Neither writer gets the family's key (nor does HBase's HFileOutputFormat2), and HBase
        // bulk-loads an unencrypted HFile as it is: the family's cells would sit on disk in the
        // clear until a compaction rewrote them.
        if (encryption.containsKey(family)) {
          throw new HbulkException(
              ExitCode.BAD_SPEC,
              spec.source()
                  + ": [output "
                  + o.name()
                  + "] writes family '"
                  + family
                  + "' of table "
                  + tableName
                  + ", which is encrypted at rest (ENCRYPTION => '"
                  + encryption.get(family)
                  + "'); hbulk writes HFiles unencrypted, so it does not load encrypted"
                  + " families: load it with Puts instead");
        }
      }
    }
    return descriptor;
  }
}
