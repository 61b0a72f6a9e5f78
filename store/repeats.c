/*
 * repeats.c - a hand table that repeats the tool output of its text; see
 * repeats.h.
 */
#include "store/repeats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/label.h"
#include "parsers/resolution.h"
#include "util/buf.h"
#include "util/util.h"

void repeats_reset(struct repeats *rp)
{
	rp->n = 0;
}

void repeats_release(struct repeats *rp)
{
	free(rp->figs);
	memset(rp, 0, sizeof(*rp));
}

void repeats_tool(struct repeats *rp, const struct recset *rs, size_t from, size_t to)
{
	if (rp->n >= REPEATS_MAX || from >= to)
		return;
	if (to - from > REPEATS_MAX - rp->n)
		to = from + (REPEATS_MAX - rp->n);
	/*
	 * Room for all REPEATS_MAX at once (1 MiB, its pages touched only as
	 * they fill): grown as it filled, a large text's figures were copied
	 * again at each doubling, about as many bytes as were recorded.
	 */
	if (!rp->figs)
		rp->figs = xmalloc(REPEATS_MAX * sizeof(*rp->figs));
	for (size_t i = from; i < to; i++) {
		const struct measurement *me = &rs->meas[i];

		if (me->stat == STAT_SD)
			continue; /* a spread is not what a table of results repeats */
		rp->figs[rp->n].value = me->value;
		rp->figs[rp->n].run = me->run;
		rp->figs[rp->n].unit = (uint32_t)me->unit;
		rp->n++;
	}
}

/* One figure of the table: its value, how finely it was printed, its build. */
struct tfig {
	double value, res;
	enum unit unit;
	const char *build;
	uint32_t line;
};

/* The build of a tool's run, as far as its text tells before naming: its own name, else its block's label. */
static const char *tool_build(const struct model *m, const struct naming *nm, uint32_t r)
{
	const char *v = m->rs.runs[r].variant.text, *l;

	if (v && *v)
		return v;
	l = naming_label(nm, r);
	return l ? l : "";
}

/* Do two builds' names meet (variant_key(): case, blanks, '-' and '_' aside)? */
static int same_name(const char *a, const char *b)
{
	struct buf ka = BUF_INIT, kb = BUF_INIT;
	int same;

	variant_key(a, strlen(a), &ka);
	variant_key(b, strlen(b), &kb);
	same = ka.len == kb.len && (!ka.len || !memcmp(ka.s, kb.s, ka.len));
	buf_release(&ka);
	buf_release(&kb);
	return same;
}

/* The tool build whose name is build's own, when one of the figures' runs has it; NULL when none. */
static const char *named_alike(const struct repeats *rp, const struct model *m, const struct naming *nm,
			       const char *build)
{
	const char *last = NULL;

	if (!*build)
		return NULL;
	for (size_t k = 0; k < rp->n; k++) {
		const char *tb = tool_build(m, nm, rp->figs[k].run);

		if (tb != last && *tb && same_name(tb, build))
			return tb;
		last = tb;
	}
	return NULL;
}

static int same_value(const struct tfig *t, const struct repeats_fig *f)
{
	return f->unit == (uint32_t)t->unit && fabs(f->value - t->value) <= t->res * (1 + 1e-9) + 1e-12 * fabs(t->value);
}

/*
 * Can every figure of build `build` take a distinct unused tool figure of
 * tool build `tb`? Marks those it takes in `used` when it can (`trial`
 * holds the marks while trying).
 */
static int assign(const struct repeats *rp, const struct model *m, const struct naming *nm, const struct tfig *t,
		  size_t nt, const char *build, const char *tb, unsigned char *used, unsigned char *trial)
{
	memcpy(trial, used, rp->n);
	for (size_t i = 0; i < nt; i++) {
		size_t k;

		if (strcmp(t[i].build, build))
			continue;
		for (k = 0; k < rp->n; k++)
			if (!trial[k] && same_value(&t[i], &rp->figs[k]) && !strcmp(tool_build(m, nm, rp->figs[k].run), tb))
				break;
		if (k == rp->n)
			return 0;
		trial[k] = 1;
	}
	memcpy(used, trial, rp->n);
	return 1;
}

enum fmt repeats_table(const struct repeats *rp, struct model *m, const struct naming *nm, uint32_t from,
		       uint32_t to, size_t meas_from, int *where)
{
	const struct recset *rs = &m->rs;
	struct tfig *t = NULL;
	size_t nt = 0, cap = 0, len = 0;
	const char *text;
	const char **tbs = NULL; /* the tool builds the table's builds took */
	size_t ntbs = 0;
	const char **tried = NULL; /* the tool builds one build of the table could not take */
	size_t ntried = 0, tried_cap = 0;
	unsigned char *used = NULL, *trial = NULL;
	enum fmt fmt = FMT_NONE;
	int above = 0, below = 0, ok = 1;

	*where = 0;
	if (!rp->n || to <= from)
		return FMT_NONE;
	text = model_source_text(m, rs->runs[from].source, &len);
	for (size_t i = meas_from; i < rs->nmeas && ok; i++) {
		const struct measurement *me = &rs->meas[i];
		double res;

		if (me->run < from || me->run >= to || me->stat == STAT_SD)
			continue;
		res = text && me->length ? printed_resolution(text, len, me->offset, me->length, me->value) : NAN;
		/* a figure printed to one digit ("2 s") says too little to be told from another */
		if (!(res >= 0) || !(fabs(me->value) > 0) || res / fabs(me->value) > 0.05) {
			ok = 0;
			break;
		}
		ALLOC_GROW(t, nt + 1, cap);
		t[nt].value = me->value;
		t[nt].res = res;
		t[nt].unit = me->unit;
		t[nt].build = rs->runs[me->run].variant.text ? rs->runs[me->run].variant.text : "";
		t[nt].line = rs->runs[me->run].first_line;
		nt++;
	}
	if (!ok || nt < 2)
		goto out;
	used = xcalloc(rp->n, 1);
	trial = xcalloc(rp->n, 1);
	tbs = xcalloc(nt, sizeof(*tbs));
	for (size_t i = 0; i < nt && ok; i++) {
		int seen = 0, done = 0;
		const char *alike;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(t[j].build, t[i].build);
		if (seen)
			continue;
		/* a tool build of the same name is the one it must be */
		if ((alike = named_alike(rp, m, nm, t[i].build))) {
			for (size_t j = 0; j < ntbs && ok; j++)
				ok = strcmp(tbs[j], alike) != 0;
			if (ok && assign(rp, m, nm, t, nt, t[i].build, alike, used, trial))
				tbs[ntbs++] = alike;
			else
				ok = 0;
			continue;
		}
		/* else the tool builds its first figure could be, each tried once, none another build took */
		ntried = 0;
		for (size_t k = 0; k < rp->n && !done; k++) {
			const char *tb;
			int taken = 0;

			if (used[k] || !same_value(&t[i], &rp->figs[k]))
				continue;
			tb = tool_build(m, nm, rp->figs[k].run);
			for (size_t j = 0; j < ntbs && !taken; j++)
				taken = !strcmp(tbs[j], tb);
			for (size_t j = 0; j < ntried && !taken; j++)
				taken = !strcmp(tried[j], tb);
			if (taken)
				continue;
			if (assign(rp, m, nm, t, nt, t[i].build, tb, used, trial)) {
				tbs[ntbs++] = tb;
				done = 1;
			} else {
				ALLOC_GROW(tried, ntried + 1, tried_cap);
				tried[ntried++] = tb;
			}
		}
		ok = done;
	}
	if (!ok)
		goto out;
	for (size_t k = 0; k < rp->n; k++) {
		const struct run *r;

		if (!used[k])
			continue;
		r = &rs->runs[rp->figs[k].run];
		if (fmt == FMT_NONE)
			fmt = r->fmt;
		if (r->first_line < t[0].line)
			above = 1;
		else
			below = 1;
	}
	*where = above && below ? 0 : above ? -1 : 1;
out:
	free(t);
	free(tbs);
	free(tried);
	free(used);
	free(trial);
	return fmt;
}
