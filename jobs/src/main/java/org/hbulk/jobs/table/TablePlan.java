package org.hbulk.jobs.table;

import java.util.List;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * What create-table makes of one table: its descriptor, its split points, and how they were chosen
 * (as the command prints it: "split points given", "8 salt buckets", ...).
 *
 * @param sampled whether the points were cut from a sample of the input, which differs from one run
 *     to the next: a table cut at other keys is then no news
 */
public record TablePlan(
    String name, TableDescriptor descriptor, List<byte[]> points, String how, boolean sampled) {}
