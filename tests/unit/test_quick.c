/*
 * test_quick.c - a quick comparison kept in memory (store/quick.c): each
 * snapshot is read from its texts and journal, a new model; an edit
 * changes the next snapshot and never one read before; an undo gives the
 * first one's names back; a paste is an import of its own, dropped whole,
 * and a text it holds is known byte for byte;
 * snapshots and the quick comparison are freed in any order (ASan).
 * An edit's snapshot shares the records and texts already read (no parse,
 * no copy) and names every run as a parse of the texts with its journal
 * would; a text is let go when its last holder is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/journal.h"
#include "store/quick.h"
#include "util/mapped.h"
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

static struct model *read_one(struct quick *q)
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

/* Record one edit of one row, said as `what`. */
static long edit_one(struct quick *q, enum edit_op op, const char *exp, const char *target, const char *value,
		     const char *what)
{
	struct edit_row row = { 0 };
	struct store_edit_op e = { "edit", what, &row, 1 };

	row.op = op;
	row.experiment = exp;
	row.target = target;
	row.value = value;
	return quick_edit(q, &e);
}

/* R in the TUI: variant key `from` of experiment `exp` shown as `to`. */
static long rename_variant(struct quick *q, const char *exp, const char *from, const char *to)
{
	return edit_one(q, EDIT_ALIAS, exp, from, to, "a rename");
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

static const char size_text[] = "   text\t   data\t    bss\t    dec\t    hex\tfilename\n"
				 " 100000\t  10000\t   1000\t 111000\t  1b198\tapp_release\n"
				 " 120000\t  10000\t   1000\t 131000\t  1ffb8\tapp_lto\n";

/* `a` and `b` name every run, experiment, variant and baseline alike. */
static void assert_same_names(const struct model *a, const struct model *b)
{
	assert_int_equal(a->rs.nruns, b->rs.nruns);
	assert_int_equal(a->rs.nmeas, b->rs.nmeas);
	for (size_t r = 0; r < a->rs.nruns; r++) {
		const struct run *x = &a->rs.runs[r], *y = &b->rs.runs[r];

		assert_string_equal(x->id, y->id);
		assert_string_equal(x->eff_experiment, y->eff_experiment);
		assert_string_equal(x->eff_variant.text, y->eff_variant.text);
		assert_string_equal(x->eff_variant.key, y->eff_variant.key);
		assert_int_equal(x->eff_variant.origin, y->eff_variant.origin);
		assert_string_equal(x->eff_scenario, y->eff_scenario);
	}
	assert_int_equal(a->nexps, b->nexps);
	for (size_t e = 0; e < a->nexps; e++) {
		const struct experiment *x = &a->exps[e], *y = &b->exps[e];

		assert_string_equal(x->name, y->name);
		assert_string_equal(x->baseline, y->baseline);
		assert_int_equal(x->nvariants, y->nvariants);
		for (size_t v = 0; v < x->nvariants; v++) {
			assert_string_equal(x->variants[v].key, y->variants[v].key);
			assert_string_equal(x->variants[v].text, y->variants[v].text);
			assert_int_equal(x->variants[v].nruns, y->variants[v].nruns);
		}
	}
	assert_int_equal(a->noverrides, b->noverrides);
	for (size_t k = 0; k < a->noverrides; k++) {
		assert_string_equal(a->overrides[k].kind, b->overrides[k].kind);
		assert_string_equal(a->overrides[k].target, b->overrides[k].target);
		assert_string_equal(a->overrides[k].value, b->overrides[k].value);
	}
	assert_int_equal(a->naliases, b->naliases);
	assert_int_equal(a->ntags, b->ntags);
	for (size_t k = 0; k < a->ntags; k++)
		assert_string_equal(a->tags[k].value, b->tags[k].value);
	assert_int_equal(a->nedits, b->nedits);
}

/* The experiment holding the runs of variant text `v` (NULL: none). */
static const char *exp_of_variant(const struct model *m, const char *v)
{
	for (size_t r = 0; r < m->rs.nruns; r++)
		if (!strcmp(m->rs.runs[r].eff_variant.text, v))
			return m->rs.runs[r].eff_experiment;
	return NULL;
}

/*
 * Every kind of edit, and an undo, over a text and a paste with a
 * --set-variant fix: the snapshots after them share what was read (runs
 * of their own) and name everything as the texts read again with the
 * journal do (a paste taken back makes the next snapshot parse again).
 */
static void test_edit_shares_and_names_as_a_parse(void **state)
{
	struct quick *q = quick_of("bench.txt", three);
	struct import_input in = { "sizes.txt", xstrdup(size_text), strlen(size_text), NULL, "" };
	struct set_variant fix = { 2, "fixed release", 0, 0 };
	struct import_opts o = { NULL, NULL, &fix, 1, 0, 0, "2026-01-02T00:00:00Z" };
	struct import_input extra = { "extra.txt", xstrdup(three), strlen(three) - 1, NULL, "" };
	struct model *a, *b, *c, *parsed;
	struct undo_info u;
	struct diag d = DIAG_INIT;
	char target[64], *bench, *sizes, *size_hash;

	(void)state;
	quick_add(q, &in, 1, &o);
	a = read_one(q);
	assert_int_equal(a->nsources, 2);
	assert_int_equal(a->nexps, 2);
	assert_non_null(exp_of_variant(a, "fixed release")); /* the paste's fix */
	bench = xstrdup(exp_of_variant(a, "app_pgo"));
	sizes = xstrdup(exp_of_variant(a, "fixed release"));
	size_hash = xstrdup(a->sources[1].hash);
	/* a rename, a block's variant, a baseline, a tag, a move of the paste, then an undo */
	assert_true(rename_variant(q, bench, model_variant_key(a, "app_release"), "glibc") > 0);
	snprintf(target, sizeof(target), "%s:5.2", a->sources[0].hash); /* one run of the block */
	assert_true(edit_one(q, EDIT_VARIANT, "", target, "musl", "an edit") > 0);
	assert_true(edit_one(q, EDIT_BASELINE, bench, bench, model_variant_key(a, "musl"), "an edit") > 0);
	assert_true(edit_one(q, EDIT_TAG, "", model_variant_key(a, "glibc"), "libc=glibc", "a tag") > 0);
	assert_true(edit_one(q, EDIT_EXPERIMENT, "", size_hash, "size moved", "an edit") > 0);
	assert_true(edit_one(q, EDIT_ALIAS, sizes, model_variant_key(a, "app_lto"), "lto", "an edit") > 0);
	assert_int_equal(quick_undo(q, &u, &d), 0); /* the last alias goes again */
	b = read_one(q);
	/* the records and the texts read once, the runs b's own */
	assert_ptr_equal(b->rs.meas, a->rs.meas);
	assert_ptr_equal(b->rs.notes, a->rs.notes);
	assert_ptr_equal(b->sources[0].text, a->sources[0].text);
	assert_ptr_equal(b->sources[1].text, a->sources[1].text);
	assert_ptr_not_equal(b->rs.runs, a->rs.runs);
	assert_string_equal(exp_of_variant(b, "fixed release"), "size moved");
	assert_non_null(exp_of_variant(b, "glibc"));
	assert_non_null(exp_of_variant(b, "musl"));
	assert_null(exp_of_variant(b, "lto"));
	assert_null(exp_of_variant(a, "glibc")); /* a as it was read */
	assert_string_equal(exp_of_variant(a, "fixed release"), sizes);
	/* the texts read again: a paste and its drop change the imports */
	quick_add(q, &extra, 1, &o);
	assert_int_equal(quick_drop_last(q), 0);
	parsed = read_one(q);
	assert_ptr_not_equal(parsed->rs.meas, b->rs.meas);
	assert_ptr_equal(parsed->sources[0].text, b->sources[0].text); /* still one copy */
	assert_same_names(b, parsed);
	/* and an edit after it shares what that read */
	assert_true(rename_variant(q, bench, model_variant_key(b, "musl"), "musl libc") > 0);
	c = read_one(q);
	assert_ptr_equal(c->rs.meas, parsed->rs.meas);
	assert_non_null(exp_of_variant(c, "musl libc"));
	drop(parsed);
	drop(a);
	quick_free(q);
	drop(c);
	assert_non_null(exp_of_variant(b, "glibc"));
	drop(b);
	free(bench);
	free(sizes);
	free(size_hash);
	diag_release(&d);
}

/* 1 when file `path` is mapped in this process (its name, not an address: addresses are used again). */
static int is_mapped(const char *path)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096];
	int found = 0;

	assert_non_null(f);
	while (!found && fgets(line, sizeof(line), f))
		found = strstr(line, path) != NULL;
	fclose(f);
	return found;
}

/*
 * A text mapped from its file (as a large log is) is read by each
 * snapshot where it is mapped, not copied, and unmapped when its last
 * holder lets go: the quick comparison first or a snapshot first.
 */
static void test_text_held_once(void **state)
{
	for (int order = 0; order < 2; order++) {
		char path[] = "/tmp/test_quick_XXXXXX";
		int fd = mkstemp(path);
		struct quick *q = quick_new();
		struct import_input in = { "bench.txt", NULL, strlen(three), NULL, "" };
		struct import_opts o = { NULL, NULL, NULL, 0, 0, 0, "2026-01-01T00:00:00Z" };
		struct model *a, *b;
		char *text;

		(void)state;
		assert_true(fd >= 0);
		assert_int_equal(write(fd, three, strlen(three)), (ssize_t)strlen(three));
		text = mapped_file(fd, strlen(three), 1);
		close(fd);
		assert_non_null(text);
		assert_true(is_mapped(path));
		in.text = text;
		quick_add(q, &in, 1, &o);
		a = read_one(q);
		assert_ptr_equal(a->sources[0].text, text);
		assert_int_equal(rename_variant(q, a->exps[0].name, model_variant_key(a, "app_pgo"), "pgo"), 1);
		b = read_one(q);
		assert_ptr_equal(b->sources[0].text, text);
		if (order) {
			drop(a);
			drop(b);
			assert_true(is_mapped(path)); /* the quick comparison holds it */
			quick_free(q);
		} else {
			quick_free(q);
			drop(a);
			assert_true(is_mapped(path)); /* b reads it */
			assert_int_equal(memcmp(b->sources[0].text, three, 20), 0);
			assert_non_null(variant_text(b, "pgo"));
			drop(b);
		}
		assert_false(is_mapped(path));
		unlink(path);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edit_reads_a_new_snapshot),
		cmocka_unit_test(test_paste_is_an_import_dropped_whole),
		cmocka_unit_test(test_edit_shares_and_names_as_a_parse),
		cmocka_unit_test(test_text_held_once),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
