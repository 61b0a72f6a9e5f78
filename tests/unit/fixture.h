/*
 * fixture.h - the cmocka fixture the parser tests share (a fresh model and
 * diagnostics per test) and assertions on measurements by metric name.
 * Include after <cmocka.h> and its prerequisites.
 */
#ifndef BD_TESTS_FIXTURE_H
#define BD_TESTS_FIXTURE_H

#include <math.h>

#include "helpers.h"

struct fixture {
	struct model m;
	struct diag d;
};

static inline int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	model_init(&f->m);
	*state = f;
	return 0;
}

static inline int teardown(void **state)
{
	struct fixture *f = *state;

	model_release(&f->m);
	diag_release(&f->d);
	free(f);
	return 0;
}

/* Import `len` bytes (NULs and invalid UTF-8 included) as an input called `name`. */
static inline void import_bytes(struct model *m, const char *name, const char *text, size_t len,
				struct diag *d)
{
	struct import_input in = { name, xmalloc(len ? len : 1), len };
	struct import_opts o = { NULL, NULL };
	struct import_result res;

	memcpy(in.text, text, len);
	import_texts(m, &in, 1, &o, &res, d);
	import_result_release(&res);
}

/* Run `run` has `metric`, equal to `want` (to 1e-12 relative). */
static inline void assert_value(const struct model *m, uint32_t run, const char *metric, double want)
{
	const struct measurement *me = find_meas(m, run, metric);

	if (!me)
		fail_msg("run %u has no %s", (unsigned)run, metric);
	if (fabs(me->value - want) > 1e-12 * fabs(want) + 1e-15)
		fail_msg("run %u %s = %.17g, want %.17g", (unsigned)run, metric, me->value, want);
}

/* The printed text of a measurement in its source, copied into out[0..size). */
static inline const char *printed(struct model *m, const struct measurement *me, char *out,
				  size_t size)
{
	size_t len;
	const char *text = model_source_text(m, m->rs.runs[me->run].source, &len);

	if (!me->length || me->length >= size || me->offset + me->length > len)
		fail_msg("measurement %s has no usable span", me->quantity);
	memcpy(out, text + me->offset, me->length);
	out[me->length] = '\0';
	return out;
}

#endif
