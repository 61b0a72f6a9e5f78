/*
 * test_ghlinks.c - which links of a thread lead to results (util/ghlinks.c):
 * gists, raw files, blobs of text files, attachments; never code, images,
 * other sites, or this machine unless the thread is read there; and the
 * line of an image.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "util/ghlinks.h"

static void test_find(void **state)
{
	const char *body =
		"Results: https://gist.github.com/alice/0123abcd#file-bench-txt.\r\n"
		"Raw: <https://gist.githubusercontent.com/alice/0123abcd/raw/ff/bench.txt>\n"
		"Log: [log](https://github.com/acme/widget/blob/main/results/run1.log)\n"
		"Attached: https://github.com/user-attachments/files/123/bench.md and "
		"https://github.com/acme/widget/files/456/out.txt\n"
		"File: https://raw.githubusercontent.com/acme/widget/main/bench.csv, again "
		"https://gist.github.com/alice/0123abcd\n"
		"Code: https://github.com/acme/widget/blob/main/src/lib.rs "
		"https://raw.githubusercontent.com/acme/widget/main/build.rs\n"
		"![chart](https://user-images.githubusercontent.com/1/chart.png) https://example.com/bench.txt "
		"http://127.0.0.1:8080/bench.txt http://github.com/acme/widget/raw/main/a.txt\n";
	struct gh_link *l = NULL;
	size_t n = 0, cap = 0;

	(void)state;
	assert_int_equal(gh_links_find(body, strlen(body), NULL, &l, &n, &cap), 6);
	assert_string_equal(l[0].raw, "https://gist.github.com/alice/0123abcd/raw");
	assert_string_equal(l[0].url, "https://gist.github.com/alice/0123abcd#file-bench-txt");
	assert_int_equal(l[0].line, 1);
	assert_string_equal(l[1].raw, "https://gist.githubusercontent.com/alice/0123abcd/raw/ff/bench.txt");
	assert_string_equal(l[2].raw, "https://github.com/acme/widget/raw/main/results/run1.log");
	assert_int_equal(l[2].line, 3);
	assert_string_equal(l[3].raw, "https://github.com/user-attachments/files/123/bench.md");
	assert_string_equal(l[4].raw, "https://github.com/acme/widget/files/456/out.txt");
	assert_string_equal(l[5].raw, "https://raw.githubusercontent.com/acme/widget/main/bench.csv");
	gh_links_release(l, n);

	/* this machine's links only when the thread is read there, and then only at its origin */
	l = NULL, n = cap = 0;
	assert_int_equal(gh_links_find(body, strlen(body), "http://127.0.0.1:8080", &l, &n, &cap), 7);
	assert_string_equal(l[6].raw, "http://127.0.0.1:8080/bench.txt");
	gh_links_release(l, n);
	l = NULL, n = cap = 0;
	assert_int_equal(gh_links_find(body, strlen(body), "http://127.0.0.1:9090", &l, &n, &cap), 6);
	gh_links_release(l, n);
}

static void test_image_line(void **state)
{
	(void)state;
	assert_int_equal(gh_image_line("a\nb\n![x](y.png)\n", 16), 3);
	assert_int_equal(gh_image_line("a\n<IMG src=\"x\">\n", 16), 2);
	assert_int_equal(gh_image_line("no image [x](y)\n", 16), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_image_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
