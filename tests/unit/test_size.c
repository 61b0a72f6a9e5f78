/*
 * test_size.c - GNU size's Berkeley and SysV tables, through the
 * segmenter: exact values on hand-written tables (every radix, archives,
 * TOTALS, rendered-page spaces, damage), how rows name their variants, and
 * the structure of the real samples (binutils 2.40 on benchdelta itself).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixture.h"
#include "parsers/sizefile.h"

#define HEADER "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"

static void test_exact_values(void **state)
{
	struct model_fixture *f = *state;
	const char *text = HEADER
		" 137659\t   4840\t   4840\t 147339\t  23f8b\t/bin/ls\n"
		"     68\t      4\t    400\t    472\t    1d8\tt.o\n"
		" 137727\t   4844\t   5240\t 147811\t  24163\t(TOTALS)\n";
	struct buf notes = BUF_INIT;

	import_string(&f->m, "sizes.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_value(&f->m, 0, "text", 137659);
	assert_value(&f->m, 0, "data", 4840);
	assert_value(&f->m, 0, "bss", 4840);
	assert_value(&f->m, 0, "dec", 147339);
	assert_value(&f->m, 1, "text", 68);
	assert_value(&f->m, 1, "bss", 400);
	assert_int_equal(count_meas(&f->m, 0), 4);
	for (size_t i = 0; i < f->m.rs.nmeas; i++) {
		assert_int_equal(f->m.rs.meas[i].unit, UNIT_BYTE);
		assert_int_equal(f->m.rs.meas[i].dir, DIR_LOWER);
		assert_int_equal(f->m.rs.meas[i].stat, STAT_VALUE);
	}
	/* rows propose their file names, without directories */
	assert_string_equal(f->m.rs.runs[0].variant.text, "ls");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_FILENAME);
	assert_string_equal(f->m.rs.runs[1].variant.text, "t.o");
	assert_int_equal(f->m.rs.runs[1].first_line, 3);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_SIZE);
	/* (TOTALS) is a derived sum: a note, not a run */
	assert_int_equal(notes_of(&f->m, 0, NOTE_SUMMARY, &notes), 1);
	assert_non_null(strstr(notes.s, "(TOTALS)"));
	assert_non_null(strstr(notes.s, "147811"));
	assert_int_equal(f->d.n, 0);
	buf_release(&notes);
}

static void test_radix(void **state)
{
	struct model_fixture *f = *state;
	/* the same two files with -x and with -o (whose fourth column is octal) */
	const char *text = HEADER
		"0x219bb\t 0x12e8\t 0x12e8\t 147339\t  23f8b\t/bin/ls\n"
		"   0x44\t    0x4\t  0x190\t    472\t    1d8\tt.o\n"
		"\n"
		"   text\t   data\t    bss\t    oct\t    hex\tfilename\n"
		"0414673\t 011350\t 011350\t 437613\t  23f8b\t/bin/ls\n"
		"   0104\t     04\t   0620\t    730\t    1d8\tt.o\n";

	import_string(&f->m, "radix.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	for (uint32_t r = 0; r < 4; r += 2) {
		assert_value(&f->m, r, "text", 137659);
		assert_value(&f->m, r, "data", 4840);
		assert_value(&f->m, r, "dec", 147339);
		assert_value(&f->m, r + 1, "text", 68);
		assert_value(&f->m, r + 1, "bss", 400);
		assert_value(&f->m, r + 1, "dec", 472);
	}
	assert_int_equal(f->d.n, 0);
}

static void test_archive_members(void **state)
{
	struct model_fixture *f = *state;
	const char *text = HEADER
		"     60\t      0\t      0\t     60\t     3c\tat_quick_exit.oS (ex /usr/lib/libc_nonshared.a)\n"
		"     62\t      0\t      0\t     62\t     3e\tatexit.oS (ex /usr/lib/libc_nonshared.a)\n"
		"     58\t      0\t      0\t     58\t     3a\tatexit.oS (ex build/lto/libc_nonshared_lto.a)\n";

	import_string(&f->m, "ar.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	/* the archive names the build, the member is what the builds share */
	assert_string_equal(f->m.rs.runs[0].variant.text, "libc_nonshared.a");
	assert_string_equal(f->m.rs.runs[0].scenario, "at_quick_exit.oS");
	assert_string_equal(f->m.rs.runs[2].variant.text, "libc_nonshared_lto.a");
	assert_string_equal(f->m.rs.runs[2].scenario, "atexit.oS");
	assert_value(&f->m, 2, "text", 58);
}

static void test_rendered_page_and_labels(void **state)
{
	struct model_fixture *f = *state;
	/* copied from a rendered issue: spaces for tabs; the rows tell the builds apart */
	const char *text =
		"Binary sizes (for reference):\n"
		"\n"
		"size app_release app_lto\n"
		"   text    data     bss     dec     hex filename\n"
		"20172458     838016    3664 21014138    140a67a app_release\n"
		"16134916     558568    3576 16697060     fec6e4 app_lto\n"
		"\n"
		"**PGO:**\n"
		"   text    data     bss     dec     hex filename\n"
		"17604486     848424    3664 18456574    1199ffe target/release/app\n"
		"\n"
		"2 builds were left out.\n";

	import_string(&f->m, "issue.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_string_equal(f->m.rs.runs[0].variant.text, "app_release");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_FILENAME);
	assert_string_equal(f->m.rs.runs[1].variant.text, "app_lto");
	assert_value(&f->m, 1, "dec", 16697060);
	/* one row: nothing to tell apart, the label above names it */
	assert_string_equal(f->m.rs.runs[2].variant.text, "PGO");
	assert_int_equal(f->m.rs.runs[2].variant.origin, VO_LABEL);
	assert_value(&f->m, 2, "text", 17604486);
	/* the prose after the table is neither a row nor damage */
	assert_int_equal(f->d.n, 0);
}

static void test_one_name_two_directories(void **state)
{
	struct model_fixture *f = *state;
	const char *text = HEADER
		" 121653\t   7128\t    160\t 128941\t  1f7ad\ttarget/release/app\n"
		" 122003\t   7208\t     56\t 129267\t  1f8f3\ttarget/lto/app\n"
		"\n"
		"target/release/app  :\n"
		"section           size   addr\n"
		".text               12      0\n"
		"Total               12\n"
		"\n"
		"\n"
		"target/lto/app  :\n"
		"section           size   addr\n"
		".text               10      0\n"
		"Total               10\n";

	import_string(&f->m, "dirs.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 4);
	/* "app" twice would name one build: the directories that differ name them */
	assert_string_equal(f->m.rs.runs[0].variant.text, "release");
	assert_string_equal(f->m.rs.runs[1].variant.text, "lto");
	assert_int_equal(f->m.rs.runs[1].variant.origin, VO_FILENAME);
	assert_string_equal(f->m.rs.runs[2].variant.text, "release");
	assert_string_equal(f->m.rs.runs[3].variant.text, "lto");
	assert_value(&f->m, 3, "total", 10);
	assert_int_equal(f->d.n, 0);
	/* the clash of two rows a row apart, another name between them */
	import_string(&f->m, "dirs3.txt",
		      HEADER " 121653\t   7128\t    160\t 128941\t  1f7ad\ttarget/release/app\n"
		      " 50000\t   1000\t    100\t 51100\t  c79c\ttarget/release/tool\n"
		      " 122003\t   7208\t     56\t 129267\t  1f8f3\ttarget/lto/app\n",
		      &f->d);
	assert_int_equal(f->m.rs.nruns, 7);
	assert_string_equal(f->m.rs.runs[4].variant.text, "release/app");
	assert_string_equal(f->m.rs.runs[5].variant.text, "release/tool");
	assert_string_equal(f->m.rs.runs[6].variant.text, "lto/app");
}

/* Rows of a diff (a patch mail quoting two runs): "-" the old row, "+" the new one. */
static void test_diff_markers(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		">>>      text\t   data\t    bss\t    dec\t    hex\tfilename\n"
		">>> -   1797\t     80\t      0\t   1877\t    755\tdrivers/clk/clk-devres.o\n"
		">>> +   1499\t     56\t      0\t   1555\t    613\tdrivers/clk/clk-devres.o\n"
		">>> +   1499\t     56\t      0\t   1556\t    614\tdrivers/clk/clk-devres.o\n";

	import_string(&f->m, "diff.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_value(&f->m, 0, "text", 1797);
	assert_value(&f->m, 0, "dec", 1877);
	assert_value(&f->m, 1, "data", 56);
	assert_value(&f->m, 1, "dec", 1555);
	/* the markers are the builds, the file what both measure */
	assert_string_equal(f->m.rs.runs[0].variant.text, "old");
	assert_string_equal(f->m.rs.runs[1].variant.text, "new");
	assert_string_equal(f->m.rs.runs[1].scenario, "clk-devres.o");
	/* a marked row is checked like any other: its sum does not add up */
	assert_true(has_warning(&f->d, 4, "garbled size row"));
}

static void test_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/size/hand-damaged.txt", &f->d);
	/* only the rows that add up are runs: no garbled digit becomes a size */
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "db_release");
	assert_value(&f->m, 0, "data", 10272);
	assert_string_equal(f->m.rs.runs[1].variant.text, "db_bolt");
	assert_value(&f->m, 1, "dec", 413440);
	assert_true(has_warning(&f->d, 3, "garbled size row skipped"));
	assert_true(has_warning(&f->d, 4, "hex column is not its total"));
	assert_true(has_warning(&f->d, 5, "text + data + bss is not its total"));
	assert_true(has_warning(&f->d, 6, "garbled size row skipped"));
	assert_int_equal(f->d.n, 4);
	for (size_t i = 0; i < f->m.rs.nmeas; i++)
		assert_true(f->m.rs.meas[i].value != 10048 && f->m.rs.meas[i].value != 401223);
}

static void test_hostile_input(void **state)
{
	struct model_fixture *f = *state;
	struct buf text = BUF_INIT;

	buf_adds(&text, HEADER);
	buf_adds(&text, "     68\t      4\t    400\t    472\t    1d8\tt\xff\x01.o\n");
	/* a huge row, and numbers too large for a double to hold exactly */
	for (int i = 0; i < 20000; i++)
		buf_addc(&text, '9');
	buf_adds(&text, "\t1\t1\t1\t1\tbig\n");
	buf_adds(&text, "99999999999999999999\t0\t0\t99999999999999999999\t56bc75e2d630fffff\thuge\n");
	buf_add(&text, "12\t\0\0\0binary\n", 13);
	buf_adds(&text, "     68\t      4\t    400\t    472\t    1d8\tu.o\n");
	import_bytes(&f->m, "hostile.txt", text.s, text.len, &f->d);
	/* rows that cannot be read exactly are skipped, named; the others are kept */
	assert_int_equal(f->m.rs.nruns, 1);
	assert_value(&f->m, 0, "dec", 472);
	assert_string_equal(f->m.rs.runs[0].variant.text, "u.o");
	assert_true(has_warning(&f->d, 2, "garbled size row")); /* invalid UTF-8 in its name */
	assert_true(has_warning(&f->d, 3, "garbled size row"));
	assert_true(has_warning(&f->d, 4, "garbled size row"));
	assert_true(has_warning(&f->d, 5, "garbled size row"));
	assert_int_equal(f->d.n, 4);
	buf_release(&text);
}

static void test_size_number(void **state)
{
	double v;

	(void)state;
	assert_int_equal(size_number("147339", 6, 10, &v), 0);
	assert_true(v == 147339);
	assert_int_equal(size_number("0x219bb", 7, 10, &v), 0);
	assert_true(v == 137659);
	assert_int_equal(size_number("23f8b", 5, 16, &v), 0);
	assert_true(v == 147339);
	assert_int_equal(size_number("0620", 4, 8, &v), 0);
	assert_true(v == 400);
	assert_int_equal(size_number("01073", 5, 0, &v), 0);
	assert_true(v == 571);
	assert_int_equal(size_number("0", 1, 0, &v), 0);
	assert_true(v == 0);
	assert_int_equal(size_number("1O784", 5, 10, &v), -1);
	assert_int_equal(size_number("0x", 2, 10, &v), -1);
	assert_int_equal(size_number("089", 3, 8, &v), -1);
	assert_int_equal(size_number("1f", 2, 10, &v), -1);
	assert_int_equal(size_number("", 0, 10, &v), -1);
	assert_int_equal(size_number("9007199254740993", 16, 10, &v), -1);
	/* a decimal column of up to 15 digits is read in one quick loop: the same answers */
	assert_int_equal(size_number("999999999999999", 15, 10, &v), 0);
	assert_true(v == 999999999999999.0);
	assert_int_equal(size_number("9007199254740992", 16, 10, &v), 0);
	assert_true(v == 9007199254740992.0);
	assert_int_equal(size_number("000000000000012", 15, 10, &v), 0);
	assert_true(v == 12);
	assert_int_equal(size_number("12:", 3, 10, &v), -1);
	assert_int_equal(size_number("12/", 3, 10, &v), -1);
	assert_int_equal(size_number("1 2", 3, 10, &v), -1);
	assert_int_equal(size_number("12a", 3, 10, &v), -1);
	assert_int_equal(size_number("-12", 3, 10, &v), -1);
	assert_int_equal(size_number("12\xff", 3, 10, &v), -1);
}

static void test_sysv_exact(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Before:\n"
			   "t.o  :\n"
			   "section           size   addr\n"
			   ".text               12      0\n"
			   ".data                4      0\n"
			   ".bss              0x190    0x0\n"
			   ".note.GNU-stack      0      0\n"
			   ".eh_frame          070      0\n"
			   "Total              472\n"
			   "\n"
			   "\n"
			   "u.o   (ex lib/libu_lto.a):\n"
			   "section           size   addr\n"
			   ".text               10      0\n"
			   "Total               10\n"
			   "\n"
			   "\n";

	import_string(&f->m, "sysv.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_int_equal(f->m.rs.runs[0].fmt, FMT_SIZE_SYSV);
	assert_value(&f->m, 0, "section.text", 12);
	assert_value(&f->m, 0, "section.data", 4);
	assert_value(&f->m, 0, "section.bss", 400);
	assert_value(&f->m, 0, "section.note.GNU-stack", 0);
	assert_value(&f->m, 0, "section.eh_frame", 56);
	assert_value(&f->m, 0, "total", 472);
	assert_int_equal(count_meas(&f->m, 0), 6);
	assert_int_equal(f->m.rs.runs[0].first_line, 2);
	assert_int_equal(f->m.rs.runs[0].last_line, 9);
	/* two files tell the builds apart: their titles name them */
	assert_string_equal(f->m.rs.runs[0].variant.text, "t.o");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_FILENAME);
	assert_string_equal(f->m.rs.runs[1].variant.text, "libu_lto.a");
	assert_string_equal(f->m.rs.runs[1].scenario, "u.o");
	assert_int_equal(f->m.rs.runs[1].first_line, 12);
	assert_int_equal(f->d.n, 0);
}

static void test_sysv_label_and_prose(void **state)
{
	struct model_fixture *f = *state;
	const char *text = "Release  build:\n"
			   "LTO:\n"
			   "app  :\n"
			   "section           size   addr\n"
			   ".text               12      0\n"
			   "Total               12\n"
			   "\n"
			   "Results (ex post):\n"
			   "section size addr is how size -A starts.\n";

	import_string(&f->m, "sysv.txt", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	/* one file: the label above names it, as for a Berkeley table */
	assert_string_equal(f->m.rs.runs[0].variant.text, "LTO");
	assert_int_equal(f->m.rs.runs[0].variant.origin, VO_LABEL);
	assert_int_equal(f->d.n, 0);
}

static void test_sysv_damage(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/size/hand-sysv-damaged.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_true(f->m.rs.runs[0].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 0, "section.rodata"));
	assert_value(&f->m, 0, "section.text", 76446);
	assert_value(&f->m, 0, "total", 87854);
	assert_true(has_warning(&f->d, 4, "garbled size -A section row"));
	/* the second file was cut before its Total */
	assert_true(f->m.rs.runs[1].flags & RUN_INCOMPLETE);
	assert_null(find_meas(&f->m, 1, "total"));
	assert_true(has_warning(&f->d, 12, "no Total line"));
}

/* The value of `metric` of the run whose variant is `variant`. */
static double value_of(const struct model *m, const char *variant, const char *metric)
{
	for (uint32_t r = 0; r < m->rs.nruns; r++) {
		const struct measurement *me;

		if (strcmp(m->rs.runs[r].variant.text, variant))
			continue;
		me = find_meas(m, r, metric);
		if (me)
			return me->value;
	}
	fail_msg("no %s of %s", metric, variant);
	return -1;
}

static void test_real_berkeley(void **state)
{
	struct model_fixture *f = *state;
	static const char *const builds[] = { "benchdelta_O0", "benchdelta_O2", "benchdelta_Os",
					      "benchdelta_O2_lto", "benchdelta_Os_lto" };
	char num[64];

	import_sample(&f->m, "samples/size/builds.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 5);
	for (uint32_t r = 0; r < 5; r++) {
		const struct measurement *dec = find_meas(&f->m, r, "dec");
		double v;

		assert_string_equal(f->m.rs.runs[r].variant.text, builds[r]);
		assert_int_equal(count_meas(&f->m, r), 4);
		assert_true(find_meas(&f->m, r, "text")->value > 0);
		assert_true(dec->value == find_meas(&f->m, r, "text")->value +
						find_meas(&f->m, r, "data")->value +
						find_meas(&f->m, r, "bss")->value);
		/* the span is the printed number */
		printed(&f->m, dec, num, sizeof(num));
		assert_int_equal(size_number(num, strlen(num), 10, &v), 0);
		assert_true(v == dec->value);
	}
	/* the same binaries printed -x, -o, with -t and by path: the same numbers */
	import_sample(&f->m, "samples/size/hex.txt", &f->d);
	import_sample(&f->m, "samples/size/oct.txt", &f->d);
	import_sample(&f->m, "samples/size/totals.txt", &f->d);
	import_sample(&f->m, "samples/size/paths.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 5 + 2 + 2 + 2 + 2);
	for (uint32_t r = 5; r < f->m.rs.nruns; r++) {
		const char *v = f->m.rs.runs[r].variant.text;

		assert_true(find_meas(&f->m, r, "text")->value == value_of(&f->m, v, "text"));
		assert_true(find_meas(&f->m, r, "data")->value == value_of(&f->m, v, "data"));
		assert_true(find_meas(&f->m, r, "dec")->value == value_of(&f->m, v, "dec"));
	}
	assert_string_equal(f->m.rs.runs[11].variant.text, "benchdelta_O2");
	assert_int_equal(f->d.n, 0);
}

static void test_real_archive_and_labels(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/size/archive.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_string_equal(f->m.rs.runs[0].variant.text, "libutil_O2.a");
	assert_string_equal(f->m.rs.runs[0].scenario, "arena.o");
	assert_string_equal(f->m.rs.runs[5].variant.text, "libutil_Os.a");
	assert_string_equal(f->m.rs.runs[5].scenario, "text.o");

	import_sample(&f->m, "samples/size/labelled.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 8);
	assert_string_equal(f->m.rs.runs[6].variant.text, "Release");
	assert_string_equal(f->m.rs.runs[7].variant.text, "LTO");

	import_sample(&f->m, "samples/size/single.txt", &f->d);
	assert_string_equal(f->m.rs.runs[8].variant.text, "benchdelta_Os_lto");
	assert_int_equal(f->m.rs.runs[8].variant.origin, VO_FILENAME);
	assert_int_equal(f->d.n, 0);
}

static void test_real_sysv(void **state)
{
	struct model_fixture *f = *state;

	import_sample(&f->m, "samples/size/sysv-multi.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 2);
	assert_string_equal(f->m.rs.runs[0].variant.text, "benchdelta_O2");
	assert_string_equal(f->m.rs.runs[1].variant.text, "benchdelta_O2_lto");
	for (uint32_t r = 0; r < 2; r++) {
		double sum = 0;

		/* Total is the sum of the sections: every row was read */
		for (size_t i = 0; i < f->m.rs.nmeas; i++)
			if (f->m.rs.meas[i].run == r && !strncmp(f->m.rs.meas[i].quantity, "section.", 8))
				sum += f->m.rs.meas[i].value;
		assert_true(sum == find_meas(&f->m, r, "total")->value);
		assert_non_null(find_meas(&f->m, r, "section.text"));
		assert_false(f->m.rs.runs[r].flags & RUN_INCOMPLETE);
	}
	/* -A -x prints the same sections in hex */
	import_sample(&f->m, "samples/size/sysv-hex.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 3);
	assert_true(find_meas(&f->m, 2, "total")->value > 0);
	import_sample(&f->m, "samples/size/sysv-archive.txt", &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_string_equal(f->m.rs.runs[3].scenario, "arena.o");
	assert_string_equal(f->m.rs.runs[5].scenario, "text.o");
	assert_int_equal(f->d.n, 0);
}

/*
 * Sizes written by hand: "NAME = SIZE" lines, bullets with the size first
 * and the build in parentheses, `ls -l` lines with a comment naming the
 * build; each run noted as hand-written. Sizes inside sentences, and a
 * machine's memory, are never read.
 */
static void test_hand_written_lists(void **state)
{
	struct model_fixture *f = *state;
	struct buf notes = BUF_INIT;
	const char *text =
		"# Enable lto and stripping\n"
		"\n"
		"For reference:\n"
		"strip-only = 5.1 MiB\n"
		"lto-only   = 6.3 MiB\n"
		"\n"
		"It makes the binary smaller:\n"
		"\n"
		"* `.rwxr-xr-x 16,163,864 root 11 Sep 18:37 target/release/xh # disabled` (about 15 MiB)\n"
		"* `-rwxr-xr-x 1 me me 11236416 Sep 11 18:42 target/lto/xh` (about 11 MiB)\n"
		"\n"
		"Stripped, both are smaller:\n"
		"\n"
		"* 8.5 MiB (`strip` only)\n"
		"* 7.2 MiB (LTO and `strip`)\n"
		"\n"
		"Binary sizes:\n"
		"\n"
		"* `bench` shrank from 74 678 800 to 39 695 288 bytes (-47 %)\n"
		"* the build is 5 MiB (lto)\n";

	import_string(&f->m, "sizes.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 6);
	assert_string_equal(f->m.rs.runs[0].variant.text, "strip-only");
	assert_value(&f->m, 0, "file_size", 5.1 * 1024 * 1024);
	assert_string_equal(f->m.rs.runs[1].variant.text, "lto-only");
	assert_value(&f->m, 1, "file_size", 6.3 * 1024 * 1024);
	/* the exact byte count of the ls line, named by its comment, else by its file name */
	assert_string_equal(f->m.rs.runs[2].variant.text, "disabled");
	assert_value(&f->m, 2, "file_size", 16163864);
	assert_string_equal(f->m.rs.runs[3].variant.text, "xh");
	assert_int_equal(f->m.rs.runs[3].variant.origin, VO_FILENAME);
	assert_value(&f->m, 3, "file_size", 11236416);
	assert_string_equal(f->m.rs.runs[4].variant.text, "strip only");
	assert_value(&f->m, 4, "file_size", 8.5 * 1024 * 1024);
	assert_string_equal(f->m.rs.runs[5].variant.text, "LTO and strip");
	/* the two ls lines are ls's output, pasted: not written by hand */
	for (uint32_t r = 0; r < 6; r++) {
		buf_reset(&notes);
		assert_int_equal(notes_of(&f->m, r, NOTE_INFO, &notes), r == 2 || r == 3 ? 0 : 1);
		if (r != 2 && r != 3)
			assert_non_null(strstr(notes.s, "written by hand"));
	}
	buf_release(&notes);
	assert_int_equal(f->d.n, 0);
}

static void test_hand_written_not_sizes(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"The binary size, and the machine it was built on:\n"
		"\n"
		"- RAM: 16 GB\n"
		"- 32 GB (DDR4)\n"
		"RAM = 16 GB\n"
		"\n"
		"Timings, for reference:\n"
		"\n"
		"release = 5.1 MiB\n"
		"* 8.5 MiB (lto)\n";

	import_string(&f->m, "env.md", text, &f->d);
	/* a machine's memory is no size of a build, and a list not said to be of sizes is not read */
	assert_int_equal(f->m.rs.nmeas, 0);
	assert_int_equal(f->d.n, 0);
}

/* A hand-written size garbled: named, and nothing read from it. */
static void test_hand_written_garbled(void **state)
{
	struct model_fixture *f = *state;
	const char *text =
		"Binary sizes:\n"
		"\n"
		"* 8.5 MiB (strip only)\n"
		"* 7.O MiB (LTO and strip)\n"
		"- lto: `2485O744` bytes / `23.70` MiB\n";

	import_string(&f->m, "garbled.md", text, &f->d);
	assert_int_equal(f->m.rs.nruns, 1);
	assert_true(has_warning(&f->d, 4, "garbled size list item"));
	assert_true(has_warning(&f->d, 5, "garbled size list item"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_exact_values, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_radix, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_archive_members, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_rendered_page_and_labels, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_one_name_two_directories, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_diff_markers, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hostile_input, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test(test_size_number),
		cmocka_unit_test_setup_teardown(test_sysv_exact, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_sysv_label_and_prose, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_sysv_damage, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_berkeley, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_archive_and_labels, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_real_sysv, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hand_written_lists, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hand_written_not_sizes, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_hand_written_garbled, model_fixture_setup, model_fixture_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
