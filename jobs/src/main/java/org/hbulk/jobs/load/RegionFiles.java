package org.hbulk.jobs.load;

import org.apache.hadoop.hbase.util.Bytes;

/** The HFiles prepared for one region: how many, how big, how many cells. */
public record RegionFiles(byte[] startKey, byte[] endKey, int files, long bytes, long cells) {
  public String range() {
    return "[" + Bytes.toStringBinary(startKey) + ", " + Bytes.toStringBinary(endKey) + ")";
  }
}
