/*
 * test_garbled_digits.c - "0.00O281" never becomes a number, checked on
 * every figure of every sample folder: each printed number in turn gets
 * its first, then its last digit replaced by 'O', and the sample is
 * imported again.
 * Nothing may then be read from that line (its other figures included),
 * and a warning must name it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <glob.h>
#include <stdio.h>

#include "fixture.h"

/* The 1-based line of byte `at`, and the line's byte span. */
static uint32_t line_of(const char *text, size_t len, size_t at, size_t *from, size_t *to)
{
	uint32_t no = 1;

	*from = 0;
	for (size_t i = 0; i < at; i++) {
		if (text[i] == '\n') {
			no++;
			*from = i + 1;
		}
	}
	*to = at;
	while (*to < len && text[*to] != '\n')
		(*to)++;
	return no;
}

/* The offset of the first non-blank byte of the line at `from`. */
static size_t first_byte(const char *text, size_t from)
{
	while (text[from] == ' ' || text[from] == '\t')
		from++;
	return from;
}

/* Is line `no` the first line of a run that is the first of its block? */
static int opens_block(const struct model *m, uint32_t no)
{
	for (uint32_t r = 0; r < m->rs.nruns; r++) {
		int first = 1;

		if (m->rs.runs[r].first_line != no)
			continue;
		for (uint32_t q = 0; q < m->rs.nruns; q++)
			if (!strcmp(m->rs.runs[q].block, m->rs.runs[r].block) &&
			    m->rs.runs[q].first_line < no)
				first = 0;
		if (first)
			return 1;
	}
	return 0;
}

/* Failures are gathered, so that one run names every line a parser gets wrong. */
static size_t failures, figures;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		if (failures++ < 40)                                                               \
			fprintf(stderr, __VA_ARGS__);                                                \
	} while (0)

static void check_sample(const char *path)
{
	struct model orig;
	struct diag d = DIAG_INIT;
	size_t len, checked = 0;
	const char *text;
	char *copy;

	model_init(&orig);
	import_sample(&orig, path, &d);
	diag_release(&d);
	text = model_source_text(&orig, 0, &len);
	copy = xmalloc(len ? len : 1);
	for (size_t i = 0; i < orig.rs.nmeas * 2; i++) {
		const struct measurement *me = &orig.rs.meas[i / 2];
		struct model m;
		size_t at = SIZE_MAX, from, to;
		uint32_t no;

		/* the first digit of the printed number, then its last */
		for (size_t k = me->offset; k < me->offset + me->length; k++)
			if (text[k] >= '0' && text[k] <= '9' && (at == SIZE_MAX || i % 2))
				at = k;
		if (at == SIZE_MAX)
			continue;
		memcpy(copy, text, len);
		copy[at] = 'O';
		no = line_of(copy, len, at, &from, &to);
		model_init(&m);
		import_bytes(&m, path, copy, len, &d);
		for (size_t j = 0; j < m.rs.nmeas; j++) {
			const struct measurement *x = &m.rs.meas[j];

			if (x->length && x->offset >= from && x->offset < to)
				FAIL("%s:%u: '%.*s' garbled, yet %s = %g read from the line\n", path,
					 (unsigned)no, (int)(to - from), copy + from, x->quantity, x->value);
		}
		/*
		 * A line that opens a block, garbled in its first byte, cannot
		 * be told from prose (the segmenter asks the parsers by that
		 * byte): it is not read, and not named either.
		 */
		if (!has_warning(&d, no, "") && !(at == first_byte(copy, from) && opens_block(&orig, no)))
			FAIL("%s:%u: '%.*s' garbled, and no warning names the line\n", path,
				 (unsigned)no, (int)(to - from), copy + from);
		model_release(&m);
		diag_release(&d);
		checked++;
	}
	figures += checked;
	free(copy);
	model_release(&orig);
}

static void check_dir(const char *dir)
{
	glob_t g;
	char pattern[128];

	snprintf(pattern, sizeof(pattern), "../../samples/%s/*", dir);
	assert_int_equal(glob(pattern, 0, NULL, &g), 0);
	assert_true(g.gl_pathc > 3);
	failures = figures = 0;
	for (size_t i = 0; i < g.gl_pathc; i++)
		check_sample(g.gl_pathv[i] + strlen("../../"));
	globfree(&g);
	assert_true(figures > 0);
	if (failures) {
		fprintf(stderr, "%zu garbled figures of samples/%s read or not named\n", failures, dir);
		fail();
	}
}

static void test_bolt(void **state)
{
	(void)state;
	check_dir("bolt");
}

static void test_criterion(void **state)
{
	(void)state;
	check_dir("criterion");
}

static void test_fortio(void **state)
{
	(void)state;
	check_dir("fortio");
}

static void test_gotest(void **state)
{
	(void)state;
	check_dir("gotest");
}

static void test_hyperfine(void **state)
{
	(void)state;
	check_dir("hyperfine");
}

static void test_iperf3(void **state)
{
	(void)state;
	check_dir("iperf3");
}

static void test_issues(void **state)
{
	(void)state;
	check_dir("issues");
}

static void test_libtest(void **state)
{
	(void)state;
	check_dir("libtest");
}

static void test_perf(void **state)
{
	(void)state;
	check_dir("perf");
}

static void test_size(void **state)
{
	(void)state;
	check_dir("size");
}

static void test_time(void **state)
{
	(void)state;
	check_dir("time");
}

/* The folders above; a sample folder not among them fails test_every_folder. */
static const char *const covered[] = {
	"bolt", "criterion", "fortio", "gotest", "hyperfine", "iperf3", "issues", "libtest", "perf", "size",
	"time",
};

static void test_every_folder(void **state)
{
	glob_t g;

	(void)state;
	assert_int_equal(glob("../../samples/*/", 0, NULL, &g), 0);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		const char *name = g.gl_pathv[i] + strlen("../../samples/");
		size_t n = strlen(name) - 1, k;

		if (n == 3 && !strncmp(name, "src", 3)) /* the programs that make samples, not outputs */
			continue;
		for (k = 0; k < countof(covered); k++)
			if (strlen(covered[k]) == n && !strncmp(covered[k], name, n))
				break;
		if (k == countof(covered))
			fail_msg("samples/%.*s is not garbled by this test: add it", (int)n, name);
	}
	globfree(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_folder),
		cmocka_unit_test(test_bolt),
		cmocka_unit_test(test_criterion),
		cmocka_unit_test(test_fortio),
		cmocka_unit_test(test_gotest),
		cmocka_unit_test(test_hyperfine),
		cmocka_unit_test(test_iperf3),
		cmocka_unit_test(test_issues),
		cmocka_unit_test(test_libtest),
		cmocka_unit_test(test_perf),
		cmocka_unit_test(test_size),
		cmocka_unit_test(test_time),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
