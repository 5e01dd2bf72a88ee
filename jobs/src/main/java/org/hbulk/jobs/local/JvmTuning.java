package org.hbulk.jobs.local;

import org.hbulk.mappers.Shortcut;

/**
 * The JVM tuning of {@code scripts/hbulk} (its function {@code jvm_tuning}: the collector, the
 * young generation, the class-data archive), as the launcher reports it in a system property: what
 * it added, or {@code off} under {@code HBULK_JVM_TUNING=off}.
 */
public final class JvmTuning {
  public static final String NAME = "jvm-tuning";

  /** The system property the launcher sets. */
  public static final String PROPERTY = "hbulk.jvm-tuning";

  /** The launcher's switch, an environment variable. */
  public static final String TOGGLE = "HBULK_JVM_TUNING";

  private JvmTuning() {}

  /** What the launcher did for this JVM. */
  public static Shortcut outcome() {
    String tuning = System.getProperty(PROPERTY);
    if (tuning == null) {
      return new Shortcut(NAME, TOGGLE, Shortcut.State.NOT_USED, "not started by scripts/hbulk");
    }
    if (tuning.equals("off")) {
      return new Shortcut(NAME, TOGGLE, Shortcut.State.OFF, "the JVM's own defaults");
    }
    if (tuning.isBlank()) {
      return new Shortcut(
          NAME, TOGGLE, Shortcut.State.NOT_USED, "HBULK_JAVA_OPTS chose every flag");
    }
    return new Shortcut(NAME, TOGGLE, Shortcut.State.RAN, tuning.replace('\t', ' '));
  }
}
