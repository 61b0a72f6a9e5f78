/*
 * screen_runs.c - Runs: the runs behind a compare row (or a matrix cell),
 * grouped by variant. Each variant's heading says what named it and plots
 * its runs' figures (or one run's samples) on an axis the groups share;
 * each run shows its figure, n, spread, flags, source lines and import
 * time. Under the list, the selected run: its notes, samples and series.
 * Enter opens the run's source text.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "parsers/units.h"
#include "store/compare_md.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/find.h"
#include "util/plot.h"
#include "util/text.h"

/* A line of the Runs screen: a variant's heading, or one of its runs. */
struct runs_line {
	int group;             /* index into runs_state.keys */
	long run;              /* model run index; -1 for the heading */
	struct run_figure fig; /* the run's figure for the quantity (runs only) */
	unsigned notes;        /* bit (1 << kind) per kind of note the run has */
};

/* Runs' own state (t->own[SCREEN_RUNS]). */
struct runs_state {
	struct arena arena;       /* the strings below; reset on each open */
	const char *exp_name;     /* looked up again after an edit rebuilt the experiments */
	const char *subject, *quantity, *metric;
	const char **keys;        /* the variants shown, in order */
	const char **scenarios;   /* per variant: its runs' scenario, or NULL for any */
	size_t nkeys;
	/*
	 * The variants shown when the snapshot last moved (swapped()), each
	 * with the id of a run it showed: what finds a variant again under
	 * the name it has now, when another process renamed it.
	 */
	struct kept_run {
		const char *key, *run;
	} *kept;
	size_t nkept;
	struct runs_line *lines;
	size_t nlines, lines_cap;
	int valid;                /* lines match the model ... */
	unsigned gen;             /* ... of this snapshot generation (tui_snapshot()) */
	int history;              /* every experiment's runs, oldest import first (H) */
	long want_run;            /* put the cursor on this run at the next rebuild; -1 none */
	char *cursor_id;          /* the id of the run under the cursor at the last draw, or the
				     run an edit moved (heap): where the cursor goes in a model
				     edited or read again */
	struct list list;
	enum screen_id from;      /* where Esc goes */
};

static struct runs_state *runs_of(struct tui *t)
{
	struct runs_state *rs = t->own[SCREEN_RUNS];

	if (!rs) {
		rs = t->own[SCREEN_RUNS] = xcalloc(1, sizeof(*rs));
		rs->want_run = -1;
		rs->gen = tui_snapshot(t).gen;
	}
	return rs;
}

static void release(struct tui *t)
{
	struct runs_state *rs = t->own[SCREEN_RUNS];

	if (!rs)
		return;
	arena_release(&rs->arena);
	free(rs->lines);
	free(rs->cursor_id);
	free(rs);
	t->own[SCREEN_RUNS] = NULL;
}

/*
 * Open on what `a` asks: the runs of variants a->keys with a->subject and
 * a->quantity in experiment a->exp, or, for H (a->history), in every
 * experiment (tui.c has read the metric's other runs first).
 */
static int open(struct tui *t, const struct screen_ask *a)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	enum screen_id from = a->from == SCREEN_RUNS && a->history ? rs->from : a->from;
	size_t exp = a->history ? (t->exps.cursor < snap.m->nexps ? t->exps.cursor : 0) : a->exp;
	struct buf metric = BUF_INIT;
	size_t n = a->n;

	if (exp >= snap.m->nexps)
		return -1;
	arena_release(&rs->arena);
	rs->kept = NULL;
	rs->nkept = 0;
	rs->exp_name = arena_strdup(&rs->arena, snap.m->exps[exp].name);
	rs->subject = arena_strdup(&rs->arena, a->subject);
	rs->quantity = arena_strdup(&rs->arena, a->quantity);
	metric_name(&metric, a->subject, a->quantity, STAT_VALUE);
	rs->metric = arena_strdup(&rs->arena, buf_str(&metric));
	buf_release(&metric);
	rs->nkeys = n;
	rs->keys = arena_alloc(&rs->arena, (n ? n : 1) * sizeof(*rs->keys));
	rs->scenarios = arena_alloc(&rs->arena, (n ? n : 1) * sizeof(*rs->scenarios));
	for (size_t i = 0; i < n; i++) {
		rs->keys[i] = arena_strdup(&rs->arena, a->keys[i]);
		rs->scenarios[i] = a->scenarios[i] ? arena_strdup(&rs->arena, a->scenarios[i]) : NULL;
	}
	rs->valid = 0;
	rs->gen = tui_snapshot(t).gen; /* opened on the model as it is: the cursor starts at the top */
	free(rs->cursor_id);
	rs->cursor_id = NULL;
	rs->history = a->history;
	rs->want_run = -1;
	memset(&rs->list, 0, sizeof(rs->list));
	rs->from = from;
	return 0;
}

/* Show variant `key` too, as group `at`, in `scenario` (NULL: any); nothing when it is shown already. */
static void show_key(struct runs_state *rs, const char *key, size_t at, const char *scenario)
{
	const char **keys, **scen;

	for (size_t g = 0; g < rs->nkeys; g++)
		if (!strcmp(rs->keys[g], key))
			return;
	if (at > rs->nkeys)
		at = rs->nkeys;
	keys = arena_alloc(&rs->arena, (rs->nkeys + 1) * sizeof(*keys));
	scen = arena_alloc(&rs->arena, (rs->nkeys + 1) * sizeof(*scen));
	memcpy(keys, rs->keys, at * sizeof(*keys));
	memcpy(scen, rs->scenarios, at * sizeof(*scen));
	keys[at] = arena_strdup(&rs->arena, key);
	scen[at] = scenario ? arena_strdup(&rs->arena, scenario) : NULL;
	memcpy(keys + at + 1, rs->keys + at, (rs->nkeys - at) * sizeof(*keys));
	memcpy(scen + at + 1, rs->scenarios + at, (rs->nkeys - at) * sizeof(*scen));
	rs->keys = keys;
	rs->scenarios = scen;
	rs->nkeys++;
	rs->valid = 0;
}

static const struct experiment *experiment(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);

	return runs_of(t)->history ? NULL : model_experiment(snap.m, runs_of(t)->exp_name);
}

/* A group is shown when its variant is the experiment's (any, across experiments, in history). */
static int group_shown(struct tui *t, const struct experiment *e, size_t g)
{
	return runs_of(t)->history || (e && model_variant(e, runs_of(t)->keys[g]));
}

static void add_line(struct tui *t, int group, long run)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	struct runs_line *l;

	ALLOC_GROW(rs->lines, rs->nlines + 1, rs->lines_cap);
	l = &rs->lines[rs->nlines++];
	memset(l, 0, sizeof(*l));
	l->group = group;
	l->run = run;
	if (run >= 0) {
		struct run_records rec;

		trace_records(snap.m, (uint32_t)run, &rec);
		trace_run_figure(snap.m, (uint32_t)run, rs->quantity, &l->fig);
		for (size_t i = 0; i < rec.nnotes; i++)
			l->notes |= 1u << snap.m->rs.notes[rec.notes[i]].kind;
		trace_records_release(&rec);
	}
}

/*
 * The snapshot moves: keep, by id, a run of each variant shown (the lines
 * were built from the snapshot still shown), for rebuild() to find a
 * variant another process renamed. Runs holds no pointer into the model.
 */
static void swapped(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = t->own[SCREEN_RUNS];

	if (!rs || !rs->valid || rs->gen != snap.gen || rs->history || !rs->nkeys)
		return; /* (lines of an older snapshot: what was kept then stays) */
	rs->kept = arena_alloc(&rs->arena, rs->nkeys * sizeof(*rs->kept));
	rs->nkept = 0;
	for (size_t i = 0; i < rs->nlines; i++) {
		const struct runs_line *l = &rs->lines[i];

		if (l->run >= 0 && (size_t)l->run < snap.m->rs.nruns && (size_t)l->group < rs->nkeys &&
		    (!rs->nkept || rs->kept[rs->nkept - 1].key != rs->keys[l->group])) {
			rs->kept[rs->nkept].key = rs->keys[l->group];
			rs->kept[rs->nkept++].run = arena_strdup(&rs->arena, snap.m->rs.runs[l->run].id);
		}
	}
}

/*
 * Variant `g`, gone by its key, under the key its run kept by swapped()
 * has now in `e` (a rename or a merge by another process), put in
 * rs->keys[g]; NULL when that run is gone too, left `e`, or its variant
 * is shown already.
 */
static const char *renamed(struct runs_state *rs, const struct model *m, const struct experiment *e, size_t g)
{
	const char *key = NULL;
	long r = -1;

	for (size_t k = 0; k < rs->nkept && r < 0; k++)
		if (!strcmp(rs->kept[k].key, rs->keys[g]))
			r = trace_find_run(m, rs->kept[k].run);
	if (r < 0 || strcmp(m->rs.runs[r].eff_experiment, e->name))
		return NULL;
	key = m->rs.runs[r].eff_variant.key;
	if (!model_variant(e, key))
		return NULL;
	for (size_t k = 0; k < rs->nkeys; k++)
		if (k != g && !strcmp(rs->keys[k], key))
			return NULL;
	return rs->keys[g] = arena_strdup(&rs->arena, key);
}

static void rebuild(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const struct experiment *e = experiment(t);

	if (rs->valid && rs->gen == snap.gen)
		return;
	if (rs->gen != snap.gen && rs->cursor_id) /* edited or read again: the cursor stays on its run */
		rs->want_run = trace_find_run(snap.m, rs->cursor_id);
	rs->gen = snap.gen;
	rs->nlines = 0;
	for (size_t g = 0; (e || rs->history) && g < rs->nkeys; g++) {
		uint32_t *runs;
		size_t n;

		if (rs->history) {
			n = trace_history(snap.m, rs->keys[g], rs->scenarios[g], rs->subject, rs->quantity, &runs);
		} else if (!model_variant(e, rs->keys[g]) && !renamed(rs, snap.m, e, g)) {
			continue; /* gone: merged into one shown, or an edit undone */
		} else {
			n = trace_runs(snap.m, e, rs->keys[g], rs->scenarios[g], rs->subject, rs->quantity,
				       &runs);
		}

		add_line(t, (int)g, -1);
		for (size_t i = 0; i < n; i++)
			add_line(t, (int)g, runs[i]);
		free(runs);
	}
	rs->list.count = rs->nlines;
	rs->valid = 1;
	rs->nkept = 0;
	for (size_t i = 0; rs->want_run >= 0 && i < rs->nlines; i++)
		if (rs->lines[i].run == rs->want_run)
			rs->list.cursor = i;
	rs->want_run = -1;
}

/* The values a group's strip plot shows: its runs' figures, or one run's own samples. */
static size_t group_values(struct tui *t, int g, double **out, const char **what)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	size_t n = 0, cap = 0, runs = 0;
	long only = -1;

	*out = NULL;
	for (size_t i = 0; i < rs->nlines; i++) {
		if (rs->lines[i].group != g || rs->lines[i].run < 0)
			continue;
		runs++;
		only = rs->lines[i].run;
	}
	if (runs == 1) {
		for (size_t i = 0; i < snap.m->rs.nsamples; i++) {
			const struct sample *s = &snap.m->rs.samples[i];

			if (s->run == (uint32_t)only && !strcmp(s->quantity, rs->quantity)) {
				ALLOC_GROW(*out, n + 1, cap);
				(*out)[n++] = s->value;
			}
		}
		if (n) {
			*what = "samples";
			return n;
		}
	}
	for (size_t i = 0; i < rs->nlines; i++) {
		if (rs->lines[i].group != g || rs->lines[i].run < 0)
			continue;
		ALLOC_GROW(*out, n + 1, cap);
		(*out)[n++] = rs->lines[i].fig.center;
	}
	*what = n == 1 ? "run" : "runs";
	return n;
}

/* The axis every group's strip shares: the smallest and largest value plotted. */
static void axis(struct tui *t, double *lo, double *hi, enum unit *unit)
{
	struct runs_state *rs = runs_of(t);

	*lo = INFINITY;
	*hi = -INFINITY;
	*unit = UNIT_NONE;
	for (size_t g = 0; g < rs->nkeys; g++) {
		double *v;
		const char *what;
		size_t n = group_values(t, (int)g, &v, &what);

		for (size_t i = 0; i < n; i++) {
			if (isfinite(v[i]) && v[i] < *lo)
				*lo = v[i];
			if (isfinite(v[i]) && v[i] > *hi)
				*hi = v[i];
		}
		free(v);
	}
	for (size_t i = 0; i < rs->nlines; i++) {
		if (rs->lines[i].run >= 0 && rs->lines[i].fig.present) {
			*unit = rs->lines[i].fig.unit;
			break;
		}
	}
}

/* Columns: id, value, n, spread, source lines, imported (wide terminals), flags. */
struct layout {
	int id, value, n, spread, source, when;
};

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* "seed-rathole.txt:32-34" */
static void source_lines(const struct model *m, const struct run *r, struct buf *b)
{
	buf_addf(b, "%s:%u-%u", base_name(m->sources[r->source].name), (unsigned)r->first_line,
		 (unsigned)r->last_line);
}

static struct layout layout(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	struct layout l = { 4, 12, 0, 0, 12, COLS >= 120 || rs->history ? 20 : 0 }; /* "2026-01-01 00:00 UTC" */
	struct buf b = BUF_INIT;
	int rest;

	for (size_t i = 0; i < rs->nlines; i++) {
		const struct run *r;
		int w;

		if (rs->lines[i].run < 0)
			continue;
		r = &snap.m->rs.runs[rs->lines[i].run];
		w = text_width(r->id, strlen(r->id));
		if (w > l.id)
			l.id = w;
		buf_reset(&b);
		source_lines(snap.m, r, &b);
		w = text_width(b.s, b.len);
		if (w > l.source)
			l.source = w;
		/* N and SPREAD only when some run has them */
		if (rs->lines[i].fig.n || rs->lines[i].fig.nsamples)
			l.n = 5;
		buf_reset(&b);
		trace_text_spread(&rs->lines[i].fig, &b);
		w = text_width(buf_str(&b), b.len);
		if (w && w + 1 > l.spread)
			l.spread = w + 1 > 24 ? 24 : w + 1;
	}
	buf_release(&b);
	if (COLS < 70) {
		l.spread = 0;
		l.n = 0;
	}
	/* what is left after the id, value, n and spread goes to the source, then flags */
	rest = COLS - 3 - (l.id + 1) - (l.value + 1) - (l.n ? l.n + 1 : 0) - (l.spread ? l.spread + 1 : 0) -
	       (l.when ? l.when + 1 : 0) - 10;
	if (l.source > rest)
		l.source = rest > 8 ? rest : 8;
	return l;
}

/* The heading's text left of its plot: "Rathole Release (baseline)". */
static void heading_name(struct tui *t, int g, struct buf *b)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const struct experiment *e = experiment(t);
	const struct variant_info *v = e ? model_variant(e, rs->keys[g]) : NULL;

	const char *text = v ? v->text : NULL;

	/* in history, the name as its latest run spells it */
	for (size_t i = rs->nlines; !text && i-- > 0;)
		if (rs->lines[i].group == g && rs->lines[i].run >= 0)
			text = snap.m->rs.runs[rs->lines[i].run].eff_variant.text;
	buf_adds(b, text ? text : rs->keys[g]);
	if (e && !strcmp(rs->keys[g], e->baseline))
		buf_adds(b, " (baseline)");
}

/*
 * How finely the axis end `x` was printed: the resolution of a run figure
 * equal to it (trace_center_res), 0 when none is (a raw sample is exact).
 */
static double value_res(struct tui *t, double x)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct runs_state *rs = runs_of(t);

	for (size_t i = 0; i < rs->nlines; i++)
		if (rs->lines[i].run >= 0 && rs->lines[i].fig.present && rs->lines[i].fig.center == x)
			return trace_center_res(snap.m, &rs->lines[i].fig);
	return 0;
}

/* A variant's heading: its name from column 1, its count and strip plot from column `px`. */
static void draw_heading(struct tui *t, int g, int y, int px, int selected, double lo, double hi,
			 enum unit unit)
{
	enum color_role role = selected ? ROLE_SELECTED : ROLE_HEADER;
	enum color_role dim = selected ? ROLE_SELECTED : ROLE_DIM;
	struct buf b = BUF_INIT, plot = BUF_INIT;
	double *vals;
	const char *what = "runs";
	size_t n = group_values(t, g, &vals, &what);
	char a[48], z[48];
	int x, w;

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	heading_name(t, g, &b);
	draw_text_mid(y, 1, px - 2, buf_str(&b), role); /* "release (2)" keeps its "(2)" */
	buf_reset(&b);
	buf_addf(&b, "%zu %s", n, what);
	x = px + draw_text(y, px, COLS - px - 1, b.s, dim) + 1;
	if (runs_of(t)->history) { /* a sparkline is scaled to its own values: label those */
		lo = INFINITY;
		hi = -INFINITY;
		for (size_t i = 0; i < n; i++) {
			if (isfinite(vals[i]) && vals[i] < lo)
				lo = vals[i];
			if (isfinite(vals[i]) && vals[i] > hi)
				hi = vals[i];
		}
	}
	unit_format_res(lo, unit, value_res(t, lo), a, sizeof(a));
	unit_format_res(hi, unit, value_res(t, hi), z, sizeof(z));
	w = COLS - 1 - x - text_width(a, strlen(a)) - text_width(z, strlen(z)) - 4;
	if (w > 40)
		w = 40;
	if (n && w >= 8 && isfinite(lo)) {
		if (runs_of(t)->history) /* in time order: a sparkline, scaled to these values */
			plot_sparkline(&plot, vals, n, w, plot_utf8());
		else
			plot_strip(&plot, vals, n, lo, hi, w, plot_utf8());
		buf_reset(&b);
		buf_addf(&b, "%s [", a);
		x += draw_text(y, x, COLS - x - 1, b.s, dim);
		x += draw_text(y, x, w, plot.s, selected ? role : ROLE_HIGHLIGHT);
		buf_reset(&b);
		buf_addf(&b, "] %s", z);
		draw_text(y, x, COLS - x - 1, b.s, dim);
	} else if (!n) {
		draw_text(y, x, COLS - x - 1, "(no run of this variant has it)", ROLE_DIM);
	}
	free(vals);
	buf_release(&b);
	buf_release(&plot);
}

static void draw_run(struct tui *t, const struct runs_line *line, int y, int selected,
		     const struct layout *L)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct run *r = &snap.m->rs.runs[line->run];
	const struct source *s = &snap.m->sources[r->source];
	const struct run_figure *f = &line->fig;
	enum color_role role = selected ? ROLE_SELECTED : ROLE_NORMAL;
	struct buf b = BUF_INIT;
	char v[48];
	int x = 3;

	if (selected)
		draw_fill(y, ROLE_SELECTED);
	draw_text(y, x, L->id, r->id, role);
	x += L->id + 1;
	draw_right(y, x, L->value,
		   f->present && isfinite(f->center)
			   ? unit_format_res(f->center, f->unit, trace_center_res(snap.m, f), v, sizeof(v))
			   : "-",
		   role);
	x += L->value + 1;
	if (L->n) {
		if (f->n)
			snprintf(v, sizeof(v), "%u", (unsigned)f->n);
		else if (f->nsamples)
			snprintf(v, sizeof(v), "%zu", f->nsamples);
		else
			v[0] = '\0';
		draw_right(y, x, L->n, v, role);
		x += L->n + 1;
	}
	if (L->spread) {
		trace_text_spread(f, &b);
		draw_text(y, x + 1, L->spread - 1, buf_str(&b), role);
		x += L->spread + 1;
		buf_reset(&b);
	}
	source_lines(snap.m, r, &b);
	draw_text_mid(y, x, L->source, b.s, role); /* its :LINES always show */
	x += L->source + 1;
	if (L->when) {
		char when[32];

		draw_text(y, x, L->when, trace_text_when(s->imported, when, sizeof(when)), role);
		x += L->when + 1;
	}
	/* the flags in words, or in short ones when the words do not fit ("hand ~": hand-written, approximate) */
	for (int brief = 0; brief < 2; brief++) {
		buf_reset(&b);
		if (r->flags & RUN_INCOMPLETE)
			buf_adds(&b, brief ? "incompl " : "incomplete ");
		if (r->flags & RUN_FAILED)
			buf_adds(&b, "failed ");
		if (r->flags & RUN_HAND)
			buf_adds(&b, brief ? "hand " : "hand-written ");
		if (r->flags & RUN_APPROX)
			buf_adds(&b, brief ? "~ " : "approximate ");
		if (r->flags & RUN_UPPER)
			buf_adds(&b, brief ? "< " : "upper-bound ");
		if (r->flags & RUN_LOWER)
			buf_adds(&b, brief ? "> " : "lower-bound ");
		if (line->notes & (1u << NOTE_WARNING))
			buf_adds(&b, brief ? "warn " : "warning ");
		if (line->notes & (1u << NOTE_OUTLIERS))
			buf_adds(&b, brief ? "outl " : "outliers ");
		if (strcmp(r->eff_variant.key, r->variant.key) || r->eff_variant.origin != r->variant.origin)
			buf_adds(&b, "edited");
		if (text_width(b.s ? b.s : "", b.len) <= COLS - x - 1)
			break;
	}
	draw_text(y, x, COLS - x - 1, buf_str(&b), selected ? role : ROLE_WORSE);
	buf_release(&b);
}

/* Rows the detail of the selected run takes at the bottom. */
static int detail_rows(int height)
{
	return height >= 18 ? 7 : height >= 12 ? 3 : 0;
}

/* The selected run: where it is from, what named it, its samples, series and notes. */
static void draw_detail(struct tui *t, long ri, int y, int rows)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct run *r = &snap.m->rs.runs[ri];
	const struct source *s = &snap.m->sources[r->source];
	struct run_records rec;
	struct buf b = BUF_INIT;
	char when[32], a[48], z[48];
	int end = y + rows;

	trace_records(snap.m, (uint32_t)ri, &rec);
	buf_addf(&b, "%s \xc2\xb7 %s \xc2\xb7 imported %s \xc2\xb7 %s:%u-%u", r->id, fmt_name(r->fmt),
		 trace_text_when(s->imported, when, sizeof(when)), s->name, (unsigned)r->first_line,
		 (unsigned)r->last_line);
	draw_text(y++, 1, COLS - 2, b.s, ROLE_HEADER);
	buf_reset(&b);
	/* a comment of a fetched thread: who wrote it, when, where */
	if (y < end && trace_text_provenance(s, &b))
		draw_text(y++, 1, COLS - 2, b.s, ROLE_NORMAL);
	buf_reset(&b);
	buf_adds(&b, "variant: ");
	trace_text_variant(snap.m, (uint32_t)ri, &b);
	if (*r->eff_scenario)
		buf_addf(&b, " \xc2\xb7 scenario: %s", r->eff_scenario);
	if (runs_of(t)->history)
		buf_addf(&b, " \xc2\xb7 experiment: %s", r->eff_experiment);
	draw_text(y++, 1, COLS - 2, b.s, ROLE_NORMAL);
	/* samples of this quantity, then every series, then notes, as many as fit */
	if (y < end) {
		double *v = NULL, lo = INFINITY, hi = -INFINITY;
		size_t n = 0, cap = 0;
		enum unit u = UNIT_NONE;

		for (size_t i = 0; i < rec.nsamples; i++) {
			const struct sample *sm = &snap.m->rs.samples[rec.samples[i]];

			if (strcmp(sm->quantity, runs_of(t)->quantity))
				continue;
			ALLOC_GROW(v, n + 1, cap);
			v[n++] = sm->value;
			u = sm->unit;
			if (isfinite(sm->value) && sm->value < lo)
				lo = sm->value;
			if (isfinite(sm->value) && sm->value > hi)
				hi = sm->value;
		}
		if (n) {
			struct buf p = BUF_INIT;

			plot_strip(&p, v, n, lo, hi, COLS / 2 > 40 ? 40 : COLS / 2, plot_utf8());
			buf_reset(&b);
			buf_addf(&b, "%zu samples: %s [%s] %s", n, unit_format(lo, u, a, sizeof(a)), p.s,
				 unit_format(hi, u, z, sizeof(z)));
			draw_text(y++, 1, COLS - 2, b.s, ROLE_NORMAL);
			buf_release(&p);
		}
		free(v);
	}
	for (size_t i = 0; i < rec.nseries && y < end; i++) {
		const struct series_point *first = &snap.m->rs.series[rec.series[i]];
		double *v = NULL, lo = INFINITY, hi = -INFINITY;
		size_t n = 0, cap = 0, j = i;
		struct buf p = BUF_INIT;

		if (i && !strcmp(snap.m->rs.series[rec.series[i - 1]].name, first->name))
			continue;
		for (; j < rec.nseries && !strcmp(snap.m->rs.series[rec.series[j]].name, first->name); j++) {
			double yv = snap.m->rs.series[rec.series[j]].y;

			ALLOC_GROW(v, n + 1, cap);
			v[n++] = yv;
			if (isfinite(yv) && yv < lo)
				lo = yv;
			if (isfinite(yv) && yv > hi)
				hi = yv;
		}
		plot_sparkline(&p, v, n, COLS / 2 > 40 ? 40 : COLS / 2, plot_utf8());
		buf_reset(&b);
		buf_addf(&b, "%s, %zu points: %s [%s] %s", first->name, n,
			 unit_format(lo, first->unit, a, sizeof(a)), p.s, unit_format(hi, first->unit, z, sizeof(z)));
		draw_text(y++, 1, COLS - 2, b.s, ROLE_NORMAL);
		buf_release(&p);
		free(v);
	}
	for (size_t i = 0; i < rec.nnotes && y < end; i++) {
		const struct note *no = &snap.m->rs.notes[rec.notes[i]];

		buf_reset(&b);
		if (no->line)
			buf_addf(&b, "line %u ", (unsigned)no->line);
		buf_addf(&b, "%s: %s", note_kind_name(no->kind), no->text);
		draw_text(y++, 1, COLS - 2, b.s,
			  no->kind == NOTE_WARNING || no->kind == NOTE_DAMAGE || no->kind == NOTE_ERROR
				  ? ROLE_WORSE
				  : ROLE_DIM);
	}
	buf_release(&b);
	trace_records_release(&rec);
}

static int list_height(int height)
{
	return height - 2 - detail_rows(height) - 1;
}

/* " · history: 6 runs in 2 experiments, 2026-11-02 … 2026-12-01" */
static void history_title(struct tui *t, size_t nruns, struct buf *b)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const char *first = NULL, *last = NULL, **exps = xcalloc(nruns + 1, sizeof(*exps));
	size_t nexps = 0;

	for (size_t i = 0; i < rs->nlines; i++) {
		const struct run *r;
		const char *when;
		size_t k;

		if (rs->lines[i].run < 0)
			continue;
		r = &snap.m->rs.runs[rs->lines[i].run];
		when = snap.m->sources[r->source].imported;
		if (!first || strcmp(when, first) < 0)
			first = when;
		if (!last || strcmp(when, last) > 0)
			last = when;
		for (k = 0; k < nexps && strcmp(exps[k], r->eff_experiment); k++)
			;
		if (k == nexps)
			exps[nexps++] = r->eff_experiment;
	}
	buf_addf(b, " \xc2\xb7 history: %zu run%s in %zu experiment%s", nruns, nruns == 1 ? "" : "s", nexps,
		 nexps == 1 ? "" : "s");
	if (first)
		buf_addf(b, ", %.10s \xe2\x80\xa6 %.10s", first, last);
	free(exps);
}

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const struct experiment *e = experiment(t);
	struct layout L;
	int rows = list_height(height), x, px = 0;
	double lo, hi;
	enum unit unit;
	struct buf b = BUF_INIT;
	size_t nruns = 0;

	if (!e && !rs->history) {
		draw_text(top + 1, 2, COLS - 4, "The experiment is gone (renamed or removed).", ROLE_NORMAL);
		return;
	}
	rebuild(t);
	L = layout(t);
	list_clamp(&rs->list, rows);
	tui_position_list(t, "line", &rs->list, NULL, NULL);
	free(rs->cursor_id);
	rs->cursor_id = rs->list.cursor < rs->nlines && rs->lines[rs->list.cursor].run >= 0
				? xstrdup(snap.m->rs.runs[rs->lines[rs->list.cursor].run].id)
				: NULL;
	/* the groups' plots start in one column, so that their axes line up */
	for (size_t g = 0; g < rs->nkeys; g++) {
		struct buf h = BUF_INIT;

		if (!group_shown(t, e, g))
			continue;
		heading_name(t, (int)g, &h);
		if (text_width(h.s, h.len) + 3 > px)
			px = text_width(h.s, h.len) + 3;
		buf_release(&h);
	}
	if (px > COLS / 2)
		px = COLS / 2;
	for (size_t i = 0; i < rs->nlines; i++)
		nruns += rs->lines[i].run >= 0;
	buf_addf(&b, "%s", rs->metric);
	for (size_t g = 0; g < rs->nkeys; g++) {
		size_t k;

		if (!rs->scenarios[g] || !*rs->scenarios[g])
			continue;
		for (k = 0; k < g && (!rs->scenarios[k] || strcmp(rs->scenarios[k], rs->scenarios[g])); k++)
			;
		if (k == g) /* each scenario once */
			buf_addf(&b, " \xc2\xb7 %s", rs->scenarios[g]);
	}
	if (rs->history)
		history_title(t, nruns, &b);
	else
		buf_addf(&b, " \xc2\xb7 %zu run%s \xc2\xb7 %s", nruns, nruns == 1 ? "" : "s", e->name);
	draw_text(top, 1, COLS - 2, b.s, ROLE_HIGHLIGHT);
	buf_release(&b);
	x = 3;
	draw_text(top + 1, x, L.id, "RUN", ROLE_HEADER);
	x += L.id + 1;
	draw_right(top + 1, x, L.value, "VALUE", ROLE_HEADER);
	x += L.value + 1;
	if (L.n) {
		draw_right(top + 1, x, L.n, "N", ROLE_HEADER);
		x += L.n + 1;
	}
	if (L.spread) {
		draw_text(top + 1, x + 1, L.spread - 1, "SPREAD", ROLE_HEADER);
		x += L.spread + 1;
	}
	draw_text(top + 1, x, L.source, "SOURCE LINES", ROLE_HEADER);
	x += L.source + 1;
	if (L.when) {
		/* a quick comparison's texts were read, not imported: the time is of the reading */
		draw_text(top + 1, x, L.when, t->store ? "IMPORTED" : "READ", ROLE_HEADER);
		x += L.when + 1;
	}
	draw_text(top + 1, x, COLS - x - 1, "FLAGS", ROLE_HEADER);
	axis(t, &lo, &hi, &unit);
	t->list_y = top + 2;
	for (int i = 0; i < rows && rs->list.top + (size_t)i < rs->nlines; i++) {
		size_t k = rs->list.top + (size_t)i;
		const struct runs_line *l = &rs->lines[k];

		if (l->run < 0)
			draw_heading(t, l->group, top + 2 + i, px, k == rs->list.cursor, lo, hi, unit);
		else
			draw_run(t, l, top + 2 + i, k == rs->list.cursor, &L);
	}
	if (detail_rows(height) && rs->list.cursor < rs->nlines) {
		const struct runs_line *l = &rs->lines[rs->list.cursor];
		int y = top + height - detail_rows(height);
		int below = top + 2 + (int)(rs->nlines - rs->list.top) + 1; /* right under a short list */

		if (below < y)
			y = below;

		if (l->run >= 0)
			draw_detail(t, l->run, y, detail_rows(height));
		else
			draw_text(y, 1, COLS - 2, "Enter on a run: the text it was read from   Esc: back",
				  ROLE_DIM);
	}
}

/*
 * b: the views compare the experiment shown against the selected line's
 * variant (as the Matrix's b; B saves it). History spans experiments, so
 * it has no one baseline to set.
 */
static void set_baseline(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const struct experiment *e = experiment(t);
	const struct variant_info *v;

	if (rs->history || !e) {
		tui_message(t, "b: in the Runs of one experiment (history spans several)");
		return;
	}
	if (rs->list.cursor >= rs->nlines) {
		tui_message(t, "select a variant or one of its runs first");
		return;
	}
	v = model_variant(e, rs->keys[rs->lines[rs->list.cursor].group]);
	if (!v) {
		tui_message(t, "not a variant of this experiment: baseline unchanged");
		return;
	}
	if (t->view_exp == (size_t)(e - snap.m->exps) && !strcmp(v->key, t->base)) {
		tui_message(t, "%s is the baseline already", v->text);
		return;
	}
	if (t->view_exp != (size_t)(e - snap.m->exps))
		tui_set_experiment(t, (size_t)(e - snap.m->exps));
	if (tui_view_baseline(t, v->key) == 0)
		rs->valid = 0;
}

/* H: the selected variant's runs of the quantity in every experiment. */
static int history(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const char *key, *scen;

	if (rs->history || rs->list.cursor >= rs->nlines) {
		tui_message(t, "%s", HISTORY_WHERE);
		return ACT_DONE;
	}
	key = model_variant_key(snap.m, rs->keys[rs->lines[rs->list.cursor].group]);
	scen = rs->scenarios[rs->lines[rs->list.cursor].group];
	return screen_ask_history(t, &key, 1, scen, rs->subject, rs->quantity);
}

/* e R m: the run under the cursor (-1 on a heading), its variant, the experiment shown. */
static int selected(struct tui *t, long *run, const char **key, const char **exp)
{
	struct runs_state *rs = runs_of(t);

	rebuild(t);
	if (rs->list.cursor >= rs->nlines)
		return -1;
	*run = rs->lines[rs->list.cursor].run;
	*key = rs->keys[rs->lines[rs->list.cursor].group];
	*exp = rs->exp_name;
	return 0;
}

/*
 * After an edit: a variant shown as another now shows beside the old one
 * (the old one shows again if the edit is undone; rebuild() skips a key
 * the experiment does not have); a run moved to another variant shows
 * that one too, the cursor on the run.
 */
static void edited(struct tui *t, const struct tui_edit *ed)
{
	struct runs_state *rs = t->own[SCREEN_RUNS];

	if (!rs)
		return;
	for (size_t g = 0; ed->from && ed->to && g < rs->nkeys; g++)
		if (!strcmp(rs->keys[g], ed->from)) {
			show_key(rs, ed->to, g + 1, rs->scenarios[g]);
			break;
		}
	if (ed->moved)
		show_key(rs, ed->moved, rs->nkeys, NULL);
	if (ed->run_id) {
		free(rs->cursor_id);
		rs->cursor_id = xstrdup(ed->run_id);
	}
	rs->valid = 0;
}

static int act(struct tui *t, enum action a, int height)
{
	struct runs_state *rs = runs_of(t);

	rebuild(t);
	if (list_act(&rs->list, a, list_height(height)))
		return ACT_DONE;
	switch (a) {
	case ACT_ENTER:
		if (rs->list.cursor < rs->nlines && rs->lines[rs->list.cursor].run >= 0)
			return screen_ask_source(t, rs->lines[rs->list.cursor].run, 0);
		tui_message(t, "select a run to see its source");
		return ACT_DONE;
	case ACT_BACK:
		return screen_ask_show(t, rs->from == SCREEN_RUNS ? SCREEN_COMPARE : rs->from);
	case ACT_BASELINE:
		set_baseline(t);
		return ACT_DONE;
	case ACT_HISTORY:
		return history(t);
	default:
		return ACT_IGNORED;
	}
}

static struct list *lines(struct tui *t)
{
	struct runs_state *rs = runs_of(t);

	rebuild(t);
	return &rs->list;
}

/* A line as text: the heading's variant, or the run's id, figure, source lines and flags. */
static void line_text(struct tui *t, size_t i, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);
	const struct runs_line *l;
	const struct run *r;
	char v[48];

	if (i >= rs->nlines)
		return;
	l = &rs->lines[i];
	if (l->run < 0) {
		heading_name(t, l->group, out);
		return;
	}
	r = &snap.m->rs.runs[l->run];
	buf_addf(out, "%s %s ", r->id,
		 l->fig.present && isfinite(l->fig.center)
			 ? unit_format_res(l->fig.center, l->fig.unit, trace_center_res(snap.m, &l->fig), v, sizeof(v))
			 : "-");
	source_lines(snap.m, r, out);
	if (r->flags) {
		buf_addc(out, ' ');
		run_flags_words(out, r->flags, " ");
	}
	if (l->notes & (1u << NOTE_WARNING))
		buf_adds(out, " warning");
	if (l->notes & (1u << NOTE_OUTLIERS))
		buf_adds(out, " outliers");
}

/* The runs as a Markdown table: what y copies here. */
static void markdown(struct tui *t, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct runs_state *rs = runs_of(t);

	rebuild(t);
	buf_addf(out, "**%s**\n\n", rs->metric);
	md_cell(out, "variant");
	md_cell(out, "run");
	md_cell(out, rs->metric);
	md_cell(out, "n");
	md_cell(out, "spread");
	md_cell(out, "source");
	buf_adds(out, "|\n|:--|:--|--:|--:|--:|:--|\n");
	for (size_t i = 0; i < rs->nlines; i++) {
		const struct runs_line *l = &rs->lines[i];
		struct buf cell = BUF_INIT;
		char v[48];

		if (l->run < 0)
			continue;
		heading_name(t, l->group, &cell);
		md_cell(out, cell.s);
		md_cell(out, snap.m->rs.runs[l->run].id);
		md_cell(out, l->fig.present && isfinite(l->fig.center)
				     ? unit_format_res(l->fig.center, l->fig.unit, trace_center_res(snap.m, &l->fig), v,
						       sizeof(v))
				     : "");
		if (l->fig.n)
			snprintf(v, sizeof(v), "%u", (unsigned)l->fig.n);
		else
			v[0] = '\0';
		md_cell(out, v);
		buf_reset(&cell);
		trace_text_spread(&l->fig, &cell);
		md_cell(out, buf_str(&cell));
		buf_reset(&cell);
		source_lines(snap.m, &snap.m->rs.runs[l->run], &cell);
		md_cell(out, cell.s);
		buf_adds(out, "|\n");
		buf_release(&cell);
	}
}

const struct screen screen_runs = {
	.name = "Runs",
	.opener = ACT_ENTER,
	.draw = draw,
	.act = act,
	.open = open,
	.lines = lines,
	.line_text = line_text,
	.markdown = markdown,
	.release = release,
	.selected = selected,
	.edited = edited,
	.swapped = swapped,
};
