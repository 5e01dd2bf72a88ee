package org.hbulk.mappers.schema;

/** A load spec that cannot be used, with the place in the spec that is wrong. */
public final class SpecException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public SpecException(String message) {
    super(message);
  }

  /** An error at a line of a spec file: "orders.spec:12: key: ...". */
  public static SpecException at(String source, int line, String message) {
    return new SpecException(
        line > 0 ? source + ":" + line + ": " + message : source + ": " + message);
  }
}
