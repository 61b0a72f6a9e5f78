/*
 * helpers.h - shared by the unit tests: import a text or a sample file into
 * a fresh model, find runs and measurements by name.
 */
#ifndef BD_TESTS_HELPERS_H
#define BD_TESTS_HELPERS_H

#include <stdlib.h>
#include <string.h>

#include "parsers/names.h"
#include "parsers/units.h"
#include "store/import.h"
#include "util/buf.h"
#include "util/fsutil.h"

/* A fresh model and diagnostics per test: cmocka setup/teardown. */
struct model_fixture {
	struct model m;
	struct diag d;
};

static inline int model_fixture_setup(void **state)
{
	struct model_fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	model_init(&f->m);
	*state = f;
	return 0;
}

static inline int model_fixture_teardown(void **state)
{
	struct model_fixture *f = *state;

	model_release(&f->m);
	diag_release(&f->d);
	free(f);
	return 0;
}

/* Import `text` as an input called `name` into `m`; warnings land in *d. */
static inline void import_string(struct model *m, const char *name, const char *text,
				 struct diag *d)
{
	struct import_input in = { name, xstrdup(text), strlen(text) };
	struct import_opts o = { NULL, NULL, NULL, 0 };
	struct import_result res;

	import_texts(m, &in, 1, &o, &res, d);
	import_result_release(&res);
}

/* Import a sample, by its path from the top of the tree (tests run in tests/unit). */
static inline void import_sample(struct model *m, const char *path, struct diag *d)
{
	struct buf p = BUF_INIT, text = BUF_INIT;
	struct import_input in = { NULL, NULL, 0, NULL };
	struct import_opts o = { NULL, NULL, NULL, 0 };
	struct import_result res;

	buf_addf(&p, "../../%s", path);
	if (file_read(p.s, &text, d) < 0)
		abort();
	in.name = path;
	in.text = buf_detach(&text, &in.len);
	import_texts(m, &in, 1, &o, &res, d);
	import_result_release(&res);
	buf_release(&p);
}

/* The measurement of run `run` with this export metric name, or NULL. */
static inline const struct measurement *find_meas(const struct model *m, uint32_t run,
						  const char *metric)
{
	struct buf b = BUF_INIT;
	const struct measurement *found = NULL;

	for (size_t i = 0; i < m->rs.nmeas && !found; i++) {
		const struct measurement *me = &m->rs.meas[i];

		if (me->run != run)
			continue;
		buf_reset(&b);
		metric_name(&b, m->rs.runs[run].subject, me->quantity, me->stat);
		if (!strcmp(b.s, metric))
			found = me;
	}
	buf_release(&b);
	return found;
}

static inline size_t count_meas(const struct model *m, uint32_t run)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rs.nmeas; i++)
		n += m->rs.meas[i].run == run;
	return n;
}

/* The notes of a run of one kind, joined by '\n' into *out. */
static inline size_t notes_of(const struct model *m, uint32_t run, enum note_kind kind,
			      struct buf *out)
{
	size_t n = 0;

	for (size_t i = 0; i < m->rs.nnotes; i++) {
		if (m->rs.notes[i].run == run && m->rs.notes[i].kind == kind) {
			buf_adds(out, m->rs.notes[i].text);
			buf_addc(out, '\n');
			n++;
		}
	}
	return n;
}

/* 1 when some warning mentions line `line` and contains `text`. */
static inline int has_warning(const struct diag *d, uint32_t line, const char *text)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].line == line && strstr(d->v[i].text, text))
			return 1;
	return 0;
}

#endif
