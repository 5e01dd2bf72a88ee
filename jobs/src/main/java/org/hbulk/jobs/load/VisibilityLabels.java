package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.visibility.Authorizations;
import org.apache.hadoop.hbase.security.visibility.VisibilityConstants;
import org.apache.hadoop.hbase.security.visibility.VisibilityUtils;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.tags.LabelOrdinals;
import org.hbulk.mappers.tags.VisibilityTags;

/**
 * Before a job whose spec writes visibility labels: reads the cluster's labels and their ordinals
 * from {@code hbase:labels}, as ImportTsv's resolver does but in the driver (tasks have no HBase
 * connection), and resolves every constant expression of the spec, so an undefined label stops the
 * run before it starts. Labels from a column are resolved per record; an undefined one rejects it.
 */
final class VisibilityLabels {
  private VisibilityLabels() {}

  /** The ordinals the tasks need; none (not read) when no cell of the spec has labels. */
  static LabelOrdinals read(Connection connection, LoadSpec spec)
      throws HbulkException, IOException {
    if (spec.outputs().stream().noneMatch(o -> o.tags().anyVisibility(o.cells()))) {
      return new LabelOrdinals(Map.of());
    }
    LabelOrdinals labels = new LabelOrdinals(scan(connection));
    VisibilityTags tags = new VisibilityTags(labels);
    for (OutputSpec o : spec.outputs()) {
      for (String expression : o.tags().constantVisibilities(o.cells())) {
        try {
          tags.tagsOf(expression);
        } catch (VisibilityTags.BadExpressionException e) {
          throw new HbulkException(
              ExitCode.BAD_SPEC,
              spec.source()
                  + ": [output "
                  + o.name()
                  + "] visibility \""
                  + expression
                  + "\": "
                  + e.getMessage()
                  + "; define the label first (hbase shell: add_labels), then load");
        }
      }
    }
    return labels;
  }

  private static Map<String, Integer> scan(Connection connection)
      throws HbulkException, IOException {
    TableName name = VisibilityConstants.LABELS_TABLE_NAME;
    try (Admin admin = connection.getAdmin()) {
      if (!admin.tableExists(name)) {
        throw new HbulkException(
            ExitCode.HBASE,
            "the spec writes visibility labels, but the cluster has no "
                + name
                + " table: visibility labels need HBase's VisibilityController coprocessor on"
                + " the master and the region servers (README, \"Cell TTL and visibility"
                + " labels\")");
      }
    }
    Map<String, Integer> ordinals = new LinkedHashMap<>();
    Scan scan = new Scan();
    scan.setAuthorizations(new Authorizations(VisibilityUtils.SYSTEM_LABEL));
    scan.addColumn(VisibilityConstants.LABELS_TABLE_FAMILY, VisibilityConstants.LABEL_QUALIFIER);
    try (Table table = connection.getTable(name);
        ResultScanner scanner = table.getScanner(scan)) {
      for (Result r : scanner) {
        byte[] label =
            r.getValue(
                VisibilityConstants.LABELS_TABLE_FAMILY, VisibilityConstants.LABEL_QUALIFIER);
        if (label != null && r.getRow().length == Bytes.SIZEOF_INT) {
          ordinals.put(Bytes.toString(label), Bytes.toInt(r.getRow()));
        }
      }
    } catch (IOException e) {
      throw new HbulkException(
          ExitCode.HBASE,
          "cannot read the visibility labels from "
              + name
              + " ("
              + e.getMessage()
              + "): the loading user must be allowed to (an HBase superuser, as for ImportTsv)",
          e);
    }
    return ordinals;
  }
}
