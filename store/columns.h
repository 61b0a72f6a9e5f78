/*
 * columns.h - the columns of the imports' CSV files, in the order they
 * are written (benchdelta-store(5)): what load.c reads by name and
 * write.c writes.
 */
#ifndef BD_STORE_COLUMNS_H
#define BD_STORE_COLUMNS_H

static const char *const source_cols[] = { "key", "value" };
static const char *const run_cols[] = { "id",       "fmt",       "first_line", "last_line",
					"block",    "experiment", "variant",   "variant_key",
					"variant_origin", "scenario", "subject", "command",
					"flags", "name_line" };
/* runs.csv's columns a store written before they were added lacks: read as "" */
#define RUN_COLS_REQUIRED 13
static const char *const meas_cols[] = { "run", "quantity", "stat",   "unit",  "value",
					 "n",   "direction", "offset", "length" };
static const char *const sample_cols[] = { "run", "quantity", "unit", "index", "value" };
static const char *const series_cols[] = { "run", "series", "index", "x0", "x1", "y", "unit" };
static const char *const note_cols[] = { "run", "kind", "line", "text" };
static const char *const fact_cols[] = { "key", "value", "line" };

#endif
