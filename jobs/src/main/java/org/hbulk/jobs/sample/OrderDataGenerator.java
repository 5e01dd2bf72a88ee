package org.hbulk.jobs.sample;

import java.io.IOException;
import java.io.Writer;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes a realistic orders CSV for the example spec {@code conf/examples/orders.spec}: increasing
 * order ids and times, skewed users (a few buy a lot), cities in several scripts, notes with
 * commas, quotes and empty values. The same seed gives the same file.
 */
public final class OrderDataGenerator {
  public static final String HEADER = "order_id,user_id,created,city,amount,status,paid,note";
  private static final String[] CITIES = {
    "北京", "上海", "广州", "深圳", "杭州", "成都", "São Paulo", "Zürich", "New York", "Lagos", "München", "東京"
  };
  private static final String[] STATUS = {"created", "paid", "shipped", "delivered", "refunded"};
  private static final String[] NOTES = {
    "",
    "",
    "",
    "leave at the door",
    "gift wrap, please",
    "call \"before\" delivery",
    "fragile; handle with care",
    "备注：请尽快发货",
    "2nd floor, room 3",
    "customer says \"thanks, again\""
  };
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

  private final SplittableRandom random;
  private final int users;

  public OrderDataGenerator(long seed, int users) {
    this.random = new SplittableRandom(seed);
    this.users = users;
  }

  public void write(Writer out, long rows) throws IOException {
    out.write(HEADER);
    out.write('\n');
    LocalDateTime time = LocalDateTime.of(2026, 11, 22, 0, 0, 0);
    StringBuilder line = new StringBuilder(160);
    for (long i = 0; i < rows; i++) {
      time = time.plusSeconds(random.nextInt(3));
      line.setLength(0);
      line.append(201101000000L + i).append(',');
      line.append(String.format(Locale.ROOT, "u%05d", skewedUser())).append(',');
      line.append(TIME.format(time)).append(',');
      csv(line, CITIES[random.nextInt(CITIES.length)]).append(',');
      line.append(random.nextInt(100000) / 100.0).append(',');
      line.append(STATUS[random.nextInt(STATUS.length)]).append(',');
      line.append(random.nextBoolean()).append(',');
      csv(line, NOTES[random.nextInt(NOTES.length)]).append('\n');
      out.append(line);
    }
  }

  /** Users by a rough power law: user 0 buys most, the long tail rarely. */
  private int skewedUser() {
    double u = random.nextDouble();
    return (int) Math.min(users - 1, Math.floor(Math.pow(u, 3) * users));
  }

  /** Quotes a field when it holds a delimiter, a quote or a line break, doubling inner quotes. */
  static StringBuilder csv(StringBuilder b, String field) {
    if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0) {
      return b.append(field);
    }
    return b.append('"').append(field.replace("\"", "\"\"")).append('"');
  }
}
