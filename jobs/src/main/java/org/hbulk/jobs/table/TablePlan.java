package org.hbulk.jobs.table;

import java.util.List;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * What create-table makes of one table: its descriptor, its split points, and how they were chosen
 * (as the command prints it: "split points given", "8 salt buckets", ...).
 */
public record TablePlan(String name, TableDescriptor descriptor, List<byte[]> points, String how) {}
