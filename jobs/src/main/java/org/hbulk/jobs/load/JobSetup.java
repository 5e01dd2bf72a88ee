package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.apache.hadoop.util.IndexedSorter;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.hbulk.mappers.hfile.HFilesOutputFormat;
import org.hbulk.mappers.input.CsvInputFormat;
import org.hbulk.mappers.mapreduce.CsvToCellsMapper;
import org.hbulk.mappers.mapreduce.RejectWriter;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.sort.CellKeySorter;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.mapreduce.CellStreamReducer;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.jobs.standalone.LocalDirAlias;
import org.hbulk.jobs.standalone.LocalRunnerFileSystem;

/**
 * Builds the prepare job: CSV input, the mapper, HBase's incremental-load setup (each family's
 * compression, bloom filter, block size and encoding taken from its table), and a shuffle that sorts
 * whole cells: a total order cut at every region's first cell, one reducer per region.
 */
final class JobSetup {
  /** Local splits no smaller than this: below it, task start-up costs more than it saves. */
  private static final long MIN_LOCAL_SPLIT = 2L << 20;
  /**
   * Local splits about this large (the local file system's block size): a map task's output then
   * fits its sort buffer and is sorted once, and there are enough tasks to even out the cores.
   */
  private static final long LOCAL_SPLIT = 32L << 20;

  private JobSetup() {}

  static Job create(Configuration base, LoadSpec spec, List<Path> inputs, long inputBytes,
      RunDirectory run, String runId, long runStartMillis, List<TableDescriptor> tables,
      Map<String, byte[][]> startKeys) throws IOException {
    Configuration conf = new Configuration(base);
    spec.toConfiguration(conf);
    conf.set(HbulkConf.RUN_ID, runId);
    conf.setLong(HbulkConf.RUN_START_MILLIS, runStartMillis);
    // A _SUCCESS file beside the family folders would only draw a warning from BulkLoadHFiles.
    conf.setBoolean("mapreduce.fileoutputcommitter.marksuccessfuljobs", false);
    conf.set("fs.permissions.umask-mode", run.access().umask());
    boolean local = isLocal(conf);
    if (local) {
      useLocalCores(conf, inputBytes);
      LocalDirAlias.apply(conf);
    }
    LocalRunnerFileSystem.forgetUnlessLocal(conf, local);
    Job job = Job.getInstance(conf, "hbulk " + spec.source() + " -> " + String.join(", ", spec.tables()));
    job.setJarByClass(CsvToCellsMapper.class);
    job.setInputFormatClass(CsvInputFormat.class);
    FileInputFormat.setInputPaths(job, inputs.toArray(new Path[0]));
    FileInputFormat.setInputDirRecursive(job, true);
    job.setMapperClass(CsvToCellsMapper.class);
    MultipleOutputs.addNamedOutput(job, RejectWriter.NAMED_OUTPUT, TextOutputFormat.class,
        NullWritable.class, Text.class);
    // The shuffle sorts runs of cells (a record's cells of one row, in order) by the whole key of
    // their first cell, cut at the first cell of every region; a reduce call gets one row's runs,
    // which it merges and streams into HFiles laid out per table and family, each family's HFile
    // format read from its table here.
    job.setOutputFormatClass(HFilesOutputFormat.class);
    FileOutputFormat.setOutputPath(job, run.hfiles());
    job.getConfiguration().set(HbulkConf.HFILE_FAMILIES, FamilyFormat.encode(familyFormats(tables)));
    job.setMapOutputKeyClass(CellKey.class);
    job.setMapOutputValueClass(CellRun.class);
    job.setSortComparatorClass(CellKey.Comparator.class);
    if (!setByUser(conf, MRJobConfig.MAP_SORT_CLASS)) {
      // Sorts map spills on slices of the keys' rows held in a flat array, not by chasing each
      // compared key through the sort buffer (CellKeySorter says how much that saves).
      job.getConfiguration().setClass(MRJobConfig.MAP_SORT_CLASS, CellKeySorter.class, IndexedSorter.class);
    }
    job.setGroupingComparatorClass(CellKey.RowComparator.class);
    job.setPartitionerClass(TotalOrderPartitioner.class);
    job.setNumReduceTasks(CellPartitions.write(job.getConfiguration(),
        new Path(run.scratch(), "cell-partitions"), startKeys));
    job.setReducerClass(CellStreamReducer.class);
    // HBase's delegation token where security is on (a no-op otherwise).
    TableMapReduceUtil.initCredentials(job);
    // On a cluster the tasks need HBase's jars, commons-csv and hbulk's own classes. In-process
    // tasks share the driver's classpath: shipping jars would only make the local runner try (and
    // fail) to symlink them into the working directory.
    if (!local) {
      TableMapReduceUtil.addDependencyJars(job);
      TableMapReduceUtil.addDependencyJarsForClasses(job.getConfiguration(), CSVFormat.class,
          LoadSpec.class, org.apache.commons.io.IOUtils.class);
    }
    return job;
  }

  /** What the reducers' HFile writer needs of each table's families, which it cannot ask HBase for. */
  private static Map<String, FamilyFormat> familyFormats(List<TableDescriptor> tables) {
    Map<String, FamilyFormat> formats = new LinkedHashMap<>();
    for (TableDescriptor table : tables) {
      for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
        String prefix = f.getConfigurationValue(BloomFilterUtil.PREFIX_LENGTH_KEY);
        formats.put(FamilyFormat.key(table.getTableName().getNameAsString(), f.getNameAsString()),
            new FamilyFormat(f.getCompressionType().getName(), f.getBloomFilterType().name(),
                prefix == null ? "" : prefix, f.getBlocksize(), f.getDataBlockEncoding().name()));
      }
    }
    return formats;
  }

  static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }

  /**
   * Under the local job runner: as many tasks at once as cores, splits of equal size in whole waves
   * of them (so no core idles behind one last small split), and memory shared out among the
   * concurrent tasks of the one JVM. Settings the user made (-D, or the site files) win.
   */
  static void useLocalCores(Configuration conf, long inputBytes) {
    int cores = conf.getInt(HbulkConf.LOCAL_PARALLELISM, Runtime.getRuntime().availableProcessors());
    conf.setInt("mapreduce.local.map.tasks.maximum", cores);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", cores);
    long heap = Runtime.getRuntime().maxMemory();
    if (!setByUser(conf, "mapreduce.input.fileinputformat.split.maxsize")
        && !setByUser(conf, "mapreduce.input.fileinputformat.split.minsize")) {
      long waves = Math.max(1, (inputBytes + cores * LOCAL_SPLIT - 1) / (cores * LOCAL_SPLIT));
      long split = Math.max(MIN_LOCAL_SPLIT, (inputBytes + cores * waves - 1) / (cores * waves));
      // Both bounds: the local file system's 32 MB block would otherwise cut a larger split.
      // scripts/bench.sh gives ImportTsv this same rule for its equal-parallelism run.
      conf.setLong("mapreduce.input.fileinputformat.split.minsize", split);
      conf.setLong("mapreduce.input.fileinputformat.split.maxsize", split);
    }
    if (!setByUser(conf, "mapreduce.task.io.sort.mb")) {
      // Room for a split's cells (about 2.5 times its CSV bytes with one output, plus 16 bytes of
      // metadata a run) under the 80 % spill mark, so each map task sorts and writes once; the
      // in-process tasks take at most a quarter of the heap between them.
      long split = conf.getLong("mapreduce.input.fileinputformat.split.maxsize", LOCAL_SPLIT);
      long wanted = Math.max(100, (4 * split) >> 20);
      long perTask = (heap >> 20) / (4L * cores);
      conf.setInt("mapreduce.task.io.sort.mb", (int) Math.max(32, Math.min(wanted, perTask)));
    }
    if (!setByUser(conf, "mapreduce.reduce.memory.totalbytes")) {
      // Each reducer would otherwise size its in-memory shuffle by the whole heap, which the
      // other reducers of this JVM share: two of them could fill it.
      conf.setLong("mapreduce.reduce.memory.totalbytes", heap / (2L * cores));
    }
    if (!setByUser(conf, "mapreduce.reduce.input.buffer.percent")) {
      // A reducer's map outputs are in memory when its shuffle ends. Hadoop's default (0) merges
      // them onto disk and reads them back before the first reduce call, a sixth of a local
      // reducer's time; keeping what the shuffle may hold adds nothing to the memory it already took.
      float shuffle = conf.getFloat("mapreduce.reduce.shuffle.input.buffer.percent", 0.70f);
      long held = (long) (conf.getLong("mapreduce.reduce.memory.totalbytes", heap) * shuffle);
      conf.setFloat("mapreduce.reduce.input.buffer.percent", Math.min(1f, (float) held / heap));
    }
  }

  /**
   * Whether a property was set by the user (the command line, the site files), not only by
   * Hadoop's *-default.xml, which every configuration reads once a JobConf has been loaded.
   */
  static boolean setByUser(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null) {
      return false;
    }
    for (String source : sources) {
      if (!source.endsWith("-default.xml")) {
        return true;
      }
    }
    return false;
  }
}
