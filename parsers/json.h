/*
 * json.h - JSON documents in a text: one block format ("json") for every
 * tool that writes JSON, dispatched by the document's keys to the kind
 * that wrote it (hyperfine --export-json, iperf3 -J, fortio -json...).
 * Documents are read with jansson; a document cut off mid-way (a truncated
 * log) is repaired to its last complete entry and its runs marked
 * incomplete.
 */
#ifndef BD_PARSERS_JSON_H
#define BD_PARSERS_JSON_H

#include <jansson.h>

#include "parsers/parser.h"

struct json_kind {
	enum fmt fmt;       /* the runs' format */
	const char *name;   /* for messages: "hyperfine JSON" */
	/* A key every such document holds, to tell a damaged one from foreign JSON. */
	const char *signature;
	/* 1 when `doc` is this kind's document. */
	int (*match)(json_t *doc);
	/*
	 * Add the document's runs (use sink_run_as with this kind's fmt; the
	 * document's lines are the block's). Returns the number of runs added.
	 */
	int (*parse)(json_t *doc, const struct block *b, struct sink *s);
};

/*
 * Add measurement `quantity`/`stat` of `run` from the number member `key`
 * of `obj` (a node of the document being parsed), times `scale`, with the
 * byte span the number was read from (parsers/json_span.h): what
 * sink_measure() keeps for a text format. Returns 0, or -1 (nothing
 * added) when the member is absent or not a number. Only from a kind's
 * parse().
 */
int json_measure(struct sink *s, uint32_t run, json_t *obj, const char *key, const char *quantity,
		 enum stat_kind stat, enum unit unit, double scale, uint32_t n);

/*
 * The same for a number printed in the unit `unit_word` ("ms", "KiB":
 * units.c's spellings), converted from the digits printed, as a text
 * parser's figure is ("4.9" ms is the double nearest 0.0049, where
 * 4.9 * 1e-3 is not). -1 (nothing added) when the member is absent or not
 * a number, or units.c does not know the unit.
 */
int json_measure_in(struct sink *s, uint32_t run, json_t *obj, const char *key, const char *quantity,
		    enum stat_kind stat, const char *unit_word, uint32_t n);

/*
 * The text a number node of the document being parsed (s->json) was read
 * from (not NUL-terminated; *len bytes), or NULL. Only from a kind's
 * parse(), with the sink it was given.
 */
const char *json_text(const struct sink *s, const json_t *v, size_t *len);

/*
 * The block line a number or string node of the document being parsed
 * stands on (a member of a node the kind was given), or NULL. Only from a
 * kind's parse(); valid as long as the block.
 */
const struct line *json_line(const struct sink *s, const json_t *v);

/* Helpers for kinds: a number member as a double: 0, or -1 (*out untouched) when absent or not a number. */
int json_number(json_t *obj, const char *key, double *out);
/* A string member, or NULL. */
const char *json_str(json_t *obj, const char *key);

#endif
