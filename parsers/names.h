/*
 * names.h - the printed names of record.h's enums, both ways, and the
 * export metric name of a measurement. Names are what the store keeps: a
 * name is never changed once released.
 */
#ifndef BD_PARSERS_NAMES_H
#define BD_PARSERS_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "parsers/record.h"
#include "util/buf.h"

const char *fmt_name(enum fmt f);
const char *vorigin_name(enum vorigin o);
const char *stat_name(enum stat_kind s);
const char *unit_name(enum unit u);
const char *dir_name(enum direction d);
const char *note_kind_name(enum note_kind k);

/* Name → enum; -1 when the name is unknown. */
int fmt_from_name(const char *s);
int vorigin_from_name(const char *s);
int stat_from_name(const char *s);
int unit_from_name(const char *s);
int dir_from_name(const char *s);
int note_kind_from_name(const char *s);

/*
 * The tool a format belongs to is its name up to a '-' ("hyperfine-json"
 * → "hyperfine"): the length of that part.
 */
size_t fmt_tool_len(enum fmt f);
/* 1 for the formats read from a JSON document (the json block and the kinds it dispatches to). */
int fmt_is_json(enum fmt f);
/* Append the tools of a set of formats (bit 1 << fmt each), "hyperfine,iperf3". */
void fmt_tools(struct buf *out, unsigned long fmts);

/*
 * Append the words of run flags (record.h's RUN_FLAGS) to *out, each
 * after `sep` except the first; run_flags_from_words() reads them back
 * from a text holding them anywhere (unknown words are ignored).
 */
void run_flags_words(struct buf *out, unsigned flags, const char *sep);
unsigned run_flags_from_words(const char *s);

/*
 * A stamp of every table above, names and order: the store's caches that
 * keep these enums as numbers (index.csv's formats, catalog.db's runs and
 * figures) are written with it, and one written by a binary whose tables
 * differ (a format, unit or flag added in the middle) is made anew from
 * the CSV shards instead of being read with its numbers shifted.
 */
uint32_t names_stamp(void);

/* Append the export metric name [SUBJECT.]QUANTITY[.SUFFIX] of a measurement to *out. */
void metric_name(struct buf *out, const char *subject, const char *quantity, enum stat_kind stat);

#endif
