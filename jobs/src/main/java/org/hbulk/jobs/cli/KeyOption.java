package org.hbulk.jobs.cli;

import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.expr.KeyText;

/** A row key given on the command line, read with {@link KeyText}; a bad one is a usage error. */
final class KeyOption {
  private KeyOption() {}

  /** The key's bytes; {@code option} names where it was given, e.g. {@code --prefix}. */
  static byte[] parse(String option, String text) throws HbulkException {
    try {
      return KeyText.parse(text);
    } catch (KeyText.BadKeyText e) {
      throw new HbulkException(ExitCode.USAGE, option + " '" + text + "': " + e.getMessage());
    }
  }
}
