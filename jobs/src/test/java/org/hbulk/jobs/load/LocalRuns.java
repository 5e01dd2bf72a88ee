package org.hbulk.jobs.load;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.mapreduce.MRConfig;

/**
 * What the tests of whole runs without a cluster share: Hadoop's local job runner with every file
 * under a test's temporary folder, and a table that exists only in mocks.
 */
final class LocalRuns {
  private LocalRuns() {}

  /** HBase's configuration (the test classpath's hbase-site.xml names the codecs), run locally. */
  static Configuration conf(Path tmp) {
    Configuration conf = HBaseConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", tmp.resolve("hadoop").toString());
    conf.set(MRConfig.LOCAL_DIR, tmp.resolve("local").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", tmp.resolve("staging").toString());
    return conf;
  }

  /** A connection to one enabled table of one region and one family. */
  static Connection oneRegionTable(String table, String family) throws IOException {
    return oneRegionTable(table, ColumnFamilyDescriptorBuilder.of(family));
  }

  /** The same, with the family as {@code family} describes it. */
  static Connection oneRegionTable(String table, ColumnFamilyDescriptor family) throws IOException {
    return oneRegionTable(
        TableDescriptorBuilder.newBuilder(TableName.valueOf(table))
            .setColumnFamily(family)
            .build());
  }

  /** The same, with the table as {@code descriptor} describes it. */
  static Connection oneRegionTable(TableDescriptor descriptor) throws IOException {
    Admin admin = mock(Admin.class);
    when(admin.tableExists(any(TableName.class))).thenReturn(true);
    when(admin.isTableEnabled(any(TableName.class))).thenReturn(true);
    when(admin.getDescriptor(any(TableName.class))).thenReturn(descriptor);
    RegionLocator locator = mock(RegionLocator.class);
    when(locator.getStartKeys()).thenReturn(new byte[][] {new byte[0]});
    Connection c = mock(Connection.class);
    when(c.getAdmin()).thenReturn(admin);
    when(c.getRegionLocator(any(TableName.class))).thenReturn(locator);
    return c;
  }
}
