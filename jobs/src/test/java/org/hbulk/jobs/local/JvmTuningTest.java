package org.hbulk.jobs.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.hbulk.mappers.Shortcut;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the report says of the launcher's JVM tuning, from the property scripts/hbulk sets. */
class JvmTuningTest {
  @AfterEach
  void forget() {
    System.clearProperty(JvmTuning.PROPERTY);
  }

  @Test
  void theLaunchersChoiceOrItsAbsence() {
    assertEquals(
        Shortcut.State.NOT_USED, JvmTuning.outcome().state(), "not started by scripts/hbulk");
    System.setProperty(JvmTuning.PROPERTY, "off");
    assertEquals(Shortcut.State.OFF, JvmTuning.outcome().state());
    System.setProperty(JvmTuning.PROPERTY, "");
    assertEquals(Shortcut.State.NOT_USED, JvmTuning.outcome().state(), "HBULK_JAVA_OPTS chose all");
    System.setProperty(JvmTuning.PROPERTY, "ParallelGC, class-data archive");
    Shortcut ran = JvmTuning.outcome();
    assertEquals(Shortcut.State.RAN, ran.state());
    assertEquals("ParallelGC, class-data archive", ran.detail());
    assertEquals("HBULK_JVM_TUNING", ran.toggle());
  }
}
