package org.hbulk.mappers.tags;

import java.util.List;
import org.apache.hadoop.hbase.TagType;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbulk.mappers.record.ByteBuilder;
import org.hbulk.mappers.record.Record;
import org.hbulk.mappers.record.RejectException;
import org.hbulk.mappers.record.RejectReason;
import org.hbulk.mappers.schema.Column;
import org.hbulk.mappers.spec.CellSpec;
import org.hbulk.mappers.spec.CellTagSpec;
import org.hbulk.mappers.spec.LoadSpec;
import org.hbulk.mappers.spec.OutputSpec;
import org.hbulk.mappers.spec.TagSource;

/**
 * Writes each cell's tags, as ImportTsv orders them: the visibility tags (when the cell has
 * labels), then the TTL tag (8 bytes of milliseconds). Constants are turned into bytes once; a
 * column's value per record. One per task, fed by the converter one cell at a time; it also counts
 * the cells of the last record that got a TTL or labels.
 */
public final class CellTagger {
  /** A serialized tag's header: 2 bytes of length (type and value), 1 byte of type. */
  private static final int TAG_HEADER = 3;

  private final String[] outputNames;
  private final TagSource[][] ttl;
  private final TagSource[][] visibility;

  /** The constants' serialized tags; null where the cell has none or reads a column. */
  private final byte[][][] ttlConstant;

  private final byte[][][] visibilityConstant;
  private final VisibilityTags visibilityTags;
  private int ttlCells;
  private int labelledCells;

  private CellTagger(LoadSpec spec, LabelOrdinals labels) {
    List<OutputSpec> outputs = spec.outputs();
    int n = outputs.size();
    outputNames = new String[n];
    ttl = new TagSource[n][];
    visibility = new TagSource[n][];
    ttlConstant = new byte[n][][];
    visibilityConstant = new byte[n][][];
    visibilityTags = new VisibilityTags(labels);
    for (int o = 0; o < n; o++) {
      OutputSpec output = outputs.get(o);
      CellTagSpec tags = output.tags();
      List<CellSpec> cells = output.cells();
      outputNames[o] = output.name();
      ttl[o] = new TagSource[cells.size()];
      visibility[o] = new TagSource[cells.size()];
      ttlConstant[o] = new byte[cells.size()][];
      visibilityConstant[o] = new byte[cells.size()][];
      for (int c = 0; c < cells.size(); c++) {
        ttl[o][c] = tags.ttl(cells.get(c));
        visibility[o][c] = tags.visibility(cells.get(c));
        if (ttl[o][c].constant() != null) {
          ttlConstant[o][c] = ttlTag(Long.parseLong(ttl[o][c].constant()));
        }
        if (visibility[o][c].constant() != null) {
          try {
            visibilityConstant[o][c] = visibilityTags.tagsOf(visibility[o][c].constant());
          } catch (VisibilityTags.BadExpressionException e) {
            // The driver resolved every constant against the same ordinals before the job.
            throw new IllegalStateException(
                "output " + output.name() + ": visibility: " + e.getMessage(), e);
          }
        }
      }
    }
  }

  /**
   * The tagger of {@code spec}'s cells over the cluster's label ordinals; null when no cell of the
   * spec gets tags, so plain loads pay nothing.
   */
  public static CellTagger of(LoadSpec spec, LabelOrdinals labels) {
    boolean any =
        spec.outputs().stream().anyMatch(o -> o.cells().stream().anyMatch(c -> o.tags().tags(c)));
    return any ? new CellTagger(spec, labels) : null;
  }

  /** Forgets the counts of the record before. */
  public void startRecord() {
    ttlCells = 0;
    labelledCells = 0;
  }

  /**
   * Appends the tags of cell {@code cell} (its place in the output's spec) of output {@code output}
   * for {@code record} to {@code tags}; nothing when it has none.
   */
  public void appendTo(int output, int cell, Record record, ByteBuilder tags)
      throws RejectException {
    byte[] labels = visibilityConstant[output][cell];
    if (labels == null && visibility[output][cell].column() != null) {
      labels = visibilityOf(output, visibility[output][cell].column(), record);
    }
    if (labels != null) {
      tags.append(labels);
      labelledCells++;
    }
    byte[] ttlTag = ttlConstant[output][cell];
    if (ttlTag != null) {
      tags.append(ttlTag);
      ttlCells++;
    } else if (ttl[output][cell].column() != null) {
      Column c = ttl[output][cell].column();
      if (!record.isEmpty(c.index())) {
        appendTtl(tags, ttlOf(output, c, record));
        ttlCells++;
      }
    }
  }

  /** How many cells of the last record got a TTL tag. */
  public int lastTtlCells() {
    return ttlCells;
  }

  /** How many cells of the last record got visibility labels. */
  public int lastLabelledCells() {
    return labelledCells;
  }

  private byte[] visibilityOf(int output, Column c, Record record) throws RejectException {
    if (record.isEmpty(c.index())) {
      // An empty field must not load a cell meant for some readers as one every reader sees.
      throw reject(
          RejectReason.BAD_VISIBILITY,
          output,
          "visibility column '"
              + c.name()
              + "' is empty; a cell for every reader needs no visibility line");
    }
    try {
      return visibilityTags.tagsOf(record.text(c.index()));
    } catch (VisibilityTags.BadExpressionException e) {
      throw reject(
          RejectReason.BAD_VISIBILITY,
          output,
          "visibility column '"
              + c.name()
              + "': '"
              + record.text(c.index())
              + "': "
              + e.getMessage());
    }
  }

  private long ttlOf(int output, Column c, Record record) throws RejectException {
    long millis;
    if (c.type().isNumeric()) {
      millis = record.longValue(c.index());
    } else {
      try {
        millis = Long.parseLong(record.text(c.index()).trim());
      } catch (NumberFormatException e) {
        throw badTtl(output, c, "'" + record.text(c.index()) + "' is not a whole number");
      }
    }
    if (millis <= 0) {
      throw badTtl(output, c, millis + " is not above 0");
    }
    return millis;
  }

  private RejectException badTtl(int output, Column c, String why) {
    return reject(
        RejectReason.BAD_TTL,
        output,
        "TTL column '" + c.name() + "': " + why + " (milliseconds expected)");
  }

  private RejectException reject(RejectReason reason, int output, String message) {
    return new RejectException(reason, "output " + outputNames[output] + ": " + message);
  }

  /** HBase's TTL tag of {@code millis}, serialized. */
  static byte[] ttlTag(long millis) {
    ByteBuilder b = new ByteBuilder(TAG_HEADER + Bytes.SIZEOF_LONG);
    appendTtl(b, millis);
    return b.toArray();
  }

  private static void appendTtl(ByteBuilder tags, long millis) {
    int length = 1 + Bytes.SIZEOF_LONG;
    tags.append((byte) (length >> 8)).append((byte) length).append(TagType.TTL_TAG_TYPE);
    for (int shift = 56; shift >= 0; shift -= 8) {
      tags.append((byte) (millis >> shift));
    }
  }
}
