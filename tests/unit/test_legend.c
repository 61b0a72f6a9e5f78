/*
 * test_legend.c - the legends a prose line states ("app_a is the usual
 * Release build", "Default Release, binary called `app_z`"), read by
 * legend_scan(), held to a table of what the reader read before it was
 * made cheaper.
 */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/legend.h"
#include "util/buf.h"

#include "table_field.h"

/* Each legend as "\tNAME|DESC" (escaped), in the order legend_scan() gave them. */
static void add_answer(void *ctx, const char *name, size_t name_len, const char *desc, size_t desc_len)
{
	struct buf *row = ctx;

	buf_addc(row, '\t');
	table_field_escape(row, name, name_len);
	buf_addc(row, '|');
	table_field_escape(row, desc, desc_len);
}

/* A line's answers: "\t-" when it states none, else its legends; the count legend_scan() returned must match. */
static void answers(const char *s, size_t n, struct buf *row)
{
	size_t before = row->len, found = legend_scan(s, n, add_answer, row), seen = 0;

	for (size_t i = before; i < row->len; i++)
		seen += row->s[i] == '\t';
	if (seen != found)
		fail_msg("legend_scan() said %zu legends and gave %zu", found, seen);
	if (!found)
		buf_adds(row, "\t-");
}

static void check_legends(const char *line, const char *want)
{
	struct buf row = BUF_INIT;

	answers(line, strlen(line), &row);
	if (strcmp(buf_str(&row), want))
		fail_msg("\"%s\" states\n  %s\nwant\n  %s", line, buf_str(&row), want);
	buf_release(&row);
}

static void test_kinds(void **state)
{
	(void)state;
	check_legends("where llrt_release - usual Release version, llrt_optimized - PGO-optimized version",
		      "\tllrt_release|Release\tllrt_optimized|PGO-optimized");
	check_legends("app_release is the usual Release build and app_pgo the PGO one",
		      "\tapp_release|Release\tapp_pgo|PGO");
	check_legends("`app_opt` is the PGO build", "\tapp_opt|PGO");
	check_legends("Default Release, binary called `app_z`", "\tapp_z|Default Release");
	check_legends("./bin/app_lto: LTO build", "\tapp_lto|LTO");
	/* a figure, a commit, a pointer or a sentence that runs on is no description */
	check_legends("2bwm is 36KB", "\t-");
	check_legends("ruff_old: 89a8c313a15c", "\t-");
	check_legends("`symlink-dir` is this one", "\t-");
	check_legends("baseline: statically typed, the population in the region grows each year and then some more", "\t-");
	check_legends("the region is large", "\tregion|large");
	check_legends("We ran ./tool_a for the test.", "\t-");
	check_legends("", "\t-");
}

/* A row of the table read again; ctx: the count of rows that state a legend. */
static void check_row(const struct buf *line, const char *want, void *ctx)
{
	size_t *stated = ctx;
	struct buf row = BUF_INIT;

	answers(line->s ? line->s : "", line->len, &row);
	if (strcmp(buf_str(&row), want))
		fail_msg("\"%s\" states\n  %s\nwhere it stated\n  %s", buf_str(line), buf_str(&row) + 1, want + 1);
	*stated += strcmp(want, "\t-") != 0;
	buf_release(&row);
}

/*
 * legend_lines.table: what the reader stated, before it was made cheaper,
 * of every distinct line of the samples and the corpus's threads that
 * holds a separator, a join (" and ", " called ", " named ") or a legend,
 * and of lines made to sit on its edges. Each must state the same now,
 * legend for legend, in the same order.
 */
static void test_states_as_before(void **state)
{
	FILE *fp = fopen("legend_lines.table", "r");
	size_t rows, stated = 0;

	(void)state;
	assert_non_null(fp);
	rows = table_rows(fp, check_row, &stated);
	/* the table is whole: thousands of lines, hundreds of them stating legends */
	assert_true(rows > 3000 && stated > 300);
	fclose(fp);
}

static void read_row(const char *s, size_t n, struct buf *row, void *ctx)
{
	(void)ctx;
	answers(s, n, row);
}

/* `test_legend --write-table < lines`: the table's rows, as the reader states them now. */
static int write_table(void)
{
	table_write(read_row, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kinds),
		cmocka_unit_test(test_states_as_before),
	};

	if (argc == 2 && !strcmp(argv[1], "--write-table"))
		return write_table();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
