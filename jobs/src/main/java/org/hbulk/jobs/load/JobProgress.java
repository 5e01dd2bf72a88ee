package org.hbulk.jobs.load;

import java.io.PrintStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.HbulkConf;

/**
 * What a running job looks like to the person waiting for it: the phase, map and reduce progress,
 * records read per second and an estimate of the time left, printed as {@link HbulkConf#PROGRESS}
 * says.
 */
public final class JobProgress {
  /** How the lines are printed. */
  public enum Style {
    /** One line, rewritten in place (a terminal). */
    LINE,
    /** A new line each time (logs, cron). */
    PLAIN,
    /** Nothing. */
    NONE
  }

  private final PrintStream log;
  private final Style style;
  private final long startMillis;
  private int lastWidth;

  JobProgress(PrintStream log, Style style, long startMillis) {
    this.log = log;
    this.style = style;
    this.startMillis = startMillis;
  }

  /** The style {@code conf} asks for; {@code auto} looks at whether a terminal is attached. */
  public static Style style(Configuration conf) throws HbulkException {
    String v = conf.getTrimmed(HbulkConf.PROGRESS, HbulkConf.PROGRESS_DEFAULT);
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "auto" -> System.console() != null ? Style.LINE : Style.PLAIN;
      case "line" -> Style.LINE;
      case "plain" -> Style.PLAIN;
      case "none" -> Style.NONE;
      default ->
          throw new HbulkException(
              ExitCode.USAGE,
              HbulkConf.PROGRESS + " must be auto, line, plain or none, found '" + v + "'");
    };
  }

  /** Prints the job's state at {@code nowMillis}. */
  void show(float map, float reduce, long recordsRead, long nowMillis) {
    if (style == Style.NONE) {
      return;
    }
    String text = line(map, reduce, recordsRead, nowMillis - startMillis);
    if (style == Style.LINE) {
      // Spaces wipe what a longer line before left on the terminal.
      log.print("\r" + text + " ".repeat(Math.max(0, lastWidth - text.length())));
      lastWidth = text.length();
    } else {
      log.println(text);
    }
    log.flush();
  }

  boolean rewritesInPlace() {
    return style == Style.LINE;
  }

  /** Ends the line being rewritten, so what follows starts on a line of its own. */
  void done() {
    if (style == Style.LINE && lastWidth > 0) {
      log.println();
      lastWidth = 0;
    }
  }

  /**
   * The progress line. The estimate weighs map and reduce alike, as their progress is reported, and
   * is left out until there is enough progress for it to mean something.
   */
  static String line(float map, float reduce, long recordsRead, long elapsedMillis) {
    String phase = map < 1f ? "map" : reduce < 1f ? "reduce" : "commit";
    double seconds = Math.max(elapsedMillis, 1) / 1000.0;
    double done = (map + reduce) / 2.0;
    String eta =
        done >= 0.05 && done < 1
            ? "ETA " + clock(Math.round(seconds * (1 - done) / done))
            : "ETA -";
    return String.format(
        Locale.ROOT,
        "hbulk: [job: %s]  map %3.0f%%  reduce %3.0f%%  %,d records, %,.0f/s  %s  elapsed %s",
        phase,
        map * 100,
        reduce * 100,
        recordsRead,
        recordsRead / seconds,
        eta,
        clock(Math.round(seconds)));
  }

  private static String clock(long seconds) {
    return String.format(
        Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
  }
}
