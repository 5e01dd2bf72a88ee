package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class CheckedTablesTest {
  /**
   * A family with HBase's at-rest encryption would get hbulk's HFiles unencrypted (neither writer
   * is given the family's key, as HBase's own HFileOutputFormat2 is not), and HBase bulk-loads them
   * as they are: a load into one stops before the job, naming the family; an encrypted family the
   * spec does not write is no matter.
   */
  @Test
  void aWrittenFamilyWithEncryptionStopsTheLoad() throws Exception {
    Admin admin = mock(Admin.class);
    when(admin.tableExists(any(TableName.class))).thenReturn(true);
    when(admin.isTableEnabled(any(TableName.class))).thenReturn(true);
    when(admin.getDescriptor(any(TableName.class)))
        .thenReturn(
            TableDescriptorBuilder.newBuilder(TableName.valueOf("t"))
                .setColumnFamily(
                    ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
                        .setEncryptionType("AES")
                        .build())
                .setColumnFamily(ColumnFamilyDescriptorBuilder.of("e"))
                .build());
    Connection c = mock(Connection.class);
    when(c.getAdmin()).thenReturn(admin);

    HbulkException e = assertThrows(HbulkException.class, () -> CheckedTables.of(c, spec("d")));
    assertEquals(ExitCode.BAD_SPEC, e.exitCode());
    assertTrue(e.getMessage().contains("'d'") && e.getMessage().contains("AES"), e.getMessage());
    assertEquals(1, CheckedTables.of(c, spec("e")).descriptors().size());
  }

  private static LoadSpec spec(String family) {
    return LoadSpec.parse(
        "t.spec",
        "[columns]\nid = string\nv = string\n\n[output o]\ntable = t\nkey = id\n"
            + family
            + ":v = v\n");
  }
}
