package org.hbulk.mappers.sort;

import java.lang.reflect.Field;
import java.nio.IntBuffer;
import org.apache.hadoop.util.IndexedSortable;
import org.hbulk.mappers.shuffle.CellKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hadoop's map output buffer ({@code MapTask.MapOutputBuffer}) read as {@link SpillRecords}. Hadoop
 * hands a spill sort only compare and swap; sorting on key prefixes needs the keys themselves,
 * which the buffer keeps in private fields: a byte array of serialized records, and an int view of
 * the same array holding each record's metadata (value start, key start, partition, value length)
 * at {@code (record % maxRec) * NMETA}. The fields and the metadata layout are looked up by name
 * once; where they are not what this class expects (another Hadoop version), {@link #of} answers
 * null and the caller sorts as Hadoop would.
 */
final class MapOutputBufferRecords implements SpillRecords {
  private static final Logger LOG = LoggerFactory.getLogger(MapOutputBufferRecords.class);
  private static final String BUFFER_CLASS = "org.apache.hadoop.mapred.MapTask$MapOutputBuffer";
  private static final Layout LAYOUT = Layout.find();

  private final IndexedSortable sortable;
  private final IntBuffer meta;
  private final byte[] buffer;
  private final int maxRec;
  private final int nmeta;
  private final int keyStart;
  private final int partition;

  private MapOutputBufferRecords(
      IndexedSortable sortable, IntBuffer meta, byte[] buffer, int maxRec, Layout layout) {
    this.sortable = sortable;
    this.meta = meta;
    this.buffer = buffer;
    this.maxRec = maxRec;
    this.nmeta = layout.nmeta;
    this.keyStart = layout.keyStart;
    this.partition = layout.partition;
  }

  /**
   * The records of a map output buffer whose keys are {@link CellKey}s in the shuffle's {@link
   * CellKey.Comparator} order, or null for anything else.
   */
  static SpillRecords of(IndexedSortable sortable) {
    Layout layout = LAYOUT;
    if (layout == null || !layout.type.isInstance(sortable)) {
      return null;
    }
    try {
      if (!(layout.comparator.get(sortable) instanceof CellKey.Comparator)) {
        return null;
      }
      return new MapOutputBufferRecords(
          sortable,
          (IntBuffer) layout.meta.get(sortable),
          (byte[]) layout.buffer.get(sortable),
          layout.maxRec.getInt(sortable),
          layout);
    } catch (IllegalAccessException | ClassCastException e) {
      return null;
    }
  }

  /** Whether the Hadoop on the classpath has a map output buffer laid out as this class expects. */
  static boolean knowsThisHadoop() {
    return LAYOUT != null;
  }

  private int offset(int record) {
    return (record % maxRec) * nmeta;
  }

  @Override
  public int partition(int record) {
    return meta.get(offset(record) + partition);
  }

  @Override
  public byte[] buffer() {
    return buffer;
  }

  @Override
  public int keyStart(int record) {
    return meta.get(offset(record) + keyStart);
  }

  @Override
  public int compare(int i, int j) {
    return sortable.compare(i, j);
  }

  @Override
  public void swap(int i, int j) {
    sortable.swap(i, j);
  }

  /**
   * The map output buffer's fields and metadata layout, as found in the Hadoop on the classpath.
   */
  private record Layout(
      Class<?> type,
      Field meta,
      Field buffer,
      Field maxRec,
      Field comparator,
      int nmeta,
      int keyStart,
      int partition) {
    static Layout find() {
      try {
        Class<?> type = Class.forName(BUFFER_CLASS);
        int valStart = constant(type, "VALSTART");
        int keyStart = constant(type, "KEYSTART");
        int partition = constant(type, "PARTITION");
        int valLen = constant(type, "VALLEN");
        int nmeta = constant(type, "NMETA");
        int metaSize = constant(type, "METASIZE");
        // Hadoop 3's layout: four ints a record, addressed by the record's position. Older buffers
        // kept an INDEX int through which records were reached instead.
        if (nmeta != 4
            || metaSize != 4 * nmeta
            || valStart + keyStart + partition + valLen != 6
            || hasField(type, "INDEX")) {
          throw new NoSuchFieldException(
              "a metadata layout of "
                  + nmeta
                  + " ints (VALSTART "
                  + valStart
                  + ", KEYSTART "
                  + keyStart
                  + ", PARTITION "
                  + partition
                  + ", VALLEN "
                  + valLen
                  + ")");
        }
        return new Layout(
            type,
            field(type, "kvmeta", IntBuffer.class),
            field(type, "kvbuffer", byte[].class),
            field(type, "maxRec", int.class),
            field(type, "comparator", null),
            nmeta,
            keyStart,
            partition);
      } catch (ReflectiveOperationException | RuntimeException e) {
        LOG.warn(
            "Map-side sorts use Hadoop's QuickSort: {} is not laid out as expected ({})",
            BUFFER_CLASS,
            e.toString());
        return null;
      }
    }

    private static boolean hasField(Class<?> type, String name) {
      for (Field f : type.getDeclaredFields()) {
        if (f.getName().equals(name)) {
          return true;
        }
      }
      return false;
    }

    private static int constant(Class<?> type, String name) throws ReflectiveOperationException {
      return field(type, name, int.class).getInt(null);
    }

    private static Field field(Class<?> type, String name, Class<?> expected)
        throws NoSuchFieldException {
      Field f = type.getDeclaredField(name);
      if (expected != null && f.getType() != expected) {
        throw new NoSuchFieldException(name + " is a " + f.getType().getName());
      }
      f.setAccessible(true);
      return f;
    }
  }
}
