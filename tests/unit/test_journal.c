/*
 * test_journal.c - the edit journal's contract (record, undo, redo, the
 * removal of an import and its return, a rename refused under the lock
 * when its new name was taken since, a block's variant set and undone
 * with the index kept fresh), the manifest's row count, UTF-16
 * input, and the cleaning of control characters out of names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "store/csvstore.h"
#include "store/flows.h"
#include "store/load.h"
#include "store/write.h"
#include "store/journal.h"
#include "store/manage.h"
#include "store/manifest.h"
#include "store/storeindex.h"
#include "util/fsutil.h"
#include "util/text.h"
#include "util/textin.h"

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/bd-test-journal-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void load(struct model *m)
{
	struct store st;
	struct diag d = DIAG_INIT;

	model_init(m);
	assert_int_equal(store_open(&st, dir, 0, &d), 0);
	assert_int_equal(store_load(&st, m, &d), 0);
	store_close(&st);
	assert_false(m->damaged);
	diag_release(&d);
}

/* Open a new store at `dir` into *st holding samples `paths[0..n)`, one import each. */
static void open_with(struct store *st, const char *const *paths, size_t n)
{
	struct model m;
	struct diag d = DIAG_INIT;

	model_init(&m);
	assert_int_equal(store_open(st, dir, 1, &d), 0);
	assert_int_equal(store_lock(st, &d), 0);
	for (size_t i = 0; i < n; i++)
		import_sample(&m, paths[i], &d);
	for (uint32_t i = 0; i < n; i++)
		assert_int_equal(store_add_source(st, &m, i, &d), 0);
	store_unlock(st);
	model_release(&m);
	diag_release(&d);
}

static const char *baseline_of(const struct model *m)
{
	return m->nexps ? m->exps[0].baseline : "";
}

static void test_record_undo_redo(void **state)
{
	struct model m;
	struct store st;
	struct diag d = DIAG_INIT;
	struct undo_info u;
	struct edit_row row = { 0 };
	long id;

	(void)state;
	open_with(&st, (const char *const[]){ "samples/hyperfine/o0-vs-o2.txt" }, 1);
	load(&m);
	assert_string_equal(baseline_of(&m), "fib o0");
	row.op = EDIT_BASELINE;
	row.experiment = m.exps[0].name;
	row.value = "fib o2";
	id = journal_record(&st, NULL, "baseline", "baseline is fib o2", &row, 1, &d);
	assert_int_equal(id, 1);
	/* the same again changes nothing: no edit */
	assert_int_equal(journal_record(&st, NULL, "baseline", "again", &row, 1, &d), 0);
	model_release(&m);
	load(&m);
	assert_string_equal(baseline_of(&m), "fib o2");
	assert_int_equal(m.nedits, 1);
	model_release(&m);

	/* undo (the TUI's u): the state before the edit; the undo is edit 2 */
	assert_int_equal(journal_undo(&st, 0, 0, &u, &d), 0);
	assert_int_equal(u.undone, 1);
	assert_int_equal(u.id, 2);
	assert_false(u.redo);
	assert_string_equal(u.what, "baseline is fib o2");
	load(&m);
	assert_string_equal(baseline_of(&m), "fib o0");
	assert_true(m.edits[0].undone);
	assert_int_equal(m.edits[0].undone_by, 2);
	model_release(&m);
	/* nothing else to undo; undoing the undo redoes */
	assert_int_equal(journal_undo(&st, 0, 0, &u, &d), -1);
	assert_non_null(strstr(d.v[d.n - 1].text, "nothing to undo"));
	assert_int_equal(journal_undo(&st, 2, 1, &u, &d), 0); /* dry: changes nothing */
	assert_int_equal(u.id, 0);
	assert_true(u.redo);
	assert_int_equal(journal_undo(&st, 2, 0, &u, &d), 0);
	load(&m);
	assert_string_equal(baseline_of(&m), "fib o2");
	model_release(&m);
	store_close(&st);
	diag_release(&d);
}

static void test_remove_and_return(void **state)
{
	struct model m;
	struct store st;
	struct diag d = DIAG_INIT;
	struct undo_info u;
	struct edit_plan p;
	char path[512];
	char hash[HASH_HEX_LEN + 1];

	(void)state;
	open_with(&st, (const char *const[]){ "samples/hyperfine/hand-relative.txt" }, 1);
	load(&m);
	snprintf(hash, sizeof(hash), "%s", m.sources[0].hash);
	edit_plan_init(&p);
	assert_int_equal(manage_plan_rm_experiment(&m, &m.exps[0], &p, &d), 0);
	assert_int_equal(p.nremoved, 1);
	assert_int_equal(manage_commit(&st, &p, &d), 1);
	edit_plan_release(&p);
	model_release(&m);
	/* gone from data/ and sources/, kept under removed/1/ */
	snprintf(path, sizeof(path), "%s/data/%s", dir, hash);
	assert_false(path_exists(path));
	snprintf(path, sizeof(path), "%s/sources/%s", dir, hash);
	assert_false(path_exists(path));
	snprintf(path, sizeof(path), "%s/removed/1/sources/%s", dir, hash);
	assert_true(path_exists(path));
	load(&m);
	assert_int_equal(m.nexps, 0);
	model_release(&m);

	assert_int_equal(journal_undo(&st, 0, 0, &u, &d), 0);
	load(&m);
	assert_int_equal(m.nexps, 1);
	assert_int_equal(m.exps[0].nruns, 2);
	model_release(&m);
	snprintf(path, sizeof(path), "%s/removed", dir);
	assert_false(path_exists(path));
	store_close(&st);
	diag_release(&d);
}

/*
 * A rename planned on its experiment read alone (the TUI's r on the list)
 * and recorded by store_edit_fresh(): when another process has given the
 * new name to an experiment since, the rename is refused under the lock
 * (it would merge the two), whether the index is stale or fresh.
 */
static void test_rename_name_taken_since(void **state)
{
	struct model m;
	struct store st;
	struct diag d = DIAG_INIT;
	struct edit_plan p;
	struct store_select sel = { 0 };
	const struct experiment *e;
	char b[HASH_HEX_LEN + 1];

	(void)state;
	open_with(&st, (const char *const[]){ "samples/hyperfine/o0-vs-o2.txt", "samples/hyperfine/hand-relative.txt" },
		  2);
	load(&m);
	e = model_experiment(&m, "hand-relative");
	assert_non_null(e);
	snprintf(b, sizeof(b), "%s", m.sources[e->sources[0]].hash);
	edit_plan_init(&p);
	assert_int_equal(manage_plan_rename(&m, model_experiment(&m, "o0-vs-o2"), "taken", &p, &d), 0);
	/* another process: the other import moved into a new experiment of that name */
	assert_int_equal(store_add_override(&st, "experiment", b, "taken", NULL, &d), 0);
	for (int fresh = 0; fresh < 2; fresh++) {
		struct store_edit_op op = { p.command, buf_str(&p.what), p.rows, p.n };
		struct model sum;

		model_init(&sum);
		if (fresh) /* a reader writes the index again */
			assert_int_equal(store_snapshot(&st, &sel, NEED_SUMMARY, &sum, &d), 0);
		model_release(&sum);
		model_init(&sum);
		assert_int_equal(storeindex_load(&st, &sum, NULL), fresh);
		model_release(&sum);
		assert_int_equal(store_edit_fresh(&st, NULL, &op, &d), -1);
		assert_non_null(strstr(d.v[d.n - 1].text, "experiment \"taken\" exists"));
	}
	edit_plan_release(&p);
	model_release(&m);
	load(&m);
	assert_non_null(model_experiment(&m, "o0-vs-o2"));
	assert_int_equal(model_experiment(&m, "taken")->nsources, 1);
	assert_string_equal(m.sources[model_experiment(&m, "taken")->sources[0]].hash, b);
	model_release(&m);
	store_close(&st);
	diag_release(&d);
}

/* 1 when some experiment of `m` has a variant of key `key`. */
static int has_variant(const struct model *m, const char *key)
{
	for (size_t e = 0; e < m->nexps; e++)
		if (model_variant(&m->exps[e], key))
			return 1;
	return 0;
}

/*
 * A block's variant set by store_edit_fresh() (the TUI's e), taken back
 * and put back by store_undo_id_fresh(), on a store whose index is fresh:
 * after each the index still answers (storeindex_load()), and its
 * experiments and variants are those a load of the data gives.
 */
static void test_block_variant_fresh(void **state)
{
	struct model m, sum;
	struct store st;
	struct diag d = DIAG_INIT;
	struct store_select sel = { 0 };
	struct undo_info u;
	struct edit_row row = { 0 };
	struct store_edit_op op = { "set-variant", "block is variant \"tuned\"", &row, 1 };
	char target[HASH_HEX_LEN + 32];

	(void)state;
	open_with(&st, (const char *const[]){ "samples/hyperfine/o0-vs-o2.txt", "samples/hyperfine/hand-relative.txt" },
		  2);
	load(&m);
	snprintf(target, sizeof(target), "%s:%u", m.sources[m.rs.runs[0].source].hash,
		 (unsigned)m.rs.runs[0].first_line);
	model_release(&m);
	model_init(&sum);
	assert_int_equal(store_snapshot(&st, &sel, NEED_SUMMARY, &sum, &d), 0); /* a reader writes the index */
	model_release(&sum);
	row.op = EDIT_VARIANT;
	row.target = target;
	row.value = "tuned";
	for (int step = 0; step < 3; step++) {
		if (step == 0)
			assert_true(store_edit_fresh(&st, NULL, &op, &d) > 0);
		else
			assert_int_equal(store_undo_id_fresh(&st, step == 1 ? 0 : u.id, &u, &d), 0);
		model_init(&sum);
		assert_int_equal(storeindex_load(&st, &sum, NULL), 1);
		load(&m);
		assert_int_equal(has_variant(&m, "tuned"), step != 1);
		assert_int_equal(sum.nexps, m.nexps);
		for (size_t e = 0; e < m.nexps; e++) {
			const struct experiment *x = model_experiment(&sum, m.exps[e].name);

			assert_non_null(x);
			assert_int_equal(x->nvariants, m.exps[e].nvariants);
			for (size_t v = 0; v < m.exps[e].nvariants; v++) {
				const struct variant_info *vi = model_variant(x, m.exps[e].variants[v].key);

				assert_non_null(vi);
				assert_int_equal(vi->nruns, m.exps[e].variants[v].nruns);
			}
		}
		model_release(&m);
		model_release(&sum);
	}
	store_close(&st);
	diag_release(&d);
}

static void test_manifest_rows(void **state)
{
	static const char two[] = "\"a\",\"b\"\n\"c\",\"d\"\n";
	static const char one[] = "\"a\nb\",\"x\"\"y\"\n";

	(void)state;
	assert_int_equal(manifest_rows("", 0), 0);
	assert_int_equal(manifest_rows(two, strlen(two)), 2);
	/* a newline inside a quoted field is not a row; a doubled quote stays inside */
	assert_int_equal(manifest_rows(one, strlen(one)), 1);
}

/* The rows of s[0..n) byte by byte: what manifest_rows() must agree with. */
static size_t rows_by_byte(const char *s, size_t n)
{
	size_t rows = 0;
	int quoted = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		else if (s[i] == '\n' && !quoted)
			rows++;
	}
	return rows;
}

/* Texts longer than its 64-byte blocks: quoted line ends and quotes across their edges. */
static void test_manifest_rows_blocks(void **state)
{
	char s[700];
	unsigned long seed = 5;

	(void)state;
	for (size_t n = 0; n < sizeof(s); n += 7) {
		for (int round = 0; round < 20; round++) {
			for (size_t i = 0; i < n; i++) {
				seed = seed * 6364136223846793005ul + 1442695040888963407ul;
				s[i] = "\"\n,ab\"\nxy"[(seed >> 33) % 10];
			}
			assert_int_equal(manifest_rows(s, n), rows_by_byte(s, n));
		}
	}
	/* a quoted field holding a line end at each block edge */
	memset(s, 'a', sizeof(s));
	s[0] = '"';
	s[64] = '\n';
	s[127] = '\n';
	s[128] = '"';
	s[191] = '\n';
	s[192] = '\n';
	assert_int_equal(manifest_rows(s, 200), 2);
	assert_int_equal(rows_by_byte(s, 200), 2);
}

static void test_utf16(void **state)
{
	/* "µ A" then U+1F600 as a surrogate pair, then an unpaired high surrogate */
	static const unsigned char le[] = { 0xff, 0xfe, 0xb5, 0x00, 0x20, 0x00, 0x41, 0x00,
					    0x3d, 0xd8, 0x00, 0xde, 0x3d, 0xd8 };
	struct buf b = BUF_INIT;

	(void)state;
	textin_utf16(le, sizeof(le), 0, &b);
	assert_string_equal(buf_str(&b), "\xc2\xb5 A\xf0\x9f\x98\x80\xef\xbf\xbd");
	buf_release(&b);
}

static void test_clean(void **state)
{
	struct buf b = BUF_INIT;
	const char *s = "a\x1b]0;x\x07 b\tc\xc2\x9b" "d\xff";

	(void)state;
	assert_true(text_has_control(s, strlen(s)));
	assert_false(text_has_control("µs ± 1", strlen("µs ± 1")));
	text_clean(&b, s, strlen(s));
	assert_string_equal(buf_str(&b), "a?]0;x? b c?d?");
	buf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_record_undo_redo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_remove_and_return, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rename_name_taken_since, setup, teardown),
		cmocka_unit_test_setup_teardown(test_block_variant_fresh, setup, teardown),
		cmocka_unit_test(test_manifest_rows),
		cmocka_unit_test(test_manifest_rows_blocks),
		cmocka_unit_test(test_utf16),
		cmocka_unit_test(test_clean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
