/*
 * manage.c - remove, rename and move experiments and imports as journal
 * edits; see manage.h.
 */
#include "store/manage.h"

#include <stdlib.h>
#include <string.h>

void edit_plan_init(struct edit_plan *p)
{
	memset(p, 0, sizeof(*p));
}

void edit_plan_release(struct edit_plan *p)
{
	buf_release(&p->what);
	free(p->rows);
	memset(p, 0, sizeof(*p));
}

static void add(struct edit_plan *p, enum edit_op op, const char *exp, const char *target,
		const char *value)
{
	struct edit_row *r;

	ALLOC_GROW(p->rows, p->n + 1, p->cap);
	r = &p->rows[p->n++];
	memset(r, 0, sizeof(*r));
	r->op = op;
	r->experiment = exp;
	r->target = target;
	r->value = value;
}

/* Runs of import `src`, and how many of them are outside experiment `exp` (NULL: none counted). */
static size_t runs_of(const struct model *m, uint32_t src, const char *exp, size_t *outside)
{
	size_t n = 0;

	*outside = 0;
	for (size_t r = 0; r < m->rs.nruns; r++) {
		if (m->rs.runs[r].source != src)
			continue;
		n++;
		if (exp && strcmp(m->rs.runs[r].eff_experiment, exp))
			(*outside)++;
	}
	return n;
}

const char *manage_import_experiment(const struct model *m, uint32_t src)
{
	for (size_t r = 0; r < m->rs.nruns; r++)
		if (m->rs.runs[r].source == src)
			return m->rs.runs[r].eff_experiment;
	return NULL;
}

static void add_remove(const struct model *m, uint32_t src, const char *exp, size_t nruns,
		       struct edit_plan *p)
{
	const struct source *s = &m->sources[src];

	add(p, EDIT_REMOVE, exp ? exp : "", s->hash, s->instance);
	p->nremoved++;
	p->nruns += nruns;
}

int manage_plan_rm_experiment(const struct model *m, const struct experiment *e,
			      struct edit_plan *p, struct diag *d)
{
	p->command = "rm";
	for (size_t k = 0; k < e->nsources; k++) {
		uint32_t src = e->sources[k];
		size_t outside, n = runs_of(m, src, e->name, &outside);

		if (outside)
			return diag_error(d, NULL, 0,
					  "import %.12s also holds %zu run%s of another experiment; "
					  "move it first ('benchdelta move %.12s EXP')",
					  m->sources[src].hash, outside, outside == 1 ? "" : "s",
					  m->sources[src].hash);
		add_remove(m, src, e->name, n, p);
	}
	buf_addf(&p->what, "experiment \"%s\" removed (%zu import%s, %zu run%s)", e->name, p->nremoved,
		 p->nremoved == 1 ? "" : "s", p->nruns, p->nruns == 1 ? "" : "s");
	return 0;
}

int manage_plan_rm_import(const struct model *m, uint32_t src, struct edit_plan *p, struct diag *d)
{
	size_t outside, n = runs_of(m, src, NULL, &outside);
	const char *exp = manage_import_experiment(m, src);

	(void)d;
	p->command = "rm --import";
	add_remove(m, src, exp, n, p);
	buf_addf(&p->what, "import %.12s (%s) removed: %zu run%s%s%s%s", m->sources[src].hash,
		 m->sources[src].name, n, n == 1 ? "" : "s", exp ? " of \"" : "", exp ? exp : "",
		 exp ? "\"" : "");
	return 0;
}

int manage_plan_rename(const struct model *m, const struct experiment *e, const char *to,
		       struct edit_plan *p, struct diag *d)
{
	const char *baseline = NULL;

	p->command = "rename-experiment";
	if (!*to)
		return diag_error(d, NULL, 0, "the new name is empty");
	if (!strcmp(e->name, to))
		return diag_error(d, NULL, 0, "experiment \"%s\" has that name already", to);
	if (model_experiment(m, to))
		return diag_error(d, NULL, 0, MANAGE_RENAME_TAKEN, to);
	for (size_t k = 0; k < e->nsources; k++) {
		size_t outside, n = runs_of(m, e->sources[k], e->name, &outside);

		if (outside)
			return diag_error(d, NULL, 0,
					  "import %.12s also holds runs of another experiment; move it first",
					  m->sources[e->sources[k]].hash);
		add(p, EDIT_EXPERIMENT, "", m->sources[e->sources[k]].hash, to);
		p->nruns += n;
	}
	/* what the user set in it follows the new name */
	for (size_t k = 0; k < m->naliases; k++)
		if (!strcmp(m->aliases[k].experiment, e->name))
			add(p, EDIT_ALIAS, to, m->aliases[k].from, m->aliases[k].to);
	for (size_t k = 0; k < m->ntags; k++)
		if (!strcmp(m->tags[k].experiment, e->name))
			add(p, EDIT_TAG, to, m->tags[k].variant, m->tags[k].value);
	for (size_t k = 0; k < m->noverrides; k++)
		if (!strcmp(m->overrides[k].kind, "baseline") && !strcmp(m->overrides[k].target, e->name))
			baseline = m->overrides[k].value;
	if (baseline)
		add(p, EDIT_BASELINE, to, "", baseline);
	buf_addf(&p->what, "experiment \"%s\" renamed to \"%s\"", e->name, to);
	return 0;
}

int manage_plan_move(const struct model *m, uint32_t src, const char *to, struct edit_plan *p,
		     struct diag *d)
{
	const char *from = manage_import_experiment(m, src);
	size_t outside, n = runs_of(m, src, NULL, &outside);

	p->command = "move";
	if (!*to)
		return diag_error(d, NULL, 0, "the experiment name is empty");
	if (!n)
		return diag_error(d, NULL, 0, "import %.12s has no runs to move", m->sources[src].hash);
	if (from && !strcmp(from, to))
		return diag_error(d, NULL, 0, "import %.12s is in \"%s\" already", m->sources[src].hash, to);
	add(p, EDIT_EXPERIMENT, "", m->sources[src].hash, to);
	p->nruns = n;
	buf_addf(&p->what, "import %.12s (%s) moved from \"%s\" to %s\"%s\"", m->sources[src].hash,
		 m->sources[src].name, from ? from : "", model_experiment(m, to) ? "" : "new experiment ",
		 to);
	return 0;
}

long manage_commit(struct store *st, struct edit_plan *p, struct diag *d)
{
	return journal_record(st, NULL, p->command, buf_str(&p->what), p->rows, p->n, d);
}

long manage_find_import(const struct model *m, const char *prefix, struct diag *d)
{
	size_t len = strlen(prefix), hits = 0;
	long found = -1;

	if (len < 4 || len > HASH_HEX_LEN || strspn(prefix, "0123456789abcdef") != len)
		return diag_error(d, NULL, 0,
				  "'%s' is not an import id (its first hex digits; see 'benchdelta list imports')",
				  prefix);
	for (size_t s = 0; s < m->nsources; s++) {
		if (!strncmp(m->sources[s].hash, prefix, len)) {
			found = (long)s;
			hits++;
		}
	}
	if (hits == 1)
		return found;
	if (!hits)
		return diag_error(d, NULL, 0, "no import %s (see 'benchdelta list imports')", prefix);
	return diag_error(d, NULL, 0, "%zu imports start with %s; give more digits", hits, prefix);
}
