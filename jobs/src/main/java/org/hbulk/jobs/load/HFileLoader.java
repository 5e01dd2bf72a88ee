package org.hbulk.jobs.load;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.HFileWriters;

/**
 * Hands a run's HFiles of one table to HBase with BulkLoadHFiles, tried again with a doubling pause
 * when it fails (a region moving, a server restarting): what is already loaded stays loaded, the
 * rest is retried.
 */
final class HFileLoader {
  private final Configuration conf;
  private final PrintStream log;

  HFileLoader(Configuration conf, PrintStream log) {
    this.conf = conf;
    this.log = log;
  }

  /** Returns the HFiles loaded; throws when every attempt failed. */
  int load(RunDirectory run, String table, TableDescriptor descriptor) throws HbulkException {
    int attempts =
        Math.max(1, conf.getInt(HbulkConf.COMPLETE_ATTEMPTS, HbulkConf.COMPLETE_ATTEMPTS_DEFAULT));
    long pause = conf.getLong(HbulkConf.COMPLETE_BACKOFF_MS, HbulkConf.COMPLETE_BACKOFF_DEFAULT);
    Configuration bounded = boundedClient(clientFor(conf, descriptor));
    for (int attempt = 1; ; attempt++) {
      try {
        return BulkLoadHFiles.create(bounded)
            .bulkLoad(TableName.valueOf(table), HFileWriters.tableDirectory(run.hfiles(), table))
            .size();
      } catch (IOException e) {
        if (attempt >= attempts) {
          throw new HbulkException(
              ExitCode.LOAD_FAILED,
              "bulk load into "
                  + table
                  + " failed "
                  + attempts
                  + " time(s): "
                  + gist(e)
                  + ". The HFiles not loaded are still in "
                  + run.hfiles()
                  + "; finish the load with: hbulk resume --run-dir "
                  + run.root(),
              e);
        }
        log.println(
            "hbulk: bulk load into "
                + table
                + " failed ("
                + gist(e)
                + "); attempt "
                + (attempt + 1)
                + " of "
                + attempts
                + " in "
                + pause
                + " ms");
        try {
          Thread.sleep(pause);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          throw new HbulkException(
              ExitCode.LOAD_FAILED, "interrupted while retrying the bulk load", ie);
        }
        pause *= 2;
      }
    }
  }

  /**
   * The client settings BulkLoadHFiles needs for this table's files: where a region split since
   * prepare it splits the files that span two regions, and writes the halves of a
   * ROWPREFIX_FIXED_LENGTH family's file with the client's prefix length, not the family's; without
   * one every attempt failed (an IllegalStateException, exit 1, on every resume). The family's
   * length is given unless the user set one (any length makes a sound half: the file records the
   * length its bloom filter was built with, and readers use that).
   */
  static Configuration clientFor(Configuration conf, TableDescriptor table) {
    if (conf.get(BloomFilterUtil.PREFIX_LENGTH_KEY) != null) {
      return conf;
    }
    for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
      String length = f.getConfigurationValue(BloomFilterUtil.PREFIX_LENGTH_KEY);
      if (f.getBloomFilterType() == BloomType.ROWPREFIX_FIXED_LENGTH && length != null) {
        Configuration client = new Configuration(conf);
        client.set(BloomFilterUtil.PREFIX_LENGTH_KEY, length);
        return client;
      }
    }
    return conf;
  }

  /**
   * A failure in one line: HBase's retry errors carry every try's exception, a line each ("Failed
   * after attempts=6, exceptions: ..."), and the last of them says most.
   */
  static String gist(Throwable e) {
    String message = String.valueOf(e.getMessage()).strip();
    String[] lines = message.split("\\R");
    return lines.length == 1
        ? message
        : lines[0].strip() + " ... " + lines[lines.length - 1].strip();
  }

  /**
   * The client settings of a completion attempt, so that an attempt against an HBase that does not
   * answer ends in about {@code hbulk.complete.hbase-timeout.ms}: HBase's client retries each
   * region 16 times, and each try first looks the region up in {@code hbase:meta}, which against a
   * dead server waits out its own timeout (20 minutes by default), and each retry waits it out
   * again. Six tries of at most a sixth of the timeout each; the bulk-load call itself keeps the
   * RPC timeout it has (a copy across file systems may need it).
   */
  static Configuration boundedClient(Configuration conf) {
    Configuration bounded = new Configuration(conf);
    long cap =
        conf.getLong(HbulkConf.COMPLETE_HBASE_TIMEOUT_MS, HbulkConf.COMPLETE_HBASE_TIMEOUT_DEFAULT);
    bounded.setInt(
        "hbase.client.retries.number", Math.min(5, conf.getInt("hbase.client.retries.number", 15)));
    bounded.setLong(
        "hbase.client.meta.operation.timeout",
        Math.min(cap / 6, conf.getLong("hbase.client.meta.operation.timeout", cap)));
    bounded.setLong(
        "hbase.client.operation.timeout",
        Math.min(cap, conf.getLong("hbase.client.operation.timeout", cap)));
    return bounded;
  }
}
