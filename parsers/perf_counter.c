/*
 * perf_counter.c - a perf stat counter into measurements; see
 * perf_counter.h.
 */
#include "parsers/perf_counter.h"

#include <string.h>

#include "parsers/metrics.h"
#include "parsers/units.h"

/* Events whose names the metric table (DESIGN) fixes; perf's aliases meet there too. */
static const struct {
	const char *event, *quantity;
} canonical[] = {
	{ "task-clock", "task_clock" },
	{ "cpu-clock", "cpu_clock" },
	{ "context-switches", "context_switches" },
	{ "cs", "context_switches" },
	{ "cpu-migrations", "cpu_migrations" },
	{ "migrations", "cpu_migrations" },
	{ "page-faults", "page_faults" },
	{ "faults", "page_faults" },
	{ "minor-faults", "minor_faults" },
	{ "major-faults", "major_faults" },
	{ "cycles", "cycles" },
	{ "cpu-cycles", "cycles" },
	{ "instructions", "instructions" },
	{ "branches", "branches" },
	{ "branch-instructions", "branches" },
	{ "branch-misses", "branch_misses" },
	{ "duration_time", "duration_time" },
};

/* The length of an event's name without its modifiers ("faults:u" → 6); see base_event(). */
static size_t unmodified(const char *e, size_t n)
{
	size_t k = n;

	while (k && strchr(PERF_MODIFIERS, e[k - 1]))
		k--;
	return k && k < n && e[k - 1] == ':' ? k - 1 : n;
}

/*
 * The quantity of an event, the one convention of perf metric names: the
 * event's canonical name (perf's aliases meet: "faults" is page_faults),
 * else the event with '-' and ':' as '_' and '/' as '.' ("cpu_core/cycles/"
 * → cpu_core.cycles, "L1-dcache-load-misses" → L1_dcache_load_misses, a
 * tracepoint "syscalls:sys_enter_read" → syscalls_sys_enter_read); the
 * modifiers after the last ':' follow, '_' first ("faults:u" →
 * page_faults_u, like "page-faults:u"). In the sink's arena.
 */
static const char *quantity_of(struct sink *s, const char *e, size_t n)
{
	char tmp[128];
	size_t k = 0, base = unmodified(e, n);
	const char *name = NULL;

	for (size_t i = 0; i < countof(canonical) && !name; i++)
		if (strlen(canonical[i].event) == base && !memcmp(canonical[i].event, e, base))
			name = canonical[i].quantity;
	if (name && base == n)
		return name;
	if (name) {
		k = strlen(name);
		memcpy(tmp, name, k);
	} else {
		base = 0;
	}
	for (size_t i = base; i < n && k + 1 < sizeof(tmp); i++) {
		char c = e[i];

		tmp[k++] = c == '-' || c == ':' ? '_' : c == '/' ? '.' : c;
	}
	while (k && (tmp[k - 1] == '.' || tmp[k - 1] == '_'))
		k--;
	return sink_strndup(s, tmp, k);
}

int perf_number(const char *s, size_t n, enum perf_num kind, char *out, size_t size)
{
	int fraction = kind == PERF_DECIMAL;

	if (kind == PERF_CLOCK) {
		size_t digits = 0;

		while (digits < n && s[n - 1 - digits] >= '0' && s[n - 1 - digits] <= '9')
			digits++;
		fraction = digits < n && (s[n - 1 - digits] == '.' || s[n - 1 - digits] == ',') &&
			   digits != 3;
	}
	return num_unlocalize(s, n, fraction, out, size);
}

/*
 * A number of the line as a plain decimal in out[0..size): perf's locale
 * rules for the human output, as it is for -x, (C locale). The length, or -1.
 */
static int plain_of(const struct perf_counter *c, const struct perf_span *sp, enum perf_num kind,
		    char *out, size_t size)
{
	if (c->localized)
		return perf_number(sp->s, sp->n, kind, out, size);
	if (sp->n == 0 || sp->n + 1 > size)
		return -1;
	/* -x, output is C-locale: a count is digits only */
	for (size_t i = 0; kind == PERF_COUNT && i < sp->n; i++)
		if (sp->s[i] < '0' || sp->s[i] > '9')
			return -1;
	memcpy(out, sp->s, sp->n);
	out[sp->n] = '\0';
	return (int)sp->n;
}

static int number(const struct perf_counter *c, const struct perf_span *sp, char *plain,
		  size_t size, double *v)
{
	int k = plain_of(c, sp, PERF_DECIMAL, plain, size);

	return k < 0 ? -1 : num_parse(plain, (size_t)k, v);
}

static int span_is(const struct perf_span *sp, const char *text)
{
	return sp->s && sp->n == strlen(text) && !memcmp(sp->s, text, sp->n);
}

/* perf 6.x's metric-only layout: "8,0 CPUs  CPUs_utilized", the metric's name last. */
static int span_ends_word(const struct perf_span *sp, const char *word)
{
	size_t w = strlen(word);

	return sp->s && sp->n > w && !memcmp(sp->s + sp->n - w, word, w) && sp->s[sp->n - w - 1] == ' ';
}

/*
 * The event without its modifiers ("task-clock:u" → "task-clock",
 * "instructions:ukh" → "instructions"): the length of its name.
 */
static size_t base_event(const struct perf_span *e)
{
	return unmodified(e->s, e->n);
}

static int event_is(const struct perf_span *e, const char *name)
{
	size_t n = base_event(e);

	return n == strlen(name) && !memcmp(e->s, name, n);
}

/* Has `run` a figure of `quantity` already? (The run's figures are the last ones added.) */
static int run_has(const struct sink *s, uint32_t run, const char *quantity)
{
	for (size_t i = s->rs->nmeas; i-- > 0 && s->rs->meas[i].run == run;)
		if (!strcmp(s->rs->meas[i].quantity, quantity))
			return 1;
	return 0;
}

int perf_add_counter(struct sink *s, uint32_t run, const struct line *l,
		     const struct perf_counter *c, uint32_t n)
{
	char plain[64];
	double value, noise = 0, share = 100, metric = 0;
	enum unit unit = UNIT_COUNT;
	const char *quantity, *metric_name = NULL;
	enum unit metric_unit = UNIT_NONE;
	int k;

	if (c->value.n && c->value.s[0] == '<') {
		/* the PMU lacks it (a virtual machine) or it was never scheduled: no figure */
		sink_note(s, run, NOTE_INFO, l, "%.*s %.*s", (int)c->event.n, c->event.s, (int)c->value.n,
			  c->value.s);
		sink_run_end(s, run, l);
		return 0;
	}
	/* every number of the line reads, or none is used */
	k = plain_of(c, &c->value, c->unit.n ? PERF_CLOCK : PERF_COUNT, plain, sizeof(plain));
	if (k < 0)
		return -1;
	if (c->unit.n) {
		if (unit_value(plain, (size_t)k, c->unit.s, c->unit.n, &unit, &value) < 0)
			return -1;
	} else if (num_parse(plain, (size_t)k, &value) < 0) {
		return -1;
	}
	if (c->noise.s && number(c, &c->noise, plain, sizeof(plain), &noise) < 0)
		return -1;
	if (c->share.s && number(c, &c->share, plain, sizeof(plain), &share) < 0)
		return -1;
	quantity = quantity_of(s, c->event.s, c->event.n);
	/*
	 * cpu-clock repeats task-clock's "CPUs utilized": the first one of the
	 * run is kept (perf prints task-clock first; cpu-clock alone with -a)
	 */
	if (c->mval.s && c->munit.s) {
		struct perf_span mu = c->munit;
		char joined[64];

		/* a wrapped line's metric words are split over its two lines */
		if (c->cont && c->munit2.s && c->munit.n + 1 + c->munit2.n < sizeof(joined)) {
			memcpy(joined, c->munit.s, c->munit.n);
			joined[c->munit.n] = ' ';
			memcpy(joined + c->munit.n + 1, c->munit2.s, c->munit2.n);
			mu.s = joined;
			mu.n = c->munit.n + 1 + c->munit2.n;
		}
		if ((span_is(&mu, "CPUs utilized") || span_ends_word(&mu, "CPUs_utilized")) &&
		    (event_is(&c->event, "task-clock") || event_is(&c->event, "cpu-clock")) &&
		    !run_has(s, run, "cpus_utilized")) {
			metric_name = "cpus_utilized";
			metric_unit = UNIT_CPUS;
		} else if ((span_is(&mu, "insn per cycle") || span_is(&mu, "insns per cycle") ||
			    span_ends_word(&mu, "insn_per_cycle")) &&
			   event_is(&c->event, "instructions")) {
			metric_name = "insn_per_cycle";
		}
		/* the other metrics (/sec, GHz, % of all branches) are ratios of kept figures */
		if (number(c, &c->mval, plain, sizeof(plain), &metric) < 0)
			return -1; /* a garbled metric is a garbled line, kept or not */
	}

	sink_measure(s, run, quantity, STAT_VALUE, unit, value, n, l, c->value.s,
		     c->value.n);
	if (c->noise.s)
		sink_measure(s, run, quantity, STAT_REL_SD, UNIT_PERCENT, noise, n,
			     c->noise_on_cont ? c->cont : l, c->noise.s, c->noise.n);
	if (metric_name)
		sink_measure(s, run, metric_name, STAT_VALUE, metric_unit, metric, n, l,
			     c->mval.s, c->mval.n);
	if (c->share.s && share < 100)
		sink_note(s, run, NOTE_INFO, c->share_on_cont ? c->cont : l, "%.*s counted %.*s%% of the time (multiplexed, scaled)",
			  (int)c->event.n, c->event.s, (int)c->share.n, c->share.s);
	return 0;
}
