package org.hbulk.jobs.table;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/** Creates a table with its families and split points. */
public final class TableCreator {
  private final Admin admin;

  public TableCreator(Admin admin) {
    this.admin = admin;
  }

  /**
   * @return true when the table was created, false when it existed and {@code ifNotExists} was given
   */
  public boolean create(TableName name, Collection<String> families, List<byte[]> splitPoints,
      boolean ifNotExists) throws HbulkException, IOException {
    if (admin.tableExists(name)) {
      if (ifNotExists) {
        return false;
      }
      throw new HbulkException(ExitCode.HBASE, "table " + name + " already exists"
          + " (add --if-not-exists to accept an existing table)");
    }
    TableDescriptorBuilder table = TableDescriptorBuilder.newBuilder(name);
    for (String family : families) {
      table.setColumnFamily(ColumnFamilyDescriptorBuilder.of(family));
    }
    TableDescriptor descriptor = table.build();
    if (splitPoints.isEmpty()) {
      admin.createTable(descriptor);
    } else {
      admin.createTable(descriptor, splitPoints.toArray(new byte[0][]));
    }
    return true;
  }
}
