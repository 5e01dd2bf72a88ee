package org.hbulk.mappers.tags;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.TagUtil;
import org.apache.hadoop.hbase.security.visibility.VisibilityUtils;

/**
 * Turns a visibility expression into the serialized tags HBase stores with a cell, exactly as
 * ImportTsv's {@code DefaultVisibilityExpressionResolver} does: HBase's own {@link
 * VisibilityUtils#createVisibilityExpTags} with the sorted-ordinal format tag first, over the
 * ordinals the driver read. Expressions repeat from record to record, so their bytes are kept.
 */
public final class VisibilityTags {
  /** Distinct expressions kept; past it the cache starts over, so memory stays bounded. */
  private static final int CACHE_SIZE = 4096;

  private final LabelOrdinals labels;
  private final Map<String, byte[]> cache = new HashMap<>();

  public VisibilityTags(LabelOrdinals labels) {
    this.labels = labels;
  }

  /** Thrown for an expression that does not parse or names a label the cluster lacks. */
  public static final class BadExpressionException extends Exception {
    BadExpressionException(String message) {
      super(message);
    }
  }

  /** The serialized tags of {@code expression}; shared, not to be changed. */
  public byte[] tagsOf(String expression) throws BadExpressionException {
    byte[] tags = cache.get(expression);
    if (tags == null) {
      tags = TagUtil.fromList(compile(expression));
      if (cache.size() == CACHE_SIZE) {
        cache.clear();
      }
      cache.put(expression, tags);
    }
    return tags;
  }

  private List<Tag> compile(String expression) throws BadExpressionException {
    try {
      return VisibilityUtils.createVisibilityExpTags(expression, true, false, null, labels);
    } catch (IOException | RuntimeException e) {
      // HBase says InvalidLabelException or ParseException (both IOExceptions); keep its words.
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new BadExpressionException(why);
    }
  }
}
