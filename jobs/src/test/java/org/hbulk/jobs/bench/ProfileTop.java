package org.hbulk.jobs.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * The top of a JFR recording's CPU profile, as the benchmark prints it: where the sampled threads
 * spent their time, by thread group (map tasks, reduce tasks, the rest), by method (its own time:
 * the top frame) and by package of the top frame, and the methods most often on the stack
 * (inclusive time). JDK 17's {@code jfr} tool prints the samples but does not add them up.
 *
 * <p>Usage: {@code ProfileTop RECORDING.jfr [TOP]} (TOP methods per table, default 25).
 */
public final class ProfileTop {
  private final Map<String, Integer> byThread = new HashMap<>();
  private final Map<String, Integer> self = new HashMap<>();
  private final Map<String, Integer> selfPackage = new HashMap<>();
  private final Map<String, Integer> inclusive = new HashMap<>();
  private int samples;
  private int collections;
  private long pauseNanos;

  private ProfileTop() {}

  public static void main(String[] args) throws IOException {
    int top = args.length > 1 ? Integer.parseInt(args[1]) : 25;
    ProfileTop profile = read(Path.of(args[0]));
    profile.print(System.out, top);
  }

  static ProfileTop read(Path recording) throws IOException {
    ProfileTop profile = new ProfileTop();
    try (RecordingFile file = new RecordingFile(recording)) {
      while (file.hasMoreEvents()) {
        RecordedEvent event = file.readEvent();
        switch (event.getEventType().getName()) {
          case "jdk.ExecutionSample" -> profile.add(event);
          case "jdk.GarbageCollection" -> {
            profile.collections++;
            profile.pauseNanos += event.getDuration("sumOfPauses").toNanos();
          }
          default -> {}
        }
      }
    }
    return profile;
  }

  private void add(RecordedEvent event) {
    RecordedStackTrace stack = event.getStackTrace();
    if (stack == null || stack.getFrames().isEmpty()) {
      return;
    }
    samples++;
    List<RecordedFrame> frames = stack.getFrames();
    String thread = event.getThread("sampledThread").getJavaName();
    byThread.merge(threadGroup(thread, frames), 1, Integer::sum);
    RecordedMethod top = frames.get(0).getMethod();
    self.merge(name(top), 1, Integer::sum);
    selfPackage.merge(packageOf(top), 1, Integer::sum);
    // A recursive method counts once per sample.
    Set<String> seen = new HashSet<>();
    for (RecordedFrame frame : frames) {
      String method = name(frame.getMethod());
      if (!isRunner(method) && seen.add(method)) {
        inclusive.merge(method, 1, Integer::sum);
      }
    }
  }

  /** Frames on every task's stack, which say nothing of where its time goes. */
  private static boolean isRunner(String method) {
    return method.startsWith("java.")
        || method.startsWith("jdk.")
        || method.startsWith("org.apache.hadoop.mapred.LocalJobRunner")
        || method.startsWith("org.apache.hadoop.mapred.MapTask.run")
        || method.startsWith("org.apache.hadoop.mapred.ReduceTask.run")
        || method.equals("org.apache.hadoop.mapreduce.Mapper.run")
        || method.equals("org.apache.hadoop.mapreduce.Reducer.run");
  }

  /** Map and reduce tasks by what runs on the thread; other threads by name, numbers folded. */
  static String threadGroup(String thread, List<RecordedFrame> frames) {
    for (RecordedFrame frame : frames) {
      String method = name(frame.getMethod());
      if (method.equals("org.apache.hadoop.mapred.MapTask.run")) {
        return "map tasks";
      }
      if (method.equals("org.apache.hadoop.mapred.ReduceTask.run")) {
        return "reduce tasks";
      }
    }
    return thread == null ? "(unnamed)" : thread.replaceAll("[0-9]+", "N");
  }

  private static String name(RecordedMethod method) {
    return method.getType().getName() + "." + method.getName();
  }

  private static String packageOf(RecordedMethod method) {
    String type = method.getType().getName();
    int dot = type.lastIndexOf('.');
    return dot < 0 ? "(default)" : type.substring(0, dot);
  }

  void print(PrintStream out, int top) {
    out.printf(
        Locale.ROOT,
        "samples: %d (JFR execution samples, Java code only); garbage collections: %d, pauses %.2f s"
            + " in all%n",
        samples,
        collections,
        pauseNanos / 1e9);
    table(out, "by thread", byThread, top);
    table(out, "own time, by package of the top frame", selfPackage, top);
    table(out, "own time, by method (top frame)", self, top);
    table(
        out,
        "on the stack, by method (inclusive; the JDK's and Hadoop's task runners left out)",
        inclusive,
        top);
  }

  private void table(PrintStream out, String title, Map<String, Integer> counts, int top) {
    out.printf(Locale.ROOT, "%s:%n", title);
    counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .limit(top)
        .forEach(
            e ->
                out.printf(
                    Locale.ROOT,
                    "  %5.1f %%  %7d  %s%n",
                    100.0 * e.getValue() / Math.max(1, samples),
                    e.getValue(),
                    e.getKey()));
  }
}
