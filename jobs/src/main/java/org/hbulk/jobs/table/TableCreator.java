package org.hbulk.jobs.table;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Creates a table, or compares an existing one with what the spec wants and, if asked, aligns it.
 */
public final class TableCreator {
  /** What happened to one table. */
  public enum Outcome {
    CREATED,
    UNCHANGED,
    DIFFERS,
    ALTERED
  }

  private final Admin admin;

  public TableCreator(Admin admin) {
    this.admin = admin;
  }

  /**
   * @param differences filled with the field-by-field differences of an existing table
   * @param alter whether to change an existing table's family and table settings to the wanted ones
   */
  public Outcome createOrCompare(
      TableDescriptor wanted, List<byte[]> splitPoints, boolean alter, List<String> differences)
      throws IOException {
    if (!admin.tableExists(wanted.getTableName())) {
      if (splitPoints.isEmpty()) {
        admin.createTable(wanted);
      } else {
        admin.createTable(wanted, splitPoints.toArray(new byte[0][]));
      }
      return Outcome.CREATED;
    }
    TableDescriptor existing = admin.getDescriptor(wanted.getTableName());
    differences.addAll(TableLayout.differences(wanted, existing));
    if (differences.isEmpty()) {
      return Outcome.UNCHANGED;
    }
    if (!alter) {
      return Outcome.DIFFERS;
    }
    // Keep what the spec does not mention (other families, coprocessors): start from the existing
    // table.
    TableDescriptorBuilder b =
        TableDescriptorBuilder.newBuilder(existing)
            .setRegionSplitPolicyClassName(wanted.getRegionSplitPolicyClassName())
            .setMaxFileSize(wanted.getMaxFileSize());
    wanted.getValues().forEach((k, v) -> b.setValue(k, v));
    for (ColumnFamilyDescriptor f : wanted.getColumnFamilies()) {
      if (existing.hasColumnFamily(f.getName())) {
        b.modifyColumnFamily(f);
      } else {
        b.setColumnFamily(f);
      }
    }
    admin.modifyTable(b.build());
    return Outcome.ALTERED;
  }
}
