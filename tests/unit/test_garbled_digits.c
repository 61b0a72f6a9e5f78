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

/* Failures are gathered, so that one run names every line a parser gets wrong, in every folder. */
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

/* Garble every sample of samples/DIR; the failures (printed). */
static size_t check_dir(const char *dir)
{
	glob_t g;
	char pattern[160];

	snprintf(pattern, sizeof(pattern), "../../samples/%s/*", dir);
	assert_int_equal(glob(pattern, 0, NULL, &g), 0);
	assert_true(g.gl_pathc > 3);
	failures = figures = 0;
	for (size_t i = 0; i < g.gl_pathc; i++)
		check_sample(g.gl_pathv[i] + strlen("../../"));
	globfree(&g);
	assert_true(figures > 0);
	if (failures)
		fprintf(stderr, "%zu garbled figures of samples/%s read or not named\n", failures, dir);
	return failures;
}

/*
 * Every folder of samples/ (but src/, the programs that make samples):
 * a new format's samples are garbled without a line added here.
 */
static void test_every_folder(void **state)
{
	glob_t g;
	size_t folders = 0, failed = 0;

	(void)state;
	assert_int_equal(glob("../../samples/*/", 0, NULL, &g), 0);
	for (size_t i = 0; i < g.gl_pathc; i++) {
		char dir[128];
		const char *name = g.gl_pathv[i] + strlen("../../samples/");
		size_t n = strlen(name) - 1;

		if ((n == 3 && !strncmp(name, "src", 3)) || n >= sizeof(dir))
			continue;
		memcpy(dir, name, n);
		dir[n] = '\0';
		failed += check_dir(dir) > 0;
		folders++;
	}
	globfree(&g);
	/* bolt, criterion, fortio, gotest, hyperfine, iperf3, issues, libtest, perf, size, time */
	assert_true(folders >= 11);
	if (failed)
		fail_msg("%zu sample folders have garbled figures read or not named", failed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_folder),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
