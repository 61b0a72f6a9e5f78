/*
 * test_du.c - the du listing reader on hand-written input: exact sizes in
 * every unit a du command asks for (-h, --si, -b, -k, -m, -B), the unit
 * told by the letters when no command is above, a decimal comma decided
 * for the whole listing, the -c total as a note, a comment after the
 * command naming the build, and lines that are not du's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

/* The build a comment after each command names; the file is the scenario. */
static void test_commented_commands(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "deno.md",
		      "```\n$ du -h ./app # full LTO\n122M\t./app\n\n$ du -h /usr/bin/app # thin LTO\n137M\t/usr/bin/app\n```\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_DU);
	assert_meas(&f->m, 0, "file_size", 122.0 * 1048576, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 1, "file_size", 137.0 * 1048576);
	assert_string_equal(f->m.rs.runs[0].variant.text, "full LTO");
	assert_string_equal(f->m.rs.runs[1].variant.text, "thin LTO");
	assert_string_equal(f->m.rs.runs[0].scenario, "app");
	assert_int_equal(f->d.n, 0);
}

/* The units a command asks for; files of one name in two directories are named by the directory. */
static void test_units_of_commands(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "u.txt",
		      "$ du -b release/app lto/app\n16040\trelease/app\n15872\tlto/app\n\n"
		      "$ du --si build/app.so\n9.1k\tbuild/app.so\n\n"
		      "$ du -k build/app.so\n12\tbuild/app.so\n\n"
		      "$ du -m build/app.so\n3\tbuild/app.so\n\n"
		      "$ du -B 512 build/app.so\n24\tbuild/app.so\n\n"
		      "$ du --block-size=1M -s build/app.so\n7\tbuild/app.so\n\n"
		      "$ du build/app.so\n20\tbuild/app.so\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_exact(&f->m, 0, "file_size", 16040);
	assert_exact(&f->m, 1, "file_size", 15872);
	assert_string_equal(f->m.rs.runs[0].variant.text, "release");
	assert_string_equal(f->m.rs.runs[1].variant.text, "lto");
	assert_exact(&f->m, 2, "file_size", 9100);
	assert_exact(&f->m, 3, "file_size", 12288);
	assert_exact(&f->m, 4, "file_size", 3145728);
	assert_exact(&f->m, 5, "file_size", 12288);
	assert_exact(&f->m, 6, "file_size", 7340032);
	/* no option: GNU du's 1024-byte blocks, said in a note */
	assert_exact(&f->m, 7, "file_size", 20480);
	assert_int_equal(f->d.n, 0);
}

/* -h under a comma locale: the listing's mark is its first; the other one is damage; the total a note. */
static void test_decimal_comma_and_total(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "de.txt",
		      "$ du -ch --apparent-size tree\n8,9K\ttree/b\n1.3M\ttree/a\n1,4M\ttree\n512\ttree/c\n1,4M\ttotal\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_exact(&f->m, 0, "file_size", 8.9 * 1024);
	assert_exact(&f->m, 1, "file_size", 1.4 * 1048576);
	/* a size without a letter under -h is bytes */
	assert_exact(&f->m, 2, "file_size", 512);
	assert_true(has_warning(&f->d, 3, "garbled du line"));
	assert_int_equal(f->d.n, 1);
	assert_int_equal(notes_of(&f->m, 0, NOTE_SUMMARY, &notes), 1);
	assert_non_null(strstr(notes.s, "1,4M"));
	buf_release(&notes);
}

/* Without a command, letters say -h; bare numbers say nothing: a warning, no figure. */
static void test_without_command(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "n.txt", "Sizes:\n\n12M\trelease/app\n9.5M\tlto/app\n1O.5M\tpgo/app\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_exact(&f->m, 0, "file_size", 12.0 * 1048576);
	assert_exact(&f->m, 1, "file_size", 9.5 * 1048576);
	assert_true(has_warning(&f->d, 5, "garbled du line"));
	assert_int_equal(f->d.n, 1);

	import_string(&f->m, "b.txt", "And:\n\n4096\t./lib\n8192\t./bin\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 3, "du listing without its unit"));
}

/* Not du's: a number and a word ("2<TAB>apples"), a sentence, a single space before a word. */
static void test_not_du(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "p.txt", "2\tapples\n3 more runs were made\n12M of memory\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_int_equal(f->d.n, 0);
}

/*
 * Rows of a table aligned with blanks, and tab-separated figures, begin
 * with a number and a gap as du's lines do: a table's, never a listing.
 */
static void test_figure_rows(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "w.txt",
		      "    n       faer    ndarray\n"
		      "   32       72\xc2\xb5s     71.6\xc2\xb5s\n"
		      " 1024    327.3ms      1.23s\n"
		      "\n"
		      "1024\t327.3ms\t1.23s\n",
		      &f->d);
	for (size_t r = 0; r < f->m.rs.nruns; r++)
		assert_int_not_equal(f->m.rs.runs[r].fmt, FMT_DU);
	assert_false(has_warning(&f->d, 3, "du"));
	assert_false(has_warning(&f->d, 5, "du"));
}

/*
 * A terminal's copy turned du's tab into blanks and no command is shown:
 * bare sizes before paths with a '/' are a listing, counted in the unit
 * the line right above gives in brackets; without one, a warning.
 */
static void test_caption_unit(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "d.txt", "```\n15893   /home/u/src/linux/git\n372     vmlinux\n```\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 0);
	assert_true(has_warning(&f->d, 2, "du listing without its unit"));

	import_string(&f->m, "c.txt",
		      "```\n[ disc-usage [MiB] ]\n15893   /home/u/src/linux/git\n372     vmlinux\n```\n", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_DU);
	assert_exact(&f->m, 0, "file_size", 15893.0 * 1048576);
	assert_exact(&f->m, 1, "file_size", 372.0 * 1048576);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_commented_commands), T(test_units_of_commands), T(test_decimal_comma_and_total),
		T(test_without_command),    T(test_not_du),		    T(test_figure_rows),
		T(test_caption_unit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
