package org.hbulk.mappers.record;

/**
 * A record that cannot become cells. Thrown once per bad record, so it carries no stack trace: the
 * reason and message are all a user needs, and filling stacks would slow down dirty inputs.
 */
public final class RejectException extends Exception {
  private static final long serialVersionUID = 1L;
  private final RejectReason reason;

  public RejectException(RejectReason reason, String message) {
    super(message, null, false, false);
    this.reason = reason;
  }

  public RejectReason reason() {
    return reason;
  }
}
