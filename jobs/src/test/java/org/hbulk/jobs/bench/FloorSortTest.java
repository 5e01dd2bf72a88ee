package org.hbulk.jobs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

/**
 * The floor's parse and prefix sort give HBase's row order: on keys that share their first 16 bytes
 * and more (one user's events), keys that are prefixes of others, zero and high bytes, quoted
 * fields and CRLF line ends, and a last record without a line break.
 */
class FloorSortTest {
  @Test
  void recordsComeInHBasesRowOrder() throws Exception {
    Path specFile = Path.of("..", "conf", "bench", "events.spec");
    FloorShape shape =
        FloorShape.of(LoadSpec.parse(specFile.toString(), Files.readString(specFile)));
    SplittableRandom r = new SplittableRandom(7);
    String[] users = {
      "u1",
      "u12",
      "u1234567890123456789",
      "u12345678901234567890123456789012345",
      "\"q,uo\"\"te\"",
      "u\u0000",
      "u\u0000\u0000",
      "\u00ff\u00e9",
      "u1234567890123\u0000"
    };
    StringBuilder csv = new StringBuilder();
    List<byte[]> expected = new ArrayList<>();
    int rows = 3000;
    for (int i = 0; i < rows; i++) {
      String user = users[r.nextInt(users.length)];
      String event = Long.toString(r.nextLong(1, 1L << (1 + r.nextInt(62))));
      String userText =
          user.startsWith("\"") ? user.substring(1, user.length() - 1).replace("\"\"", "\"") : user;
      csv.append(event).append(",t,").append(user).append(",s,c,d,\"u,rl\",1.00,200,");
      csv.append(i % 3 == 0 ? "" : "note").append(i == rows - 1 ? "" : i % 2 == 0 ? "\r\n" : "\n");
      byte[] userBytes = userText.getBytes(StandardCharsets.UTF_8);
      byte[] salt = shape.saltPrefixes[shape.salt.bucketOf(userBytes, 0, userBytes.length)];
      expected.add(
          Bytes.add(salt, ("|" + userText + "|" + event).getBytes(StandardCharsets.UTF_8)));
    }
    byte[] bytes = csv.toString().getBytes(StandardCharsets.UTF_8);
    FloorRecords records = new FloorRecords(shape, bytes.length);
    assertEquals(bytes.length, records.parse(bytes, bytes.length, true));
    assertEquals(rows, records.count);
    FloorSort.sort(records);
    expected.sort(Bytes.BYTES_COMPARATOR);
    List<String> got = new ArrayList<>();
    for (int i = 0; i < records.count; i++) {
      long addr = records.address[i];
      byte[] a = records.chunkOf(addr);
      int row = FloorRecords.rowOf(addr);
      got.add(Bytes.toStringBinary(a, row, FloorRecords.rowLength(a, addr)));
    }
    assertEquals(expected.stream().map(Bytes::toStringBinary).toList(), got);
  }
}
