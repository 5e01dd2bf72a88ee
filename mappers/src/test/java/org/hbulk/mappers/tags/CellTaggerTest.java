package org.hbulk.mappers.tags;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.TagUtil;
import org.apache.hadoop.hbase.security.visibility.VisibilityConstants;
import org.apache.hadoop.hbase.security.visibility.VisibilityLabelOrdinalProvider;
import org.apache.hadoop.hbase.security.visibility.VisibilityUtils;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.convert.OutputRow;
import org.hbulk.mappers.convert.RecordConverter;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.shuffle.CellRun;
import org.hbulk.mappers.shuffle.RunCursor;
import org.hbulk.mappers.spec.LoadSpec;
import org.junit.jupiter.api.Test;

class CellTaggerTest {
  private static final Map<String, Integer> ORDINALS =
      Map.of("system", 1, "public", 2, "ops", 3, "secret", 4, "pii", 130);
  private static final LabelOrdinals LABELS = new LabelOrdinals(ORDINALS);

  /** HBase's own resolution of an expression over the same ordinals, as ImportTsv's resolver. */
  private static byte[] hbaseTags(String expression) throws IOException {
    VisibilityLabelOrdinalProvider provider =
        new VisibilityLabelOrdinalProvider() {
          @Override
          public int getLabelOrdinal(String label) {
            return ORDINALS.getOrDefault(label, VisibilityConstants.NON_EXIST_LABEL_ORDINAL);
          }

          @Override
          public String getLabel(int ordinal) {
            throw new UnsupportedOperationException();
          }
        };
    return TagUtil.fromList(
        VisibilityUtils.createVisibilityExpTags(expression, true, false, null, provider));
  }

  private static final String SPEC =
      """
      [columns]
      id = long
      name = string
      ttl = string
      vis = string

      [output main]
      table = t
      key = id
      d:name = name
      d:id = id
      e:id = id
      """;

  private static RecordConverter converter(String lines) {
    LoadSpec spec = LoadSpec.parse("t.spec", SPEC + lines);
    RecordConverter c = new RecordConverter(spec, 1000L);
    c.tags(CellTagger.of(spec, LABELS));
    return c;
  }

  private static List<KeyValue> convert(RecordConverter c, String line) throws RejectException {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return new ArrayList<>(c.convert(b, b.length));
  }

  private static KeyValue cell(List<KeyValue> cells, String column) {
    return cells.stream()
        .filter(
            kv ->
                (Bytes.toString(CellUtil.cloneFamily(kv))
                        + ":"
                        + Bytes.toString(CellUtil.cloneQualifier(kv)))
                    .equals(column))
        .findFirst()
        .orElseThrow();
  }

  private static byte[] tags(KeyValue kv) {
    return Bytes.copy(kv.getTagsArray(), kv.getTagsOffset(), kv.getTagsLength());
  }

  private static RejectException reject(RecordConverter c, String line) {
    byte[] b = line.getBytes(StandardCharsets.UTF_8);
    return assertThrows(RejectException.class, () -> c.convert(b, b.length));
  }

  @Test
  void visibilityTagsAreTheBytesHBaseItselfBuildsForTheSameOrdinals() throws Exception {
    VisibilityTags tags = new VisibilityTags(LABELS);
    for (String e :
        List.of(
            "secret",
            "secret|ops",
            "secret&ops",
            "(secret&ops)|public",
            "!secret",
            "pii&(ops|!public)",
            "\"secret\"")) {
      assertArrayEquals(hbaseTags(e), tags.tagsOf(e), e);
      assertArrayEquals(hbaseTags(e), tags.tagsOf(e), e + ", from the cache");
    }
  }

  /** Not only equal to HBase's: the layout HBase's readers expect, worked out by hand. */
  @Test
  void anAndOfTwoLabelsIsTheFormatTagThenOneTagOfTheSortedOrdinals() throws Exception {
    List<Tag> tags = TagUtil.asList(new VisibilityTags(LABELS).tagsOf("secret&ops"), 0, 9);
    assertEquals(2, tags.size());
    assertEquals(TagType.VISIBILITY_EXP_SERIALIZATION_FORMAT_TAG_TYPE, tags.get(0).getType());
    assertArrayEquals(
        VisibilityConstants.SORTED_ORDINAL_SERIALIZATION_FORMAT_TAG_VAL,
        Tag.cloneValue(tags.get(0)));
    assertEquals(TagType.VISIBILITY_TAG_TYPE, tags.get(1).getType());
    // Ordinals as vints, ascending: ops (3), then secret (4).
    assertArrayEquals(new byte[] {3, 4}, Tag.cloneValue(tags.get(1)));
  }

  @Test
  void anOrGivesOneVisibilityTagPerAlternative() throws Exception {
    byte[] b = new VisibilityTags(LABELS).tagsOf("secret|ops");
    Set<String> values = new HashSet<>();
    for (Tag t : TagUtil.asList(b, 0, b.length)) {
      if (t.getType() == TagType.VISIBILITY_TAG_TYPE) {
        values.add(Bytes.toStringBinary(Tag.cloneValue(t)));
      }
    }
    assertEquals(Set.of("\\x03", "\\x04"), values);
  }

  @Test
  void anUndefinedLabelOrABadExpressionIsRefusedInHBasesWords() {
    VisibilityTags tags = new VisibilityTags(LABELS);
    String e =
        assertThrows(VisibilityTags.BadExpressionException.class, () -> tags.tagsOf("secret|nope"))
            .getMessage();
    assertTrue(e.contains("nope"), e);
    assertThrows(VisibilityTags.BadExpressionException.class, () -> tags.tagsOf("secret|"));
  }

  @Test
  void theTtlTagIsTheBytesOfHBasesTtlTag() {
    long ttl = 86_400_000L;
    byte[] expected =
        TagUtil.fromList(List.of(new ArrayBackedTag(TagType.TTL_TAG_TYPE, Bytes.toBytes(ttl))));
    assertArrayEquals(expected, CellTagger.ttlTag(ttl));
  }

  @Test
  void aCellGetsItsVisibilityTagsThenItsTtlTagAsImportTsvWritesThem() throws Exception {
    RecordConverter c =
        converter(
            """
            ttl = 1h
            visibility = "secret|ops"
            visibility.d:id = vis
            ttl.d:id = ttl
            ttl.e:id = none
            visibility.e:id = none
            """);
    List<KeyValue> cells = convert(c, "7,alice,5000,pii&ops");
    assertArrayEquals(
        Bytes.add(hbaseTags("secret|ops"), CellTagger.ttlTag(3_600_000L)),
        tags(cell(cells, "d:name")));
    assertArrayEquals(
        Bytes.add(hbaseTags("pii&ops"), CellTagger.ttlTag(5000L)), tags(cell(cells, "d:id")));
    assertEquals(0, cell(cells, "e:id").getTagsLength());
    assertEquals(
        5000L,
        Bytes.toLong(
            Tag.cloneValue(
                PrivateCellUtil.getTag(cell(cells, "d:id"), TagType.TTL_TAG_TYPE).get())));
  }

  /** The tags travel through the map output's run and come out of the reducer's cursor. */
  @Test
  void theTagsSurviveTheRunToTheReducersKeyValue() throws Exception {
    RecordConverter c = converter("ttl = ttl\nvisibility = vis\n");
    byte[] line = "7,alice,5000,secret".getBytes(StandardCharsets.UTF_8);
    List<KeyValue> expected = new ArrayList<>(c.convert(line, line.length));
    OutputRow row = c.output(0);
    RunCursor cursor = row.writeRun(new CellRun()).cursor();
    List<KeyValue> read = new ArrayList<>();
    byte[] key = Bytes.toBytes(7L);
    while (cursor.next()) {
      read.add(cursor.toKeyValue(key, 0, key.length));
    }
    assertEquals(expected.size(), read.size());
    for (int i = 0; i < read.size(); i++) {
      assertArrayEquals(tags(expected.get(i)), tags(read.get(i)));
      assertTrue(tags(read.get(i)).length > 0);
    }
  }

  @Test
  void theTaggerCountsTheLastRecordsTaggedCells() throws Exception {
    LoadSpec spec = LoadSpec.parse("t.spec", SPEC + "ttl = ttl\nvisibility.d:name = vis\n");
    RecordConverter c = new RecordConverter(spec, 1000L);
    CellTagger tagger = CellTagger.of(spec, LABELS);
    c.tags(tagger);
    tagger.startRecord();
    convert(c, "7,alice,5000,secret");
    assertEquals(3, tagger.lastTtlCells());
    assertEquals(1, tagger.lastLabelledCells());
    tagger.startRecord();
    List<KeyValue> cells = convert(c, "8,bob,,secret");
    assertEquals(0, tagger.lastTtlCells(), "an empty TTL field: the family's TTL only");
    assertEquals(0, cell(cells, "d:id").getTagsLength());
    assertNull(CellTagger.of(LoadSpec.parse("t.spec", SPEC), LABELS), "no tag lines, no tagger");
  }

  @Test
  void badTtlsAndVisibilitiesFromColumnsAreRejectsNamingTheField() {
    RecordConverter c = converter("ttl = ttl\nvisibility = vis\n");
    RejectException e = reject(c, "7,alice,soon,secret");
    assertEquals(RejectReason.BAD_TTL, e.reason());
    assertTrue(
        e.getMessage().contains("TTL column 'ttl': 'soon' is not a whole number"), e.getMessage());
    e = reject(c, "7,alice,-5,secret");
    assertEquals(RejectReason.BAD_TTL, e.reason());
    assertTrue(e.getMessage().contains("-5 is not above 0"), e.getMessage());
    e = reject(c, "7,alice,5,nope|secret");
    assertEquals(RejectReason.BAD_VISIBILITY, e.reason());
    assertTrue(e.getMessage().contains("visibility column 'vis': 'nope|secret'"), e.getMessage());
    e = reject(c, "7,alice,5,secret&");
    assertEquals(RejectReason.BAD_VISIBILITY, e.reason());
    e = reject(c, "7,alice,5,");
    assertEquals(RejectReason.BAD_VISIBILITY, e.reason());
    assertTrue(e.getMessage().contains("visibility column 'vis' is empty"), e.getMessage());
  }

  @Test
  void labelOrdinalsSurviveTheirEncoding() {
    LabelOrdinals decoded = LabelOrdinals.decode(LABELS.encode());
    assertEquals(ORDINALS.size(), decoded.size());
    for (Map.Entry<String, Integer> e : ORDINALS.entrySet()) {
      assertEquals(e.getValue(), decoded.getLabelOrdinal(e.getKey()));
    }
    assertEquals(VisibilityConstants.NON_EXIST_LABEL_ORDINAL, decoded.getLabelOrdinal("nope"));
    assertEquals(0, LabelOrdinals.decode(null).size());
  }
}
