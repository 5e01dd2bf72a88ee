package org.hbulk.jobs.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import javax.security.sasl.SaslException;
import org.junit.jupiter.api.Test;

/**
 * Which connection failures are the server refusing who the client is. (A Kerberos HBase simply
 * closes the connection of a client that sends no authentication: that one looks like any other
 * closed connection, and is not told apart.)
 */
class KerberosLoginTest {
  @Test
  void aSaslFailureDeepInTheCausesIsARefusalInOneLine() {
    IOException e =
        new IOException(
            "Call to address=rs1:16020 failed on local exception",
            new SaslException("GSS initiate failed\n\tat somewhere"));
    assertEquals("SaslException: GSS initiate failed", KerberosLogin.refusal(e));
  }

  @Test
  void aServerThatDoesNotAnswerIsNoRefusal() {
    assertNull(KerberosLogin.refusal(new IOException("Connection refused")));
  }
}
