/*
 * test_label.c - variant labels, their normalized keys, and the split of
 * benchmarked commands into variant and scenario.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "parsers/cmdsplit.h"
#include "parsers/label.h"
#include "util/buf.h"

static void check_key(const char *text, const char *want)
{
	struct buf b = BUF_INIT;

	variant_key(text, strlen(text), &b);
	if (strcmp(buf_str(&b), want))
		fail_msg("variant_key(\"%s\") = \"%s\", want \"%s\"", text, buf_str(&b), want);
	buf_release(&b);
}

static void test_keys(void **state)
{
	(void)state;
	check_key("Release + PGO-optimized", "release + pgo optimized");
	check_key("Release + PGO optimized", "release + pgo optimized");
	check_key("release+pgo  optimized", "release + pgo optimized");
	check_key("  Release:  ", "release");
	check_key("quilkin_release_pgo_optimized", "quilkin release pgo optimized");
	check_key("LTO (fat)", "lto fat");
	check_key("", "");
	check_key("Релиз", "Релиз"); /* only ASCII is folded: keys must not depend on the locale */
}

static void check_label(const char *line, const char *want)
{
	struct buf b = BUF_INIT;
	int got = label_parse(line, strlen(line), &b);

	if (!want && got)
		fail_msg("\"%s\" read as label \"%s\"", line, buf_str(&b));
	if (want && !got)
		fail_msg("\"%s\" not read as a label", line);
	if (want && strcmp(buf_str(&b), want))
		fail_msg("label of \"%s\" = \"%s\", want \"%s\"", line, buf_str(&b), want);
	buf_release(&b);
}

static void test_labels(void **state)
{
	(void)state;
	check_label("Release:", "Release");
	check_label("Release + PGO optimized:", "Release + PGO optimized");
	check_label("## LTO build", "LTO build");
	check_label("**PGO**", "PGO");
	check_label("**Release:**", "Release");
	check_label("- Release + BOLT:", "Release + BOLT");
	check_label("\xe2\x80\xa2 Release:", "Release");
	check_label("Just some prose without a colon", NULL);
	check_label("#hashtag", NULL);
	check_label("", NULL);
	check_label("This sentence is far too long to be a label because it goes on and on and on:", NULL);
}

static void check_split(const char *a, const char *b, const char *va, const char *vb,
			const char *scenario)
{
	const char *cmds[] = { a, b };
	const char *v[2], *sc;
	struct arena ar = ARENA_INIT;
	int rc = cmd_split(cmds, 2, &ar, v, &sc);

	if (!va) {
		if (rc == 0)
			fail_msg("split of \"%s\" / \"%s\" should fail, gave \"%s\" / \"%s\"", a, b, v[0], v[1]);
	} else {
		assert_int_equal(rc, 0);
		assert_string_equal(v[0], va);
		assert_string_equal(v[1], vb);
		assert_string_equal(sc, scenario);
	}
	arena_release(&ar);
}

static void test_cmdsplit(void **state)
{
	(void)state;
	check_split("./llrt_optimized x.js", "./llrt_release x.js", "llrt_optimized", "llrt_release",
		    "x.js");
	check_split("taskset -c 0 ./llrt_optimized ../fixtures/hello.js",
		    "taskset -c 0 ./llrt_release ../fixtures/hello.js", "llrt_optimized", "llrt_release",
		    "taskset -c 0 ../fixtures/hello.js");
	check_split("target/release/app run", "target/lto/app run", "release", "lto", "run");
	check_split("app --fast in", "app --small in", "--fast", "--small", "app in");
	check_split("app in", "app --lto in", "app in", "--lto", "app in");
	check_split("./app 28", "./app 30", NULL, NULL, NULL); /* a parameter scan */
	check_split("same cmd", "same cmd", NULL, NULL, NULL);
	check_split("grep -r foo .", "rg foo .", "grep -r", "rg", "foo .");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_cmdsplit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
