/*
 * loadgen.c - what the load generators' readers share; see loadgen.h.
 */
#include "parsers/loadgen.h"

#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/fortio.h"
#include "parsers/units.h"

void lg_line_init(struct lg_line *ll, const struct line *l)
{
	ll->l = l;
	ll->n = 0;
	ll->bad = 0;
}

static struct lg_fig *slot(struct lg_line *ll)
{
	if (ll->n == LG_MAX_FIGS) {
		ll->bad = 1;
		return NULL;
	}
	return &ll->f[ll->n++];
}

void lg_value(struct lg_line *ll, const char *quantity, enum stat_kind stat, enum unit unit, double v,
	      const char *num, size_t num_len, int ok)
{
	struct lg_fig *f;

	if (!ok || !quantity) {
		ll->bad = 1;
		return;
	}
	if (!(f = slot(ll)))
		return;
	f->quantity = quantity;
	f->stat = stat;
	f->unit = unit;
	f->v = v;
	f->num = num;
	f->len = num_len;
	f->n = 0;
}

/*
 * A figure as an author left it in a tool's line: Markdown emphasis
 * around it ("Requests/sec: **817.5640**") is read as if it were not
 * there; the figure itself is between the marks.
 */
static void unemphasize(const char **s, size_t *n)
{
	while (*n > 4 && (((*s)[0] == '*' && (*s)[1] == '*' && (*s)[*n - 2] == '*' && (*s)[*n - 1] == '*') ||
			  ((*s)[0] == '_' && (*s)[1] == '_' && (*s)[*n - 2] == '_' && (*s)[*n - 1] == '_'))) {
		*s += 2;
		*n -= 4;
	}
}

void lg_fig(struct lg_line *ll, const char *quantity, enum stat_kind stat, const char *num, size_t num_len,
	    const char *unit, size_t unit_len, enum unit plain)
{
	enum unit u = plain;
	double v = 0;
	int ok;

	unemphasize(&num, &num_len);
	ok = unit ? unit_value(num, num_len, unit, unit_len, &u, &v) == 0 : num_parse(num, num_len, &v) == 0;
	/* boom, hey's former self, ended each line with a stop: "Total: 12.2315 secs." */
	if (!ok && unit && unit_len > 2 && unit[unit_len - 1] == '.' && unit[unit_len - 2] != '.')
		ok = unit_value(num, num_len, unit, unit_len - 1, &u, &v) == 0;

	lg_value(ll, quantity, stat, u, v, num, num_len, ok && num_len);
}

void lg_count(struct lg_line *ll, const char *quantity, const char *num, size_t num_len, char sep)
{
	double v = 0;
	int ok;

	unemphasize(&num, &num_len);
	ok = num_len > 0;
	for (size_t i = 0; i < num_len && ok; i++)
		ok = char_is_digit(num[i]) || (sep && num[i] == sep);
	ok = ok && (sep ? num_parse_grouped(num, num_len, sep, &v) : num_parse(num, num_len, &v)) == 0;
	lg_value(ll, quantity, STAT_VALUE, UNIT_COUNT, v, num, num_len, ok);
}

int lg_emit(struct sink *s, uint32_t run, struct lg_line *ll, const char *what)
{
	if (ll->bad) {
		sink_damage(s, run, ll->l, what);
		return -1;
	}
	for (size_t i = 0; i < ll->n; i++) {
		const struct lg_fig *f = &ll->f[i];

		sink_measure(s, run, f->quantity, f->stat, f->unit, f->v, f->n, ll->l, f->num, f->len);
	}
	sink_run_end(s, run, ll->l);
	return 0;
}

const char *lg_percentile(struct sink *s, const char *p, size_t n)
{
	double v;

	if (num_parse(p, n, &v) < 0 || v < 0 || v > 100)
		return NULL;
	return fortio_percentile_quantity(s, v);
}

void lg_set_counts(struct sink *s, const struct sink_txn *t, double requests)
{
	uint32_t n = num_count(requests);

	if (!t->open || !n)
		return;
	for (size_t i = t->mark.meas; i < s->rs->nmeas; i++) {
		struct measurement *m = &s->rs->meas[i];

		if (!m->n && !strncmp(m->quantity, "latency", 7) && (!m->quantity[7] || m->quantity[7] == '.'))
			m->n = n;
	}
}

void lg_command(struct sink *s, uint32_t run, const char *tool, const char *target, size_t target_len)
{
	const char *ctx = s->block->context, *prog;
	size_t n, tn = strlen(tool);

	if (ctx && (prog = cmd_program(ctx, &n)) && n >= tn && !memcmp(prog + n - tn, tool, tn) &&
	    (n == tn || prog[n - tn - 1] == '/')) {
		s->rs->runs[run].command = sink_strndup(s, prog, strlen(prog));
		return;
	}
	if (target && target_len)
		s->rs->runs[run].command = sink_strndup(s, target, target_len);
}

int lg_end_block(struct sink *s, struct sink_txn *t, double calls, const struct line *last, const char *empty,
		 uint32_t from, const char *tool)
{
	if (t->open) {
		lg_set_counts(s, t, calls);
		sink_txn_finish(s, t, last, empty);
	}
	for (uint32_t r = from; r < s->rs->nruns; r++)
		lg_command(s, r, tool, NULL, 0);
	return (int)(s->rs->nruns - from);
}

size_t lg_num_len(const char *t, size_t n)
{
	size_t i = 0;

	while (i < n && (char_is_digit(t[i]) || t[i] == '.'))
		i++;
	return i;
}

int lg_time_suffix(const char *t, size_t n, size_t *nl, double *v)
{
	size_t k = lg_num_len(t, n);
	enum unit u;
	const char *unit = t + k;
	size_t un = n - k;

	*nl = k;
	if (un == 1 && unit[0] == 'm')
		unit = "min", un = 3;
	if (!k || (!(un == 1 && unit[0] == 's') && !(un == 2 && (!memcmp(unit, "us", 2) || !memcmp(unit, "ms", 2))) &&
		   !(un == 3 && !memcmp(unit, "min", 3)) && !(un == 1 && unit[0] == 'h')))
		return -1;
	return unit_value(t, k, unit, un, &u, v);
}

int lg_bytes_1024(const char *t, size_t n, size_t *nl, double *v)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	static const char prefix[] = "KMGTP";
	size_t k = lg_num_len(t, n), un = n - k;
	const char *p;
	enum unit u;

	*nl = k;
	if (!k || !un || t[n - 1] != 'B' || un > 2)
		return -1;
	if (un == 1)
		return unit_value(t, k, "B", 1, &u, v);
	if (!(p = memchr(prefix, t[k], sizeof(prefix) - 1)) || p - prefix > 3)
		return -1;
	return unit_value(t, k, units[p - prefix + 1], 3, &u, v);
}
