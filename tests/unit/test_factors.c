/*
 * test_factors.c - a variant's name read into build factors (factors.h):
 * each spelling of the table, the qualifiers beside their factor words,
 * values, the other words, and the build words label.c takes from it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "parsers/factors.h"
#include "parsers/label.h"

/* "pgo=optimized bolt=instrumented | quilkin": the stated levels in table order, then the other words. */
static void render(const char *name, char *out, size_t size)
{
	struct factor_reading r;
	size_t k = 0;

	factor_read(name, strlen(name), &r);
	out[0] = '\0';
	for (int f = 0; f < FACTOR__COUNT; f++)
		if (r.level[f][0])
			k += (size_t)snprintf(out + k, size - k, "%s%s=%s", k ? " " : "",
					      factor_name((enum factor_id)f), r.level[f]);
	if (r.words[0])
		k += (size_t)snprintf(out + k, size - k, "%s| %s", k ? " " : "", r.words);
	if (!r.nread)
		snprintf(out + k, size - k, "%s(none read)", k ? " " : "");
}

static void check(const char *name, const char *want)
{
	char got[512];

	render(name, got, sizeof(got));
	if (strcmp(got, want))
		fail_msg("factor_read(\"%s\") = \"%s\", want \"%s\"", name, got, want);
}

static void test_seed_names(void **state)
{
	(void)state;
	/* bbolt-rs */
	check("Release", "profile=release");
	check("Release + PGO optimization", "pgo=optimized profile=release");
	check("Release + PGO optimization + BOLT optimization", "pgo=optimized bolt=optimized profile=release");
	check("Release + PGO instrumentation", "pgo=instrumented profile=release");
	check("Release + PGO optimized + BOLT instrumented", "pgo=optimized bolt=instrumented profile=release");
	/* quilkin: "instrumented" alone is PGO's; LTO takes no such level */
	check("quilkin_release", "profile=release | quilkin");
	check("quilkin_lto", "lto=on | quilkin");
	check("quilkin_release_pgo_optimized", "pgo=optimized profile=release | quilkin");
	check("quilkin_lto_instrumented", "pgo=instrumented lto=on | quilkin");
	check("quilkin_release_instrumented", "pgo=instrumented profile=release | quilkin");
	/* rathole, llrt */
	check("Rathole Release + PGO-optimized", "pgo=optimized profile=release | rathole");
	check("PGO-optimized", "pgo=optimized");
}

static void test_spellings(void **state)
{
	(void)state;
	check("pgo", "pgo=optimized");
	check("profile-guided", "pgo=optimized");
	check("Profile-Guided Optimization", "pgo=optimized");
	check("fdo", "pgo=optimized");
	check("AutoFDO", "pgo=autofdo");
	check("-fprofile-generate", "pgo=instrumented");
	check("-fprofile-use", "pgo=optimized");
	check("instrumented PGO", "pgo=instrumented");
	check("lto=fat", "lto=fat");
	check("LTO (fat)", "lto=fat");
	check("-flto", "lto=on");
	check("-flto=thin", "lto=thin");
	check("ThinLTO", "lto=thin");
	check("thin LTO", "lto=thin");
	check("full LTO", "lto=full");
	check("lto=off", "lto=off");
	check("lto = false", "lto=off");
	check("no LTO", "lto=off");
	check("without PGO", "pgo=none");
	check("+ BOLT", "bolt=optimized");
	check("bolted", "bolt=optimized");
	check("BOLT instrumented", "bolt=instrumented");
	check("CGU=1", "cgu=1");
	check("codegen-units=16", "cgu=16");
	check("cgu1", "cgu=1");
	check("-O0", "opt=O0");
	check("-O3", "opt=O3");
	check("-Os", "opt=Os");
	check("-Oz", "opt=Oz");
	check("opt-level=3", "opt=O3");
	check("opt-level=s", "opt=Os");
	check("mimalloc", "alloc=mimalloc");
	check("jemalloc", "alloc=jemalloc");
	check("snmalloc", "alloc=snmalloc");
	check("system allocator", "alloc=system | allocator");
	check("target-cpu=native", "target-cpu=native");
	check("-march=x86-64-v3", "target-cpu=x86-64-v3");
	check("native", "target-cpu=native");
	check("panic=abort", "panic=abort");
	check("strip", "strip=yes");
	check("stripped", "strip=yes");
	check("debug info", "debuginfo=yes");
	check("debuginfo", "debuginfo=yes");
	check("debug", "profile=debug");
	check("gcc 13", "compiler=gcc 13");
	check("gcc-13", "compiler=gcc 13");
	check("gcc13", "compiler=gcc 13");
	check("clang 17", "compiler=clang 17");
	check("rustc 1.72", "compiler=rustc 1.72");
	check("rustc 1.72.0", "compiler=rustc 1.72.0");
	check("node 20", "runtime=node 20");
	check("Python 3.12", "runtime=python 3.12");
	check("main", "revision=main");
	check("PR 123", "revision=pr 123");
	check("#4567", "revision=pr 4567");
	check("commit 1a2b3c4", "revision=1a2b3c4");
	check("1a2b3c4d", "revision=1a2b3c4d");
	check("app_v2", "revision=v2 | app");
	check("before", "change=before");
	check("After", "change=after");
	check("patched", "change=after");
	check("old", "change=before");
	check("baseline", "");
	check("Release", "profile=release");
}

static void test_combinations(void **state)
{
	(void)state;
	check("O2 + LTO", "lto=on opt=O2");
	check("mimalloc, thin LTO", "lto=thin alloc=mimalloc");
	check("gcc 13 -O3", "opt=O3 compiler=gcc 13");
	check("clang-17 -O2 -flto=thin", "lto=thin opt=O2 compiler=clang 17");
	check("PGO + LTO + BOLT", "pgo=optimized lto=on bolt=optimized");
	check("PGO on top of LTO", "pgo=optimized lto=on");
	check("LTO + PGO instrumented", "pgo=instrumented lto=on");
	check("release-lto-cgu1-native", "lto=on cgu=1 target-cpu=native profile=release");
	check("fat LTO, CGU=1, panic=abort", "lto=fat cgu=1 panic=abort");
	check("PGO no LTO", "pgo=optimized lto=off");
}

static void test_other_words(void **state)
{
	(void)state;
	/* a name no row knows: every word kept, nothing guessed */
	check("foo", "| foo (none read)");
	check("app_v1 run", "revision=v1 | app run");
	check("server mode", "| mode server (none read)");
	check("", "(none read)");
	/* "optimized" alone names no factor; "profiled" names a build, no factor */
	check("optimized", "| optimized (none read)");
	check("profiled", "| profiled (none read)");
	/* fillers go */
	check("Release build with PGO", "pgo=optimized profile=release");
	check("Release + PGO build 3", "pgo=optimized profile=release | 3");
	/* words are sorted: the order they were written in does not matter */
	check("Rathole PGO client", "pgo=optimized | client rathole");
	check("client PGO Rathole", "pgo=optimized | client rathole");
}

static void test_lookup_and_levels(void **state)
{
	char out[FACTOR_LEVEL_MAX];

	(void)state;
	assert_int_equal(factor_lookup("pgo"), FACTOR_PGO);
	assert_int_equal(factor_lookup("PGO"), FACTOR_PGO);
	assert_int_equal(factor_lookup("ThinLTO"), FACTOR_LTO);
	assert_int_equal(factor_lookup("target-cpu"), FACTOR_CPU);
	assert_int_equal(factor_lookup("allocator"), FACTOR_ALLOC);
	assert_int_equal(factor_lookup("opt-level"), FACTOR_OPT);
	assert_int_equal(factor_lookup("dataset"), -1);
	assert_string_equal(factor_normalize_level(FACTOR_PGO, "Instrumentation", out, sizeof(out)),
			    "instrumented");
	assert_string_equal(factor_normalize_level(FACTOR_PGO, "off", out, sizeof(out)), "none");
	assert_string_equal(factor_normalize_level(FACTOR_LTO, "no", out, sizeof(out)), "off");
	assert_string_equal(factor_normalize_level(FACTOR_LTO, "Fat", out, sizeof(out)), "fat");
	assert_string_equal(factor_normalize_level(FACTOR_OPT, "3", out, sizeof(out)), "O3");
	assert_string_equal(factor_normalize_level(FACTOR_OPT, "o2", out, sizeof(out)), "O2");
	assert_string_equal(factor_normalize_level(-1, "Large", out, sizeof(out)), "large");
	assert_string_equal(factor_base(FACTOR_PGO, out, sizeof(out)), "none");
	assert_string_equal(factor_base(FACTOR_COMPILER, out, sizeof(out)), "");
	assert_int_equal(factor_level_rank(FACTOR_PGO, ""), 0);
	assert_int_equal(factor_level_rank(FACTOR_PGO, "instrumented"), 1);
	assert_int_equal(factor_level_rank(FACTOR_PGO, "optimized"), 2);
	assert_int_equal(factor_level_rank(FACTOR_LTO, "banana"), -1);
	assert_int_equal(factor_level_rank(FACTOR_COMPILER, "gcc 13"), -1);
}

/* label.c's build words are the table's rows marked L: the words it had before (and Zig's build modes), no more, no fewer. */
static void test_label_words(void **state)
{
	static const char *const before[] = {
		"release", "debug", "lto", "thinlto", "fat", "thin", "pgo", "bolt", "plo", "instrumented",
		"instrumentation", "optimized", "optimised", "optimization", "optimisation", "baseline",
		"default", "native", "o0", "o1", "o2", "o3", "os", "oz", "og", "cgu", "codegen", "march",
		"mtune", "before", "after", "patched", "unpatched", "original", "vanilla", "stock", "master",
		"main", "head", "old", "new", "gcc", "clang", "rustc", "msvc", "icc", "jemalloc", "mimalloc",
		"tcmalloc", "glibc", "musl", "static", "dynamic", "stripped", "autofdo", "propeller", "fdo",
		"asan", "ubsan", "tsan", "sanitized", "profiled", "avx2", "avx512", "sse4", "simd", "nightly",
		"stable", "beta", "candidate", "reference", "releasefast", "releasesafe", "releasesmall",
	};
	size_t marked = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(before) / sizeof(before[0]); i++)
		if (!label_build_word(before[i], strlen(before[i])))
			fail_msg("\"%s\" no longer names a build", before[i]);
	for (size_t i = 0; i < factor_nwords; i++)
		marked += factor_words[i].label;
	assert_int_equal(marked, sizeof(before) / sizeof(before[0]));
	assert_false(label_build_word("snmalloc", 8));
	assert_false(label_build_word("with", 4));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_names),
		cmocka_unit_test(test_spellings),
		cmocka_unit_test(test_combinations),
		cmocka_unit_test(test_other_words),
		cmocka_unit_test(test_lookup_and_levels),
		cmocka_unit_test(test_label_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
