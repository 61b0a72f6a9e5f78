/*
 * test_bloaty.c - the bloaty reader on hand-written input: exact sizes of
 * a section table (file and VM columns, TOTAL, "[N Others]"), the data
 * source of -d naming the quantities, the run named by the command's
 * file, a diff whose changes are notes and whose [NEW] and [DEL] columns
 * are the two builds' sizes, the old layout (VM size first), nested rows
 * left alone, and a garbled row that yields nothing and a warning.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"

static void test_sections(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "t.txt",
		      "$ bloaty build/lto/app.so\n"
		      "    FILE SIZE        VM SIZE    \n"
		      " --------------  -------------- \n"
		      "  53.5%  4.54Mi  53.4%  4.54Mi    .text\n"
		      "   0.0%       0   0.3%  29.8Ki    .bss\n"
		      "   0.0%  2.80Ki   0.0%  1.33Ki    [9 Others]\n"
		      "   0.0%    1016   0.0%     952    .init_array\n"
		      "   8.8%   76O4Ki   8.8%   764Ki    .rela.dyn\n"
		      " 100.0%  8.49Mi 100.0%  8.51Mi    TOTAL\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_BLOATY);
	assert_string_equal(f->m.rs.runs[0].variant.text, "app.so");
	assert_meas(&f->m, 0, "section.text", 4.54 * 1048576, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 0, "section.text.vm", 4.54 * 1048576);
	assert_exact(&f->m, 0, "section.bss", 0);
	assert_exact(&f->m, 0, "section.bss.vm", 29.8 * 1024);
	assert_exact(&f->m, 0, "section.[Others]", 2.80 * 1024);
	assert_exact(&f->m, 0, "section.init_array", 1016);
	assert_exact(&f->m, 0, "section.init_array.vm", 952);
	assert_meas(&f->m, 0, "total", 8.49 * 1048576, UNIT_BYTE, DIR_LOWER);
	assert_meas(&f->m, 0, "total.vm", 8.51 * 1048576, UNIT_BYTE, DIR_LOWER);
	/* the garbled row: nothing of it, a warning naming it */
	assert_null(find_meas(&f->m, 0, "section.rela.dyn"));
	assert_null(find_meas(&f->m, 0, "section.rela.dyn.vm"));
	assert_true(has_warning(&f->d, 8, "garbled bloaty row"));
	assert_int_equal(f->d.n, 1);
	assert_int_equal(count_meas(&f->m, 0), 10);
	/* the percentages are bloaty's own shares: notes */
	notes_of(&f->m, 0, NOTE_INFO, &notes);
	assert_non_null(strstr(notes.s, ".text: file 4.54Mi 53.5%, VM 4.54Mi 53.4%"));
	buf_release(&notes);
}

/* -d names the quantities; one domain alone; rows nested under another are not read. */
static void test_sources_and_domains(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "s.txt",
		      "$ bloaty -d compileunits --domain=file app\n"
		      "    FILE SIZE   \n"
		      " -------------- \n"
		      "  45.0%      49    src/main.c\n"
		      " 100.0%     109    TOTAL\n"
		      "\n"
		      "$ bloaty -d segments,sections app\n"
		      "    FILE SIZE        VM SIZE    \n"
		      " --------------  -------------- \n"
		      "  10.9%  3.21Mi  47.9%  3.21Mi    LOAD #4 [R]\n"
		      "    89.3%  2.86Mi  89.3%  2.86Mi    .rodata\n"
		      " 100.0%  29.5Mi 100.0%  6.69Mi    TOTAL\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_meas(&f->m, 0, "compileunit.src/main.c", 49, UNIT_BYTE, DIR_LOWER);
	assert_exact(&f->m, 0, "total", 109);
	assert_null(find_meas(&f->m, 0, "total.vm"));
	assert_int_equal(count_meas(&f->m, 0), 2);
	assert_exact(&f->m, 1, "segment.LOAD #4 [R]", 3.21 * 1048576);
	assert_null(find_meas(&f->m, 1, "segment.rodata"));
	assert_null(find_meas(&f->m, 1, "segment..rodata"));
	assert_int_equal(count_meas(&f->m, 1), 4);
	assert_int_equal(f->d.n, 0);
}

/*
 * A diff prints changes, bloaty's own derived figures: notes. A [NEW]
 * column is the new build's size, a [DEL] one the base build's.
 */
static void test_diff(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;

	import_string(&f->m, "d.txt",
		      "$ bloaty -d symbols app.new -- app.old\n"
		      "    FILE SIZE        VM SIZE    \n"
		      " --------------  -------------- \n"
		      "  [NEW] +1016Ki  [NEW]  +360Ki    Build()\n"
		      "   +56%  +761Ki   +62%  +293Ki    Field()\n"
		      "  [DEL]     -12  [DEL]     -12    Gone()\n"
		      "   +11%  +544Ki  +4.6% +1.52Mi    TOTAL\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "app.new");
	assert_string_equal(f->m.rs.runs[1].variant.text, "app.old");
	assert_exact(&f->m, 0, "symbol.Build()", 1016.0 * 1024);
	assert_exact(&f->m, 0, "symbol.Build().vm", 360.0 * 1024);
	assert_int_equal(count_meas(&f->m, 0), 2);
	assert_exact(&f->m, 1, "symbol.Gone()", 12);
	assert_exact(&f->m, 1, "symbol.Gone().vm", 12);
	assert_int_equal(count_meas(&f->m, 1), 2);
	notes_of(&f->m, 0, NOTE_INFO, &notes);
	assert_non_null(strstr(notes.s, "Field(): file +761Ki +56%, VM +293Ki +62%"));
	assert_non_null(strstr(notes.s, "app.new against app.old"));
	buf_release(&notes);
	assert_int_equal(f->d.n, 0);

	/* changes alone, no command: no size of either build, a warning */
	import_string(&f->m, "c.txt",
		      "    FILE SIZE        VM SIZE\n"
		      " --------------  --------------\n"
		      "   +57%  +314Ki   +57%  +314Ki    .text\n"
		      "  [ = ]       0   +73% +4.69Ki    .bss\n"
		      "   +51%  +600Ki   +51%  +605Ki    TOTAL\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(has_warning(&f->d, 5, "bloaty diff of changes only"));
}

/* Old bloaty: the VM size first, the name between, the file size last. */
static void test_old_layout(void **state)
{
	struct model_fixture *f = *state;

	import_string(&f->m, "o.txt",
		      "$ ./bloaty bloaty\n"
		      "     VM SIZE                                FILE SIZE\n"
		      " --------------                          --------------\n"
		      "  27.3%  2.15Mi __TEXT,__text             2.15Mi  31.4%\n"
		      "  12.8%  1.00Mi __DATA,__bss                   0   0.0%\n"
		      "  11.7%   939Ki String Table               939Ki  13.4%\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_exact(&f->m, 0, "section.__TEXT,__text.vm", 2.15 * 1048576);
	assert_exact(&f->m, 0, "section.__TEXT,__text", 2.15 * 1048576);
	assert_exact(&f->m, 0, "section.__DATA,__bss", 0);
	assert_exact(&f->m, 0, "section.__DATA,__bss.vm", 1048576);
	assert_exact(&f->m, 0, "section.String Table", 939.0 * 1024);
	assert_int_equal(f->d.n, 0);
}

int main(void)
{
#define T(t) cmocka_unit_test_setup_teardown(t, model_fixture_setup, model_fixture_teardown)
	const struct CMUnitTest tests[] = {
		T(test_sections),
		T(test_sources_and_domains),
		T(test_diff),
		T(test_old_layout),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
