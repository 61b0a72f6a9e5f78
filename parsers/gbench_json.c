/*
 * gbench_json.c - Google Benchmark's --benchmark_format=json (and the
 * --benchmark_out files compare.py reads): the "context" object as facts
 * (date, host, executable, CPUs and caches, load average, the library's
 * version and build type), and one run per benchmark of "benchmarks[]",
 * named by its run_name, the same runs and quantities as the console
 * table (gbench.c): real_time → SUBJECT.time_per_op, cpu_time →
 * cpu_time_per_op (in its time_unit), iterations, bytes_per_second →
 * throughput, items_per_second → items_per_sec, the user counters under
 * their own names. With repetitions the "iteration" entries of a name are
 * samples and its "aggregate" entries (aggregate_name mean, median,
 * stddev; min and max of user statistics) those statistics over
 * `repetitions`; the cv (a ratio) and statistics of other names are
 * notes. A benchmark skipped or stopped with an error has no figures: a
 * warning names it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parsers/bench.h"
#include "parsers/json.h"
#include "parsers/units.h"
#include "util/buf.h"

static int is_entry(json_t *e)
{
	return json_is_object(e) && json_str(e, "name") &&
	       (json_object_get(e, "real_time") || json_object_get(e, "cpu_time") ||
		json_object_get(e, "error_occurred") || json_object_get(e, "skipped"));
}

static int match(json_t *doc)
{
	json_t *list = json_object_get(doc, "benchmarks");

	/* a list of benchmarks in its shape ("real_time" and a "time_unit"), beside a context or alone */
	return json_is_array(list) && is_entry(json_array_get(list, 0)) &&
	       (json_is_object(json_object_get(doc, "context")) ||
		json_str(json_array_get(list, 0), "time_unit"));
}

/* A `time_unit` ("ns", "us", "ms", "s"; the library's default when absent), or NULL for another. */
static const char *time_unit(json_t *e)
{
	const char *u = json_str(e, "time_unit");

	return !u ? "ns" : !strcmp(u, "ns") || !strcmp(u, "us") || !strcmp(u, "ms") || !strcmp(u, "s") ? u : NULL;
}

/* A sample of `run` from the number node v printed in `unit`, converted from its digits. */
static void sample(struct sink *s, uint32_t run, const char *quantity, uint32_t k, json_t *v, const char *unit)
{
	const char *t;
	size_t tn;
	enum unit u;
	double x;

	if (!(t = json_text(s, v, &tn)) || unit_value(t, tn, unit, strlen(unit), &u, &x) < 0) {
		unit_value("1", 1, unit, strlen(unit), &u, &x);
		x *= json_number_value(v);
	}
	sink_sample(s, run, quantity, UNIT_SECOND, k, x);
}

/* Members that describe the entry rather than measure it: never counters. */
static int is_field(const char *key)
{
	static const char *const fields[] = {
		"name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
		"repetition_index", "threads", "aggregate_name", "aggregate_unit", "error_occurred",
		"error_message", "skipped", "skip_message", "iterations", "real_time", "cpu_time", "time_unit",
		"cpu_coefficient", "real_coefficient", "big_o", "rms", "label",
	};

	for (size_t i = 0; i < countof(fields); i++)
		if (!strcmp(key, fields[i]))
			return 1;
	return 0;
}

static void context(struct sink *s, json_t *ctx, const struct line *at)
{
	static const struct {
		const char *key, *fact;
	} strings[] = {
		{ "date", "date" },
		{ "host_name", "host" },
		{ "executable", "executable" },
		{ "library_version", "gbench" },
		{ "library_build_type", "gbench.build_type" },
	};
	char buf[160];
	double cpus, mhz;
	json_t *c, *caches = json_object_get(ctx, "caches"), *load = json_object_get(ctx, "load_avg");
	size_t i;
	struct buf b = BUF_INIT;

	for (i = 0; i < countof(strings); i++) {
		const char *v = json_str(ctx, strings[i].key);
		const struct line *l = json_line(s, json_object_get(ctx, strings[i].key));

		if (v && *v)
			sink_fact(s, l ? l : at, strings[i].fact, v);
	}
	if (json_number(ctx, "num_cpus", &cpus) == 0 && json_number(ctx, "mhz_per_cpu", &mhz) == 0) {
		const struct line *l = json_line(s, json_object_get(ctx, "num_cpus"));

		/* as the console prints it: "Run on (8 X 4000 MHz CPU s)" */
		snprintf(buf, sizeof(buf), "%.0f X %.0f MHz CPU s", cpus, mhz);
		sink_fact(s, l ? l : at, "cpu", buf);
	}
	if (json_is_boolean(json_object_get(ctx, "cpu_scaling_enabled")))
		sink_fact(s, at, "cpu_scaling", json_is_true(json_object_get(ctx, "cpu_scaling_enabled")) ? "enabled"
													     : "disabled");
	json_array_foreach(caches, i, c) {
		const char *type = json_str(c, "type");
		double level, size, sharing;
		const struct line *l = json_line(s, json_object_get(c, "size"));

		if (!type || json_number(c, "level", &level) < 0 || json_number(c, "size", &size) < 0)
			continue;
		/* as the console prints it: "L1 Data 32 KiB (x2)" */
		if (json_number(c, "num_sharing", &sharing) < 0 || sharing < 1)
			sharing = 1;
		if (fmod(size, 1048576) == 0)
			snprintf(buf, sizeof(buf), "L%.0f %s %.0f MiB (x%.0f)", level, type, size / 1048576, sharing);
		else
			snprintf(buf, sizeof(buf), "L%.0f %s %.0f KiB (x%.0f)", level, type, size / 1024, sharing);
		sink_fact(s, l ? l : at, "cpu_cache", buf);
	}
	json_array_foreach(load, i, c)
		if (json_is_number(c))
			buf_addf(&b, "%s%g", b.len ? ", " : "", json_number_value(c));
	if (b.len)
		sink_fact(s, at, "load_average", b.s);
	buf_release(&b);
}

/* What an entry is: the benchmark it is of (base[0..n)), and the statistic (STAT_VALUE: plain, or a note). */
struct what {
	const char *name, *base, *agg; /* agg: the aggregate's name, or NULL */
	size_t n;
	enum stat_kind stat;
};

/* The statistic an aggregate's name is, or STAT_VALUE for one kept as a note (cv, a user statistic). */
static enum stat_kind stat_of(const char *agg)
{
	return !strcmp(agg, "mean")     ? STAT_MEAN
	       : !strcmp(agg, "median") ? STAT_MEDIAN
	       : !strcmp(agg, "stddev") ? STAT_SD
	       : !strcmp(agg, "min")    ? STAT_MIN
	       : !strcmp(agg, "max")    ? STAT_MAX
					: STAT_VALUE;
}

/*
 * The benchmark entry `e` is of: its run_name, or (older files) its name
 * less the aggregate's suffix ("BM_x_mean"); an "aggregate" entry without
 * an aggregate_name is named by that suffix. 0, or -1 without a name.
 */
static int what_of(json_t *e, struct what *w)
{
	static const char *const sfx[] = { "mean", "median", "stddev", "cv" };
	const char *run = json_str(e, "run_name"), *type = json_str(e, "run_type");
	int aggregate = type && !strcmp(type, "aggregate");

	memset(w, 0, sizeof(*w));
	if (!(w->name = json_str(e, "name")))
		return -1;
	w->base = w->name;
	w->n = strlen(w->name);
	w->agg = aggregate ? json_str(e, "aggregate_name") : NULL;
	for (size_t i = 0; aggregate && i < countof(sfx); i++) {
		size_t k = strlen(sfx[i]);

		if ((!w->agg || !strcmp(w->agg, sfx[i])) && w->n > k + 1 && w->name[w->n - k - 1] == '_' &&
		    !strcmp(w->name + w->n - k, sfx[i])) {
			w->agg = sfx[i];
			w->n -= k + 1;
			break;
		}
	}
	if (run && *run)
		w->base = run, w->n = strlen(run);
	w->stat = w->agg ? stat_of(w->agg) : STAT_VALUE;
	return 0;
}

/* Is the plain entry i of `list` one of several of its benchmark (repetitions), next to each other? */
static int repeated(json_t *list, size_t i, const struct what *w)
{
	double reps;
	struct what o;

	if (json_number(json_array_get(list, i), "repetitions", &reps) == 0 && reps > 1)
		return 1;
	for (int d = -1; d <= 1; d += 2) {
		json_t *e = json_array_get(list, i + (size_t)d); /* (i - 1 wraps to no element) */

		if (e && what_of(e, &o) == 0 && !o.agg && o.n == w->n && !memcmp(o.base, w->base, w->n))
			return 1;
	}
	return 0;
}

/* The run of this document named base[0..n), begun at line l when there is none yet. */
static uint32_t run_of(struct sink *s, uint32_t from, const struct what *w, const struct line *l)
{
	for (size_t i = s->rs->nruns; i-- > from;)
		if (strlen(s->rs->runs[i].subject) == w->n && !memcmp(s->rs->runs[i].subject, w->base, w->n))
			return (uint32_t)i;
	return bench_run_as(s, l, FMT_GBENCH_JSON, w->base, w->n);
}

/* The run named so already, or -1 (a note needs a run; it never begins one). */
static long run_found(const struct sink *s, uint32_t from, const struct what *w)
{
	for (size_t i = s->rs->nruns; i-- > from;)
		if (strlen(s->rs->runs[i].subject) == w->n && !memcmp(s->rs->runs[i].subject, w->base, w->n))
			return (long)i;
	return -1;
}

/* The counters of entry `e`: every number member that is not one of its fields. */
static void counters(struct sink *s, uint32_t run, json_t *e, enum stat_kind stat, uint32_t n)
{
	const char *key;
	json_t *v;

	json_object_foreach(e, key, v) {
		if (!json_is_number(v) || is_field(key))
			continue;
		if (!strcmp(key, "bytes_per_second"))
			json_measure(s, run, e, key, "throughput", stat, UNIT_BYTE_PER_S, 1, n);
		else if (!strcmp(key, "items_per_second"))
			json_measure(s, run, e, key, "items_per_sec", stat, UNIT_PER_S, 1, n);
		else
			json_measure(s, run, e, key, sink_strndup(s, key, strlen(key)), stat, UNIT_NONE, 1, n);
	}
}

/* A complexity fit (_BigO, _RMS), a cv or a statistic without a name here: a note on its run. */
static void note_entry(struct sink *s, uint32_t from, json_t *e, const struct what *w, const struct line *l)
{
	const char *unit = json_str(e, "time_unit"), *aunit = json_str(e, "aggregate_unit");
	long run = run_found(s, from, w);
	double rt, ct;

	if (!unit)
		unit = "ns";
	if (run < 0) {
		sink_warn(s, l, "Google Benchmark JSON: %s has no figure of its own and no benchmark run before it; "
			  "skipped", w->name);
		return;
	}
	if (json_str(e, "big_o") && json_number(e, "real_coefficient", &rt) == 0 &&
	    json_number(e, "cpu_coefficient", &ct) == 0)
		sink_note(s, (uint32_t)run, NOTE_SUMMARY, l, "%s: %g %s (CPU %g %s) %s", w->name, rt, unit, ct, unit,
			  json_str(e, "big_o"));
	else if (json_number(e, "rms", &rt) == 0)
		sink_note(s, (uint32_t)run, NOTE_SUMMARY, l, "%s: %g%%", w->name, rt * 100);
	else if (json_number(e, "real_time", &rt) == 0 && json_number(e, "cpu_time", &ct) == 0 &&
		 ((w->agg && !strcmp(w->agg, "cv")) || (aunit && !strcmp(aunit, "percentage"))))
		sink_note(s, (uint32_t)run, NOTE_SUMMARY, l, "%s: time %.4g%%, CPU %.4g%%", w->name, rt * 100,
			  ct * 100);
	else if (json_number(e, "real_time", &rt) == 0 && json_number(e, "cpu_time", &ct) == 0)
		sink_note(s, (uint32_t)run, NOTE_SUMMARY, l, "%s: time %g %s, CPU %g %s", w->name, rt, unit, ct, unit);
	sink_run_end(s, (uint32_t)run, l);
}

static void entry(struct sink *s, uint32_t from, json_t *list, size_t i, const struct line *at)
{
	json_t *e = json_array_get(list, i), *rt = json_object_get(e, "real_time"), *ct = json_object_get(e, "cpu_time");
	const char *unit = time_unit(e), *label = json_str(e, "label"), *why;
	const struct line *l = json_line(s, json_object_get(e, "name"));
	struct what w;
	double reps = 0;
	uint32_t run, n;

	if (!l)
		l = at;
	what_of(e, &w);
	if (json_is_true(json_object_get(e, "error_occurred")) || json_is_true(json_object_get(e, "skipped"))) {
		why = json_str(e, "error_message");
		if (!why)
			why = json_str(e, "skip_message");
		sink_warn(s, l, "Google Benchmark JSON: %s %s (%s); no figures", w.name,
			  json_is_true(json_object_get(e, "skipped")) ? "was skipped" : "stopped with an error",
			  why && *why ? why : "no message");
		return;
	}
	if (json_str(e, "big_o") || json_object_get(e, "rms") || (w.agg && w.stat == STAT_VALUE)) {
		note_entry(s, from, e, &w, l);
		return;
	}
	if (!unit || !json_is_number(rt) || !json_is_number(ct)) {
		sink_warn(s, l, "Google Benchmark JSON: %s has no real_time and cpu_time in a unit of time; skipped",
			  w.name);
		return;
	}
	run = run_of(s, from, &w, l);
	if (!w.agg && repeated(list, i, &w)) {
		/* a repetition: a sample; its aggregates follow */
		uint32_t k = 0;
		double idx;

		if (json_number(e, "repetition_index", &idx) == 0)
			k = num_count(idx);
		else
			for (size_t m = 0; m < s->rs->nsamples; m++)
				k += s->rs->samples[m].run == run && !strcmp(s->rs->samples[m].quantity, "time_per_op");
		sample(s, run, "time_per_op", k, rt, unit);
		sample(s, run, "cpu_time_per_op", k, ct, unit);
		if (json_line(s, ct))
			sink_run_end(s, run, json_line(s, ct));
		return;
	}
	json_number(e, "repetitions", &reps);
	n = w.agg ? num_count(reps) : 0;
	json_measure_in(s, run, e, "real_time", "time_per_op", w.stat, unit, n);
	json_measure_in(s, run, e, "cpu_time", "cpu_time_per_op", w.stat, unit, n);
	if (!w.agg)
		json_measure(s, run, e, "iterations", "iterations", STAT_VALUE, UNIT_COUNT, 1, 0);
	counters(s, run, e, w.stat, n);
	if (label && *label && !w.agg)
		sink_note(s, run, NOTE_INFO, l, "label: %s", label);
}

static int parse(json_t *doc, const struct block *b, struct sink *s)
{
	json_t *list = json_object_get(doc, "benchmarks"), *e;
	const struct line *first = &b->lines[0];
	uint32_t from = (uint32_t)s->rs->nruns;
	size_t i;

	context(s, json_object_get(doc, "context"), first);
	json_array_foreach(list, i, e) {
		if (!json_is_object(e) || !json_str(e, "name")) {
			sink_warn(s, first, "Google Benchmark JSON: benchmarks[%zu] has no name; skipped", i);
			continue;
		}
		entry(s, from, list, i, first);
	}
	return (int)(s->rs->nruns - from);
}

const struct json_kind gbench_json_kind = {
	.fmt = FMT_GBENCH_JSON,
	.name = "Google Benchmark JSON",
	.signature = "\"real_time\"",
	.match = match,
	.parse = parse,
};
