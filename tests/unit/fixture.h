/*
 * fixture.h - the parser tests' assertions (after cmocka.h): a measurement's
 * value, direction, unit and printed span found by its export metric name,
 * and raw-byte imports. The fresh model per test is helpers.h's model_fixture.
 */
#ifndef BD_TESTS_FIXTURE_H
#define BD_TESTS_FIXTURE_H

#include <math.h>

#include "helpers.h"

/* The measurement `metric` of `run`; the test fails when there is none. */
static inline const struct measurement *must_find(const struct model *m, uint32_t run,
						  const char *metric)
{
	const struct measurement *me = find_meas(m, run, metric);

	if (!me)
		fail_msg("run %u has no %s", (unsigned)run, metric);
	return me;
}

/* `metric` of `run` is exactly the double nearest `want` (as the printed decimal is). */
static inline void assert_exact(const struct model *m, uint32_t run, const char *metric, double want)
{
	const struct measurement *me = must_find(m, run, metric);

	if (me->value != want)
		fail_msg("run %u %s = %.17g, want %.17g", (unsigned)run, metric, me->value, want);
}

static inline void assert_meas(const struct model *m, uint32_t run, const char *metric, double want,
			       enum unit unit, enum direction dir)
{
	const struct measurement *me = must_find(m, run, metric);

	assert_exact(m, run, metric, want);
	if (me->unit != unit || me->dir != dir)
		fail_msg("run %u %s: unit %s direction %s, want %s %s", (unsigned)run, metric,
			 unit_name(me->unit), dir_name(me->dir), unit_name(unit), dir_name(dir));
}

/* The index of the first run whose benchmark is `subject` (from `from` on); fails when none. */
static inline uint32_t run_of(const struct model *m, const char *subject, uint32_t from)
{
	for (uint32_t i = from; i < m->rs.nruns; i++)
		if (!strcmp(m->rs.runs[i].subject, subject))
			return i;
	fail_msg("no run of benchmark %s", subject);
	return 0;
}

/*
 * The run of benchmark `subject` in variant `variant` that has a
 * measurement of `quantity` (NULL: any run of the two); fails when none.
 * A comparer's table has a run per benchmark, column and unit.
 */
static inline uint32_t run_in(const struct model *m, const char *subject, const char *variant,
			      const char *quantity)
{
	for (uint32_t i = 0; i < m->rs.nruns; i++) {
		if (strcmp(m->rs.runs[i].subject, subject) || strcmp(m->rs.runs[i].variant.text, variant))
			continue;
		if (!quantity)
			return i;
		for (size_t k = 0; k < m->rs.nmeas; k++)
			if (m->rs.meas[k].run == i && !strcmp(m->rs.meas[k].quantity, quantity))
				return i;
	}
	fail_msg("no run of %s in %s with %s", subject, variant, quantity ? quantity : "a figure");
	return 0;
}

/* Does a note of `kind` on `run` contain `text`? */
static inline int has_note(const struct model *m, uint32_t run, enum note_kind kind, const char *text)
{
	struct buf b = BUF_INIT;
	int found;

	notes_of(m, run, kind, &b);
	found = b.len && strstr(b.s, text) != NULL;
	buf_release(&b);
	return found;
}

/* Every measurement's byte span holds the number it was read from: check(span) is 0. */
static inline void assert_spans(struct model *m, int (*check)(const char *s, size_t n))
{
	size_t len;
	const char *text = model_source_text(m, 0, &len);

	for (size_t i = 0; i < m->rs.nmeas; i++) {
		const struct measurement *me = &m->rs.meas[i];

		if (!me->length)
			fail_msg("measurement %zu (%s) has no span", i, me->quantity);
		assert_true(me->offset + me->length <= len);
		if (check(text + me->offset, me->length) != 0)
			fail_msg("measurement %zu (%s): span \"%.*s\" is not its number", i, me->quantity,
				 (int)me->length, text + me->offset);
	}
}

/* Import `len` bytes (NULs and invalid UTF-8 included) as an input called `name`. */
static inline void import_bytes(struct model *m, const char *name, const char *text, size_t len,
				struct diag *d)
{
	struct import_input in = { name, xmalloc(len ? len : 1), len };
	struct import_opts o = { NULL, NULL, NULL, 0 };
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
