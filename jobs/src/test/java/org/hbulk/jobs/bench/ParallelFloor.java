package org.hbulk.jobs.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToLongFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.hbulk.mappers.spec.LoadSpec;

/**
 * The floor on several threads: what the machine's cores do with hbulk prepare's job and no
 * framework at all, the reference for what hbulk's framework costs on the same cores. The CSV is
 * cut into one part per thread at record starts ({@link FloorCuts}, timed), and each thread does
 * {@link SingleThreadFloor}'s work on its part: the byte-level parse and keys, the prefix sort, and
 * the same HFiles through hbulk's writer, into a folder of its own. So each region gets one HFile
 * per thread where hbulk writes one: the threads never merge their sorted parts, which a job that
 * writes one file per region must do in some form. It is not a strict bound: a job could save what
 * this one spends on the cut's read of the file and on the second set of file ends (indexes, bloom
 * filters, trailers), and gain on it where its threads end unevenly; everything else it does, any
 * job must do too. {@code FloorMatchesPrepareTest} checks its files together hold exactly the cells
 * hbulk writes. Rows are unique within a part ({@link SingleThreadFloor}), not checked across
 * parts: the benchmark's rows are unique.
 *
 * <p>Usage: {@code ParallelFloor SPEC CSV OUT_DIR THREADS [TIMESTAMP]}: thread {@code i}'s HFiles
 * go to {@code OUT_DIR/part-i/TABLE/FAMILY/}. Prints one line: {@code parallel floor threads N
 * setup+cut S parse+key S sort S write S total S rows N cells N}: reading the spec and cutting the
 * file, then each phase as its slowest thread took it, then the whole (seconds in the JVM, from
 * reading the spec to the last HFile closed).
 */
public final class ParallelFloor {
  private ParallelFloor() {}

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    Path specFile = Path.of(args[0]);
    Path csv = Path.of(args[1]);
    Path out = Path.of(args[2]);
    int threads = Integer.parseInt(args[3]);
    long timestamp = args.length > 4 ? Long.parseLong(args[4]) : System.currentTimeMillis();
    FloorShape shape =
        FloorShape.of(LoadSpec.parse(specFile.toString(), Files.readString(specFile)));
    long size = Files.size(csv);
    long[] bounds = FloorCuts.of(csv, size, threads);
    // Read once: each thread's writers take a copy.
    Configuration base = HBaseConfiguration.create();
    long setup = System.nanoTime() - t0;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<SingleThreadFloor.Part>> futures = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      long from = bounds[i];
      long to = bounds[i + 1];
      org.apache.hadoop.fs.Path dir =
          new org.apache.hadoop.fs.Path(out.resolve("part-" + i).toUri());
      futures.add(
          pool.submit(() -> SingleThreadFloor.run(shape, csv, from, to, base, dir, timestamp)));
    }
    pool.shutdown();
    List<SingleThreadFloor.Part> parts = new ArrayList<>();
    try {
      for (Future<SingleThreadFloor.Part> future : futures) {
        parts.add(future.get());
      }
    } catch (ExecutionException e) {
      pool.shutdownNow();
      throw e;
    }
    long total = System.nanoTime() - t0;
    System.out.printf(
        Locale.ROOT,
        "parallel floor threads %d setup+cut %.2f parse+key %.2f sort %.2f write %.2f total %.2f rows %d"
            + " cells %d%n",
        threads,
        setup / 1e9,
        slowest(parts, SingleThreadFloor.Part::parseNanos) / 1e9,
        slowest(parts, SingleThreadFloor.Part::sortNanos) / 1e9,
        slowest(parts, SingleThreadFloor.Part::writeNanos) / 1e9,
        total / 1e9,
        parts.stream().mapToLong(SingleThreadFloor.Part::rows).sum(),
        parts.stream().mapToLong(SingleThreadFloor.Part::cells).sum());
  }

  private static long slowest(
      List<SingleThreadFloor.Part> parts, ToLongFunction<SingleThreadFloor.Part> phase) {
    return parts.stream().mapToLong(phase).max().orElse(0);
  }
}
