package org.hbulk.jobs.load;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * What a nightly run is known by: its run directories, its lock and its log. Either the name the
 * operator gives, or the spec's base name and the tables it writes after overrides ({@code
 * orders@orders}, {@code orders-index@orders+orders_by_time}), so that two specs of the same file
 * name writing other tables, or one spec pointed at another table with {@code -D}, are two
 * identities and never take each other's dates for loaded.
 */
public final class NightlyIdentity {
  /**
   * Safe as a file name on HDFS and locally; '@', '+' and '=' are not in table names, so derived
   * names cannot clash.
   */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.@+=-]{0,199}");

  /**
   * Past this many characters the tables part of a derived name is a digest, to stay a valid file
   * name.
   */
  private static final int MAX_TABLES_PART = 120;

  private final String name;

  private NightlyIdentity(String name) {
    this.name = name;
  }

  /** The identity an operator names with {@code --name}. */
  public static NightlyIdentity named(String name) throws HbulkException {
    if (!NAME.matcher(name).matches()) {
      throw new HbulkException(
          ExitCode.USAGE,
          "--name '"
              + name
              + "' is not a valid nightly name: use 1 to 200"
              + " letters, digits, '_', '.', '@', '+', '=' or '-', not starting with '.', '@', '+', '=' or '-'");
    }
    return new NightlyIdentity(name);
  }

  /**
   * The identity of a spec: its file's base name and the tables it writes (after overrides),
   * sorted.
   */
  public static NightlyIdentity of(LoadSpec spec) {
    String base = new Path(spec.source()).getName().replaceFirst("\\.[^.]*$", "");
    String tables = String.join("+", sortedTables(spec.tables())).replace(':', '=');
    if (tables.length() > MAX_TABLES_PART) {
      tables = "tables-" + sha256(tables).substring(0, 16);
    }
    return new NightlyIdentity(base + "@" + tables);
  }

  /**
   * Table names as HBase knows them, sorted and without duplicates: {@code default:t} is {@code t}.
   * A name HBase refuses is kept as written; loading into it fails with its own message.
   */
  static List<String> sortedTables(Collection<String> tables) {
    TreeSet<String> sorted = new TreeSet<>();
    for (String t : tables) {
      try {
        sorted.add(TableName.valueOf(t).getNameAsString());
      } catch (IllegalArgumentException notATableName) {
        sorted.add(t);
      }
    }
    return List.copyOf(sorted);
  }

  static String sha256(String text) {
    try {
      return Bytes.toHex(
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  public String name() {
    return name;
  }

  /**
   * {@code <hbulk.work.dir>/<identity>}: the run directories of this identity's dates, and nothing
   * else.
   */
  public Path dir(Configuration conf) {
    return RunPaths.nightlyDir(conf, name);
  }

  /** {@code <hbulk.work.dir>/<identity>/<yyyy-MM-dd>}. */
  public Path runDir(Configuration conf, LocalDate date) {
    return RunPaths.nightlyRun(conf, name, date);
  }

  /** {@code <hbulk.nightly.lock.dir>/<identity>.lock}, on the local file system. */
  public java.nio.file.Path lockFile(Configuration conf) {
    return java.nio.file.Path.of(
            conf.get(HbulkConf.NIGHTLY_LOCK_DIR, HbulkConf.NIGHTLY_LOCK_DIR_DEFAULT))
        .resolve(name + ".lock");
  }

  @Override
  public String toString() {
    return name;
  }
}
