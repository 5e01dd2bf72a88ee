package org.hbulk.jobs.load;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.hbulk.mappers.HbulkConf;

/**
 * Where runs live: the one place that names run directories under {@code hbulk.work.dir}.
 *
 * <pre>
 *   &lt;hbulk.work.dir&gt;/&lt;spec name&gt;/&lt;yyyyMMdd-HHmmss-SSS&gt;      a load or prepare without --run-dir (UTC)
 *   &lt;hbulk.work.dir&gt;/&lt;identity&gt;/&lt;yyyy-MM-dd&gt;              a nightly run of a date
 *   &lt;hbulk.work.dir&gt;/&lt;identity&gt;/&lt;yyyy-MM-dd&gt;.replaced-&lt;millis&gt;  that date's earlier run, set aside
 * </pre>
 *
 * <p>Pruning finds a nightly identity's runs by these names alone, so what writes them and what
 * reads them must not drift apart.
 */
public final class RunPaths {
  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter DAY = DateTimeFormatter.ISO_LOCAL_DATE;
  private static final String SET_ASIDE = ".replaced-";
  private static final Pattern NIGHTLY_RUN =
      Pattern.compile("(\\d{4}-\\d{2}-\\d{2})(" + Pattern.quote(SET_ASIDE) + "\\d+)?");

  private RunPaths() {}

  /** {@code hbulk.work.dir}, on the job's file system. */
  public static Path workDir(Configuration conf) {
    return new Path(conf.get(HbulkConf.WORK_DIR, HbulkConf.WORK_DIR_DEFAULT));
  }

  /**
   * A load's run without --run-dir: named for the spec's file (without its extension) and the run's
   * start.
   */
  public static Path loadRun(Configuration conf, String specSource, long runStartMillis) {
    String name = new Path(specSource).getName().replaceFirst("\\.[^.]*$", "");
    return new Path(
        new Path(workDir(conf), name), RUN_ID.format(Instant.ofEpochMilli(runStartMillis)));
  }

  /** The runs of one nightly identity, and nothing else. */
  public static Path nightlyDir(Configuration conf, String identity) {
    return new Path(workDir(conf), identity);
  }

  /** The nightly run of a date. */
  public static Path nightlyRun(Configuration conf, String identity, LocalDate date) {
    return new Path(nightlyDir(conf, identity), date.format(DAY));
  }

  /** Where a date's earlier run is kept when it is replaced. */
  public static Path setAside(Path nightlyRun, long millis) {
    return new Path(nightlyRun.getParent(), nightlyRun.getName() + SET_ASIDE + millis);
  }

  /**
   * The date of a directory named as a nightly run or a set-aside one; empty for any other name
   * (2026-13-45 included: no run's date).
   */
  public static Optional<LocalDate> nightlyDate(String name) {
    Matcher m = NIGHTLY_RUN.matcher(name);
    if (!m.matches()) {
      return Optional.empty();
    }
    try {
      return Optional.of(LocalDate.parse(m.group(1), DAY));
    } catch (DateTimeParseException notADate) {
      return Optional.empty();
    }
  }
}
