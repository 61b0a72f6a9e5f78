/*
 * export.c - `benchdelta export [-e EXP] -f tsv|csv|json`: every
 * measurement with its experiment, run, variant and scenario, values in SI
 * units printed so that they read back to the same double.
 */
#include <getopt.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "parsers/names.h"
#include "parsers/units.h"
#include "util/csvio.h"

static const char usage[] =
	"usage: benchdelta export [-e EXP] -f tsv|csv|json\n"
	"\n"
	"  -f, --format FMT      tsv or csv: one line per measurement;\n"
	"                        json: experiments, their runs, measurements, notes and samples\n"
	"  -e, --experiment EXP  only this experiment\n";

static const char *const columns[] = { "experiment", "run",   "format", "variant", "scenario",
				       "metric",     "unit",  "value",  "n",       "direction" };

/* TSV has no quoting: a tab or newline inside a field becomes a space. */
static void tsv_field(struct buf *b, const char *s, int last)
{
	for (; *s; s++)
		buf_addc(b, *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
	buf_addc(b, last ? '\n' : '\t');
}

static void flat(const struct model *m, const struct experiment *only, int csv)
{
	struct buf out = BUF_INIT, metric = BUF_INIT;
	struct byrun bm;

	byrun_build(&bm, m->rs.meas, m->rs.nmeas, sizeof(*m->rs.meas),
		    offsetof(struct measurement, run), m->rs.nruns);
	if (csv) {
		csvio_row(&out, columns, countof(columns));
	} else {
		for (size_t i = 0; i < countof(columns); i++)
			tsv_field(&out, columns[i], i + 1 == countof(columns));
	}
	for (size_t e = 0; e < m->nexps; e++) {
		const struct experiment *x = &m->exps[e];

		if (only && only != x)
			continue;
		for (size_t k = 0; k < x->nruns; k++) {
			const struct run *r = &m->rs.runs[x->runs[k]];

			for (uint32_t j = bm.start[x->runs[k]]; j < bm.start[x->runs[k] + 1]; j++) {
				const struct measurement *me = &m->rs.meas[bm.order[j]];
				char value[32], n[16];

				buf_reset(&metric);
				metric_name(&metric, r->subject, me->quantity, me->stat);
				num_exact(me->value, value);
				snprintf(n, sizeof(n), "%u", (unsigned)me->n);
				const char *f[] = { x->name,             r->id,           fmt_name(r->fmt),
						    r->eff_variant.text, r->eff_scenario, metric.s,
						    unit_name(me->unit), value,           n,
						    dir_name(me->dir) };
				if (csv) {
					csvio_row(&out, f, countof(f));
				} else {
					for (size_t c = 0; c < countof(f); c++)
						tsv_field(&out, f[c], c + 1 == countof(f));
				}
				if (out.len > (1u << 20)) {
					fwrite(out.s, 1, out.len, stdout);
					buf_reset(&out);
				}
			}
		}
	}
	fwrite(buf_str(&out), 1, out.len, stdout);
	buf_release(&out);
	buf_release(&metric);
	byrun_release(&bm);
}

static json_t *run_json(const struct model *m, uint32_t ri, const struct byrun *bm,
			const struct byrun *bn, const struct byrun *bs)
{
	const struct run *r = &m->rs.runs[ri];
	const struct source *s = &m->sources[r->source];
	json_t *jr = json_object(), *jm = json_array(), *jn = json_array(), *js = json_object();
	struct buf metric = BUF_INIT;

	json_object_set_new(jr, "id", json_string(r->id));
	json_object_set_new(jr, "format", json_string(fmt_name(r->fmt)));
	json_object_set_new(jr, "variant", json_string(r->eff_variant.text));
	json_object_set_new(jr, "variant_origin", json_string(vorigin_name(r->eff_variant.origin)));
	json_object_set_new(jr, "scenario", json_string(r->eff_scenario));
	json_object_set_new(jr, "subject", json_string(r->subject));
	json_object_set_new(jr, "command", json_string(r->command));
	json_object_set_new(jr, "source", json_string(s->name));
	json_object_set_new(jr, "source_hash", json_string(s->hash));
	json_object_set_new(jr, "first_line", json_integer(r->first_line));
	json_object_set_new(jr, "last_line", json_integer(r->last_line));
	json_object_set_new(jr, "incomplete", json_boolean(r->flags & RUN_INCOMPLETE));
	json_object_set_new(jr, "failed", json_boolean(r->flags & RUN_FAILED));
	json_object_set_new(jr, "hand_written", json_boolean(r->flags & RUN_HAND));
	json_object_set_new(jr, "approximate", json_boolean(r->flags & RUN_APPROX));
	json_object_set_new(jr, "upper_bound", json_boolean(r->flags & RUN_UPPER));
	json_object_set_new(jr, "lower_bound", json_boolean(r->flags & RUN_LOWER));
	for (uint32_t k = bm->start[ri]; k < bm->start[ri + 1]; k++) {
		const struct measurement *me = &m->rs.meas[bm->order[k]];
		json_t *o = json_object();

		buf_reset(&metric);
		metric_name(&metric, r->subject, me->quantity, me->stat);
		json_object_set_new(o, "metric", json_string(metric.s));
		json_object_set_new(o, "quantity", json_string(me->quantity));
		json_object_set_new(o, "stat", json_string(stat_name(me->stat)));
		json_object_set_new(o, "unit", json_string(unit_name(me->unit)));
		json_object_set_new(o, "value", json_real(me->value));
		json_object_set_new(o, "n", json_integer(me->n));
		json_object_set_new(o, "direction", json_string(dir_name(me->dir)));
		json_array_append_new(jm, o);
	}
	for (uint32_t k = bn->start[ri]; k < bn->start[ri + 1]; k++) {
		const struct note *nt = &m->rs.notes[bn->order[k]];
		json_t *o = json_object();

		json_object_set_new(o, "kind", json_string(note_kind_name(nt->kind)));
		json_object_set_new(o, "line", json_integer(nt->line));
		json_object_set_new(o, "text", json_string(nt->text));
		json_array_append_new(jn, o);
	}
	for (uint32_t k = bs->start[ri]; k < bs->start[ri + 1]; k++) {
		const struct sample *sm = &m->rs.samples[bs->order[k]];
		json_t *arr = json_object_get(js, sm->quantity);

		if (!arr) {
			arr = json_array();
			json_object_set_new(js, sm->quantity, arr);
		}
		json_array_append_new(arr, json_real(sm->value));
	}
	json_object_set_new(jr, "measurements", jm);
	json_object_set_new(jr, "notes", jn);
	json_object_set_new(jr, "samples", js);
	buf_release(&metric);
	return jr;
}

/* The experiment's environment facts: {"cpu": ["AMD Ryzen 9 5900x"], ...}. */
static json_t *facts_json(const struct model *m, const struct experiment *x)
{
	json_t *o = json_object();

	for (size_t i = 0; i < m->rs.nfacts; i++) {
		const struct fact *f = &m->rs.facts[i];
		json_t *arr;

		if (!model_fact_in(x, f))
			continue;
		arr = json_object_get(o, f->key);
		if (!arr) {
			arr = json_array();
			json_object_set_new(o, f->key, arr);
		}
		json_array_append_new(arr, json_string(f->value));
	}
	return o;
}

static int as_json(const struct model *m, const struct experiment *only)
{
	struct byrun bm, bn, bs;
	json_t *root = json_object(), *exps = json_array();
	int rc;

	byrun_build(&bm, m->rs.meas, m->rs.nmeas, sizeof(*m->rs.meas),
		    offsetof(struct measurement, run), m->rs.nruns);
	byrun_build(&bn, m->rs.notes, m->rs.nnotes, sizeof(*m->rs.notes), offsetof(struct note, run),
		    m->rs.nruns);
	byrun_build(&bs, m->rs.samples, m->rs.nsamples, sizeof(*m->rs.samples),
		    offsetof(struct sample, run), m->rs.nruns);
	json_object_set_new(root, "schema", json_integer(1));
	for (size_t e = 0; e < m->nexps; e++) {
		const struct experiment *x = &m->exps[e];
		json_t *je = json_object(), *jv = json_array(), *jr = json_array();

		if (only && only != x) {
			json_decref(je);
			json_decref(jv);
			json_decref(jr);
			continue;
		}
		json_object_set_new(je, "name", json_string(x->name));
		{
			/* the baseline as the variants list names it, never its internal key */
			const struct variant_info *bv = model_variant(x, x->baseline);

			json_object_set_new(je, "baseline", json_string(bv ? bv->text : x->baseline));
		}
		for (size_t v = 0; v < x->nvariants; v++)
			json_array_append_new(jv, json_string(x->variants[v].text));
		for (size_t k = 0; k < x->nruns; k++)
			json_array_append_new(jr, run_json(m, x->runs[k], &bm, &bn, &bs));
		json_object_set_new(je, "variants", jv);
		json_object_set_new(je, "facts", facts_json(m, x));
		json_object_set_new(je, "runs", jr);
		json_array_append_new(exps, je);
	}
	json_object_set_new(root, "experiments", exps);
	rc = json_dumpf(root, stdout, JSON_INDENT(2) | JSON_REAL_PRECISION(17)) == 0 ? 0 : -1;
	fputc('\n', stdout);
	json_decref(root);
	byrun_release(&bm);
	byrun_release(&bn);
	byrun_release(&bs);
	return rc;
}

int cmd_export(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "experiment", required_argument, NULL, 'e' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *fmt = NULL, *exp = NULL;
	const struct experiment *only;
	struct model m;
	int opt, rc;

	optind = 1;
	while ((opt = getopt_long(argc, argv, "e:f:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'e':
			exp = optarg;
			break;
		case 'f':
			fmt = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return BD_EXIT_OK;
		default:
			return cli_usage_error(c, "export", "unknown option");
		}
	}
	if (optind < argc)
		return cli_usage_error(c, "export", "unexpected argument '%s'", argv[optind]);
	if (!fmt)
		return cli_usage_error(c, "export", "choose a format: -f tsv, -f csv or -f json");
	if (strcmp(fmt, "tsv") && strcmp(fmt, "csv") && strcmp(fmt, "json"))
		return cli_usage_error(c, "export", "unknown format '%s' (tsv, csv or json)", fmt);

	model_init(&m);
	rc = cli_load_experiment(c, &m, exp, &only);
	if (rc == BD_EXIT_OK) {
		if (!strcmp(fmt, "json"))
			rc = as_json(&m, only) < 0 ? BD_EXIT_INPUT : BD_EXIT_OK;
		else
			flat(&m, only, !strcmp(fmt, "csv"));
	}
	model_release(&m);
	return rc;
}
