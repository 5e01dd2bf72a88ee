package org.hbulk.jobs.local;

import java.io.DataInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.MapOutputFile;
import org.apache.hadoop.mapred.Merger;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.mapred.ShuffleConsumerPlugin;
import org.apache.hadoop.mapred.TaskAttemptID;
import org.apache.hadoop.mapred.TaskStatus;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.reduce.Shuffle;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.hbulk.mappers.HbulkConf;

/**
 * The local job runner's shuffle for a Kerberos client without Hadoop's native library. Hadoop's
 * own local shuffle reads each map output's index through {@code SecureIOUtils}, which, once
 * security is on, checks the file's owner with a native {@code fstat} and without libhadoop fails
 * every reducer ("Secure IO is not possible without native code extensions"): every local load of a
 * Kerberos client started from plain jars failed after its maps. That check guards a NodeManager's
 * files shared by many users; a local job's map outputs are in this process's own folders. This
 * shuffle reads the index with plain I/O and merges each map's partition straight from the map
 * output file, as Hadoop's final merge reads files on disk. Off a local runner (no local map files)
 * it is Hadoop's shuffle. A switch: {@link HbulkConf#LOCAL_KERBEROS_SHUFFLE}.
 */
public final class PlainIoLocalShuffle<K, V> implements ShuffleConsumerPlugin<K, V> {
  /** Hadoop's key naming the reducers' shuffle. */
  static final String PLUGIN = MRConfig.SHUFFLE_CONSUMER_PLUGIN;

  /** An index record: start offset, raw length and part length, 8 bytes each. */
  private static final int INDEX_RECORD_BYTES = 24;

  private Context<K, V> context;
  private Shuffle<K, V> hadoops;

  /**
   * Names this shuffle for the local jobs of a Kerberos client without the native library, unless
   * switched off or the user named a shuffle other than Hadoop's (mapred-default.xml names it).
   */
  public static void installIfNeeded(Configuration conf) {
    String framework =
        new JobConf(conf).get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(framework)
        && conf.getBoolean(
            HbulkConf.LOCAL_KERBEROS_SHUFFLE, HbulkConf.LOCAL_KERBEROS_SHUFFLE_DEFAULT)
        && Shuffle.class.getName().equals(conf.get(PLUGIN, Shuffle.class.getName()))
        && SecurityUtil.getAuthenticationMethod(conf) == AuthenticationMethod.KERBEROS
        && !NativeIO.isAvailable()) {
      conf.setClass(PLUGIN, PlainIoLocalShuffle.class, ShuffleConsumerPlugin.class);
    }
  }

  @Override
  public void init(Context<K, V> context) {
    this.context = context;
    if (context.getLocalMapFiles() == null) {
      hadoops = new Shuffle<>();
      hadoops.init(context);
    }
  }

  @Override
  public RawKeyValueIterator run() throws IOException, InterruptedException {
    if (hadoops != null) {
      return hadoops.run();
    }
    JobConf job = context.getJobConf();
    int partition = context.getReduceId().getTaskID().getId();
    FileSystem raw = FileSystem.getLocal(job).getRaw();
    List<Merger.Segment<K, V>> segments = new ArrayList<>();
    for (Map.Entry<TaskAttemptID, MapOutputFile> map : context.getLocalMapFiles().entrySet()) {
      Path data = map.getValue().getOutputFile();
      long[] index = indexRecord(map.getValue().getOutputIndexFile(), partition);
      // index[2], the part's length on disk, includes the IFile checksum the reader verifies.
      segments.add(
          new Merger.Segment<>(job, raw, data, index[0], index[2], context.getCodec(), true));
      context.getShuffledMapsCounter().increment(1);
      context.getReduceShuffleBytes().increment(index[2]);
    }
    context.getCopyPhase().complete();
    context.getStatus().setPhase(TaskStatus.Phase.SORT);
    @SuppressWarnings("unchecked")
    Class<K> keyClass = (Class<K>) job.getMapOutputKeyClass();
    @SuppressWarnings("unchecked")
    Class<V> valueClass = (Class<V>) job.getMapOutputValueClass();
    @SuppressWarnings("unchecked")
    org.apache.hadoop.io.RawComparator<K> comparator =
        (org.apache.hadoop.io.RawComparator<K>) job.getOutputKeyComparator();
    return Merger.merge(
        job,
        raw,
        keyClass,
        valueClass,
        context.getCodec(),
        segments,
        job.getInt(MRJobConfig.IO_SORT_FACTOR, MRJobConfig.DEFAULT_IO_SORT_FACTOR),
        new Path(context.getReduceId().toString()),
        comparator,
        context.getReporter(),
        true,
        // Records are read where the maps wrote them, and not written again unless there are more
        // map outputs than one merge takes: counted as the intermediate merges' spills only.
        null,
        context.getSpilledRecordsCounter(),
        context.getMergePhase(),
        TaskType.REDUCE);
  }

  /** The partition's record of a map output index file: offset, raw length, part length. */
  static long[] indexRecord(Path indexFile, int partition) throws IOException {
    File file = new File(indexFile.toUri().getPath());
    try (InputStream in = new FileInputStream(file);
        DataInputStream data = new DataInputStream(in)) {
      data.skipNBytes((long) partition * INDEX_RECORD_BYTES);
      return new long[] {data.readLong(), data.readLong(), data.readLong()};
    }
  }

  @Override
  public void close() {
    if (hadoops != null) {
      hadoops.close();
    }
  }
}
