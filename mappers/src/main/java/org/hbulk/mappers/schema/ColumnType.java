package org.hbulk.mappers.schema;

/** The kinds of value a CSV column may hold; see {@link Column} for how each is parsed. */
public enum ColumnType {
  STRING,
  INT,
  LONG,
  DOUBLE,
  BOOLEAN,
  TIMESTAMP,
  SKIP;

  public boolean isNumeric() {
    return this == INT || this == LONG || this == DOUBLE;
  }
}
