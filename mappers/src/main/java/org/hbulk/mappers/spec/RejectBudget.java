package org.hbulk.mappers.spec;

/**
 * How many rejected records a load tolerates before it refuses to complete: the {@code [rejects]}
 * section. Both limits apply when both are given; by default no reject is allowed.
 *
 * @param maxCount the most rejects allowed, or -1 for no count limit
 * @param maxRatio the highest share of rejects among records read (0..1), or -1 for no ratio limit
 */
public record RejectBudget(long maxCount, double maxRatio) {

  public static RejectBudget none() {
    return new RejectBudget(0, -1);
  }

  /** Why the given counts break the budget, or null when they are within it. */
  public String violation(long rejected, long read) {
    if (maxCount >= 0 && rejected > maxCount) {
      return rejected + " rejected records exceed the budget of " + maxCount;
    }
    if (maxRatio >= 0 && read > 0 && (double) rejected / read > maxRatio) {
      return String.format(
          java.util.Locale.ROOT,
          "%d rejected of %d read (%.4f%%) exceed the budget of %.4f%%",
          rejected,
          read,
          100.0 * rejected / read,
          100.0 * maxRatio);
    }
    return null;
  }

  public String describe() {
    String count = maxCount >= 0 ? "at most " + maxCount : "any number";
    return maxRatio >= 0 ? count + " and at most " + (100 * maxRatio) + "% of records" : count;
  }
}
