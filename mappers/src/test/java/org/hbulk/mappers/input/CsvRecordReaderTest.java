package org.hbulk.mappers.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.hbulk.mappers.record.CsvRecordParser;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvRecordReaderTest {
  @TempDir Path tmp;

  /** A record as the reader framed it: offset, line number, text, and whether it was cut. */
  record Framed(long offset, long line, String text, boolean truncated) {}

  private static Configuration conf(String csvSection) {
    Configuration conf = new Configuration(false);
    LoadSpec.parse(
            "t.spec",
            "[csv]\n"
                + csvSection
                + "\n[columns]\na = string\nb = string\n"
                + "[output o]\ntable = t\nkey = a\nf:b = b\n")
        .toConfiguration(conf);
    return conf;
  }

  private static List<Framed> read(Configuration conf, Path file, long start, long length)
      throws Exception {
    return read(conf, file, start, length, StandardCharsets.UTF_8);
  }

  private static List<Framed> read(
      Configuration conf, Path file, long start, long length, Charset charset) throws Exception {
    List<Framed> out = new ArrayList<>();
    try (CsvRecordReader reader = new CsvRecordReader()) {
      reader.initialize(
          new FileSplit(new org.apache.hadoop.fs.Path(file.toUri()), start, length, null),
          new TaskAttemptContextImpl(conf, new TaskAttemptID()));
      while (reader.nextKeyValue()) {
        RawRecord v = reader.getCurrentValue();
        out.add(
            new Framed(
                reader.getCurrentKey().get(),
                v.line(),
                new String(v.array(), 0, v.length(), charset),
                v.truncated()));
      }
    }
    return out;
  }

  private List<Framed> readWhole(String csv, String content) throws Exception {
    return readWhole(csv, content, StandardCharsets.UTF_8);
  }

  /** Reads the content written in a charset; the records' texts are decoded in it too. */
  private List<Framed> readWhole(String csv, String content, Charset charset) throws Exception {
    Path f = tmp.resolve("in.csv");
    Files.write(f, content.getBytes(charset));
    return read(conf(csv), f, 0, Files.size(f), charset);
  }

  private static List<String> texts(List<Framed> records) {
    return records.stream().map(Framed::text).toList();
  }

  private static List<Long> lines(List<Framed> records) {
    return records.stream().map(Framed::line).toList();
  }

  private static List<Long> offsets(List<Framed> records) {
    return records.stream().map(Framed::offset).toList();
  }

  /** Where each of the records beginning with these texts starts in an ASCII content. */
  private static List<Long> startsOf(String content, String... beginnings) {
    return Arrays.stream(beginnings).map(b -> (long) content.indexOf(b)).toList();
  }

  @Test
  void crlfLinesBomAndHeaderAreHandled() throws Exception {
    List<Framed> r = readWhole("header = true", "\uFEFFa,b\r\n1,x\r\n2,y\r\n");
    assertEquals(List.of("1,x", "2,y"), texts(r));
    assertEquals(2, r.get(0).line());
    assertEquals(3, r.get(1).line());
    assertEquals(3 + 5, r.get(0).offset(), "offsets count the BOM's bytes");
  }

  @Test
  void everySplitPointReadsEveryLineExactlyOnce() throws Exception {
    StringBuilder content = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      content.append(i).append(',').append("v".repeat(i % 7)).append(i % 5 == 0 ? "\r\n" : "\n");
      if (i == 20) {
        content.append('\n');
      }
    }
    content.append("last,no-newline");
    Path f = tmp.resolve("split.csv");
    byte[] bytes = content.toString().getBytes(StandardCharsets.UTF_8);
    Files.write(f, bytes);
    Configuration conf = conf("");
    List<String> whole = texts(read(conf, f, 0, bytes.length));
    assertEquals(42, whole.size());
    // Hadoop never makes an empty first split, so cuts start at byte 1.
    for (int cut = 1; cut <= bytes.length; cut++) {
      List<String> both = new ArrayList<>(texts(read(conf, f, 0, cut)));
      both.addAll(texts(read(conf, f, cut, bytes.length - cut)));
      assertEquals(whole, both, "split at byte " + cut);
    }
    for (int a = 1; a < bytes.length; a += 7) {
      for (int b = a; b < bytes.length; b += 11) {
        List<String> three = new ArrayList<>(texts(read(conf, f, 0, a)));
        three.addAll(texts(read(conf, f, a, b - a)));
        three.addAll(texts(read(conf, f, b, bytes.length - b)));
        assertEquals(whole, three, "splits at " + a + " and " + b);
      }
    }
  }

  @Test
  void multilineKeepsQuotedLineBreaksInOneRecord() throws Exception {
    List<Framed> r =
        readWhole(
            "multiline = true",
            "1,\"two\nlines\"\n2,\"crlf\r\ninside\"\r\n3,plain\n4,24\" screen\n5,\"a,\"\"b\"\"\nc\"\n");
    assertEquals(
        List.of(
            "1,\"two\nlines\"",
            "2,\"crlf\r\ninside\"",
            "3,plain",
            "4,24\" screen",
            "5,\"a,\"\"b\"\"\nc\""),
        texts(r));
    assertEquals(List.of(1L, 3L, 5L, 6L, 7L), lines(r));
    assertEquals(List.of(0L, 14L, 32L, 40L, 53L), offsets(r), "a record's key is its first byte");
  }

  @Test
  void multilineFallbackKeepsTheOffsetsAndLinesOfTheLinesItGivesBack() throws Exception {
    String content = "1,ok\n2,\"never closed\n3,fine\n4,also fine\n";
    List<Framed> r = readWhole("multiline = true\nmax-record-bytes = 64", content);
    assertEquals(List.of("1,ok", "2,\"never closed", "3,fine", "4,also fine"), texts(r));
    assertEquals(List.of(1L, 2L, 3L, 4L), lines(r));
    assertEquals(startsOf(content, "1,", "2,", "3,", "4,"), offsets(r));
  }

  @Test
  void aGivenBackCrlfLineCanOpenAMultilineRecordOfItsOwn() throws Exception {
    // Line 2's quote is still open when the limit is reached, so line 3 is given back; line 3 opens
    // a quote of its own that line 4 closes: one record of lines 3 and 4, its CRLF kept.
    String content = "1,ok\r\n2,\"xxxxxxxxxx\r\n3,\"a\r\nb\"\r\n4,end\r\n";
    List<Framed> r = readWhole("multiline = true\nmax-record-bytes = 16", content);
    assertEquals(List.of("1,ok", "2,\"xxxxxxxxxx", "3,\"a\r\nb\"", "4,end"), texts(r));
    assertEquals(List.of(1L, 2L, 3L, 5L), lines(r));
    assertEquals(startsOf(content, "1,", "2,", "3,", "4,"), offsets(r));
    assertFalse(r.stream().anyMatch(Framed::truncated));
  }

  @Test
  void multilineFirstLineCutAtTheLimitIsNotJoinedToTheNext() throws Exception {
    // The cut line opens a quote that "end\"" would close; a cut record is rejected as it is, and
    // must not swallow the lines after it (the size limit alone would already keep "end\"" out:
    // this pins the cut record's flag, lines and offsets too). Not the file's first line: that one
    // is read through the BOM check, the others straight into the record.
    String content = "0,a\n1,\"" + "x".repeat(30) + "\nend\"\n3,fine\n";
    List<Framed> r = readWhole("multiline = true\nmax-record-bytes = 16", content);
    assertEquals(List.of("0,a", "1,\"" + "x".repeat(13), "end\"", "3,fine"), texts(r));
    assertEquals(List.of(false, true, false, false), r.stream().map(Framed::truncated).toList());
    assertEquals(List.of(1L, 2L, 3L, 4L), lines(r));
    assertEquals(startsOf(content, "0,", "1,", "end", "3,"), offsets(r));
  }

  @Test
  void multilineUnclosedQuoteCostsOnlyItsFirstLine() throws Exception {
    List<Framed> r =
        readWhole(
            "multiline = true\nmax-record-bytes = 64",
            "1,ok\n2,\"never closed\n3,fine\n4,also fine\n");
    assertEquals(List.of("1,ok", "2,\"never closed", "3,fine", "4,also fine"), texts(r));
    StringBuilder longOpen = new StringBuilder("1,\"opens\n");
    for (int i = 0; i < 20; i++) {
      longOpen.append("line ").append(i).append('\n');
    }
    longOpen.append("end\"\n");
    List<Framed> cut = readWhole("multiline = true\nmax-record-bytes = 64", longOpen.toString());
    assertEquals("1,\"opens", cut.get(0).text(), "gave up after 64 bytes: only the first line");
    assertEquals("line 0", cut.get(1).text());
  }

  @Test
  void lineLongerThanTheLimitIsCutAndMarked() throws Exception {
    List<Framed> r =
        readWhole("max-record-bytes = 16", "1,short\n2," + "x".repeat(100) + "\n3,after\n");
    assertEquals(3, r.size());
    assertTrue(r.get(1).truncated());
    assertEquals(16, r.get(1).text().length());
    assertFalse(r.get(2).truncated());
    assertEquals("3,after", r.get(2).text());
  }

  @Test
  void gzipAndBzip2AreReadWholeAndNotSplit() throws Exception {
    String content = "1,a\n2,\"b, c\"\n3,ü\n";
    Path gz = tmp.resolve("in.csv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    }
    Path bz = tmp.resolve("in.csv.bz2");
    Configuration conf = conf("");
    BZip2Codec codec = new BZip2Codec();
    codec.setConf(conf);
    try (OutputStream out = codec.createOutputStream(Files.newOutputStream(bz))) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    }
    for (Path p : List.of(gz, bz)) {
      assertEquals(
          List.of("1,a", "2,\"b, c\"", "3,ü"),
          texts(read(conf, p, 0, Files.size(p))),
          p.toString());
      Job job = Job.getInstance(conf);
      assertFalse(new CsvInputFormat().isSplitable(job, new org.apache.hadoop.fs.Path(p.toUri())));
    }
    Job job = Job.getInstance(conf);
    assertTrue(
        new CsvInputFormat()
            .isSplitable(job, new org.apache.hadoop.fs.Path(tmp.resolve("x.csv").toUri())));
    Job multiline = Job.getInstance(conf("multiline = true"));
    assertFalse(
        new CsvInputFormat()
            .isSplitable(multiline, new org.apache.hadoop.fs.Path(tmp.resolve("x.csv").toUri())));
  }

  @Test
  void multilineLatin1FieldEndingInYDiaeresisClosesItsQuote() throws Exception {
    // 'ÿ' is byte 0xFF in ISO-8859-1: it must not be taken for the (missing) escape.
    List<Framed> r =
        readWhole(
            "multiline = true\ncharset = ISO-8859-1",
            "1,\"Lo\u00ff\"\n2,\"b\"\n3,c\n",
            StandardCharsets.ISO_8859_1);
    assertEquals(List.of("1,\"Lo\u00ff\"", "2,\"b\"", "3,c"), texts(r));
    assertEquals(List.of(1L, 2L, 3L), lines(r));
  }

  @Test
  void multilineTrimOpensAQuoteAfterATab() throws Exception {
    // With trim, commons-csv skips the tab and opens the quote: one record over two lines, not
    // line 1 rejected and line 2 loaded as the bogus record [a, b", c].
    List<Framed> r = readWhole("multiline = true\ntrim = true", "1,\t\"x\na,b\",c\n2,y\n");
    assertEquals(List.of("1,\t\"x\na,b\",c", "2,y"), texts(r));
    assertEquals(List.of(1L, 3L), lines(r));
    List<Framed> tabs =
        readWhole("multiline = true\ntrim = true\ndelimiter = tab", "1\t \"x\na\tb\"\tc\n2\ty\n");
    assertEquals(List.of("1\t \"x\na\tb\"\tc", "2\ty"), texts(tabs));
  }

  @Test
  void multilineEscapedDelimiterOutsideQuotesOpensNothing() throws Exception {
    // commons-csv reads 1,a\,"b as [1, a,"b]: the quote after the escaped comma is content, so
    // line 2 is a record of its own, not the tail of a quoted field.
    List<Framed> r = readWhole("multiline = true\nescape = \\", "1,a\\,\"b\n2,\"c\"\n");
    assertEquals(List.of("1,a\\,\"b", "2,\"c\""), texts(r));
    assertEquals(List.of(1L, 2L), lines(r));
  }

  @Test
  void multilineGbkCharacterWhoseTrailByteIsABackslashIsNotAnEscape() throws Exception {
    // 乗 in GBK is 0x81 0x5C: its second byte is not the escape '\\', the quote after it closes.
    Charset gbk = Charset.forName("GBK");
    String content = "1,\"\u4e57\"\n2,\"b\"\n3,\"c\n\u4e57\"\n";
    List<Framed> r = readWhole("multiline = true\ncharset = GBK\nescape = \\", content, gbk);
    assertEquals(List.of("1,\"\u4e57\"", "2,\"b\"", "3,\"c\n\u4e57\""), texts(r));
    assertEquals(List.of(1L, 2L, 3L), lines(r));
  }

  @Test
  void multilineRecordOfExactlyTheLimitIsReadWholeCountingItsInnerLineBreaks() throws Exception {
    // The limit counts the record's bytes with the line breaks inside it (LF 1, CRLF 2), without
    // the final one. 16 bytes: one record; 17: too long, so only its first line is a record.
    String lf = "k,\"abcde,ef\nx,y\"";
    assertEquals(16, lf.length());
    List<Framed> r = readWhole("multiline = true\nmax-record-bytes = 16", "0,a\n" + lf + "\n1,b\n");
    assertEquals(List.of("0,a", lf, "1,b"), texts(r));
    String crlf = "k,\"abcde,e\r\nx,y\"";
    assertEquals(16, crlf.length());
    r = readWhole("multiline = true\nmax-record-bytes = 16", crlf + "\r\n1,b\r\n");
    assertEquals(List.of(crlf, "1,b"), texts(r));
    String crlf17 = "k,\"abcde,ef\r\nx,y\"";
    r = readWhole("multiline = true\nmax-record-bytes = 16", crlf17 + "\r\n1,b\r\n");
    assertEquals(List.of("k,\"abcde,ef", "x,y\"", "1,b"), texts(r), "17 bytes with its CR");
    String fiveBreaks = "k,\"ab\nc\nd\ne\nf\ng\"";
    assertEquals(16, fiveBreaks.length());
    List<Framed> many = readWhole("multiline = true\nmax-record-bytes = 16", fiveBreaks + "\n");
    assertEquals(List.of(fiveBreaks), texts(many), "16 bytes over six lines");
  }

  @Test
  void aLineOfExactlyTheLimitFitsWhetherItEndsInLfOrCrlf() throws Exception {
    String sixteen = "k,abcdefghijklmn";
    for (String end : List.of("\n", "\r\n")) {
      // Not the file's first line: that one is read through the byte-order mark check.
      List<Framed> r =
          readWhole("max-record-bytes = 16", "0,a" + end + sixteen + end + sixteen + "x" + end);
      assertEquals(List.of("0,a", sixteen, sixteen), texts(r), "CR/LF: " + end.length());
      assertEquals(List.of(false, false, true), r.stream().map(Framed::truncated).toList());
      // The byte-order mark is not the record's either.
      r =
          readWhole(
              "max-record-bytes = 16", "\uFEFF" + sixteen + end + "\uFEFF" + sixteen + "x" + end);
      assertEquals(List.of(false, true), r.stream().map(Framed::truncated).toList());
      assertEquals(sixteen, r.get(0).text());
    }
  }

  /**
   * What the mapper makes of each framed record of a file: its two fields, or why it is rejected
   * (blank lines left out), through the same parser the mapper uses.
   */
  private static List<String> outcomes(Configuration conf, Path file) throws Exception {
    CsvRecordParser parser = new CsvRecordParser(LoadSpec.fromConfiguration(conf).csv());
    List<String> out = new ArrayList<>();
    try (CsvRecordReader reader = new CsvRecordReader()) {
      reader.initialize(
          new FileSplit(new org.apache.hadoop.fs.Path(file.toUri()), 0, Files.size(file), null),
          new TaskAttemptContextImpl(conf, new TaskAttemptID()));
      while (reader.nextKeyValue()) {
        RawRecord v = reader.getCurrentValue();
        if (v.truncated()) {
          out.add("too long");
          continue;
        }
        try {
          List<String> f = parser.parse(parser.decode(v.array(), v.length()));
          if (!(f.size() == 1 && f.get(0).isEmpty())) {
            out.add(f.size() == 2 ? f.toString() : "fields: " + f.size());
          }
        } catch (RejectException e) {
          out.add(e.reason() + ": " + e.getMessage());
        }
      }
    }
    return out;
  }

  /** What commons-csv reads from the whole text, in the terms of {@link #outcomes}. */
  private static List<String> commonsCsv(Configuration conf, String text) throws IOException {
    List<String> out = new ArrayList<>();
    try (CSVParser p =
        CSVParser.parse(text, LoadSpec.fromConfiguration(conf).csv().toCsvFormat())) {
      for (CSVRecord r : p) {
        if (!(r.size() == 1 && r.get(0).isEmpty())) {
          out.add(r.size() == 2 ? r.toList().toString() : "fields: " + r.size());
        }
      }
    }
    return out;
  }

  @Test
  void multilineRecordsEndWhereCommonsCsvEndsThem() throws Exception {
    // Random files of the characters that matter (a fixed seed, so a failure repeats), read with
    // and without escape and trim, comma or tab delimited, in UTF-8, ISO-8859-1 and GBK: every
    // file commons-csv reads whole must give the same records, each loaded or rejected alike.
    // An escape is always followed by a character: one before a line break outside quotes ends
    // its record here (rejected, see the README), where commons-csv would go on.
    Random random = new Random(20261201);
    Map<String, List<String>> alphabets =
        Map.of(
            "UTF-8", List.of("\u00e9", "\u4e57", "\u3000"),
            "ISO-8859-1", List.of("\u00ff", "\u00e9", "\u00a0"),
            "GBK", List.of("\u4e57", "\u3000", "\u8868"));
    int compared = 0;
    for (int round = 0; round < 3000; round++) {
      String charset = List.of("UTF-8", "ISO-8859-1", "GBK").get(round % 3);
      boolean escape = random.nextBoolean();
      boolean trim = random.nextBoolean();
      char delimiter = random.nextInt(4) == 0 ? '\t' : ',';
      Configuration conf =
          conf(
              "multiline = true\ncharset = "
                  + charset
                  + "\ntrim = "
                  + trim
                  + (escape ? "\nescape = \\" : "")
                  + (delimiter == '\t' ? "\ndelimiter = tab" : ""));
      List<String> pieces = new ArrayList<>(alphabets.get(charset));
      pieces.addAll(List.of("a", "b", " ", "\t", ",", "\"", "\"", "\n", "\r\n"));
      pieces.addAll(List.of("\\a", "\\\"", "\\,", "\\\\", "\\\t"));
      StringBuilder text = new StringBuilder();
      for (int i = 4 + random.nextInt(30); i > 0; i--) {
        text.append(pieces.get(random.nextInt(pieces.size())));
      }
      text.append('\n');
      List<String> expected;
      try {
        expected = commonsCsv(conf, text.toString());
      } catch (IOException | UncheckedIOException | IllegalStateException e) {
        continue; // not valid CSV as a whole: nothing to compare with
      }
      Path f = tmp.resolve("random.csv");
      Files.write(f, text.toString().getBytes(Charset.forName(charset)));
      assertEquals(
          expected,
          outcomes(conf, f),
          charset
              + " escape "
              + escape
              + " trim "
              + trim
              + ": "
              + text.toString().replace("\n", "\\n"));
      compared++;
    }
    assertTrue(compared > 1000, "files compared: " + compared);
  }
}
