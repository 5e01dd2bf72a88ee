package org.hbulk.jobs.load;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.hbulk.jobs.cluster.ClusterTuning;
import org.hbulk.jobs.local.LocalDirAlias;
import org.hbulk.jobs.local.LocalRunnerFileSystem;
import org.hbulk.jobs.local.LocalTuning;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.hfile.FamilyExpiry;
import org.hbulk.mappers.hfile.FamilyFormat;
import org.hbulk.mappers.hfile.HFilesOutputFormat;
import org.hbulk.mappers.input.CsvInputFormat;
import org.hbulk.mappers.mapreduce.CellStreamReducer;
import org.hbulk.mappers.mapreduce.CsvToCellsMapper;
import org.hbulk.mappers.mapreduce.RejectWriter;
import org.hbulk.mappers.shuffle.CellKey;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.TableCodes;
import org.hbulk.mappers.sort.PrefixSort;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.tags.LabelOrdinals;

/**
 * Builds the prepare job: CSV input, the mapper, HBase's incremental-load setup (each family's
 * compression, bloom filter, block size and encoding taken from its table), and a shuffle that
 * sorts whole cells: a total order cut at regions' first cells, each reducer a run of whole regions
 * (one per region under the local runner; on a cluster as many as it runs at once, {@link
 * ClusterTuning#reducers}).
 */
final class JobSetup {
  private JobSetup() {}

  static Job create(
      Configuration base,
      LoadSpec spec,
      List<Path> inputs,
      long inputBytes,
      RunDirectory run,
      String runId,
      long runStartMillis,
      List<TableDescriptor> tables,
      LabelOrdinals labels,
      Map<String, byte[][]> startKeys)
      throws IOException {
    Configuration conf = new Configuration(base);
    spec.toConfiguration(conf);
    conf.set(HbulkConf.RUN_ID, runId);
    conf.setLong(HbulkConf.RUN_START_MILLIS, runStartMillis);
    // A _SUCCESS file beside the family folders would only draw a warning from BulkLoadHFiles.
    conf.setBoolean("mapreduce.fileoutputcommitter.marksuccessfuljobs", false);
    // The rejects are JSON lines the report page reads and users open: a cluster's default of
    // compressed job output (mapred-site.xml, or a -D) made them rejects-m-N.deflate.jsonl in a
    // codec's bytes, of which the page showed no example. The HFiles take their families' own.
    conf.setBoolean(FileOutputFormat.COMPRESS, false);
    conf.set("fs.permissions.umask-mode", run.access().umask());
    boolean local = isLocal(conf);
    if (local) {
      LocalTuning.apply(conf, inputBytes);
      LocalDirAlias.apply(conf);
    }
    LocalRunnerFileSystem.forgetUnlessLocal(conf, local);
    // A name the user gave (-D mapreduce.job.name, as ImportTsv users do) is kept.
    String name = conf.get(MRJobConfig.JOB_NAME);
    Job job =
        Job.getInstance(
            conf,
            name != null
                ? name
                : "hbulk " + spec.source() + " -> " + String.join(", ", spec.tables()));
    job.setJarByClass(CsvToCellsMapper.class);
    job.setInputFormatClass(CsvInputFormat.class);
    FileInputFormat.setInputPaths(job, inputs.toArray(new Path[0]));
    FileInputFormat.setInputDirRecursive(job, true);
    job.setMapperClass(CsvToCellsMapper.class);
    MultipleOutputs.addNamedOutput(
        job, RejectWriter.NAMED_OUTPUT, TextOutputFormat.class, NullWritable.class, Text.class);
    // The shuffle sorts runs of cells (a record's cells of one row, in order) by the whole key of
    // their first cell, cut at the first cell of every region; a reduce call gets one row's runs,
    // which it merges and streams into HFiles laid out per table and family, each family's HFile
    // format read from its table here.
    job.setOutputFormatClass(HFilesOutputFormat.class);
    FileOutputFormat.setOutputPath(job, run.hfiles());
    Map<String, FamilyFormat> formats = familyFormats(tables);
    job.getConfiguration().set(HbulkConf.HFILE_FAMILIES, FamilyFormat.encode(formats));
    job.getConfiguration()
        .set(HbulkConf.HFILE_TAGGED_FAMILIES, FamilyFormat.encodeKeys(taggedFamilies(spec)));
    job.getConfiguration().set(HbulkConf.VISIBILITY_LABELS, labels.encode());
    job.getConfiguration()
        .set(HbulkConf.HFILE_FAMILY_EXPIRY, FamilyExpiry.encode(expiries(tables, runStartMillis)));
    job.setMapOutputKeyClass(CellKey.class);
    job.setMapOutputValueClass(CellRun.class);
    job.setSortComparatorClass(CellKey.Comparator.class);
    PrefixSort.install(job.getConfiguration());
    job.setGroupingComparatorClass(CellKey.RowComparator.class);
    job.setPartitionerClass(TotalOrderPartitioner.class);
    int regions = CellPartitions.regions(startKeys);
    int reducers =
        local
            ? regions
            : ClusterTuning.reducers(
                job.getConfiguration(), inputBytes, regions, ClusterTuning.reduceSlots(conf));
    CellPartitions.write(
        job.getConfiguration(),
        new Path(run.scratch(), "cell-partitions"),
        startKeys,
        TableCodes.of(spec.tables()),
        reducers);
    job.setNumReduceTasks(reducers);
    job.setReducerClass(CellStreamReducer.class);
    if (!local) {
      ClusterTuning.apply(job.getConfiguration(), inputBytes, reducers);
    }
    // HBase's delegation token where security is on (a no-op otherwise).
    TableMapReduceUtil.initCredentials(job);
    // On a cluster the tasks need HBase's jars, commons-csv and hbulk's own classes. In-process
    // tasks share the driver's classpath: shipping jars would only make the local runner try (and
    // fail) to symlink them into the working directory.
    if (!local) {
      TableMapReduceUtil.addDependencyJars(job);
      TableMapReduceUtil.addDependencyJarsForClasses(
          job.getConfiguration(),
          CSVFormat.class,
          LoadSpec.class,
          org.apache.commons.io.IOUtils.class);
      for (Class<?> codec : codecClasses(job.getConfiguration(), formats.values())) {
        TableMapReduceUtil.addDependencyJarsForClasses(job.getConfiguration(), codec);
      }
    }
    return job;
  }

  /**
   * The classes HBase compresses the families' HFiles with, where the configuration names one
   * outside Hadoop's and HBase's own jars (e.g. {@code hbase.io.compress.snappy.codec} set to the
   * pure-Java aircompressor codec): the reducers write with them, so their jars go with the job. A
   * class the driver cannot load is left for HBase to report where it is needed.
   */
  static Set<Class<?>> codecClasses(Configuration conf, Iterable<FamilyFormat> formats) {
    Set<Class<?>> codecs = new LinkedHashSet<>();
    for (FamilyFormat format : formats) {
      String algorithm = format.compression().toLowerCase(Locale.ROOT);
      String name = conf.getTrimmed("hbase.io.compress." + algorithm + ".codec");
      if (algorithm.equals("none") || name == null || name.startsWith("org.apache.hadoop.io.")) {
        continue;
      }
      Class<?> codec = conf.getClassByNameOrNull(name);
      if (codec != null) {
        codecs.add(codec);
      }
    }
    return codecs;
  }

  /** The families whose HFiles are written with tags: those some cell of which gets a tag. */
  private static Set<String> taggedFamilies(LoadSpec spec) {
    Set<String> keys = new TreeSet<>();
    for (OutputSpec o : spec.outputs()) {
      for (String family : o.taggedFamilies()) {
        keys.add(FamilyFormat.key(o.table(), family));
      }
    }
    return keys;
  }

  /**
   * What the reducers' HFile writer needs of each table's families, which it cannot ask HBase for.
   */
  private static Map<String, FamilyFormat> familyFormats(List<TableDescriptor> tables) {
    Map<String, FamilyFormat> formats = new LinkedHashMap<>();
    for (TableDescriptor table : tables) {
      for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
        formats.put(
            FamilyFormat.key(table.getTableName().getNameAsString(), f.getNameAsString()),
            FamilyFormat.of(f));
      }
    }
    return formats;
  }

  /** The families with a TTL, and what it hides at the run's start. */
  private static Map<String, FamilyExpiry> expiries(List<TableDescriptor> tables, long nowMillis) {
    Map<String, FamilyExpiry> expiries = new LinkedHashMap<>();
    for (TableDescriptor table : tables) {
      for (ColumnFamilyDescriptor f : table.getColumnFamilies()) {
        FamilyExpiry expiry = FamilyExpiry.of(f, nowMillis);
        if (expiry != null) {
          expiries.put(
              FamilyFormat.key(table.getTableName().getNameAsString(), f.getNameAsString()),
              expiry);
        }
      }
    }
    return expiries;
  }

  static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }
}
