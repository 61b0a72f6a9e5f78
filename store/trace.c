/*
 * trace.c - the runs and lines behind a number; see trace.h.
 */
#include "store/trace.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "parsers/resolution.h"
#include "parsers/units.h"
#include "util/text.h"
#include "util/util.h"

static void push(uint32_t **v, size_t *n, size_t *cap, uint32_t x)
{
	ALLOC_GROW(*v, *n + 1, *cap);
	(*v)[(*n)++] = x;
}

/* The records `by` lists for run `run`, as a heap array (*n of them). */
static uint32_t *records_by_run(const struct byrun *by, uint32_t run, size_t *n)
{
	uint32_t *v;

	*n = by->start[run + 1] - by->start[run];
	v = xmalloc((*n ? *n : 1) * sizeof(*v));
	memcpy(v, by->order + by->start[run], *n * sizeof(*v));
	return v;
}

void trace_records(const struct model *m, uint32_t run, struct run_records *out)
{
	const struct recset *rs = &m->rs;
	size_t cap;

	memset(out, 0, sizeof(*out));
	if (model_indexes_fresh(m) && run < rs->nruns) {
		/* the by-run indexes model_resolve() left: no pass over every record */
		out->meas = records_by_run(&m->meas_by_run, run, &out->nmeas);
		out->samples = records_by_run(&m->samples_by_run, run, &out->nsamples);
		out->series = records_by_run(&m->series_by_run, run, &out->nseries);
		out->notes = records_by_run(&m->notes_by_run, run, &out->nnotes);
		return;
	}
	cap = 0;
	for (size_t i = 0; i < rs->nmeas; i++)
		if (rs->meas[i].run == run)
			push(&out->meas, &out->nmeas, &cap, (uint32_t)i);
	cap = 0;
	for (size_t i = 0; i < rs->nsamples; i++)
		if (rs->samples[i].run == run)
			push(&out->samples, &out->nsamples, &cap, (uint32_t)i);
	cap = 0;
	for (size_t i = 0; i < rs->nseries; i++)
		if (rs->series[i].run == run)
			push(&out->series, &out->nseries, &cap, (uint32_t)i);
	cap = 0;
	for (size_t i = 0; i < rs->nnotes; i++)
		if (rs->notes[i].run == run)
			push(&out->notes, &out->nnotes, &cap, (uint32_t)i);
}

void trace_records_release(struct run_records *r)
{
	free(r->meas);
	free(r->samples);
	free(r->series);
	free(r->notes);
	memset(r, 0, sizeof(*r));
}

long trace_find_run(const struct model *m, const char *id)
{
	size_t n = strlen(id);
	long found = -1;

	if (!n)
		return -1;
	for (size_t i = 0; i < m->rs.nruns; i++)
		if (!strcmp(m->rs.runs[i].id, id))
			return (long)i;
	for (size_t i = 0; i < m->rs.nruns; i++) {
		if (strncmp(m->rs.runs[i].id, id, n))
			continue;
		if (found >= 0)
			return -2;
		found = (long)i;
	}
	return found;
}

/* has[r] = 1 for each run with a measurement or a sample of `quantity`: one pass over each (heap). */
static unsigned char *runs_having(const struct model *m, const char *quantity)
{
	unsigned char *has = xcalloc(m->rs.nruns ? m->rs.nruns : 1, 1);

	for (size_t i = 0; m->figs && i < m->rs.nruns; i++) /* a snapshot of one metric */
		has[i] = m->fig_quantity[i] && !strcmp(m->fig_quantity[i], quantity);
	for (size_t i = 0; i < m->rs.nmeas; i++)
		if (!strcmp(m->rs.meas[i].quantity, quantity))
			has[m->rs.meas[i].run] = 1;
	for (size_t i = 0; i < m->rs.nsamples; i++)
		if (!strcmp(m->rs.samples[i].quantity, quantity))
			has[m->rs.samples[i].run] = 1;
	return has;
}

size_t trace_runs(const struct model *m, const struct experiment *e, const char *variant,
		  const char *scenario, const char *subject, const char *quantity, uint32_t **out)
{
	size_t n = 0, cap = 0;
	unsigned char *has = runs_having(m, quantity);

	*out = NULL;
	for (size_t k = 0; k < e->nruns; k++) {
		const struct run *r = &m->rs.runs[e->runs[k]];

		if (variant && strcmp(r->eff_variant.key, variant))
			continue;
		if (scenario && strcmp(r->eff_scenario, scenario))
			continue;
		if (strcmp(r->subject, subject) || !has[e->runs[k]])
			continue;
		push(out, &n, &cap, e->runs[k]);
	}
	free(has);
	return n;
}

static const struct model *hist_model; /* qsort has no context argument */

static int by_import(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	const struct run *rx = &hist_model->rs.runs[x], *ry = &hist_model->rs.runs[y];
	int c = strcmp(hist_model->sources[rx->source].imported, hist_model->sources[ry->source].imported);

	return c ? c : (x > y) - (x < y);
}

size_t trace_history(const struct model *m, const char *variant, const char *scenario,
		     const char *subject, const char *quantity, uint32_t **out)
{
	size_t n = 0, cap = 0;
	unsigned char *has = runs_having(m, quantity);

	*out = NULL;
	for (size_t i = 0; i < m->rs.nruns; i++) {
		const struct run *r = &m->rs.runs[i];

		if (!has[i] || !r->eff_variant.key || (variant && strcmp(r->eff_variant.key, variant)) ||
		    strcmp(r->subject, subject) || (scenario && strcmp(r->eff_scenario, scenario)))
			continue;
		push(out, &n, &cap, (uint32_t)i);
	}
	free(has);
	hist_model = m;
	if (n)
		qsort(*out, n, sizeof(**out), by_import);
	hist_model = NULL;
	return n;
}

void trace_figure(const struct model *m, const struct run_records *r, const char *quantity,
		  struct run_figure *f)
{
	static const enum stat_kind order[] = { STAT_MEAN, STAT_EST, STAT_VALUE, STAT_MEDIAN };
	long by_stat[STAT__COUNT];
	double sum = 0;
	size_t finite = 0;

	memset(f, 0, sizeof(*f));
	f->center = f->sd = f->lo = f->hi = f->min = f->max = NAN;
	f->center_meas = -1;
	f->res = -1;
	for (int s = 0; s < STAT__COUNT; s++)
		by_stat[s] = -1;
	for (size_t i = 0; i < r->nmeas; i++) {
		const struct measurement *me = &m->rs.meas[r->meas[i]];

		if (strcmp(me->quantity, quantity))
			continue;
		if (by_stat[me->stat] < 0)
			by_stat[me->stat] = (long)r->meas[i];
		if (!f->present || f->dir == DIR_NONE)
			f->dir = me->dir;
		f->present = f->measured = 1;
		f->unit = me->unit;
		if (me->n > f->n)
			f->n = me->n;
	}
	for (size_t i = 0; i < r->nsamples; i++) {
		const struct sample *s = &m->rs.samples[r->samples[i]];

		if (strcmp(s->quantity, quantity))
			continue;
		if (!f->present)
			f->unit = s->unit;
		f->present = 1;
		f->nsamples++;
		if (isfinite(s->value)) {
			sum += s->value;
			finite++;
		}
	}
	for (size_t i = 0; i < countof(order) && f->center_meas < 0; i++)
		if (by_stat[order[i]] >= 0)
			f->center_meas = by_stat[order[i]];
	if (f->center_meas >= 0)
		f->center = m->rs.meas[f->center_meas].value;
	else if (finite)
		f->center = sum / (double)finite;
#define STAT_VALUE_OF(stat) (by_stat[stat] >= 0 ? m->rs.meas[by_stat[stat]].value : NAN)
	f->sd = STAT_VALUE_OF(STAT_SD);
	f->lo = STAT_VALUE_OF(STAT_LOWER);
	f->hi = STAT_VALUE_OF(STAT_UPPER);
	f->min = STAT_VALUE_OF(STAT_MIN);
	f->max = STAT_VALUE_OF(STAT_MAX);
#undef STAT_VALUE_OF
}

void trace_run_figure(const struct model *m, uint32_t run, const char *quantity,
		      struct run_figure *f)
{
	struct run_records rec;

	if (m->figs && run < m->rs.nruns && m->fig_quantity[run] &&
	    !strcmp(m->fig_quantity[run], quantity)) {
		*f = m->figs[run];
		return;
	}
	trace_records(m, run, &rec);
	trace_figure(m, &rec, quantity, f);
	trace_records_release(&rec);
}

void trace_index_lines(struct line_index *ix, const char *text, size_t len)
{
	size_t cap = 0, n = 0;

	ix->start = NULL;
	ALLOC_GROW(ix->start, 1, cap);
	ix->start[n++] = 0;
	for (size_t i = 0; i < len; i++) {
		if (text[i] != '\n')
			continue;
		ALLOC_GROW(ix->start, n + 1, cap);
		ix->start[n++] = i + 1;
	}
	/* a text that ends in a newline has no empty last line; one that does not, counts its last */
	if (len && text[len - 1] == '\n') {
		ix->nlines = (uint32_t)(n - 1);
	} else {
		ALLOC_GROW(ix->start, n + 1, cap);
		ix->start[n++] = len + 1;
		ix->nlines = (uint32_t)(n - 1);
	}
	if (!len)
		ix->nlines = 0;
}

const char *trace_line(const struct line_index *ix, const char *text, uint32_t line, size_t *n)
{
	size_t from, to;

	*n = 0;
	if (!line || line > ix->nlines)
		return NULL;
	from = ix->start[line - 1];
	to = ix->start[line] - 1; /* the newline, or len */
	if (to > from && text[to - 1] == '\r')
		to--;
	*n = to - from;
	return text + from;
}

uint32_t trace_line_of(const struct line_index *ix, size_t offset)
{
	uint32_t lo = 1, hi = ix->nlines;

	if (!ix->nlines || offset >= ix->start[ix->nlines])
		return 0;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo + 1) / 2;

		if (ix->start[mid - 1] <= offset)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

void trace_index_release(struct line_index *ix)
{
	free(ix->start);
	ix->start = NULL;
	ix->nlines = 0;
}

size_t trace_variant_lines(struct model *m, uint32_t run, uint32_t *lines, size_t max)
{
	const struct run *r = &m->rs.runs[run];
	const char *text, *needle = r->variant.text;
	struct line_index ix;
	size_t len, found = 0;
	uint32_t from = 1, to;

	if (r->name_line && max) {
		/* the naming pass kept the line */
		lines[0] = r->name_line;
		return 1;
	}
	text = model_source_text(m, r->source, &len);
	if (!text || !*needle || !max)
		return 0;
	/* a store written before the line was kept: where the name is found */
	trace_index_lines(&ix, text, len);
	to = ix.nlines;
	switch (r->variant.origin) {
	case VO_LABEL:
		for (uint32_t l = r->first_line; l-- > 1;) {
			size_t n;
			const char *s = trace_line(&ix, text, l, &n);

			if (text_contains_nocase(s, n, needle)) {
				lines[found++] = l;
				break;
			}
		}
		break;
	case VO_COMMAND:
	case VO_FILENAME:
		from = r->first_line;
		to = r->last_line < ix.nlines ? r->last_line : ix.nlines;
		/* fall through */
	case VO_LEGEND:
		for (uint32_t l = from; l <= to && found < max; l++) {
			size_t n;
			const char *s = trace_line(&ix, text, l, &n);

			if (r->variant.origin == VO_LEGEND && l >= r->first_line && l <= r->last_line)
				continue;
			if (text_contains_nocase(s, n, needle))
				lines[found++] = l;
		}
		break;
	default:
		break;
	}
	trace_index_release(&ix);
	return found;
}

void trace_text_variant(struct model *m, uint32_t run, struct buf *out)
{
	buf_adds(out, m->rs.runs[run].eff_variant.text);
	buf_addc(out, ' ');
	trace_text_origin(m, run, out);
}

void trace_text_origin(struct model *m, uint32_t run, struct buf *out)
{
	const struct run *r = &m->rs.runs[run];
	uint32_t lines[4];
	size_t n = trace_variant_lines(m, run, lines, countof(lines));
	int edited = strcmp(r->eff_variant.key, r->variant.key) || r->eff_variant.origin != r->variant.origin;

	buf_addc(out, '(');
	if (edited)
		buf_addf(out, "edited: %s; parsed as %s from ", vorigin_name(r->eff_variant.origin),
			 *r->variant.text ? r->variant.text : "nothing");
	buf_adds(out, vorigin_name(r->variant.origin));
	for (size_t i = 0; i < n; i++)
		buf_addf(out, "%s%u", i ? ", " : n > 1 ? ", lines " : ", line ", (unsigned)lines[i]);
	buf_addc(out, ')');
}

void trace_text_spread(const struct run_figure *f, struct buf *out)
{
	char a[48], b[48];

	if (isfinite(f->sd)) {
		buf_addf(out, "\xc2\xb1%s", unit_format_delta(f->sd, f->unit, a, sizeof(a)));
	} else if (isfinite(f->lo) && isfinite(f->hi)) {
		buf_addf(out, "[%s, %s]", unit_format(f->lo, f->unit, a, sizeof(a)),
			 unit_format(f->hi, f->unit, b, sizeof(b)));
	} else if (isfinite(f->min) && isfinite(f->max)) {
		buf_addf(out, "%s \xe2\x80\xa6 %s", unit_format(f->min, f->unit, a, sizeof(a)),
			 unit_format(f->max, f->unit, b, sizeof(b)));
	}
}

char *trace_text_when(const char *iso, char *out, size_t size)
{
	/* 2026-12-01T03:40:50Z */
	if (strlen(iso) >= 17 && iso[10] == 'T')
		snprintf(out, size, "%.10s %.5s UTC", iso, iso + 11);
	else
		snprintf(out, size, "%s", iso);
	return out;
}

int trace_text_provenance(const struct source *s, struct buf *out)
{
	if (!*s->address)
		return 0;
	buf_addf(out, "%s, %.10s, %s", *s->author ? s->author : "(account gone)", s->posted, s->address);
	return 1;
}

double trace_meas_res(struct model *m, const struct measurement *me)
{
	const char *text;
	size_t len;
	double r;

	if (!me->length || (me->unit == UNIT_COUNT && me->value == 0))
		return 0; /* not printed; or a count printed as zero, exact (not zero of the unit beside it) */
	text = model_source_text(m, m->rs.runs[me->run].source, &len);
	if (!text)
		return 0;
	r = printed_resolution(text, len, me->offset, me->length, me->value);
	if (me->unit == UNIT_COUNT && r <= 0.5)
		return 0; /* a whole count is exact (as cmp_side_res() says) */
	return r > 0 && isfinite(r) ? r : 0;
}

double trace_center_res(struct model *m, const struct run_figure *f)
{
	if (f->present && f->res >= 0)
		return f->res; /* as a catalog kept it */
	if (!f->present || f->center_meas < 0 || (size_t)f->center_meas >= m->rs.nmeas)
		return 0;
	return trace_meas_res(m, &m->rs.meas[f->center_meas]);
}
