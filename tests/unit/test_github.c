/*
 * test_github.c - the pure parts of fetching a thread: the address forms
 * GitHub's pages and people write, the Link header's next page, and the
 * API root for a host. The requests themselves are tested against a local
 * server in tests/cli/t87-github-import.sh.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "util/github.h"
#include "util/http.h"

static void check_address(const char *s, const char *host, const char *owner, const char *repo,
			  unsigned long number, int pull)
{
	struct gh_address a;

	if (gh_parse_address(s, &a) != 0)
		fail_msg("not read as an address: %s", s);
	assert_string_equal(a.host, host);
	assert_string_equal(a.owner, owner);
	assert_string_equal(a.repo, repo);
	assert_int_equal(a.number, number);
	assert_int_equal(a.pull, pull);
}

static void test_addresses(void **state)
{
	(void)state;
	check_address("https://github.com/bazelbuild/bazel/pull/22197", "github.com", "bazelbuild", "bazel",
		      22197, 1);
	check_address("https://github.com/ambaxter/bbolt-rs/issues/9", "github.com", "ambaxter", "bbolt-rs", 9, 0);
	/* what the browser's address bar holds: a comment's anchor, a tab, a query */
	check_address("https://github.com/o/r/issues/12#issuecomment-2084411602", "github.com", "o", "r", 12, 0);
	check_address("https://github.com/o/r.js/pull/3/files?w=1", "github.com", "o", "r.js", 3, 1);
	check_address("http://www.github.com/o/r_x/issues/7/", "github.com", "o", "r_x", 7, 0);
	check_address("github.com/o/r/issues/7", "github.com", "o", "r", 7, 0);
	check_address("https://ghe.example.com/team/tool/pull/41", "ghe.example.com", "team", "tool", 41, 1);
	check_address("owner-1/repo.name#123", "github.com", "owner-1", "repo.name", 123, 0);
}

static void test_not_addresses(void **state)
{
	static const char *const bad[] = {
		"results.txt", "-", "notes/run#1.txt", "o/r#", "o/r#x", "o/r#0", "/o/r#5",
		"https://github.com/o/r", "https://github.com/o/r/wiki/5", "https://github.com/o/r/issues/",
		"https://github.com/o/r/issues/abc", "ftp://github.com/o/r/issues/5", "o r/x#5",
		"https://github.com/o;rm -rf/r/issues/5", "https://gith'ub.com/o/r/issues/5",
	};
	struct gh_address a;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (gh_parse_address(bad[i], &a) == 0)
			fail_msg("read as an address: %s", bad[i]);
}

static void check_next(const char *header, const char *want)
{
	char *got = http_link_next(header);

	if (!want)
		assert_null(got);
	else
		assert_string_equal(got, want);
	free(got);
}

static void test_link_next(void **state)
{
	(void)state;
	/* first page, middle page, last page, as GitHub sends them */
	check_next("<https://api.github.com/repositories/1300192/issues/1/comments?page=2>; rel=\"next\", "
		   "<https://api.github.com/repositories/1300192/issues/1/comments?page=5>; rel=\"last\"",
		   "https://api.github.com/repositories/1300192/issues/1/comments?page=2");
	check_next("<https://x/c?page=1>; rel=\"prev\", <https://x/c?page=3>; rel=\"next\", "
		   "<https://x/c?page=5>; rel=\"last\", <https://x/c?page=1>; rel=\"first\"",
		   "https://x/c?page=3");
	check_next("<https://x/c?page=4>; rel=\"prev\", <https://x/c?page=1>; rel=\"first\"", NULL);
	/* unquoted, in another case, among other relations and parameters */
	check_next("<https://x/c?page=2>; title=\"more\"; rel=NEXT", "https://x/c?page=2");
	check_next("<https://x/c?page=2>; rel=\"last next\"", "https://x/c?page=2");
	/* "next" only as part of a word, or in the address, is not the relation */
	check_next("<https://x/next?page=2>; rel=\"nextish\"", NULL);
	check_next("", NULL);
	check_next("garbage <without end", NULL);
}

static void test_api_root(void **state)
{
	char *r;

	(void)state;
	unsetenv("GITHUB_API_URL");
	r = gh_api_root("github.com");
	assert_string_equal(r, "https://api.github.com");
	free(r);
	r = gh_api_root("ghe.example.com");
	assert_string_equal(r, "https://ghe.example.com/api/v3");
	free(r);
	setenv("GITHUB_API_URL", "http://127.0.0.1:8080//", 1);
	r = gh_api_root("github.com");
	assert_string_equal(r, "http://127.0.0.1:8080");
	free(r);
	unsetenv("GITHUB_API_URL");
}

static void test_token_order(void **state)
{
	struct gh_auth a;

	(void)state;
	setenv("PATH", "/nonexistent", 1); /* no gh to ask */
	setenv("GITHUB_TOKEN", "one", 1);
	setenv("GH_TOKEN", "two", 1);
	gh_auth_find("github.com", &a);
	assert_string_equal(a.token, "one");
	assert_string_equal(a.from, "GITHUB_TOKEN");
	gh_auth_release(&a);
	setenv("GITHUB_TOKEN", "", 1); /* empty is unset */
	gh_auth_find("github.com", &a);
	assert_string_equal(a.token, "two");
	assert_string_equal(a.from, "GH_TOKEN");
	gh_auth_release(&a);
	unsetenv("GITHUB_TOKEN");
	unsetenv("GH_TOKEN");
	gh_auth_find("github.com", &a);
	assert_null(a.token);
	assert_null(a.from);
	gh_auth_release(&a);
}

/* The failures a test cannot cause without a network: the sentence and the class (and so the exit code). */
static void test_no_answer(void **state)
{
	struct buf m = BUF_INIT;

	(void)state;
	assert_int_equal(gh_no_answer(HTTP_FAIL_RESOLVE, "api.github.com", "Could not resolve host: api.github.com",
				      10, 30, &m), GH_UNREACHABLE);
	assert_string_equal(m.s, "cannot reach api.github.com: the name does not resolve (no network?)");
	assert_int_equal(gh_no_answer(HTTP_FAIL_CONNECT_TIMEOUT, "api.github.com", "Connection timed out",
				      10, 30, &m), GH_TIMEOUT);
	assert_string_equal(m.s, "timed out: no connection to api.github.com within 10 s");
	assert_int_equal(gh_no_answer(HTTP_FAIL_TLS, "ghe.example.com", "SSL certificate problem", 10, 30, &m),
			 GH_UNREACHABLE);
	assert_string_equal(m.s, "cannot talk to ghe.example.com securely: SSL certificate problem");
	assert_int_equal(gh_no_answer(HTTP_FAIL_TOO_BIG, "api.github.com", "", 10, 30, &m), GH_BAD_ANSWER);
	assert_string_equal(m.s, "api.github.com sent more than 64 MiB for one page; not read");
	buf_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_addresses),
		cmocka_unit_test(test_not_addresses),
		cmocka_unit_test(test_link_next),
		cmocka_unit_test(test_api_root),
		cmocka_unit_test(test_token_order),
		cmocka_unit_test(test_no_answer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
