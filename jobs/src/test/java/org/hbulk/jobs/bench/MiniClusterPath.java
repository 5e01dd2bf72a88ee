package org.hbulk.jobs.bench;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * HDFS, YARN and HBase mini clusters in this JVM, as {@code YarnClusterIT} starts them: tasks run
 * in YARN containers of their own (JVMs started by the node managers), files live on the mini HDFS.
 * HBase's testing utility starts two node managers; together they have room for the application
 * master and four task containers of Hadoop's default size (on this 2-core machine), and no more,
 * so every job of the benchmark runs as many tasks at once.
 */
final class MiniClusterPath implements AutoCloseable {
  /** Hadoop's default map and reduce container, and the application master's. */
  private static final int TASK_MB = 1024;

  private static final int AM_MB = 1536;

  /** The node managers {@link HBaseTestingUtility#startMiniMapReduceCluster()} starts. */
  private static final int NODE_MANAGERS = 2;

  private final HBaseTestingUtility util;

  private MiniClusterPath(HBaseTestingUtility util) {
    this.util = util;
  }

  /** Starts the three clusters with their files under {@code work}. */
  static MiniClusterPath start(Path work, String jdkOpens) throws Exception {
    System.setProperty("test.build.data.basedirectory", work.resolve("data").toString());
    HBaseTestingUtility util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set("mapreduce.cluster.local.dir", work.resolve("mapred-local").toString());
    // Each node manager gets its share: one has the master and a task, the other three tasks.
    int nodeMb = (AM_MB + 4 * TASK_MB + TASK_MB / 2) / NODE_MANAGERS;
    conf.setInt("yarn.nodemanager.resource.memory-mb", nodeMb);
    conf.setInt("yarn.nodemanager.resource.cpu-vcores", 4 / NODE_MANAGERS);
    conf.setInt("yarn.scheduler.maximum-allocation-mb", nodeMb);
    // Dropped and truncated tables' files go soon: repeated rounds would fill the disk.
    conf.setInt("hbase.master.cleaner.interval", 10_000);
    conf.setInt("hbase.master.hfilecleaner.ttl", 10_000);
    util.startMiniCluster(1);
    util.startMiniMapReduceCluster();
    // Containers run on JDK 17 too. The opens go into the administrator's options, as a cluster's
    // mapred-site.xml would put them, so the heap still follows each container's memory.
    Configuration c = util.getConfiguration();
    c.set(MRJobConfig.MAPRED_MAP_ADMIN_JAVA_OPTS, jdkOpens);
    c.set(MRJobConfig.MAPRED_REDUCE_ADMIN_JAVA_OPTS, jdkOpens);
    c.set(MRJobConfig.MR_AM_ADMIN_COMMAND_OPTS, jdkOpens);
    return new MiniClusterPath(util);
  }

  HBaseTestingUtility util() {
    return util;
  }

  /** A copy of the clusters' client configuration. */
  Configuration conf() {
    return new Configuration(util.getConfiguration());
  }

  @Override
  public void close() throws IOException {
    util.shutdownMiniMapReduceCluster();
    util.shutdownMiniCluster();
  }
}
