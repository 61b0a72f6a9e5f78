/*
 * show.c - `benchdelta show RUN...`: everything stored about a run: where
 * it came from and what named its variant, every measurement with the
 * bytes it was read from, its raw samples as a strip plot, its series as
 * a sparkline, and its notes. The TUI's Runs screen shows the same.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/show.h"
#include "cli/table.h"
#include "parsers/names.h"
#include "parsers/units.h"
#include "store/trace.h"
#include "util/plot.h"
#include "util/text.h"

static const char usage[] =
	"usage: benchdelta show [--ascii] RUN...\n"
	"\n"
	"Everything stored about a run: its variant and what named it, its source\n"
	"lines and import time, each measurement with the text it was read from,\n"
	"its samples (a strip plot), its series (a sparkline) and its notes.\n"
	"RUN is a run id from 'benchdelta list runs', or the start of one.\n"
	"\n"
	"  --ascii   draw the plots with ASCII characters (the default when the\n"
	"            locale is not UTF-8)\n";

#define PLOT_W 40

long cli_find_run(const struct model *m, const char *id)
{
	long r = trace_find_run(m, id);

	if (r == -1)
		fprintf(stderr, "benchdelta: no run \"%s\" (see 'benchdelta list runs')\n", id);
	else if (r == -2)
		fprintf(stderr, "benchdelta: \"%s\" is the start of several run ids; give more of it\n",
			id);
	return r < 0 ? -1 : r;
}

/*
 * Where a figure was read from: "6.29" at 33:39, or in a JSON document
 * with its path, results[0].mean "0.0048818" at 5:15; "" when unknown.
 */
static void printed(const struct figure_span *sp, const struct line_index *ix, const char *text,
		    size_t len, struct buf *out)
{
	uint32_t line;

	if (!sp->length || !text || sp->offset + sp->length > len)
		return;
	line = trace_line_of(ix, sp->offset);
	if (*sp->path)
		buf_addf(out, "%s ", sp->path);
	buf_addc(out, '"');
	text_excerpt(out, text + sp->offset, sp->length, 40);
	buf_addf(out, "\" at %u:%zu", (unsigned)line, (size_t)(sp->offset - ix->start[line - 1] + 1));
}

static void show_measurements(struct model *m, uint32_t ri, const struct run_records *rec,
			      FILE *fp)
{
	const struct run *r = &m->rs.runs[ri];
	size_t len;
	const char *text = model_source_text(m, r->source, &len);
	struct line_index ix = { NULL, 0 };
	struct figure_span *spans = trace_spans(m, ri, rec);
	struct table t;

	if (text)
		trace_index_lines(&ix, text, len);
	table_init(&t, 6, "lllrrl");
	table_add(&t, "QUANTITY");
	table_add(&t, "STAT");
	table_add(&t, "BETTER");
	table_add(&t, "VALUE");
	table_add(&t, "N");
	table_add(&t, "READ FROM");
	for (size_t i = 0; i < rec->nmeas; i++) {
		const struct measurement *me = &m->rs.meas[rec->meas[i]];
		struct buf at = BUF_INIT;
		char v[64];

		printed(&spans[i], &ix, text, len, &at);
		table_add(&t, me->quantity);
		table_add(&t, stat_name(me->stat));
		table_add(&t, me->dir == DIR_NONE ? "" : dir_name(me->dir));
		table_add(&t, unit_format_res(me->value, me->unit, trace_meas_res(m, me), v, sizeof(v)));
		if (me->n)
			table_addf(&t, "%u", (unsigned)me->n);
		else
			table_add(&t, "");
		table_add(&t, at.len ? at.s : me->length ? "" : "(no byte span stored)");
		buf_release(&at);
	}
	table_print(&t, fp);
	table_release(&t);
	trace_index_release(&ix);
	free(spans);
}

/* 1 when name `name` came before index `i` of names[k] = name_of(k). */
static int seen_before(const char *const *names, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(names[k], names[i]))
			return 1;
	return 0;
}

/* A line "  NAME, N WHAT: LO [PLOT] HI" over values v[0..n) (strip) or a sparkline. */
static void plot_line(const char *name, const char *what, const double *v, size_t n, enum unit u,
		      int strip, const char *range, int utf8, FILE *fp)
{
	double lo = INFINITY, hi = -INFINITY;
	struct buf plot = BUF_INIT;
	char a[48], b[48];

	for (size_t i = 0; i < n; i++) {
		if (isfinite(v[i]) && v[i] < lo)
			lo = v[i];
		if (isfinite(v[i]) && v[i] > hi)
			hi = v[i];
	}
	if (strip)
		plot_strip(&plot, v, n, lo, hi, PLOT_W, utf8);
	else
		plot_sparkline(&plot, v, n, PLOT_W, utf8);
	fprintf(fp, "  %s, %zu %s%s: %s [%s] %s\n", name, n, what, range,
		isfinite(lo) ? unit_format(lo, u, a, sizeof(a)) : "-", buf_str(&plot),
		isfinite(hi) ? unit_format(hi, u, b, sizeof(b)) : "-");
	buf_release(&plot);
}

/* Samples by quantity, each a strip plot between its smallest and largest value. */
static void show_samples(const struct model *m, const struct run_records *rec, int utf8, FILE *fp)
{
	const char **names = xmalloc(rec->nsamples * sizeof(*names));
	double *v = xmalloc(rec->nsamples * sizeof(*v));

	for (size_t i = 0; i < rec->nsamples; i++)
		names[i] = m->rs.samples[rec->samples[i]].quantity;
	for (size_t i = 0; i < rec->nsamples; i++) {
		size_t n = 0;

		if (seen_before(names, i))
			continue;
		for (size_t j = i; j < rec->nsamples; j++)
			if (!strcmp(names[j], names[i]))
				v[n++] = m->rs.samples[rec->samples[j]].value;
		plot_line(names[i], "samples", v, n, m->rs.samples[rec->samples[i]].unit, 1, "", utf8,
			  fp);
	}
	free(v);
	free(names);
}

/* Series by name, each a sparkline in order, with the span it covers. */
static void show_series(const struct model *m, const struct run_records *rec, int utf8, FILE *fp)
{
	const char **names = xmalloc(rec->nseries * sizeof(*names));
	double *v = xmalloc(rec->nseries * sizeof(*v));

	for (size_t i = 0; i < rec->nseries; i++)
		names[i] = m->rs.series[rec->series[i]].name;
	for (size_t i = 0; i < rec->nseries; i++) {
		const struct series_point *first = &m->rs.series[rec->series[i]], *last = first;
		char x0[48], x1[48], range[128];
		size_t n = 0;

		if (seen_before(names, i))
			continue;
		for (size_t j = i; j < rec->nseries; j++) {
			if (strcmp(names[j], names[i]))
				continue;
			last = &m->rs.series[rec->series[j]];
			v[n++] = last->y;
		}
		/* x is time for intervals and latency for histograms: seconds either way */
		snprintf(range, sizeof(range), " over %s \xe2\x80\xa6 %s",
			 unit_format(first->x0, UNIT_SECOND, x0, sizeof(x0)),
			 unit_format(last->x1, UNIT_SECOND, x1, sizeof(x1)));
		plot_line(names[i], "points", v, n, first->unit, 0, range, utf8, fp);
	}
	free(v);
	free(names);
}

static void show_run(struct model *m, uint32_t ri, int utf8, FILE *fp)
{
	const struct run *r = &m->rs.runs[ri];
	const struct source *s = &m->sources[r->source];
	struct run_records rec;
	struct buf b = BUF_INIT;
	char when[64];

	trace_records(m, ri, &rec);
	fprintf(fp, "run         %s\n", r->id);
	fprintf(fp, "experiment  %s\n", r->eff_experiment);
	trace_text_variant(m, ri, &b);
	fprintf(fp, "variant     %s\n", b.s);
	if (*r->eff_scenario)
		fprintf(fp, "scenario    %s\n", r->eff_scenario);
	if (*r->subject)
		fprintf(fp, "benchmark   %s\n", r->subject);
	if (*r->command)
		fprintf(fp, "command     %s\n", r->command);
	fprintf(fp, "format      %s\n", fmt_name(r->fmt));
	fprintf(fp, "source      %s:%u-%u, imported %s\n", s->name, (unsigned)r->first_line,
		(unsigned)r->last_line, trace_text_when(s->imported, when, sizeof(when)));
	buf_reset(&b);
	if (trace_text_provenance(s, &b))
		fprintf(fp, "written by  %s\n", b.s);
	if (r->flags)
		{
			struct buf fl = BUF_INIT;

			run_flags_words(&fl, r->flags, ", ");
			fprintf(fp, "flags       %s\n", fl.s ? fl.s : "");
			buf_release(&fl);
		}
	fputc('\n', fp);
	show_measurements(m, ri, &rec, fp);
	if (rec.nsamples) {
		fprintf(fp, "\nsamples\n");
		show_samples(m, &rec, utf8, fp);
	}
	if (rec.nseries) {
		fprintf(fp, "\nseries\n");
		show_series(m, &rec, utf8, fp);
	}
	if (rec.nnotes) {
		fprintf(fp, "\nnotes\n");
		for (size_t i = 0; i < rec.nnotes; i++) {
			const struct note *no = &m->rs.notes[rec.notes[i]];

			if (no->line)
				fprintf(fp, "  line %-5u %-9s %s\n", (unsigned)no->line, note_kind_name(no->kind),
					no->text);
			else
				fprintf(fp, "  %-10s %-9s %s\n", "", note_kind_name(no->kind), no->text);
		}
	}
	buf_release(&b);
	trace_records_release(&rec);
}

static int show_one(struct model *m, uint32_t run, void *arg)
{
	show_run(m, run, *(int *)arg, stdout);
	return BD_EXIT_OK;
}

int cli_each_run(struct cli *c, const char *cmd, int n, char **ids,
		 int (*fn)(struct model *m, uint32_t run, void *arg), void *arg)
{
	struct model m;
	struct store_select sel = { 0 };
	int rc;

	if (n <= 0)
		return cli_usage_error(c, cmd, "which run? (see 'benchdelta list runs')");
	model_init(&m);
	sel.runs = (const char *const *)ids;
	sel.nruns = (size_t)n;
	rc = cli_load_select(c, &sel, &m);
	for (int i = 0; rc == BD_EXIT_OK && i < n; i++) {
		long r = cli_find_run(&m, ids[i]);

		if (r < 0) {
			rc = BD_EXIT_USAGE;
			break;
		}
		if (i)
			fputc('\n', stdout);
		rc = fn(&m, (uint32_t)r, arg);
	}
	model_release(&m);
	return rc;
}

int cmd_show(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, utf8 = plot_utf8();

	optind = 1;
	while ((opt = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (opt) {
		case 'a':
			utf8 = 0;
			break;
		case 'h':
			fputs(usage, stdout);
			return BD_EXIT_OK;
		default:
			return cli_usage_error(c, "show", "unknown option");
		}
	}
	return cli_each_run(c, "show", argc - optind, argv + optind, show_one, &utf8);
}
