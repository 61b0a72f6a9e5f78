/*
 * fixture.h - the parser tests' assertions (after cmocka.h): a measurement's
 * value, direction and unit found by its export metric name. The fresh model
 * per test is helpers.h's model_fixture.
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

#endif
