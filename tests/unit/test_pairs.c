/*
 * test_pairs.c - the pairs of variants that differ in one factor alone
 * (store/pairs.c) and their effects per family (store/effect.c), on
 * hand-written size tables whose ratios are exact: a 2x2x2 grid of PGO,
 * LTO and BOLT, two variants that differ in two factors, names that state
 * no factor, tags over names; and the interval of an effect from rows
 * with spreads, against values computed by hand (the t quantile is R's
 * qt(0.975, 18)).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>

#include "helpers.h"
#include "store/effect.h"
#include "store/pairs.h"

/* A GNU size row of a build whose sizes are the base's times `k` (text 100000, data 10000, bss 1000). */
static void size_row(struct buf *b, const char *file, double k)
{
	long text = lround(100000 * k), data = lround(10000 * k), bss = lround(1000 * k);

	buf_addf(b, "%7ld\t%7ld\t%7ld\t%7ld\t%7lx\t%s\n", text, data, bss, text + data + bss,
		 text + data + bss, file);
}

static void import_sizes(struct model *m, const char *const *files, const double *k, size_t n)
{
	struct buf b = BUF_INIT;
	struct diag d = DIAG_INIT;

	buf_adds(&b, "Sizes of the builds\n\n```\n   text\t   data\t    bss\t    dec\t    hex\tfilename\n");
	for (size_t i = 0; i < n; i++)
		size_row(&b, files[i], k[i]);
	buf_adds(&b, "```\n");
	import_string(m, "sizes.md", b.s, &d);
	model_resolve(m);
	assert_int_equal(m->nexps, 1);
	buf_release(&b);
	diag_release(&d);
}

/* "pgo: A -> B (none -> optimized) [with lto=on]" for pair p. */
static void pair_text(const struct fx_exp *x, const struct fx_pair *p, char *out, size_t size)
{
	struct buf ctx = BUF_INIT;

	fx_pair_context(x, p, &ctx);
	snprintf(out, size, "%s: %s -> %s (%s -> %s)%s%s%s", x->factors[p->factor].name,
		 x->variants[p->base].text, x->variants[p->cand].text, p->from, p->to,
		 ctx.len ? " [with " : "", buf_str(&ctx), ctx.len ? "]" : "");
	buf_release(&ctx);
}

static void expect_pairs(const struct fx_exp *x, const char *const *want, size_t n)
{
	char got[256];

	if (x->npairs != n) {
		for (size_t i = 0; i < x->npairs; i++) {
			pair_text(x, &x->pairs[i], got, sizeof(got));
			print_message("pair %zu: %s\n", i, got);
		}
		fail_msg("%zu pairs, want %zu", x->npairs, n);
	}
	for (size_t i = 0; i < n; i++) {
		pair_text(x, &x->pairs[i], got, sizeof(got));
		if (strcmp(got, want[i]))
			fail_msg("pair %zu: \"%s\", want \"%s\"", i, got, want[i]);
	}
}

static void test_grid(void **state)
{
	static const char *const files[] = { "app", "app_pgo", "app_lto", "app_bolt",
					      "app_pgo_lto", "app_pgo_bolt", "app_lto_bolt", "app_pgo_lto_bolt" };
	/* PGO ×0.9, LTO ×0.8, BOLT ×1.25 on every size, multiplied */
	static const double k[] = { 1, 0.9, 0.8, 1.25, 0.72, 1.125, 1.0, 0.9 };
	static const char *const want[] = {
		"pgo: app -> app_pgo (none -> optimized)",
		"pgo: app_lto -> app_pgo_lto (none -> optimized) [with lto=on]",
		"pgo: app_bolt -> app_pgo_bolt (none -> optimized) [with bolt=optimized]",
		"pgo: app_lto_bolt -> app_pgo_lto_bolt (none -> optimized) [with lto=on bolt=optimized]",
		"lto: app -> app_lto (off -> on)",
		"lto: app_pgo -> app_pgo_lto (off -> on) [with pgo=optimized]",
		"lto: app_bolt -> app_lto_bolt (off -> on) [with bolt=optimized]",
		"lto: app_pgo_bolt -> app_pgo_lto_bolt (off -> on) [with pgo=optimized bolt=optimized]",
		"bolt: app -> app_bolt (none -> optimized)",
		"bolt: app_pgo -> app_pgo_bolt (none -> optimized) [with pgo=optimized]",
		"bolt: app_lto -> app_lto_bolt (none -> optimized) [with lto=on]",
		"bolt: app_pgo_lto -> app_pgo_lto_bolt (none -> optimized) [with pgo=optimized lto=on]",
	};
	static const double ratio[] = { 0.9, 0.8, 1.25 };
	struct model_fixture *f = *state;
	struct fx_exp x;

	import_sizes(&f->m, files, k, countof(files));
	fx_read(&f->m, &f->m.exps[0], &x);
	assert_int_equal(x.nfactors, 3);
	assert_string_equal(x.factors[0].name, "pgo");
	assert_string_equal(x.factors[1].name, "lto");
	assert_string_equal(x.factors[2].name, "bolt");
	assert_string_equal(x.factors[0].base, "none");
	expect_pairs(&x, want, countof(want));
	/* "app" states no factor: shown as such, and every factor of it at its base */
	assert_false(x.variants[0].named);
	assert_true(x.variants[1].named);
	assert_string_equal(x.variants[0].words, "app");
	fx_measure(&f->m, &f->m.exps[0], NULL, &x);
	for (size_t p = 0; p < x.npairs; p++) {
		const struct fx_effect *e = fx_pair_effect(&x.pairs[p], MF_SIZE);

		assert_non_null(e);
		assert_int_equal(e->nrows, 4); /* text, data, bss, dec */
		assert_int_equal(e->basis, FX_EXACT);
		assert_true(fabs(e->ratio - ratio[p / 4]) < 1e-12);
		assert_int_equal(e->verdict, ratio[p / 4] < 1 ? CMP_BETTER : CMP_WORSE);
		assert_true(isnan(e->lo));
		assert_int_equal(fx_pair_effect(&x.pairs[p], MF_TIME)->nrows, 0);
	}
	fx_release(&x);
}

static void test_two_factors(void **state)
{
	static const char *const files[] = { "app_release", "app_pgo_lto", "app_pgo_instrumented" };
	static const double k[] = { 1, 0.72, 3 };
	static const char *const want[] = {
		"pgo: app_release -> app_pgo_instrumented (none -> instrumented)",
	};
	struct model_fixture *f = *state;
	struct fx_exp x;
	long lto;

	import_sizes(&f->m, files, k, countof(files));
	fx_read(&f->m, &f->m.exps[0], &x);
	expect_pairs(&x, want, countof(want));
	assert_true(x.pairs[0].instrumented);
	assert_true(x.variants[2].instrumented);
	/* lto has no clean pair: the closest differ in pgo too */
	lto = fx_factor_index(&x, "lto");
	assert_true(lto >= 0);
	assert_int_equal(x.factors[lto].n, 0);
	assert_int_equal(x.factors[lto].nnear, 2);
	{
		const struct fx_pair *p = &x.near[x.factors[lto].near_first];

		assert_string_equal(x.variants[p->base].text, "app_release");
		assert_string_equal(x.variants[p->cand].text, "app_pgo_lto");
		assert_int_equal(p->nothers, 1);
		assert_string_equal(p->others[0].factor, "pgo");
		assert_string_equal(p->others[0].from, "none");
		assert_string_equal(p->others[0].to, "optimized");
		p++;
		assert_string_equal(x.variants[p->base].text, "app_pgo_instrumented");
		assert_string_equal(x.variants[p->cand].text, "app_pgo_lto");
		assert_string_equal(p->others[0].from, "instrumented");
	}
	fx_release(&x);
}

static void test_no_factor(void **state)
{
	static const char *const files[] = { "foo", "bar", "foo_pgo" };
	static const double k[] = { 1, 1.1, 0.9 };
	static const char *const want[] = { "pgo: foo -> foo_pgo (none -> optimized)" };
	struct model_fixture *f = *state;
	struct fx_exp x;

	import_sizes(&f->m, files, k, countof(files));
	fx_read(&f->m, &f->m.exps[0], &x);
	/* bar's other words differ from foo's: no pair, however alike their factors */
	expect_pairs(&x, want, countof(want));
	assert_false(x.variants[0].named);
	assert_false(x.variants[1].named);
	assert_string_equal(x.variants[1].words, "bar");
	fx_release(&x);
}

static void test_tags(void **state)
{
	static const char *const files[] = { "foo", "bar" };
	static const double k[] = { 1, 0.5 };
	static const char *const want[] = { "dataset: foo -> bar (small -> large)" };
	struct model_fixture *f = *state;
	struct fx_exp x;

	import_sizes(&f->m, files, k, countof(files));
	/* the user says what the names do not: a factor of their own */
	model_add_tag(&f->m, "", "foo", "dataset", "small", "");
	model_add_tag(&f->m, f->m.exps[0].name, "bar", "dataset", "large", "");
	model_add_tag(&f->m, "another experiment", "foo", "dataset", "huge", "");
	fx_read(&f->m, &f->m.exps[0], &x);
	assert_int_equal(x.npairs, 0); /* their other words still differ: foo, bar */
	assert_true(x.variants[0].named);
	assert_string_equal(fx_level_shown(&x, 0, x.factors[0].col), "small");
	fx_release(&x);
	/* words= says the other words name the same program */
	model_add_tag(&f->m, "", "foo", PAIRS_WORDS, "", "");
	model_add_tag(&f->m, "", "bar", PAIRS_WORDS, "", "");
	fx_read(&f->m, &f->m.exps[0], &x);
	expect_pairs(&x, want, countof(want));
	fx_release(&x);
}

static void test_tag_over_name(void **state)
{
	static const char *const files[] = { "app_release", "app_fast", "app_pgo" };
	static const double k[] = { 1, 0.8, 0.9 };
	static const char *const want[] = {
		"pgo: app_release -> app_pgo (none -> optimized)",
		"lto: app_release -> app_fast (off -> fat)",
	};
	static const char *const want2[] = {
		"lto: app_release -> app_fast (off -> fat)",
		"lto: app_pgo -> app_fast (off -> fat)",
	};
	struct model_fixture *f = *state;
	struct fx_exp x;

	import_sizes(&f->m, files, k, countof(files));
	/* "fast" is a word no row knows: the tags say what it is */
	model_add_tag(&f->m, "", "app fast", "lto", "Fat", "");
	model_add_tag(&f->m, "", "app fast", PAIRS_WORDS, "app", "");
	fx_read(&f->m, &f->m.exps[0], &x);
	expect_pairs(&x, want, countof(want));
	assert_true(x.variants[1].tagged[x.factors[x.pairs[1].factor].col]);
	fx_release(&x);
	/* FACTOR= : the variant has no such factor, whatever its name says: app_pgo is app_release's twin */
	model_add_tag(&f->m, "", "app pgo", "pgo", "", "");
	fx_read(&f->m, &f->m.exps[0], &x);
	expect_pairs(&x, want2, countof(want2));
	fx_release(&x);
}

/* Two time rows, each mean 100 (sd 10, n 10) against 90 (sd 9, n 10): ratio 0.9, df 18. */
static void test_interval(void **state)
{
	struct cmp_table t;
	struct fx_effect e;
	struct cmp_row rows[2];

	(void)state;
	memset(&t, 0, sizeof(t));
	t.opts = (struct cmp_opts)CMP_OPTS_INIT;
	for (size_t i = 0; i < 2; i++) {
		struct cmp_row *r = &rows[i];

		memset(r, 0, sizeof(*r));
		r->quantity = "time";
		r->unit = UNIT_SECOND;
		r->dir = DIR_LOWER;
		r->verdict = CMP_BETTER;
		r->tested = 1;
		r->base = (struct cmp_side){ 1, "", 1, 10, 100, 100, NAN, 10, NAN, NAN, NAN, NAN, 0, 0, 0 };
		r->cand = (struct cmp_side){ 1, "", 1, 10, 90, 90, NAN, 9, NAN, NAN, NAN, NAN, 0, 0, 0 };
	}
	t.rows = rows;
	t.nrows = 2;
	fx_effect_of(&t, MF_TIME, &e);
	assert_int_equal(e.nrows, 2);
	assert_int_equal(e.basis, FX_TESTED);
	assert_true(fabs(e.ratio - 0.9) < 1e-12);
	/* 0.9 · exp(∓ qt(0.975, 18) · √(2 · 0.1² / 10)) */
	assert_true(fabs(e.lo - 0.8192904603134795) < 1e-9);
	assert_true(fabs(e.hi - 0.9886603582447124) < 1e-9);
	assert_int_equal(e.verdict, CMP_BETTER);
	assert_int_equal(e.better, 2);
	/* a wider spread: the interval reaches no change, the verdict is ~ */
	rows[0].base.sd = rows[1].base.sd = 40;
	fx_effect_of(&t, MF_TIME, &e);
	assert_true(e.hi > 1);
	assert_int_equal(e.verdict, CMP_SAME);
	/* a row without a spread: one figure a side, untested */
	rows[1].cand.n = 1;
	rows[1].cand.sd = NAN;
	fx_effect_of(&t, MF_TIME, &e);
	assert_int_equal(e.basis, FX_ONE);
	assert_true(isnan(e.lo));
	assert_int_equal(e.verdict, CMP_BETTER);
	assert_string_equal(fx_text_verdict(&e), "better?");
	/* no row of the family */
	fx_effect_of(&t, MF_SIZE, &e);
	assert_int_equal(e.nrows, 0);
	assert_string_equal(fx_text_verdict(&e), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_grid, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_two_factors, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_no_factor, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_tags, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test_setup_teardown(test_tag_over_name, model_fixture_setup, model_fixture_teardown),
		cmocka_unit_test(test_interval),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
