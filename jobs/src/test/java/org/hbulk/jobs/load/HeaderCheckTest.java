package org.hbulk.jobs.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.hbulk.jobs.ExitCode;
import org.hbulk.jobs.HbulkException;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every input file's header against [columns], before any job. */
class HeaderCheckTest {
  @TempDir Path tmp;

  private static LoadSpec spec(String csv) {
    return LoadSpec.parse(
        "t.spec",
        "[csv]\n"
            + csv
            + "\n[columns]\nid = long\nuser = string\nnote = string\n"
            + "[output o]\ntable = t\nkey = id\nf:u = user\nf:n = note\n");
  }

  private static String check(LoadSpec spec, Path input) throws Exception {
    return String.valueOf(
        HeaderCheck.check(new Configuration(false), spec, List.of(input.toUri().toString())));
  }

  private static HbulkException refused(LoadSpec spec, Path input) {
    return assertThrows(HbulkException.class, () -> check(spec, input));
  }

  @Test
  void aReorderedHeaderInAnyFileOfADirectoryIsExit14NamingFileExpectedAndFound() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("in"));
    Files.writeString(dir.resolve("a.csv"), "id,user,note\n1,ann,hi\n");
    try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(dir.resolve("b.csv.gz")))) {
      gz.write("id,note,user\n2,yo,bob\n".getBytes(StandardCharsets.UTF_8));
    }
    Files.writeString(dir.resolve("_SUCCESS"), "");
    HbulkException e = refused(spec("header = true"), dir);
    assertEquals(ExitCode.HEADER_MISMATCH, e.exitCode());
    assertTrue(e.getMessage().startsWith("file:" + dir), e.getMessage());
    assertTrue(
        e.getMessage().contains("b.csv.gz: the header does not match [columns]"), e.getMessage());
    assertTrue(
        e.getMessage().contains("expected id,user,note, found id,note,user"), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "position 2: expected 'user', found 'note'; 3: expected 'note', found 'user'"),
        e.getMessage());
    assertEquals(1, e.getMessage().lines().count());
  }

  @Test
  void matchingHeadersPassAndNoHeaderMeansNoCheck() throws Exception {
    Path ok = Files.writeString(tmp.resolve("ok.csv"), "\uFEFF\"id\";user; note \r\n1;ann;hi\r\n");
    assertTrue(check(spec("header = true\ndelimiter = ;"), ok).contains("ok.csv"));
    Path other = Files.writeString(tmp.resolve("other.csv"), "1,ann,hi\n");
    assertEquals("{}", check(spec("header = false"), other));
    Path empty = Files.writeString(tmp.resolve("empty.csv"), "");
    assertEquals("{}", check(spec("header = true"), empty), "an empty file has no header to check");
  }

  @Test
  void byNameEveryColumnMustBeInTheHeaderInAnyOrder() throws Exception {
    LoadSpec byName = spec("header = true\ncolumns = by-name");
    Path reordered = Files.writeString(tmp.resolve("r.csv"), "note,extra,user,id\nhi,x,ann,1\n");
    assertTrue(check(byName, reordered).contains("r.csv"));
    Path missing = Files.writeString(tmp.resolve("m.csv"), "note,id\nhi,1\n");
    HbulkException e = refused(byName, missing);
    assertEquals(ExitCode.HEADER_MISMATCH, e.exitCode());
    assertTrue(
        e.getMessage()
            .contains(
                "m.csv: the header does not hold every column of [columns] (columns = by-name):"
                    + " expected id,user,note in any order, found note,id; missing user"),
        e.getMessage());
  }
}
