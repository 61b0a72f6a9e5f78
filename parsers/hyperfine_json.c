/*
 * hyperfine_json.c - hyperfine --export-json: one run per results[] entry,
 * every times[] value kept as a sample (so the compare engine has the raw
 * distribution), the summary figures as measurements, exit codes and
 * parameters as notes.
 */
#include <stdio.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/json.h"
#include "util/buf.h"

static int match(json_t *doc)
{
	json_t *results = json_object_get(doc, "results");
	json_t *first = json_array_get(results, 0);

	return json_is_array(results) && json_is_object(first) && json_str(first, "command") &&
	       json_object_get(first, "mean");
}

static void figure(struct sink *s, uint32_t run, json_t *res, const char *key,
		   const char *quantity, enum stat_kind stat, uint32_t n)
{
	json_measure(s, run, res, key, quantity, stat, UNIT_SECOND, 1, n);
}

static void exit_codes(struct sink *s, uint32_t run, json_t *codes, const struct line *at)
{
	size_t i, failed = 0;
	json_t *c;
	long first = 0;

	json_array_foreach(codes, i, c) {
		if (json_is_integer(c) && json_integer_value(c) != 0) {
			if (!failed++)
				first = (long)json_integer_value(c);
		}
	}
	if (failed) {
		sink_note(s, run, NOTE_WARNING, at, "%zu of %zu runs exited non-zero (first: %ld)", failed,
			  json_array_size(codes), first);
		s->rs->runs[run].flags |= RUN_FAILED;
	}
}

static void parameters(struct sink *s, uint32_t run, json_t *params, const struct line *at)
{
	struct buf b = BUF_INIT;
	const char *key;
	json_t *v;

	json_object_foreach(params, key, v) {
		if (b.len)
			buf_adds(&b, ", ");
		buf_addf(&b, "%s=%s", key, json_is_string(v) ? json_string_value(v) : "?");
	}
	if (b.len)
		sink_note(s, run, NOTE_INFO, at, "parameters: %s", b.s);
	buf_release(&b);
}

static int parse(json_t *doc, const struct block *b, struct sink *s)
{
	json_t *results = json_object_get(doc, "results"), *res;
	const struct line *first = &b->lines[0], *last = &b->lines[b->n - 1];
	uint32_t from = (uint32_t)s->rs->nruns;
	size_t i;

	json_array_foreach(results, i, res) {
		json_t *times = json_object_get(res, "times"), *t;
		json_t *mem = json_object_get(res, "memory_usage_byte");
		const char *cmd = json_str(res, "command");
		uint32_t run, n = (uint32_t)json_array_size(times);
		size_t k;

		if (!json_is_object(res) || !cmd) {
			sink_warn(s, first, "hyperfine JSON: results[%zu] has no command; skipped", i);
			continue;
		}
		run = sink_run_as(s, first, FMT_HYPERFINE_JSON);
		sink_run_end(s, run, last);
		s->rs->runs[run].command = sink_strndup(s, cmd, strlen(cmd));
		figure(s, run, res, "mean", "time", STAT_MEAN, n);
		figure(s, run, res, "stddev", "time", STAT_SD, n); /* null for a single run */
		figure(s, run, res, "median", "time", STAT_MEDIAN, n);
		figure(s, run, res, "min", "time", STAT_MIN, n);
		figure(s, run, res, "max", "time", STAT_MAX, n);
		figure(s, run, res, "user", "user", STAT_MEAN, n);
		figure(s, run, res, "system", "system", STAT_MEAN, n);
		if (n)
			sink_measure(s, run, "runs", STAT_VALUE, UNIT_COUNT, n, n, NULL, NULL, 0);
		json_array_foreach(times, k, t)
			if (json_is_number(t))
				sink_sample(s, run, "time", UNIT_SECOND, (uint32_t)k, json_number_value(t));
		json_array_foreach(mem, k, t)
			if (json_is_number(t))
				sink_sample(s, run, "memory", UNIT_BYTE, (uint32_t)k, json_number_value(t));
		exit_codes(s, run, json_object_get(res, "exit_codes"), first);
		parameters(s, run, json_object_get(res, "parameters"), first);
	}
	cmd_propose(s->rs, from, s->arena);
	return (int)(s->rs->nruns - from);
}

const struct json_kind hyperfine_json_kind = {
	.fmt = FMT_HYPERFINE_JSON,
	.name = "hyperfine JSON",
	.signature = "\"results\"",
	.match = match,
	.parse = parse,
};
