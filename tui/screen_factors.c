/*
 * screen_factors.c - Factors: the build factors of the shown experiment's
 * variants, every pair that differs in one factor alone with its effect
 * per family (store/pairs.h, store/effect.h), the closest pairs of a
 * factor without one; `a` on a factor shows it across every experiment
 * of the store (store/across.h) as a forest plot; `t` tags a variant,
 * `x` on two variants of two experiments compares them; Enter on a pair
 * opens it in Compare; y copies what is shown as Markdown.
 */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/factors.h"
#include "store/across.h"
#include "store/compare_text.h"
#include "store/effect.h"
#include "store/effect_md.h"
#include "store/flows.h"
#include "store/journal.h"
#include "store/pairs.h"
#include "tui/draw.h"
#include "tui/explore.h"
#include "tui/loader.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/views.h"
#include "util/plot.h"

enum fline_kind {
	FL_HEAD,    /* a line of text: `text` */
	FL_VARIANT, /* variant `index` and its factors */
	FL_FACTOR,  /* factor `index`'s heading */
	FL_PAIR,    /* clean pair `index` */
	FL_EFFECTS, /* its effects */
	FL_NEAR,    /* near pair `index` and what else differs */
	FL_CROSS,   /* the pair picked across two experiments (x) */
	FL_CROSS_EFFECTS,
	FL_CROSS_NOTE,
	FL_FAMILY,  /* across: family fx_families[index]'s heading and axis */
	FL_EXP,     /* across: experiment line `index` of family `family` */
	FL_POOLED,  /* across: family `family`'s pooled line */
	FL_BLANK,
};

struct fline {
	enum fline_kind kind;
	size_t index, family;
	const char *text;
};

struct fxview {
	/* what the lines were made from: the experiment (its name: a reload renumbers), the snapshot's generation */
	size_t exp;
	char exp_name[512];
	unsigned gen;
	int valid;
	struct fx_exp x;            /* points into the snapshot held in `held` */
	struct snapshot *held;
	struct fline *lines;
	size_t nlines, cap;
	struct list list;
	/* a: one factor across the store */
	int across;
	char factor[48];
	struct fx_across ax;
	struct fline *alines;
	size_t nalines, acap;
	struct list alist;
	/* x: a variant picked in one experiment, compared with one of another */
	char pick_exp[512], pick_key[512], pick_text[512];
	int crossed;                  /* cross_effects hold a comparison */
	char cross_title[1024], cross_note[1024];
	struct fx_effect cross_effects[8];
};

/* Factors' own state (t->own[SCREEN_FACTORS]), made on first use. */
static struct fxview *view_of(struct tui *t)
{
	struct fxview *v = t->own[SCREEN_FACTORS];

	if (!v) {
		v = t->own[SCREEN_FACTORS] = xcalloc(1, sizeof(*v));
		v->exp = SIZE_MAX;
	}
	return v;
}

static void release(struct tui *t)
{
	struct fxview *v = t->own[SCREEN_FACTORS];

	if (!v)
		return;
	if (v->valid)
		fx_release(&v->x);
	tui_snapshot_let_go(&v->held);
	if (v->across)
		fx_across_release(&v->ax);
	free(v->lines);
	free(v->alines);
	free(v);
	t->own[SCREEN_FACTORS] = NULL;
}

/* Make the lines again at the next draw. */
static void invalidate(struct fxview *v)
{
	if (v->valid)
		fx_release(&v->x);
	v->valid = 0;
}

/* A new snapshot: the pairs and the lines over them go, with the old one (the cursor stays). */
static void swapped(struct tui *t)
{
	struct fxview *v = t->own[SCREEN_FACTORS];

	if (!v)
		return;
	invalidate(v);
	v->nlines = 0;
	tui_snapshot_let_go(&v->held);
}

static void add(struct fline **lines, size_t *n, size_t *cap, enum fline_kind kind, size_t index,
		size_t family, const char *text)
{
	ALLOC_GROW(*lines, *n + 1, *cap);
	(*lines)[*n] = (struct fline){ kind, index, family, text };
	(*n)++;
}

/* The lines of the experiment shown, made again when it or the model changed. */
static void build(struct tui *t, struct fxview *v)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct experiment *e = &snap.m->exps[t->view_exp];

	if (v->valid && v->exp == t->view_exp && v->gen == snap.gen)
		return;
	if (v->valid)
		fx_release(&v->x);
	if (strcmp(v->exp_name, e->name)) {
		memset(&v->list, 0, sizeof(v->list));
		v->crossed = 0;
	}
	snprintf(v->exp_name, sizeof(v->exp_name), "%s", e->name);
	v->exp = t->view_exp;
	v->gen = snap.gen;
	v->valid = 1;
	tui_snapshot_hold(t, &v->held);
	fx_read(snap.m, e, &v->x);
	fx_measure(snap.m, e, NULL, &v->x);
	v->nlines = 0;
	if (v->crossed) {
		add(&v->lines, &v->nlines, &v->cap, FL_CROSS, 0, 0, NULL);
		add(&v->lines, &v->nlines, &v->cap, FL_CROSS_EFFECTS, 0, 0, NULL);
		add(&v->lines, &v->nlines, &v->cap, FL_CROSS_NOTE, 0, 0, NULL);
		add(&v->lines, &v->nlines, &v->cap, FL_BLANK, 0, 0, NULL);
	}
	add(&v->lines, &v->nlines, &v->cap, FL_HEAD, 0, 0, "VARIANT");
	for (size_t i = 0; i < v->x.nvariants; i++)
		add(&v->lines, &v->nlines, &v->cap, FL_VARIANT, i, 0, NULL);
	if (!v->x.nfactors) {
		add(&v->lines, &v->nlines, &v->cap, FL_BLANK, 0, 0, NULL);
		add(&v->lines, &v->nlines, &v->cap, FL_HEAD, 0, 0,
		    "No factor differs between the variants (t tags one).");
	}
	for (size_t f = 0; f < v->x.nfactors; f++) {
		const struct fx_factor *fa = &v->x.factors[f];

		add(&v->lines, &v->nlines, &v->cap, FL_FACTOR, f, 0, NULL);
		for (size_t k = fa->first; k < fa->first + fa->n; k++) {
			add(&v->lines, &v->nlines, &v->cap, FL_PAIR, k, 0, NULL);
			add(&v->lines, &v->nlines, &v->cap, FL_EFFECTS, k, 0, NULL);
		}
		for (size_t k = fa->near_first; k < fa->near_first + fa->nnear; k++)
			add(&v->lines, &v->nlines, &v->cap, FL_NEAR, k, 0, NULL);
	}
	v->list.count = v->nlines;
}

static void build_across(struct fxview *v)
{
	v->nalines = 0;
	for (size_t k = 0; k < fx_nfamilies; k++) {
		if (!v->ax.pooled[k].nexps)
			continue;
		add(&v->alines, &v->nalines, &v->acap, FL_FAMILY, 0, k, NULL);
		for (size_t e = 0; e < v->ax.nexps; e++)
			if (v->ax.exps[e].effects[k].nrows)
				add(&v->alines, &v->nalines, &v->acap, FL_EXP, e, k, NULL);
		add(&v->alines, &v->nalines, &v->acap, FL_POOLED, 0, k, NULL);
	}
	if (!v->nalines)
		add(&v->alines, &v->nalines, &v->acap, FL_HEAD, 0, 0,
		    "No experiment has two variants that differ in it alone.");
	memset(&v->alist, 0, sizeof(v->alist));
	v->alist.count = v->nalines;
}

/* The factor of the line under the cursor (a factor, a pair, its effects or a near pair), or NULL. */
static const char *factor_at(const struct fxview *v)
{
	const struct fline *l;

	if (v->list.cursor >= v->nlines)
		return NULL;
	l = &v->lines[v->list.cursor];
	switch (l->kind) {
	case FL_FACTOR:
		return v->x.factors[l->index].name;
	case FL_PAIR:
	case FL_EFFECTS:
		return v->x.factors[v->x.pairs[l->index].factor].name;
	case FL_NEAR:
		return v->x.factors[v->x.near[l->index].factor].name;
	default:
		return NULL;
	}
}

/* "time −20% better?  throughput +29.9% better?  size +0% ~", in colour, from x on row y. */
static void draw_effects(const struct fx_effect *ef, int y, int x, int sel)
{
	int any = 0;

	for (size_t k = 0; k < fx_nfamilies && x < COLS - 2; k++) {
		const struct fx_effect *f = &ef[k];
		char cell[96], pct[32];

		if (!f->nrows)
			continue;
		snprintf(cell, sizeof(cell), "%s %s %s", metric_family_name(f->family),
			 fx_text_pct(f, pct, sizeof(pct)), fx_text_verdict(f));
		if (draw_width(cell) > COLS - 2 - x) {
			/* the families that do not fit are counted, never dropped unsaid */
			size_t more = 0;
			char note[32];

			for (size_t j = k; j < fx_nfamilies; j++)
				more += ef[j].nrows > 0;
			snprintf(note, sizeof(note), "+%zu more (Enter)", more);
			if (draw_width(note) > COLS - 2 - x)
				snprintf(note, sizeof(note), "+%zu more", more);
			if (draw_width(note) > COLS - 2 - x)
				snprintf(note, sizeof(note), "+%zu", more);
			draw_text(y, x, COLS - 2 - x, note, sel ? ROLE_SELECTED : ROLE_DIM);
			return;
		}
		x += draw_text(y, x, COLS - 2 - x, cell,
			       sel ? ROLE_SELECTED : views_role(f->verdict, f->tested || f->basis == FX_EXACT));
		x += draw_text(y, x, COLS - 2 - x, "  ", sel ? ROLE_SELECTED : ROLE_NORMAL);
		any = 1;
	}
	if (!any)
		draw_text(y, x, COLS - 2 - x, "(no metric both sides have a figure of)", sel ? ROLE_SELECTED : ROLE_DIM);
}

static void draw_line(struct tui *t, struct fxview *v, const struct fline *l, int y, int sel, int namew)
{
	enum color_role plain = sel ? ROLE_SELECTED : ROLE_NORMAL;
	struct buf b = BUF_INIT;

	(void)t;
	if (sel)
		draw_fill(y, ROLE_SELECTED);
	switch (l->kind) {
	case FL_HEAD:
		draw_text(y, 1, namew, l->text, sel ? plain : ROLE_HEADER);
		if (!strcmp(l->text, "VARIANT"))
			draw_text(y, 2 + namew, COLS - 3 - namew, "FACTORS", sel ? plain : ROLE_HEADER);
		break;
	case FL_VARIANT: {
		const struct fx_variant *fv = &v->x.variants[l->index];
		int x = 1 + draw_text(y, 1, namew, fv->text, plain);

		(void)x;
		fx_variant_factors(&v->x, l->index, 1, &b);
		if (!b.len)
			buf_adds(&b, fv->named ? "the base" : "no factor in its name");
		if (fv->instrumented)
			buf_adds(&b, " [instrumented]");
		if (*fv->words)
			buf_addf(&b, " \xc2\xb7 %s", fv->words);
		draw_text(y, 2 + namew, COLS - 3 - namew, b.s, b.len && fv->named ? plain : sel ? plain : ROLE_DIM);
		break;
	}
	case FL_FACTOR: {
		const struct fx_factor *fa = &v->x.factors[l->index];

		buf_addf(&b, "%s", fa->name);
		if (fa->id >= 0)
			buf_addf(&b, " \xc2\xb7 %s", factor_description((enum factor_id)fa->id));
		if (fa->n)
			buf_addf(&b, " \xc2\xb7 %zu pair%s", fa->n, fa->n == 1 ? "" : "s");
		else
			buf_adds(&b, " \xc2\xb7 no pair differs in it alone; the closest:");
		draw_text(y, 1, COLS - 2, b.s, sel ? plain : ROLE_HEADER);
		break;
	}
	case FL_PAIR:
	case FL_NEAR: {
		const struct fx_pair *p = l->kind == FL_PAIR ? &v->x.pairs[l->index] : &v->x.near[l->index];
		struct buf ctx = BUF_INIT;

		fx_pair_context(&v->x, p, &ctx);
		buf_addf(&b, "%s \xe2\x86\x92 %s%s%s: %s \xe2\x86\x92 %s", p->from, p->to, ctx.len ? ", with " : "",
			 buf_str(&ctx), v->x.variants[p->base].text, v->x.variants[p->cand].text);
		for (size_t d = 0; d < p->nothers; d++)
			buf_addf(&b, "%s %s %s \xe2\x86\x92 %s", d ? ";" : " \xc2\xb7 also", p->others[d].factor,
				 p->others[d].from, p->others[d].to);
		/* cut in the middle: the candidate's end tells it from the baseline */
		draw_text_mid(y, 3, COLS - 4, b.s, l->kind == FL_NEAR && !sel ? ROLE_DIM : plain);
		buf_release(&ctx);
		break;
	}
	case FL_EFFECTS: {
		int x = 7;

		if (v->x.pairs[l->index].instrumented)
			x += draw_text(y, x, COLS - 2 - x, "instrumented: ", sel ? plain : ROLE_DIM);
		draw_effects(v->x.pairs[l->index].effects, y, x, sel);
		break;
	}
	case FL_CROSS:
		draw_text_mid(y, 1, COLS - 2, v->cross_title, sel ? plain : ROLE_HEADER);
		break;
	case FL_CROSS_NOTE:
		draw_text_mid(y, 7, COLS - 8, v->cross_note, sel ? plain : ROLE_WORSE_DIM);
		break;
	case FL_CROSS_EFFECTS:
		draw_effects(v->cross_effects, y, 7, sel);
		break;
	default:
		break;
	}
	buf_release(&b);
}

/*
 * The across view's columns: label, plot, effect (8), then at 104 columns
 * or more an interval column, the rest shared between the label (up to
 * 42) and the plot (up to 64); at 80 columns label 26 and plot 24, the
 * verdict cut to fit.
 */
struct across_cols {
	int label, plot, iv;
};

static struct across_cols across_cols(void)
{
	struct across_cols c = { 26, 24, 0 };
	int extra = COLS - 80, l;

	if (extra >= 24) {
		c.iv = 18;
		extra -= 24; /* the interval's column, and the verdict's words in full */
	}
	if (extra > 0) {
		l = extra / 3 < 16 ? extra / 3 : 16;
		c.label += l;
		c.plot += extra - l < 40 ? extra - l : 40;
	}
	return c;
}

/* An across line: label, plot, effect, interval (when wide), verdict. */
static void draw_across_line(struct fxview *v, const struct fline *l, int y, int sel)
{
	enum color_role plain = sel ? ROLE_SELECTED : ROLE_NORMAL;
	const struct across_cols c = across_cols();
	double alo, ahi;
	struct buf b = BUF_INIT;
	char pct[32], label[256], iv[64];
	int x = 1;

	if (sel)
		draw_fill(y, ROLE_SELECTED);
	if (l->kind == FL_HEAD) {
		draw_text(y, 1, COLS - 2, l->text, ROLE_DIM);
		return;
	}
	fx_across_axis(&v->ax, l->family, &alo, &ahi);
	if (l->kind == FL_FAMILY) {
		const struct fx_pooled *p = &v->ax.pooled[l->family];
		char lo[32], hi[32];

		snprintf(label, sizeof(label), "%s (%s is better)", metric_family_name(p->family),
			 p->dir == DIR_LOWER ? "lower" : "higher");
		draw_text(y, 1, c.label, label, sel ? plain : ROLE_HEADER);
		cmp_text_pct(fx_pct(exp(alo)), lo, sizeof(lo));
		cmp_text_pct(fx_pct(exp(ahi)), hi, sizeof(hi));
		draw_text(y, 2 + c.label, c.plot, lo, sel ? plain : ROLE_DIM);
		draw_right(y, 2 + c.label, c.plot, hi, sel ? plain : ROLE_DIM);
		if (c.iv) {
			x = 2 + c.label + c.plot + 1;
			draw_right(y, x, 8, "effect", sel ? plain : ROLE_DIM);
			draw_text(y, x + 10, c.iv, "interval", sel ? plain : ROLE_DIM);
			draw_text(y, x + 10 + c.iv, COLS - 1 - (x + 10 + c.iv), "verdict", sel ? plain : ROLE_DIM);
		}
		return;
	}
	if (l->kind == FL_EXP) {
		const struct fx_across_exp *ae = &v->ax.exps[l->index];
		const struct fx_effect *f = &ae->effects[l->family];

		snprintf(label, sizeof(label), "%s%s", fx_across_label(ae),
			 c.iv && ae->npairs > 1 ? " (pairs pooled)" : "");
		draw_text(y, 1, c.label, label, plain);
		x = 2 + c.label;
		plot_interval(&b, log(f->ratio), isfinite(f->lo) ? log(f->lo) : NAN,
			      isfinite(f->hi) ? log(f->hi) : NAN, 0, alo, ahi, c.plot, 0, draw_utf8());
		draw_text(y, x, c.plot, b.s, plain);
		x += c.plot + 1;
		draw_right(y, x, 8, fx_text_pct(f, pct, sizeof(pct)), plain);
		x += 9;
		if (c.iv) {
			draw_text(y, x + 1, c.iv, fx_text_interval(f, iv, sizeof(iv)), plain);
			x += c.iv + 1;
		}
		draw_text(y, x, COLS - 1 - x, fx_text_verdict(f),
			  sel ? plain : views_role(f->verdict, f->tested || f->basis == FX_EXACT));
	} else {
		const struct fx_pooled *p = &v->ax.pooled[l->family];

		snprintf(label, sizeof(label), "pooled, %zu experiment%s", p->nexps, p->nexps == 1 ? "" : "s");
		draw_text(y, 1, c.label, label, sel ? plain : ROLE_HEADER);
		x = 2 + c.label;
		plot_interval(&b, log(p->ratio), isfinite(p->gsd) ? log(p->ratio / p->gsd) : NAN,
			      isfinite(p->gsd) ? log(p->ratio * p->gsd) : NAN, 0, alo, ahi, c.plot, 1, draw_utf8());
		draw_text(y, x, c.plot, b.s, plain);
		x += c.plot + 1;
		draw_right(y, x, 8, cmp_text_pct_res(fx_pct(p->ratio), p->ratio * p->res * 100, pct, sizeof(pct)),
			   plain);
		x += 9;
		if (c.iv) {
			/* the spread between the experiments, as the CLI's plot says it */
			if (isfinite(p->gsd))
				snprintf(iv, sizeof(iv), "\xc3\x97/\xc3\xb7 %.3g", p->gsd);
			else
				snprintf(iv, sizeof(iv), "one experiment");
			draw_text(y, x + 1, c.iv, iv, plain);
			x += c.iv + 1;
		}
		label[0] = '\0';
		/* the experiments' verdicts: those there are at 80 columns, all three when wide */
		if (p->better || c.iv)
			snprintf(label + strlen(label), sizeof(label) - strlen(label), "%zu better", p->better);
		if (p->worse || c.iv)
			snprintf(label + strlen(label), sizeof(label) - strlen(label), "%s%zu worse",
				 *label ? ", " : "", p->worse);
		if (p->same || c.iv)
			snprintf(label + strlen(label), sizeof(label) - strlen(label), "%s%zu ~", *label ? ", " : "",
				 p->same);
		draw_text(y, x, COLS - 1 - x, label, plain);
	}
	buf_release(&b);
}

/* The bottom line of the across view: what the selected line is, in full. */
static void across_detail(struct fxview *v, int y)
{
	struct buf b = BUF_INIT;
	const struct fline *l = v->alist.cursor < v->nalines ? &v->alines[v->alist.cursor] : NULL;

	if (l && l->kind == FL_EXP) {
		const struct fx_across_exp *ae = &v->ax.exps[l->index];
		char iv[64];

		buf_addf(&b, "%s", ae->experiment);
		if (*fx_text_interval(&ae->effects[l->family], iv, sizeof(iv)))
			buf_addf(&b, " \xc2\xb7 %s", iv);
		for (size_t i = 0; i < ae->npairs; i++)
			buf_addf(&b, " \xc2\xb7 %s \xe2\x86\x92 %s", ae->pairs[i].base, ae->pairs[i].cand);
		if (*ae->thread)
			buf_addf(&b, " \xc2\xb7 %s", ae->thread);
	} else if (l && l->kind == FL_POOLED) {
		const struct fx_pooled *p = &v->ax.pooled[l->family];
		char lo[32], hi[32];

		buf_addf(&b, "the geometric mean of %zu experiment%s", p->nexps, p->nexps == 1 ? "" : "s");
		if (isfinite(p->gsd))
			buf_addf(&b, ", \xc3\x97/\xc3\xb7 %.3g between them (%s to %s): how far they agree, not a test",
				 p->gsd, cmp_text_pct(fx_pct(p->min), lo, sizeof(lo)),
				 cmp_text_pct(fx_pct(p->max), hi, sizeof(hi)));
	} else {
		/* on a family's heading: what the keys do here */
		buf_adds(&b, "y: copy the table as Markdown \xc2\xb7 Y: write it to a file \xc2\xb7 a: back to the "
			     "experiment");
	}
	draw_text(y, 1, COLS - 2, buf_str(&b), ROLE_DIM);
	buf_release(&b);
}

/* The bottom line: the selected pair in full, or what the keys do on the line selected. */
static void hint(struct fxview *v, int y)
{
	const struct fline *l = v->list.cursor < v->nlines ? &v->lines[v->list.cursor] : NULL;
	struct buf b = BUF_INIT;

	if (l && (l->kind == FL_PAIR || l->kind == FL_EFFECTS || l->kind == FL_NEAR)) {
		const struct fx_pair *p = l->kind == FL_NEAR ? &v->x.near[l->index] : &v->x.pairs[l->index];

		buf_addf(&b, "%s \xe2\x86\x92 %s \xc2\xb7 %s", v->x.variants[p->base].text,
			 v->x.variants[p->cand].text, l->kind == FL_NEAR ? "a: across" : "Enter: Compare \xc2\xb7 a: across");
	} else if (l && l->kind == FL_VARIANT) {
		buf_adds(&b, "t: tag its factors \xc2\xb7 x: compare it with a variant of another experiment");
	} else {
		buf_adds(&b, "Enter: a pair in Compare \xc2\xb7 a: a factor across the store \xc2\xb7 t: tag \xc2\xb7 x: cross");
	}
	draw_text_mid(y, 1, COLS - 2, b.s, ROLE_DIM);
	buf_release(&b);
}

static int is_row(const void *lines, size_t i);

static void draw(struct tui *t, int top, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct fxview *v;
	int namew = 8;

	if (t->view_exp >= snap.m->nexps) {
		draw_text(top + 1, 2, COLS - 4, "No experiment selected.", ROLE_NORMAL);
		return;
	}
	v = view_of(t);
	if (v->across) {
		char head[256];
		size_t left = 0;

		for (size_t e = 0; e < v->ax.nexps; e++)
			left += v->ax.exps[e].left_out;
		snprintf(head, sizeof(head), "%s across the store: %zu of %zu experiments with a pair%s \xc2\xb7 a back",
			 v->ax.factor, v->ax.nexps, v->ax.nscanned, left ? " (instrumented left out)" : "");
		draw_text(top, 1, COLS - 2, head, ROLE_DIM);
		list_clamp(&v->alist, height - 2);
		tui_position_list(t, "line", &v->alist, is_row, v->alines);
		t->list_y = top + 1;
		for (int i = 0; i < height - 2 && v->alist.top + (size_t)i < v->nalines; i++)
			draw_across_line(v, &v->alines[v->alist.top + (size_t)i], top + 1 + i,
					 v->alist.top + (size_t)i == v->alist.cursor);
		across_detail(v, top + height - 1);
		return;
	}
	build(t, v);
	for (size_t i = 0; i < v->x.nvariants; i++)
		if (draw_width(v->x.variants[i].text) > namew)
			namew = draw_width(v->x.variants[i].text);
	if (namew > COLS / 2)
		namew = COLS / 2;
	list_clamp(&v->list, height - 1);
	tui_position_list(t, "line", &v->list, is_row, v->lines);
	t->list_y = top;
	for (int i = 0; i < height - 1 && v->list.top + (size_t)i < v->nlines; i++)
		draw_line(t, v, &v->lines[v->list.top + (size_t)i], top + i, v->list.top + (size_t)i == v->list.cursor,
			  namew);
	hint(v, top + height - 1);
}

/* ---- keys ---- */

/* t on a variant: its factors as the user says; "pgo=optimized lto=" */
static void tag_typed(struct tui *t, const char *text)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct fxview *v = view_of(t);
	const struct experiment *e = t->view_exp < snap.m->nexps ? &snap.m->exps[t->view_exp] : NULL;
	const struct fline *l = v->list.cursor < v->nlines ? &v->lines[v->list.cursor] : NULL;
	struct edit_row rows[16];
	struct arena a = ARENA_INIT;
	struct buf what = BUF_INIT;
	size_t n = 0;
	const char *s = text;

	if (!e || !l || l->kind != FL_VARIANT)
		return;
	while (*s && n < sizeof(rows) / sizeof(rows[0])) {
		size_t len = strcspn(s, " ");
		char spec[128], name[48], level[FACTOR_LEVEL_MAX];
		const char *eq;
		int f;

		snprintf(spec, sizeof(spec), "%.*s", (int)len, s);
		s += len;
		while (*s == ' ')
			s++;
		if (!len)
			continue;
		if (!(eq = strchr(spec, '=')) || eq == spec || (size_t)(eq - spec) >= sizeof(name)) {
			tui_message(t, "'%s' is not FACTOR=LEVEL: nothing tagged", spec);
			goto out;
		}
		snprintf(name, sizeof(name), "%.*s", (int)(eq - spec), spec);
		for (char *c = name; *c; c++)
			*c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
		f = factor_lookup(name);
		if (f < 0 && strcmp(name, PAIRS_WORDS)) {
			for (const char *c = name; *c; c++)
				if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' || *c == '_')) {
					tui_message(t, "'%s' is no factor name: nothing tagged", name);
					goto out;
				}
		}
		if (f >= 0)
			factor_normalize_level(f, eq + 1, level, sizeof(level));
		else
			snprintf(level, sizeof(level), "%s", eq + 1);
		memset(&rows[n], 0, sizeof(rows[n]));
		rows[n].op = EDIT_TAG;
		rows[n].experiment = e->name;
		rows[n].target = arena_strdup(&a, v->x.variants[l->index].key); /* v->x goes with a swap */
		rows[n].value = arena_printf(&a, "%s=%s", f >= 0 ? factor_name((enum factor_id)f) : name, level);
		buf_addf(&what, "%s%s", n ? " " : "", rows[n].value);
		n++;
	}
	if (!n)
		goto out;
	{
		struct diag d = DIAG_INIT;
		char line[1024];
		long id;

		snprintf(line, sizeof(line), "variant \"%s\" tagged %s in \"%s\"", v->x.variants[l->index].text,
			 what.s, e->name);
		struct store_edit_op op = { "tag", line, rows, n };

		/* the journal alone (the store's, or a quick comparison's): a new snapshot is read */
		id = loader_edit(t, &op, &d);
		if (id < 0)
			tui_message(t, "not saved: %s", d.n ? d.v[d.n - 1].text : "error");
		else if (id == 0)
			tui_message(t, "already so: nothing recorded");
		else
			tui_message(t, "edit %ld: %s tagged %s (u undoes%s)", id, v->x.variants[l->index].text, what.s,
				    t->store ? "" : "; not stored");
		if (id > 0) /* every screen shows the store as it is now, this edit and any other writer's */
			screen_ask_reload(t, RELOAD_FRESH, NULL);
		diag_release(&d);
	}
out:
	buf_release(&what);
	arena_release(&a);
}

/* x: pick a variant, or compare the one picked in another experiment with this one. */
static void cross(struct tui *t, struct fxview *v, size_t var)
{
	struct tui_snapshot snap = tui_snapshot(t);
	const struct experiment *e = &snap.m->exps[t->view_exp], *pe;
	const struct fx_variant *fv = &v->x.variants[var];
	struct experiment pair;

	if (!*v->pick_key || !strcmp(v->pick_exp, e->name)) {
		snprintf(v->pick_exp, sizeof(v->pick_exp), "%s", e->name);
		snprintf(v->pick_key, sizeof(v->pick_key), "%s", fv->key);
		snprintf(v->pick_text, sizeof(v->pick_text), "%s", fv->text);
		tui_message(t, "picked %s: x on a variant of another experiment compares them", fv->text);
		return;
	}
	if (!(pe = model_experiment(snap.m, v->pick_exp)) ||
	    model_pair_experiment(snap.m, pe, v->pick_key, e, fv->key, &pair) < 0) {
		tui_message(t, "the variant picked is gone: pick again");
		v->pick_key[0] = '\0';
		return;
	}
	fx_pair_effects(snap.m, &pair, pair.variants[0].key, pair.variants[1].key, NULL, v->cross_effects);
	snprintf(v->cross_title, sizeof(v->cross_title), "%.400s \xe2\x86\x92 %.400s, across two experiments",
		 v->pick_text, fv->text);
	snprintf(v->cross_note, sizeof(v->cross_note),
		 "different sources (%.300s; %.300s): a difference may not be the builds'", v->pick_exp, e->name);
	v->crossed = 1;
	v->pick_key[0] = '\0';
	invalidate(v);
	memset(&v->list, 0, sizeof(v->list));
	tui_message(t, "compared across experiments: the first lines, with a warning");
}

/* For list_act_rows: a line the cursor stops on, not a column's heading or a blank. */
static int is_row(const void *lines, size_t i)
{
	const struct fline *l = (const struct fline *)lines + i;

	return l->kind != FL_HEAD && l->kind != FL_BLANK;
}

/* fx_across() of v->factor over t->store, on the loader's thread (a first question reads much). */
struct across_job {
	struct store *st;
	struct fxview *v;
	struct diag *d;
};

static int across_run(void *ctx)
{
	struct across_job *j = ctx;

	return fx_across(j->st, j->v->factor, "", 0, NULL, &j->v->ax, j->d);
}

static int across_loaded(struct tui *t, struct fxview *v, struct diag *d)
{
	struct across_job j = { t->store, v, d };

	return loader_run(t, across_run, &j);
}

static int act(struct tui *t, enum action a, int height)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct fxview *v;
	const struct fline *l;

	if (t->view_exp >= snap.m->nexps)
		return ACT_IGNORED;
	v = view_of(t);
	if (v->across) {
		if (list_act_rows(&v->alist, a, height - 2, is_row, v->alines))
			return ACT_DONE;
		if (a == ACT_ACROSS || a == ACT_BACK) {
			fx_across_release(&v->ax);
			v->across = 0;
			return ACT_DONE;
		}
		return ACT_IGNORED;
	}
	build(t, v);
	if (list_act_rows(&v->list, a, height - 1, is_row, v->lines))
		return ACT_DONE;
	l = v->list.cursor < v->nlines ? &v->lines[v->list.cursor] : NULL;
	switch (a) {
	case ACT_ENTER:
		if (l && (l->kind == FL_PAIR || l->kind == FL_EFFECTS)) {
			const struct fx_pair *p = &v->x.pairs[l->index];

			t->base = v->x.variants[p->base].key;
			t->cand = v->x.variants[p->cand].key;
			tui_changed(t);
			return screen_ask_open(t, SCREEN_COMPARE, SIZE_MAX);
		}
		tui_message(t, "Enter opens a pair in Compare: put the cursor on one");
		return ACT_DONE;
	case ACT_ACROSS: {
		const char *f = factor_at(v);
		struct diag d = DIAG_INIT;
		int rc;

		if (!f) {
			tui_message(t, "a works on a factor: put the cursor on one, or on a pair");
			return ACT_DONE;
		}
		snprintf(v->factor, sizeof(v->factor), "%s", f);
		if ((rc = t->store ? across_loaded(t, v, &d)
				   : fx_across_model(snap.m, v->factor, "", 0, NULL, &v->ax)) < 0) {
			if (rc != LOADER_CANCELLED) /* else the loader said so */
				tui_message(t, "%s", d.n ? d.v[d.n - 1].text : "the store could not be read");
			fx_across_release(&v->ax);
		} else {
			v->across = 1;
			build_across(v);
		}
		diag_release(&d);
		return ACT_DONE;
	}
	case ACT_TAG:
		if (!l || l->kind != FL_VARIANT) {
			tui_message(t, "t tags a variant: put the cursor on one");
		} else {
			char label[256];
			struct buf now = BUF_INIT;

			fx_variant_factors(&v->x, l->index, 0, &now);
			snprintf(label, sizeof(label), "tag \"%s\" (FACTOR=LEVEL ..., FACTOR= none): ",
				 v->x.variants[l->index].text);
			prompt_open(t, label, buf_str(&now), tag_typed, NULL);
			buf_release(&now);
		}
		return ACT_DONE;
	case ACT_CROSS:
		if (!l || l->kind != FL_VARIANT)
			tui_message(t, "x picks a variant: put the cursor on one");
		else
			cross(t, v, l->index);
		return ACT_DONE;
	default:
		return ACT_IGNORED;
	}
}

/* For find (/ n N) and the mouse. */
static struct list *lines(struct tui *t)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct fxview *v;

	if (t->view_exp >= snap.m->nexps)
		return NULL;
	v = view_of(t);
	if (v->across)
		return &v->alist;
	build(t, v);
	return &v->list;
}

static void line_text(struct tui *t, size_t i, struct buf *out)
{
	struct fxview *v = view_of(t);

	if (v->across) {
		if (i < v->nalines && v->alines[i].kind == FL_EXP)
			buf_adds(out, fx_across_label(&v->ax.exps[v->alines[i].index]));
		return;
	}
	if (i >= v->nlines)
		return;
	switch (v->lines[i].kind) {
	case FL_VARIANT:
		buf_adds(out, v->x.variants[v->lines[i].index].text);
		break;
	case FL_FACTOR:
		buf_adds(out, v->x.factors[v->lines[i].index].name);
		break;
	case FL_PAIR: {
		const struct fx_pair *p = &v->x.pairs[v->lines[i].index];

		buf_addf(out, "%s %s", v->x.variants[p->base].text, v->x.variants[p->cand].text);
		break;
	}
	default:
		break;
	}
}

/* y Y: the experiment's pairs, or the factor across the store, as GitHub Markdown. */
static void markdown(struct tui *t, struct buf *out)
{
	struct tui_snapshot snap = tui_snapshot(t);
	struct fxview *v;
	const struct cmp_opts o = CMP_OPTS_INIT;

	if (t->view_exp >= snap.m->nexps)
		return;
	v = view_of(t);
	if (v->across) {
		fx_across_markdown(&v->ax, &o, out);
		return;
	}
	build(t, v);
	fx_markdown(&v->x, &o, out);
}

const struct screen screen_factors = {
	.name = "Factors",
	.opener = ACT_SCREEN_FACTORS,
	.per_exp = 1,
	.draw = draw,
	.act = act,
	.lines = lines,
	.line_text = line_text,
	.markdown = markdown,
	.release = release,
	.swapped = swapped,
};
