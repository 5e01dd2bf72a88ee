package org.hbulk.mappers;

/**
 * Every configuration key hbulk reads, in one place. Keys are set on the job configuration by the
 * driver (or by the user with {@code -D}) and read back by the tasks.
 */
public final class HbulkConf {
  private HbulkConf() {}

  /** The load spec's text, copied verbatim into the job so every task rebuilds the same spec. */
  public static final String SPEC_TEXT = "hbulk.spec.text";

  /** Where the spec text came from (a file name); used only in error messages. */
  public static final String SPEC_SOURCE = "hbulk.spec.source";

  /**
   * Prefix of spec overrides: {@code hbulk.spec.SECTION.KEY=VALUE} replaces or adds KEY in the spec's
   * section, e.g. {@code -D hbulk.spec.rejects.max=100} or {@code -D hbulk.spec.output.orders.table=o2}.
   * Applied in the driver and again in every task, so both see the same spec.
   */
  public static final String SPEC_OVERRIDE_PREFIX = "hbulk.spec.";

  /** Milliseconds since the epoch at which the run started; the cell timestamp of {@code run-start}. */
  public static final String RUN_START_MILLIS = "hbulk.run.start-millis";

  /** The run's identifier (its directory name); written into reject records and reports. */
  public static final String RUN_ID = "hbulk.run.id";

  /**
   * Base directory of run directories (default {@value #WORK_DIR_DEFAULT}, relative to the working
   * directory of the default file system: the user's home on HDFS, the current directory locally).
   */
  public static final String WORK_DIR = "hbulk.work.dir";
  public static final String WORK_DIR_DEFAULT = "hbulk-runs";

  /**
   * A local directory for the lock files of nightly runs, one per nightly identity (default
   * {@value #NIGHTLY_LOCK_DIR_DEFAULT}, relative to the current directory; scripts/nightly-load.sh
   * sets var/locks). Local on purpose: the kernel releases a local lock when its process dies.
   */
  public static final String NIGHTLY_LOCK_DIR = "hbulk.nightly.lock.dir";
  public static final String NIGHTLY_LOCK_DIR_DEFAULT = "hbulk-locks";

  /**
   * A group that may read and move a run's HFiles besides the user who wrote them (default: none).
   * Without it the HFiles are the writer's alone (directories 0700, files 0600); with it the group
   * gets the same rights (0770, 0660) and the files that group. Nobody else ever gets any.
   */
  public static final String HFILES_GROUP = "hbulk.hfiles.group";

  /** How often the driver prints job progress, in milliseconds (default {@value #PROGRESS_INTERVAL_DEFAULT}). */
  public static final String PROGRESS_INTERVAL_MS = "hbulk.progress.interval.ms";
  public static final long PROGRESS_INTERVAL_DEFAULT = 5000;

  /** How many times completion tries BulkLoadHFiles before giving up (default {@value #COMPLETE_ATTEMPTS_DEFAULT}). */
  public static final String COMPLETE_ATTEMPTS = "hbulk.complete.attempts";
  public static final int COMPLETE_ATTEMPTS_DEFAULT = 3;

  /** The first pause between completion attempts, in ms, doubled each time (default {@value #COMPLETE_BACKOFF_DEFAULT}). */
  public static final String COMPLETE_BACKOFF_MS = "hbulk.complete.backoff.ms";
  public static final long COMPLETE_BACKOFF_DEFAULT = 5000;

  /**
   * About how long one completion attempt keeps trying against an HBase that does not answer, in ms
   * (default {@value #COMPLETE_HBASE_TIMEOUT_DEFAULT}): HBase's client, left to its defaults, kept a
   * completion against a dead HBase going for most of an hour. Caps the bulk load's client retries
   * (5) and its {@code hbase:meta} lookups (a sixth of this each). How long a completion takes to
   * give up in practice (HBaseOutageIT measures it) is in the README, under Configuration keys.
   */
  public static final String COMPLETE_HBASE_TIMEOUT_MS = "hbulk.complete.hbase-timeout.ms";
  public static final long COMPLETE_HBASE_TIMEOUT_DEFAULT = 60_000;

  /**
   * Map and reduce tasks the local job runner runs at once (default: the number of cores). Ignored on
   * YARN, where the cluster decides.
   */
  public static final String LOCAL_PARALLELISM = "hbulk.local.parallelism";

  /**
   * Bytes of a row's overlapping record runs a reducer holds before merging them to a file in the
   * task's temporary directory (default {@value #ROW_MERGE_BUFFER_DEFAULT}). Only rows whose records
   * overlap in their columns (many versions of the same cells) ever hold more than one record.
   * Under {@code keep-last-record} / {@code keep-first-record} a row made by several records is held
   * whole to choose among them, and a row whose records pass this many bytes fails the task.
   */
  public static final String ROW_MERGE_BUFFER_BYTES = "hbulk.reduce.row-buffer.bytes";
  public static final long ROW_MERGE_BUFFER_DEFAULT = 16L << 20;

  /**
   * Every output table's families and how their HFiles are written (compression, bloom, block
   * size, encoding), read from the tables by the driver: see {@code FamilyFormat}. Set by the driver.
   */
  public static final String HFILE_FAMILIES = "hbulk.hfile.families";
}
