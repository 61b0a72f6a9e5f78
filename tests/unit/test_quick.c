/*
 * test_quick.c - a quick comparison kept in memory (store/quick.c): each
 * snapshot is read from its texts and journal, a new model; an edit
 * changes the next snapshot and never one read before; an undo gives the
 * first one's names back; a paste is an import of its own, dropped whole,
 * and a text it holds is known byte for byte;
 * snapshots and the quick comparison are freed in any order (ASan).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "store/quick.h"
#include "util/util.h"

static const char three[] =
	"Benchmark 1: ./app_release input.json\n"
	"  Time (mean \xc2\xb1 \xcf\x83):     812.4 \xc2\xb5s \xc2\xb1  21.3 \xc2\xb5s    [User: 402.1 \xc2\xb5s, System: 377.9 \xc2\xb5s]\n"
	"  Range (min \xe2\x80\xa6 max):   771.0 \xc2\xb5s \xe2\x80\xa6 934.2 \xc2\xb5s    3312 runs\n"
	"\n"
	"Benchmark 2: ./app_pgo input.json\n"
	"  Time (mean \xc2\xb1 \xcf\x83):     701.9 \xc2\xb5s \xc2\xb1  18.7 \xc2\xb5s    [User: 331.0 \xc2\xb5s, System: 350.6 \xc2\xb5s]\n"
	"  Range (min \xe2\x80\xa6 max):   660.3 \xc2\xb5s \xe2\x80\xa6 812.8 \xc2\xb5s    3907 runs\n";

/* A quick comparison of `text` called `name` (the text copied: adopted). */
static struct quick *quick_of(const char *name, const char *text)
{
	struct quick *q = quick_new();
	struct import_input in = { name, xstrdup(text), strlen(text), NULL, "" };
	struct import_opts o = { NULL, NULL, NULL, 0, 0, 0, "2026-01-01T00:00:00Z" };

	quick_add(q, &in, 1, &o);
	assert_null(in.text); /* adopted */
	return q;
}

static struct model *read_one(const struct quick *q)
{
	struct model *m = xmalloc(sizeof(*m));

	model_init(m);
	quick_snapshot(q, m, NULL);
	return m;
}

static void drop(struct model *m)
{
	model_release(m);
	free(m);
}

/* The text of the one experiment's variant named `name`, or NULL. */
static const char *variant_text(struct model *m, const char *name)
{
	const struct variant_info *v;

	assert_int_equal(m->nexps, 1);
	v = model_variant(&m->exps[0], model_variant_key(m, name));
	return v ? v->text : NULL;
}

/* R in the TUI: variant key `from` of experiment `exp` shown as `to`. */
static long rename_variant(struct quick *q, const char *exp, const char *from, const char *to)
{
	struct edit_row row = { 0 };
	struct store_edit_op op = { "rename-variant", "a rename", &row, 1 };

	row.op = EDIT_ALIAS;
	row.experiment = exp;
	row.target = from;
	row.value = to;
	return quick_edit(q, &op);
}

static void test_edit_reads_a_new_snapshot(void **state)
{
	struct quick *q = quick_of("bench.txt", three);
	struct model *a, *b, *c;
	struct undo_info u;
	struct diag d = DIAG_INIT;
	char *exp;
	const char *before;

	(void)state;
	a = read_one(q);
	assert_int_equal(a->rs.nruns, 2);
	assert_int_equal(a->exps[0].nvariants, 2);
	exp = xstrdup(a->exps[0].name);
	before = variant_text(a, "app_release");
	assert_non_null(before);
	/* an edit: the next snapshot has it, the one read before does not */
	assert_int_equal(rename_variant(q, exp, model_variant_key(a, "app_release"), "glibc"), 1);
	b = read_one(q);
	assert_non_null(variant_text(b, "glibc"));
	assert_null(variant_text(b, "app_release"));
	assert_ptr_equal(variant_text(a, "app_release"), before);
	assert_string_equal(before, "app_release");
	assert_int_equal(a->naliases, 0);
	assert_int_equal(b->naliases, 1);
	assert_int_equal(b->nedits, 1);
	/* the time the text came with stays its import's */
	assert_string_equal(a->sources[0].imported, "2026-01-01T00:00:00Z");
	assert_string_equal(b->sources[0].imported, "2026-01-01T00:00:00Z");
	/* the first snapshot goes; the second reads on */
	drop(a);
	assert_string_equal(b->rs.runs[b->exps[0].runs[0]].eff_variant.text, "glibc");
	/* undo: an edit of its own (2), the first names back */
	assert_int_equal(quick_undo(q, &u, &d), 0);
	assert_int_equal(u.undone, 1);
	assert_int_equal(u.id, 2);
	assert_string_equal(u.what, "a rename");
	c = read_one(q);
	assert_non_null(variant_text(c, "app_release"));
	assert_null(variant_text(c, "glibc"));
	assert_int_equal(c->nedits, 2);
	assert_int_equal(c->naliases, 0);
	assert_int_equal(quick_undo(q, &u, &d), -1); /* an undo is not undone by u */
	assert_string_equal(d.v[d.n - 1].text, "nothing to undo");
	/* the quick comparison goes before the snapshots read from it */
	quick_free(q);
	assert_non_null(variant_text(b, "glibc"));
	drop(b);
	drop(c);
	free(exp);
	diag_release(&d);
}

static void test_paste_is_an_import_dropped_whole(void **state)
{
	struct quick *q = quick_of("bench.txt", three);
	struct import_input in = { "paste", NULL, 0, NULL, "" };
	struct import_opts o = { NULL, NULL, NULL, 0, 0, 0, NULL };
	const char *size = "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
			   " 100000\t  10000\t   1000\t 111000\t  1b198\tapp_release\n"
			   " 120000\t  10000\t   1000\t 131000\t  1ffb8\tapp_lto\n";
	struct model *m;
	unsigned long g;

	(void)state;
	/* a baseline set twice: the second records nothing, as the store's journal drops it */
	{
		struct edit_row row = { 0 };
		struct store_edit_op op = { "baseline", "a baseline", &row, 1 };

		row.op = EDIT_BASELINE;
		row.experiment = "bench";
		row.value = "app_pgo";
		assert_int_equal(quick_edit(q, &op), 1);
		g = quick_generation(q);
		assert_int_equal(quick_edit(q, &op), 0);
		assert_int_equal(quick_generation(q), g);
	}
	assert_true(quick_holds(q, three, strlen(three)));
	assert_false(quick_holds(q, three, strlen(three) - 1));
	assert_false(quick_holds(q, size, strlen(size)));
	in.text = xstrdup(size);
	in.len = strlen(size);
	assert_int_equal(quick_drop_last(q), -1); /* the first import stays */
	g = quick_generation(q);
	quick_add(q, &in, 1, &o);
	assert_int_not_equal(quick_generation(q), g);
	assert_int_equal(quick_imports(q), 2);
	m = read_one(q);
	assert_int_equal(m->nsources, 2);
	assert_int_equal(m->rs.nruns, 4);
	g = quick_generation(q);
	assert_int_equal(quick_drop_last(q), 0);
	assert_int_not_equal(quick_generation(q), g);
	assert_int_equal(quick_imports(q), 1);
	assert_int_equal(m->rs.nruns, 4); /* read before: unchanged */
	drop(m);
	m = read_one(q);
	assert_int_equal(m->nsources, 1);
	assert_int_equal(m->rs.nruns, 2);
	drop(m);
	quick_free(q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edit_reads_a_new_snapshot),
		cmocka_unit_test(test_paste_is_an_import_dropped_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
