package org.hbulk.jobs.cli;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Table;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * The tables a command names, checked before it uses them: a missing table is exit 4 in one line,
 * the same in every command, instead of whatever the HBase client throws where it first notices.
 */
final class Tables {
  private Tables() {}

  /**
   * The table a command line names; exit 3, as for a spec's {@code table =}, when HBase refuses the
   * name.
   */
  static TableName name(String option, String name) throws HbulkException {
    try {
      return TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new HbulkException(
          ExitCode.BAD_SPEC,
          option + " '" + name + "' is not a valid HBase table name: " + e.getMessage(),
          e);
    }
  }

  /** The table, once HBase says it exists (exit 4 when not). */
  static Table existing(Connection connection, TableName name) throws HbulkException, IOException {
    requireExisting(connection, List.of(name.getNameAsString()));
    return connection.getTable(name);
  }

  /** Exit 4 naming the first of {@code tables} that HBase does not have. */
  static void requireExisting(Connection connection, Collection<String> tables)
      throws HbulkException, IOException {
    try (Admin admin = connection.getAdmin()) {
      for (String table : tables) {
        if (!admin.tableExists(TableName.valueOf(table))) {
          throw new HbulkException(
              ExitCode.HBASE,
              "table "
                  + table
                  + " does not exist in HBase ("
                  + connection.getConfiguration().get("hbase.zookeeper.quorum")
                  + "); create it with"
                  + " hbulk create-table, or check that HBULK_CONF_DIR or -D name the right cluster");
        }
      }
    }
  }
}
