package org.hbulk.mappers.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.hbulk.mappers.record.ColumnLayout;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file's header line, read as its records are framed and parsed. */
class FileHeaderTest {
  @TempDir Path tmp;

  private static LoadSpec spec(String csv) {
    return LoadSpec.parse(
        "t.spec",
        "[csv]\nheader = true\n"
            + csv
            + "\n[columns]\nid = long\nname = string\n"
            + "[output o]\ntable = t\nkey = id\nf:n = name\n");
  }

  private static org.apache.hadoop.fs.Path hadoop(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  private List<String> header(LoadSpec spec, Path file) throws Exception {
    return FileHeader.read(new Configuration(false), spec, hadoop(file));
  }

  @Test
  void plainGzipAndBzip2FilesGiveTheirFirstLineWithoutByteOrderMark() throws Exception {
    byte[] content = "\uFEFFnamé;\"id\"\r\n7;ann\n".getBytes(StandardCharsets.UTF_8);
    Path plain = Files.write(tmp.resolve("a.csv"), content);
    Path gz = tmp.resolve("a.csv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(content);
    }
    Path bz = tmp.resolve("a.csv.bz2");
    BZip2Codec codec = new BZip2Codec();
    codec.setConf(new Configuration(false));
    try (OutputStream out = codec.createOutputStream(Files.newOutputStream(bz))) {
      out.write(content);
    }
    for (Path p : List.of(plain, gz, bz)) {
      assertEquals(List.of("namé", "id"), header(spec("delimiter = ;"), p), p.toString());
    }
  }

  @Test
  void charsetTrimAndAnEmptyFileAreRespected() throws Exception {
    Path latin =
        Files.write(
            tmp.resolve("l.csv"), " id | namé \n1|x\n".getBytes(Charset.forName("ISO-8859-1")));
    assertEquals(
        List.of("id", "namé"),
        header(spec("delimiter = |\ncharset = ISO-8859-1\ntrim = true"), latin));
    Path empty = Files.write(tmp.resolve("e.csv"), new byte[0]);
    assertNull(header(spec(""), empty));
  }

  @Test
  void aHeaderThatIsNotCsvIsAMismatch() throws Exception {
    Path bad =
        Files.write(tmp.resolve("b.csv"), "id,\"namé\n1,x\n".getBytes(StandardCharsets.UTF_8));
    String m =
        assertThrows(ColumnLayout.MismatchException.class, () -> header(spec(""), bad))
            .getMessage();
    assertTrue(m.contains("the header line cannot be read"), m);
  }
}
