package org.hbulk.mappers.shuffle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class TableCodesTest {
  @Test
  void codesSortAsTheNamesDoAndNameTheirTable() {
    // In the spec's order, with a repeat (two outputs into one table).
    TableCodes codes = TableCodes.of(List.of("ns:users", "events", "events_by_day", "events"));
    assertArrayEquals(new byte[] {0}, codes.code("events"));
    assertArrayEquals(new byte[] {1}, codes.code("events_by_day"));
    assertArrayEquals(new byte[] {2}, codes.code("ns:users"));
    for (String t : List.of("events", "events_by_day", "ns:users")) {
      assertArrayEquals(Bytes.toBytes(t), codes.name(codes.code(t)[0]));
    }
  }

  @Test
  void theSameTablesGiveTheSameCodesInAnyOrder() {
    TableCodes a = TableCodes.of(List.of("b", "a", "c"));
    TableCodes b = TableCodes.of(List.of("c", "b", "a", "a"));
    for (String t : List.of("a", "b", "c")) {
      assertArrayEquals(a.code(t), b.code(t));
    }
  }

  @Test
  void refusesWhatItCannotCode() {
    TableCodes codes = TableCodes.of(List.of("events"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> codes.code("other"));
    assertTrue(e.getMessage().contains("other"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> codes.name((byte) 1));
    assertThrows(IllegalArgumentException.class, () -> codes.name((byte) 0xff));
    List<String> many = IntStream.range(0, 257).mapToObj(i -> "t" + i).toList();
    assertThrows(IllegalArgumentException.class, () -> TableCodes.of(many));
    TableCodes most = TableCodes.of(many.subList(0, 256));
    assertArrayEquals(Bytes.toBytes("t99"), most.name(most.code("t99")[0]));
  }
}
