package org.hbulk.jobs.importtsv;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;

/**
 * HBase ImportTsv's options (its {@code -D} keys, as HBase 2.6 reads them), read from the
 * configuration and checked once: a value ImportTsv would quietly read as its default (a boolean
 * that is neither true nor false, a timestamp that is no number) stops the command here instead.
 *
 * @param separator the one ASCII character between fields
 * @param bulkOutput where the HFiles are left for {@code completebulkload}, or null for a load
 * @param timestamp every cell's timestamp, or null for the run's start
 */
public record ImportTsvOptions(
    ImportTsvColumns columns,
    char separator,
    String bulkOutput,
    Long timestamp,
    boolean skipBadLines,
    boolean skipEmptyColumns,
    boolean dryRun,
    boolean createTable,
    boolean noStrict,
    boolean logBadLines) {

  public static final String COLUMNS = "importtsv.columns";
  public static final String SEPARATOR = "importtsv.separator";
  public static final String BULK_OUTPUT = "importtsv.bulk.output";
  public static final String TIMESTAMP = "importtsv.timestamp";
  public static final String SKIP_BAD_LINES = "importtsv.skip.bad.lines";
  public static final String SKIP_EMPTY_COLUMNS = "importtsv.skip.empty.columns";
  public static final String DRY_RUN = "importtsv.dry.run";
  public static final String LOG_BAD_LINES = "importtsv.log.bad.lines";
  public static final String CREATE_TABLE = "create.table";
  public static final String NO_STRICT = "no.strict";

  /** ImportTsv's key (so spelt) for the separator inside an attributes field. */
  public static final String ATTRIBUTES_SEPARATOR = "attributes.seperator";

  /** The same, as some documentation spells it. */
  public static final String ATTRIBUTES_SEPARATOR_DOCUMENTED = "importtsv.attributes.separator";

  private static final String PREFIX = "importtsv.";

  /** ImportTsv's keys hbulk refuses, with what to do instead. */
  private static final Map<String, String> REFUSED =
      Map.of(
          "importtsv.mapper.class",
          "hbulk has no pluggable mapper: what a custom mapper computes (row-key designs, several"
              + " tables per line, typed values) is written in a load spec; start from the one"
              + " --print-spec prints and run it with hbulk load",
          "credentials_location",
          "hbulk obtains its own HBase and HDFS delegation tokens: log in with kinit or"
              + " --principal/--keytab");

  private static final List<String> KNOWN =
      List.of(
          COLUMNS,
          SEPARATOR,
          BULK_OUTPUT,
          TIMESTAMP,
          SKIP_BAD_LINES,
          SKIP_EMPTY_COLUMNS,
          DRY_RUN,
          LOG_BAD_LINES,
          ATTRIBUTES_SEPARATOR_DOCUMENTED);

  /**
   * Reads and checks ImportTsv's keys in {@code conf}; refuses unknown {@code importtsv.*} keys.
   */
  public static ImportTsvOptions from(Configuration conf) throws HbulkException {
    for (Map.Entry<String, String> refused : REFUSED.entrySet()) {
      if (conf.get(refused.getKey()) != null) {
        throw new HbulkException(
            ExitCode.USAGE, refused.getKey() + " is not supported: " + refused.getValue());
      }
    }
    for (String key : new TreeMap<>(conf.getPropsWithPrefix(PREFIX)).keySet()) {
      if (!KNOWN.contains(PREFIX + key)) {
        throw new HbulkException(
            ExitCode.USAGE,
            "unknown ImportTsv option "
                + PREFIX
                + key
                + " (hbulk importtsv reads: "
                + String.join(", ", KNOWN)
                + ", "
                + CREATE_TABLE
                + ", "
                + NO_STRICT
                + ", "
                + ATTRIBUTES_SEPARATOR
                + ")");
      }
    }
    return new ImportTsvOptions(
        ImportTsvColumns.parse(conf.get(COLUMNS)),
        separator(conf.get(SEPARATOR)),
        bulkOutput(conf.get(BULK_OUTPUT)),
        timestamp(conf.get(TIMESTAMP)),
        bool(conf, SKIP_BAD_LINES, true),
        bool(conf, SKIP_EMPTY_COLUMNS, false),
        bool(conf, DRY_RUN, false),
        yesNo(conf.get(CREATE_TABLE)),
        bool(conf, NO_STRICT, false),
        bool(conf, LOG_BAD_LINES, false));
  }

  /**
   * What the user should know before the run: options that read as ImportTsv's but act otherwise,
   * each said once on the error stream.
   */
  public List<String> notes() {
    List<String> notes = new ArrayList<>();
    if (timestamp != null && columns.has(ImportTsvColumns.Role.TIMESTAMP)) {
      notes.add(
          TIMESTAMP + " is not used: HBASE_TS_KEY gives each line its timestamp (as in ImportTsv)");
    }
    if (columns.has(ImportTsvColumns.Role.TTL)) {
      notes.add(
          "HBASE_CELL_TTL is read as decimal milliseconds (86400000 = 1 day), as ImportTsv's"
              + " usage says; HBase 2.6's ImportTsv read the field's 8 bytes as a binary number on"
              + " its Put path, so TTLs it loaded from text differ (README: 'Coming from"
              + " ImportTsv')");
    }
    if (bulkOutput != null
        && (columns.has(ImportTsvColumns.Role.TTL)
            || columns.has(ImportTsvColumns.Role.VISIBILITY))) {
      notes.add(
          "the cells get their TTL and visibility labels: HBase 2.6's ImportTsv wrote neither into a"
              + " bulk output (its shuffle drops cell tags), so cells that were visible to every"
              + " reader and never expired may now be labelled and expire");
    }
    if (columns.has(ImportTsvColumns.Role.ATTRIBUTES)) {
      notes.add(
          "the HBASE_ATTRIBUTES_KEY field is read and not used: HFiles carry no operation"
              + " attributes (ImportTsv's own mapper does not use them either)");
    }
    if (noStrict) {
      notes.add(
          NO_STRICT
              + "=true is not followed: hbulk writes no cell into a family the table lacks, so"
              + " every family is still checked");
    }
    if (logBadLines) {
      notes.add(
          LOG_BAD_LINES
              + ": every bad line is written, with its reason, to the run's rejects (path in the"
              + " report), not to stderr");
    }
    return notes;
  }

  private static char separator(String value) throws HbulkException {
    if (value == null) {
      return '\t';
    }
    if (value.length() != 1 || value.charAt(0) >= 128) {
      throw new HbulkException(
          ExitCode.USAGE,
          SEPARATOR
              + " must be one single-byte (ASCII) character, found '"
              + value
              + "' ("
              + value.length()
              + " characters)");
    }
    char c = value.charAt(0);
    if (c == '\n' || c == '\r') {
      throw new HbulkException(ExitCode.USAGE, SEPARATOR + " cannot be a line break");
    }
    return c;
  }

  private static String bulkOutput(String value) throws HbulkException {
    if (value != null && value.isBlank()) {
      throw new HbulkException(ExitCode.USAGE, BULK_OUTPUT + " is empty; give a directory");
    }
    return value;
  }

  private static Long timestamp(String value) throws HbulkException {
    if (value == null) {
      return null;
    }
    try {
      long t = Long.parseLong(value.strip());
      if (t >= 0) {
        return t;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new HbulkException(
        ExitCode.USAGE,
        TIMESTAMP
            + " must be epoch milliseconds (a whole number, 0 or more), found '"
            + value
            + "'");
  }

  private static boolean bool(Configuration conf, String key, boolean dflt) throws HbulkException {
    String v = conf.getTrimmed(key);
    if (v == null) {
      return dflt;
    }
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new HbulkException(
              ExitCode.USAGE, key + " must be true or false, found '" + v + "'");
    };
  }

  /** ImportTsv's {@code create.table}: yes (its default) or no. */
  private static boolean yesNo(String value) throws HbulkException {
    if (value == null) {
      return true;
    }
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "yes", "true" -> true;
      case "no", "false" -> false;
      default ->
          throw new HbulkException(
              ExitCode.USAGE, CREATE_TABLE + " must be yes or no, found '" + value + "'");
    };
  }
}
