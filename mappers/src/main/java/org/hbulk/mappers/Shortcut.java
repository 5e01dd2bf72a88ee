package org.hbulk.mappers;

import java.util.Locale;

/**
 * What one shortcut that relies on framework internals or on local-runner tuning did in a job: its
 * name, its switch (an {@code hbulk.*} key or the launcher's environment variable), whether it ran,
 * and a detail (what it set, or why it fell back). The report lists one per shortcut.
 */
public record Shortcut(String name, String toggle, State state, String detail) {
  public enum State {
    /** It ran. */
    RAN,
    /**
     * Switched on, but the framework's plain path ran instead: an upgrade broke what it relies on.
     */
    FELL_BACK,
    /** Switched off: the framework's plain path ran. */
    OFF,
    /** Not for this job: a cluster job, a setting of the user's, nothing to do. */
    NOT_USED;

    /**
     * The state as the report writes it: {@code ran}, {@code fell-back}, {@code off}, {@code
     * not-used}.
     */
    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public Shortcut {
    if (name.contains("\t") || toggle.contains("\t") || detail.contains("\t")) {
      throw new IllegalArgumentException("a tab in shortcut " + name);
    }
  }

  /** One line of text that {@link #decode} reads back: state, switch and detail. */
  public String encode() {
    return state.name() + "\t" + toggle + "\t" + detail;
  }

  /** The shortcut {@code name} from {@link #encode}'s text. */
  public static Shortcut decode(String name, String text) {
    String[] parts = text.split("\t", 3);
    if (parts.length != 3) {
      throw new IllegalArgumentException(
          "shortcut " + name + ": not state, switch and detail: " + text);
    }
    return new Shortcut(name, parts[1], State.valueOf(parts[0]), parts[2]);
  }
}
