package org.hbulk.jobs.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * Writes the benchmark's input twice: {@code events.csv} for hbulk (quoted fields with commas and
 * quotes, an increasing timestamp, user ids skewed by a power law) and {@code events.tsv} for
 * ImportTsv, the same records with the row key hbulk's spec computes in front, so both tools load
 * the very same rows and cells.
 *
 * <p>Usage: {@code BenchData SPEC ROWS OUT_DIR [DELETE_PERCENT]}: with a percentage, that share of
 * the records (every record whose index ends, modulo 100, below it) has status {@code D}, the value
 * the benchmark's deletion run makes a deletion ({@code scripts/bench.sh --deletes}); every other
 * field is the same as without.
 */
public final class BenchData {
  private static final String[] COUNTRIES = {"CN", "US", "BR", "DE", "IN", "JP", "NG", "FR"};
  private static final String[] DEVICES = {"android", "ios", "web", "desktop"};
  private static final String[] PAGES = {
    "/",
    "/search?q=shoes,red",
    "/item/%d",
    "/cart",
    "/item/%d?ref=home",
    "/checkout?step=2",
    "/help/\"returns\""
  };
  private static final String[] STATUS = {"200", "200", "200", "200", "304", "404", "500"};
  private static final String[] NOTES = {
    "",
    "first visit",
    "came back, bought",
    "clicked \"buy now\"",
    "scrolled to the end",
    "ad campaign 2026-11",
    "slow page, retried"
  };
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS", Locale.ROOT);

  private BenchData() {}

  public static void main(String[] args) throws Exception {
    LoadSpec spec = LoadSpec.parse(args[0], Files.readString(Path.of(args[0])));
    long rows = Long.parseLong(args[1]);
    Path dir = Files.createDirectories(Path.of(args[2]));
    int deletePercent = args.length > 3 ? Integer.parseInt(args[3]) : 0;
    RecordConverter keys = new RecordConverter(spec, 0L);
    SplittableRandom random = new SplittableRandom(2026);
    LocalDateTime time = LocalDateTime.of(2026, 11, 22, 0, 0);
    StringBuilder csv = new StringBuilder(256);
    StringBuilder tsv = new StringBuilder(256);
    try (Writer c = writer(dir.resolve("events.csv"));
        Writer t = writer(dir.resolve("events.tsv"))) {
      for (long i = 0; i < rows; i++) {
        time = time.plusNanos(random.nextInt(20) * 1_000_000L);
        List<String> f =
            List.of(
                Long.toString(100_000_000_000L + i),
                TIME.format(time),
                String.format(Locale.ROOT, "u%07d", skewedUser(random)),
                Long.toHexString(random.nextLong()),
                COUNTRIES[random.nextInt(COUNTRIES.length)],
                DEVICES[random.nextInt(DEVICES.length)],
                String.format(
                    Locale.ROOT, PAGES[random.nextInt(PAGES.length)], random.nextInt(100_000)),
                String.format(Locale.ROOT, "%.2f", random.nextInt(100_000) / 100.0),
                deleted(i, deletePercent, STATUS[random.nextInt(STATUS.length)]),
                NOTES[random.nextInt(NOTES.length)]);
        csv.setLength(0);
        for (int k = 0; k < f.size(); k++) {
          quote(k == 0 ? csv : csv.append(','), f.get(k));
        }
        byte[] line = csv.toString().getBytes(StandardCharsets.UTF_8);
        keys.read(line, line.length);
        tsv.setLength(0);
        tsv.append(new String(keys.lastRows().get(0), StandardCharsets.UTF_8));
        for (String field : f) {
          tsv.append('\t').append(field);
        }
        c.append(csv).append('\n');
        t.append(tsv).append('\n');
      }
    }
  }

  /** The status field: {@code D} for the given share of records, else the drawn status. */
  private static String deleted(long i, int percent, String status) {
    return i % 100 < percent ? "D" : status;
  }

  private static Writer writer(Path p) throws IOException {
    return new BufferedWriter(Files.newBufferedWriter(p, StandardCharsets.UTF_8), 1 << 20);
  }

  /** 1,000,000 users; a few are very active, most rarely seen. */
  private static int skewedUser(SplittableRandom random) {
    return (int) Math.floor(Math.pow(random.nextDouble(), 4) * 1_000_000);
  }

  private static StringBuilder quote(StringBuilder b, String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0) {
      return b.append(field);
    }
    return b.append('"').append(field.replace("\"", "\"\"")).append('"');
  }
}
