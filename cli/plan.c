/*
 * plan.c - the import plan as text; see plan.h.
 */
#include "cli/plan.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "util/buf.h"
#include "util/fmt.h"
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

#define LIT(w, lit) (memcpy((w), (lit), sizeof(lit) - 1), (w) + sizeof(lit) - 1)
#define PUT(w, pc) (memcpy((w), (pc).s, (pc).n), (w) + (pc).n)

/*
 * One run's line onto *b, written into room made once: a plan may hold
 * millions of lines, each a dozen pieces, so the pieces' lengths are taken
 * first and the bytes copied without a check each.
 */
static void run_line(struct buf *b, struct piece name, struct piece fmt, const struct run *run, size_t n,
		     const char *metric_of)
{
	struct piece variant = piece(run->eff_variant.text), origin = piece(vorigin_name(run->eff_variant.origin));
	struct piece scenario = piece(run->eff_scenario), subject = piece(run->subject);
	struct piece metric = { NULL, 0 };
	int line_no = run->name_line && run->eff_variant.origin == run->variant.origin;
	char *w;

	if (metric_of) /* a table's run: one figure, named here */
		metric = piece(metric_of);
	/* the pieces, four numbers, and the literals below (147 bytes together; buf_grow() adds the NUL) */
	buf_grow(b, name.n + fmt.n + variant.n + origin.n + scenario.n + subject.n + metric.n + 4 * FMT_DECIMAL_MAX +
			    160);
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

void plan_print(const struct model *m, const struct import_result *res, FILE *fp)
{
	size_t *nmeas = model_meas_per_run(m);
	struct buf line = BUF_INIT;

	for (size_t i = 0; i < res->nitems; i++) {
		const struct import_item *it = &res->items[i];
		const struct source *s;
		long src = res->inputs[it->input].source;
		struct piece name, fmt = { NULL, 0 };
		enum fmt fmt_of = FMT_NONE;

		if (line.len >= PLAN_PIECE) { /* written in pieces, not a few lines at a time */
			fwrite(line.s, 1, line.len, fp);
			buf_reset(&line);
		}
		if (src < 0)
			continue;
		s = &m->sources[src];
		if (it->repeat_of) {
			buf_addf(&line, "%s:%u-%u  %s  repeats line %u (a quote?); skipped\n", s->name,
				 (unsigned)it->first_line, (unsigned)it->last_line, fmt_name(it->fmt),
				 (unsigned)it->repeat_of);
			continue;
		}
		if (it->duplicate) {
			buf_addf(&line, "%s:%u-%u  %s  already stored\n", s->name, (unsigned)it->first_line,
				 (unsigned)it->last_line, fmt_name(it->fmt));
			continue;
		}
		if (it->repeats != FMT_NONE) {
			buf_addf(&line, "%s:%u-%u  %s  repeats the %s results %s; skipped\n", s->name,
				 (unsigned)it->first_line, (unsigned)it->last_line, fmt_name(it->fmt),
				 fmt_name(it->repeats), it->repeats_where < 0 ? "above" : it->repeats_where > 0 ? "below" : "around it");
			continue;
		}
		/* a block that gave nothing was prose after all, or its warnings said why */
		if (it->run_from == it->run_to)
			continue;
		name = piece(s->name);
		for (uint32_t r = it->run_from; r < it->run_to; r++) {
			const struct run *run = &m->rs.runs[r];

			if (!fmt.s || run->fmt != fmt_of) {
				fmt_of = run->fmt;
				fmt = piece(fmt_name(fmt_of));
			}
			run_line(&line, name, fmt, run, nmeas[r], it->metrics ? it->metrics[r - it->run_from] : NULL);
		}
	}
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
	for (size_t r = m->rs.nruns; r-- > 0;)
		if (*m->rs.runs[r].eff_experiment)
			first_exp[m->rs.runs[r].source] = m->rs.runs[r].eff_experiment;
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
