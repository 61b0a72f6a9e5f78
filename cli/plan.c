/*
 * plan.c - the import plan as text; see plan.h.
 */
#include "cli/plan.h"

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "util/buf.h"
#include "util/fmt.h"
#include "util/spread.h"
#include "util/text.h"

/* The input's name as given, made safe to print (text_clean). Valid until the next call. */
static const char *input_name(const struct import_input *in, uint32_t i)
{
	static struct buf b;
	const char *name = strcmp(in[i].name, "-") ? in[i].name : "<stdin>";

	if (!text_has_control(name, strlen(name)))
		return name;
	buf_reset(&b);
	text_clean(&b, name, strlen(name));
	return buf_str(&b);
}

#define PLAN_PIECE (64u << 10)

/* A string and its length, for the pieces of a plan line. */
struct piece {
	const char *s;
	size_t n;
};

static struct piece piece(const char *s)
{
	struct piece p = { s, strlen(s) };

	return p;
}

/*
 * The pieces of the line before, by address: a block's runs, and the
 * blocks of a text, mostly point at the same strings (the source's name,
 * a variant's text, a scenario, the names of the origins), whose lengths
 * are then not taken again. A string is not changed while its plan is
 * printed, so the same address is the same length. Each format_items()
 * keeps its own (a thread's part of the plan).
 */
struct piece_memo {
	struct piece name, variant, origin, scenario, subject;
};

static struct piece piece_memo(struct piece *last, const char *s)
{
	if (s != last->s)
		*last = piece(s);
	return *last;
}

#define LIT(w, lit) (memcpy((w), (lit), sizeof(lit) - 1), (w) + sizeof(lit) - 1)
#define PUT(w, pc) (memcpy((w), (pc).s, (pc).n), (w) + (pc).n)

/*
 * One run's line onto *b, written into room made once: a plan may hold
 * millions of lines, each a dozen pieces, so the pieces' lengths are taken
 * first and the bytes copied without a check each.
 */
static void run_line(struct buf *b, struct piece_memo *pm, struct piece fmt, const struct run *run, size_t n,
		     const char *metric_of)
{
	struct piece name = pm->name, variant = piece_memo(&pm->variant, run->eff_variant.text);
	struct piece origin = piece_memo(&pm->origin, vorigin_name(run->eff_variant.origin));
	struct piece scenario = piece_memo(&pm->scenario, run->eff_scenario);
	struct piece subject = piece_memo(&pm->subject, run->subject), metric = { NULL, 0 };
	int line_no = run->name_line && run->eff_variant.origin == run->variant.origin;
	size_t need;
	char *w;

	if (metric_of) /* a table's run: one figure, named here */
		metric = piece(metric_of);
	/* the pieces, four numbers, and the literals below (147 bytes together; buf_grow() adds the NUL) */
	need = name.n + fmt.n + variant.n + origin.n + scenario.n + subject.n + metric.n + 4 * FMT_DECIMAL_MAX + 160;
	if (b->cap - b->len <= need) /* (as buf_add() asks: most lines fit in the room left) */
		buf_grow(b, need);
	w = b->s + b->len;
	w = PUT(w, name);
	*w++ = ':';
	w += fmt_decimal(w, run->first_line);
	*w++ = '-';
	w += fmt_decimal(w, run->last_line);
	w = LIT(w, "  ");
	w = PUT(w, fmt);
	w = LIT(w, "  variant \"");
	w = PUT(w, variant);
	w = LIT(w, "\" (");
	w = PUT(w, origin);
	/* the line the naming pass took the name from, unless an edit named it */
	if (line_no) {
		w = LIT(w, ", line ");
		w += fmt_decimal(w, run->name_line);
	}
	*w++ = ')';
	if (scenario.n) {
		w = LIT(w, "  scenario \"");
		w = PUT(w, scenario);
		*w++ = '"';
	}
	if (subject.n) {
		w = LIT(w, "  benchmark \"");
		w = PUT(w, subject);
		*w++ = '"';
	}
	if (metric.n) {
		w = LIT(w, "  metric \"");
		w = PUT(w, metric);
		*w++ = '"';
	}
	w = LIT(w, "  ");
	w += fmt_decimal(w, n);
	if (n == 1)
		w = LIT(w, " measurement");
	else
		w = LIT(w, " measurements");
	/* the words of record.h's RUN_FLAGS table, each after two blanks */
#define FLAG_LIT_(e, bit, word)                                                                    \
	if (run->flags & RUN_##e)                                                                  \
		w = LIT(w, "  " word);
	RUN_FLAGS(FLAG_LIT_)
#undef FLAG_LIT_
	*w++ = '\n';
	*w = '\0';
	b->len = (size_t)(w - b->s);
}

/* What the plan's lines are made of, shared by the threads that format them (read only). */
struct plan_src {
	const struct model *m;
	const struct import_result *res;
	/*
	 * per run; NULL: the run index counts them (model_meas_of_run()),
	 * or with `out_only` the runs alone (no measurement in memory)
	 */
	const size_t *nmeas;
	int out_only;
};

/* Run r's measurements, as ps counts them. */
static size_t meas_of(const struct plan_src *ps, uint32_t r)
{
	if (ps->nmeas)
		return ps->nmeas[r];
	return ps->out_only ? ps->m->rs.runs[r].nmeas_out : model_meas_of_run(ps->m, r);
}

/*
 * The lines of items [from, to) onto *out; with `fp`, written out in
 * pieces of PLAN_PIECE bytes as they fill (else all kept in *out).
 */
static void format_items(const struct plan_src *ps, size_t from, size_t to, struct buf *out, FILE *fp)
{
	const struct model *m = ps->m;
	const struct import_result *res = ps->res;
	struct piece fmt = { NULL, 0 };
	struct piece_memo pm = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
	enum fmt fmt_of = FMT_NONE;

	for (size_t i = from; i < to; i++) {
		const struct import_item *it = &res->items[i];
		const struct source *s;
		long src = res->inputs[it->input].source;

		if (fp && out->len >= PLAN_PIECE) { /* written in pieces, not a few lines at a time */
			fwrite(out->s, 1, out->len, fp);
			buf_reset(out);
		}
		if (src < 0)
			continue;
		s = &m->sources[src];
		if (it->repeat_of) {
			buf_addf(out, "%s:%u-%u  %s  repeats line %u (a quote?); skipped\n", s->name,
				 (unsigned)it->first_line, (unsigned)it->last_line, fmt_name(it->fmt),
				 (unsigned)it->repeat_of);
			continue;
		}
		if (it->duplicate) {
			buf_addf(out, "%s:%u-%u  %s  already stored\n", s->name, (unsigned)it->first_line,
				 (unsigned)it->last_line, fmt_name(it->fmt));
			continue;
		}
		if (it->repeats != FMT_NONE) {
			buf_addf(out, "%s:%u-%u  %s  repeats the %s results %s; skipped\n", s->name,
				 (unsigned)it->first_line, (unsigned)it->last_line, fmt_name(it->fmt),
				 fmt_name(it->repeats), it->repeats_where < 0 ? "above" : it->repeats_where > 0 ? "below" : "around it");
			continue;
		}
		/* a block that gave nothing was prose after all, or its warnings said why */
		if (it->run_from == it->run_to)
			continue;
		piece_memo(&pm.name, s->name);
		for (uint32_t r = it->run_from; r < it->run_to; r++) {
			const struct run *run = &m->rs.runs[r];

			if (!fmt.s || run->fmt != fmt_of) {
				fmt_of = run->fmt;
				fmt = piece(fmt_name(fmt_of));
			}
			run_line(out, &pm, fmt, run, meas_of(ps, r), it->metrics ? it->metrics[r - it->run_from] : NULL);
		}
	}
}

/*
 * A large plan is formatted by two threads, a part of about PART_RUNS
 * runs at a time: each takes the next part, formats it into a buffer of
 * its own and writes it once every part before it is written, so the
 * bytes written are the same. A part waits until the runs it shows are
 * final (plan_resolved()): the second thread begins while the model is
 * still being resolved, the caller joins it at plan_end().
 */
#define PART_RUNS 1024
#define PLAN_LINE_GUESS 96 /* bytes of a run's line, to weigh a plan against spread_worth() */

struct plan_job {
	struct plan_src ps;
	size_t *own_nmeas; /* ps.nmeas when the job counted them (heap), else NULL */
	FILE *fp;
	size_t *cut;    /* part k is items [cut[k], cut[k + 1]) */
	uint32_t *need; /* part k shows runs below need[k] */
	size_t nparts;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	size_t resolved; /* runs [0, resolved) are final */
	size_t next;     /* the part taken next */
	size_t written;  /* parts written */
	pthread_t th;
};

/* Format and write parts as they come, until none is left (a thread's body: arg is the job). */
static void *format_parts(void *arg)
{
	struct plan_job *j = arg;
	struct buf b = BUF_INIT;

	for (;;) {
		size_t k;

		pthread_mutex_lock(&j->lock);
		k = j->next < j->nparts ? j->next++ : j->nparts;
		while (k < j->nparts && j->resolved < j->need[k])
			pthread_cond_wait(&j->changed, &j->lock);
		pthread_mutex_unlock(&j->lock);
		if (k == j->nparts)
			break;
		buf_reset(&b);
		format_items(&j->ps, j->cut[k], j->cut[k + 1], &b, NULL);
		pthread_mutex_lock(&j->lock);
		while (j->written != k)
			pthread_cond_wait(&j->changed, &j->lock);
		pthread_mutex_unlock(&j->lock);
		if (b.len)
			fwrite(b.s, 1, b.len, j->fp);
		pthread_mutex_lock(&j->lock);
		j->written++;
		pthread_cond_broadcast(&j->changed);
		pthread_mutex_unlock(&j->lock);
	}
	buf_release(&b);
	return NULL;
}

/* The items cut into parts of about PART_RUNS runs, and the runs each shows (*need); the caller frees both. */
static size_t cut_parts(const struct import_result *res, size_t **cut, uint32_t **need)
{
	size_t n = 0, cap = 0, ncap = 0, runs = 0;
	uint32_t top = 0;

	*cut = NULL;
	*need = NULL;
	ALLOC_GROW(*cut, n + 1, cap);
	(*cut)[n++] = 0;
	for (size_t i = 0; i < res->nitems; i++) {
		runs += res->items[i].run_to - res->items[i].run_from + 1;
		if (res->items[i].run_to > top)
			top = res->items[i].run_to;
		if (runs >= PART_RUNS && i + 1 < res->nitems) {
			ALLOC_GROW(*cut, n + 1, cap);
			ALLOC_GROW(*need, n, ncap);
			(*need)[n - 1] = top;
			(*cut)[n++] = i + 1;
			runs = 0;
		}
	}
	ALLOC_GROW(*cut, n + 1, cap);
	ALLOC_GROW(*need, n, ncap);
	(*need)[n - 1] = top;
	(*cut)[n++] = res->nitems;
	return n - 1;
}

static void job_free(struct plan_job *j)
{
	pthread_cond_destroy(&j->changed);
	pthread_mutex_destroy(&j->lock);
	free(j->own_nmeas);
	free(j->cut);
	free(j->need);
	free(j);
}

/*
 * A job over two threads, its second begun, or NULL when the plan is not
 * worth one (or none could be had). Each run's measurements come from the
 * run index only when `index_ok` (it is fresh and stays so); else they
 * are counted here, or read off the runs when none is in memory.
 */
static struct plan_job *job_begin(const struct model *m, const struct import_result *res, FILE *fp,
				  int index_ok)
{
	struct plan_job *j;

	if (!spread_worth(m->rs.nruns * PLAN_LINE_GUESS))
		return NULL;
	j = xcalloc(1, sizeof(*j));
	j->ps.m = m;
	j->ps.res = res;
	j->fp = fp;
	j->nparts = cut_parts(res, &j->cut, &j->need);
	pthread_mutex_init(&j->lock, NULL);
	pthread_cond_init(&j->changed, NULL);
	if (j->nparts < 2) { /* one part: not worth a thread */
		job_free(j);
		return NULL;
	}
	if (!index_ok && m->rs.nmeas)
		j->ps.nmeas = j->own_nmeas = model_meas_per_run(m);
	else if (!index_ok)
		j->ps.out_only = 1;
	if (pthread_create(&j->th, NULL, format_parts, j)) {
		job_free(j);
		return NULL;
	}
	return j;
}

struct plan_job *plan_begin(const struct model *m, const struct import_result *res, FILE *fp)
{
	return job_begin(m, res, fp, 0);
}

void plan_resolved(struct plan_job *j, size_t upto)
{
	pthread_mutex_lock(&j->lock);
	j->resolved = upto;
	pthread_cond_broadcast(&j->changed);
	pthread_mutex_unlock(&j->lock);
}

void plan_end(struct plan_job *j)
{
	plan_resolved(j, SIZE_MAX); /* every run final, whatever a part asked */
	format_parts(j); /* the caller takes parts too, until none is left */
	pthread_join(j->th, NULL);
	job_free(j);
}

void plan_print(const struct model *m, const struct import_result *res, FILE *fp)
{
	/* (with the run index fresh, as model_resolve() leaves it, no pass over the runs to count) */
	int fresh = model_indexes_fresh(m);
	struct plan_job *j = job_begin(m, res, fp, fresh);
	size_t *nmeas;
	struct plan_src ps = { m, res, NULL, 0 };
	struct buf line = BUF_INIT;

	if (j) {
		plan_end(j);
		return;
	}
	nmeas = fresh ? NULL : model_meas_per_run(m);
	ps.nmeas = nmeas;
	format_items(&ps, 0, res->nitems, &line, fp);
	if (line.len)
		fwrite(line.s, 1, line.len, fp);
	buf_release(&line);
	free(nmeas);
}

void plan_summary(const struct model *m, const struct import_result *res,
		  const struct import_input *in, int dry, long edit, int unsaid, FILE *fp)
{
	/* each source's facts, and the first experiment its runs name: one pass each, not one an input */
	const char **first_exp = xcalloc(m->nsources ? m->nsources : 1, sizeof(*first_exp));
	struct byrun facts;

	byrun_build(&facts, m->rs.facts, m->rs.nfacts, sizeof(*m->rs.facts), offsetof(struct fact, source),
		    m->nsources);
	if (model_indexes_fresh(m)) {
		/* each input's source's runs, ascending, up to the first that names one (not a pass over all runs) */
		for (size_t i = 0; i < res->ninputs; i++) {
			long s = res->inputs[i].source;

			for (uint32_t k = s < 0 ? 0 : m->runs_by_source.start[s];
			     s >= 0 && !first_exp[s] && k < m->runs_by_source.start[s + 1]; k++)
				if (*m->rs.runs[m->runs_by_source.order[k]].eff_experiment)
					first_exp[s] = m->rs.runs[m->runs_by_source.order[k]].eff_experiment;
		}
	} else {
		for (size_t r = m->rs.nruns; r-- > 0;)
			if (*m->rs.runs[r].eff_experiment)
				first_exp[m->rs.runs[r].source] = m->rs.runs[r].eff_experiment;
	}
	for (size_t i = 0; i < res->ninputs; i++) {
		const struct import_input_result *ir = &res->inputs[i];
		const char *name = input_name(in, (uint32_t)i);

		switch (ir->status) {
		case IMPORT_NEW: {
			const struct source *s = &m->sources[ir->source];
			struct buf keys = BUF_INIT;
			size_t nfacts = 0;

			for (uint32_t k = facts.start[ir->source]; k < facts.start[ir->source + 1]; k++) {
				const struct fact *ft = &m->rs.facts[facts.order[k]];

				if (!text_contains(keys.s ? keys.s : "", keys.len, ft->key)) {
					if (keys.len)
						buf_adds(&keys, ", ");
					buf_adds(&keys, ft->key);
				}
				nfacts++;
			}
			if (nfacts)
				fprintf(fp, "%s: environment: %zu fact%s (%s)\n", name, nfacts,
					nfacts == 1 ? "" : "s", keys.s);
			buf_release(&keys);
			if (ir->not_stored) { /* its error says why */
				fprintf(fp, "%s: not stored (%zu run%s, %zu measurement%s read)\n", name,
					ir->nruns, ir->nruns == 1 ? "" : "s", ir->nmeas, ir->nmeas == 1 ? "" : "s");
				break;
			}
			const char *exp = *s->flag_experiment ? s->flag_experiment : "";

			if (!*exp && first_exp[ir->source])
				exp = first_exp[ir->source];
			fprintf(fp, "%s %s: %zu run%s, %zu measurement%s", dry ? "would import" : "imported",
				name, ir->nruns, ir->nruns == 1 ? "" : "s", ir->nmeas,
				ir->nmeas == 1 ? "" : "s");
			if (ir->ndup)
				fprintf(fp, " (%zu block%s stored before)", ir->ndup, ir->ndup == 1 ? "" : "s");
			if (ir->experiment)
				exp = ir->experiment;
			fprintf(fp, " into experiment \"%s\"", exp);
			if (ir->exp_note)
				fprintf(fp, " (%s)", ir->exp_note);
			fputc('\n', fp);
			break;
		}
		case IMPORT_SAME_TEXT:
			if (edit > 0 && unsaid) { /* its runs take the names set: an edit, not nothing */
				fprintf(fp, "%s: already imported (the same text): no runs added, its variants "
					"renamed by edit %ld (undo: 'benchdelta undo %ld')\n", name, edit, edit);
				unsaid = 0;
				break;
			}
			if (edit > 0 && !in[i].origin) {
				fprintf(fp, "%s: already imported (the same text): no runs added\n", name);
				break;
			}
			if (in[i].origin)
				break; /* a comment seen before: the thread's line counts them */
			fprintf(fp, "%s: already imported (the same text); nothing added\n", name);
			break;
		case IMPORT_ALL_DUP:
			fprintf(fp, "%s: all %zu block%s stored before; nothing added\n", name, ir->ndup,
				ir->ndup == 1 ? " was" : "s were");
			break;
		case IMPORT_EMPTY:
			break;
		}
	}
	byrun_release(&facts);
	free(first_exp);
	if (dry)
		fputs("dry run: nothing stored\n", fp);
}
