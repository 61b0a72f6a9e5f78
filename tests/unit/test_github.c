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
	struct gh_address a;
	struct gh_access x;
	struct buf msg = BUF_INIT;

	(void)state;
	unsetenv("GITHUB_API_URL");
	assert_int_equal(gh_parse_address("o/r#1", &a), 0);
	assert_int_equal(gh_access_find(&a, 1, &x, &msg), 0);
	assert_string_equal(x.api, "https://api.github.com");
	gh_access_release(&x);
	assert_int_equal(gh_parse_address("ghe.example.com/o/r/issues/1", &a), 0);
	assert_int_equal(gh_access_find(&a, 1, &x, &msg), 0);
	assert_string_equal(x.api, "https://ghe.example.com/api/v3");
	gh_access_release(&x);
	setenv("GITHUB_API_URL", "http://127.0.0.1:8080//", 1);
	assert_int_equal(gh_parse_address("o/r#1", &a), 0);
	assert_int_equal(gh_access_find(&a, 1, &x, &msg), 0);
	assert_string_equal(x.api, "http://127.0.0.1:8080");
	gh_access_release(&x);
	unsetenv("GITHUB_API_URL");
	buf_release(&msg);
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

/* Origins: scheme, host and port, the default port spelled out; what a token may go with. */
static void test_origin(void **state)
{
	char o[320];

	(void)state;
	http_origin("https://api.github.com/repos/a/b/issues/1", o, sizeof(o));
	assert_string_equal(o, "https://api.github.com:443");
	http_origin("HTTPS://API.GitHub.com:443/x?y#z", o, sizeof(o));
	assert_string_equal(o, "https://api.github.com:443");
	http_origin("http://127.0.0.1:8080", o, sizeof(o));
	assert_string_equal(o, "http://127.0.0.1:8080");
	http_origin("http://user:pw@[::1]:81/p", o, sizeof(o));
	assert_string_equal(o, "http://[::1]:81");
	http_origin("ftp://api.github.com/", o, sizeof(o));
	assert_string_equal(o, "");
	http_origin("api.github.com/x", o, sizeof(o));
	assert_string_equal(o, "");

	assert_true(http_may_send("https://api.github.com/a?page=2", "https://api.github.com:443"));
	/* another host, another port, another scheme, a look-alike: never */
	assert_false(http_may_send("https://api.github.com.evil.example/a", "https://api.github.com:443"));
	assert_false(http_may_send("https://evil.example/?https://api.github.com", "https://api.github.com:443"));
	assert_false(http_may_send("https://api.github.com:8443/a", "https://api.github.com:443"));
	assert_false(http_may_send("http://api.github.com/a", "https://api.github.com:443"));
	assert_false(http_may_send("https://api.github.com@evil.example/a", "https://api.github.com:443"));
	assert_false(http_may_send("https://api.github.com/a", NULL));
	/* plain http: only to this machine */
	assert_true(http_may_send("http://127.0.0.1:8080/a", "http://127.0.0.1:8080"));
	assert_true(http_may_send("http://localhost:8080/a", "http://localhost:8080"));
	assert_false(http_may_send("http://ghe.example.com/api/v3/a", "http://ghe.example.com:80"));
	assert_false(http_may_send("http://127.0.0.1:8081/a", "http://127.0.0.1:8080"));
	assert_false(http_may_send("http://127.0.0.1.evil.example:8080/a", "http://127.0.0.1.evil.example:8080"));
	assert_false(http_may_send("http://127.evil.example/a", "http://127.evil.example:80"));
	assert_true(http_is_loopback("http://127.1.2.3:9/"));

	/* redirects: never from the network to this machine, never down to plain http */
	assert_null(http_may_follow("https://gist.githubusercontent.com/a/raw", "https://objects.example/x"));
	assert_null(http_may_follow("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/b"));
	assert_non_null(http_may_follow("https://gist.github.com/a/raw", "http://127.0.0.1:8080/admin"));
	assert_non_null(http_may_follow("https://gist.github.com/a/raw", "https://localhost/x"));
	assert_non_null(http_may_follow("https://gist.github.com/a/raw", "http://gist.example/x"));
	assert_non_null(http_may_follow("https://gist.github.com/a/raw", "file:///etc/passwd"));
}

/* Where a thread is read, and whether the token goes: decided before any request. */
static void test_access(void **state)
{
	struct gh_address a;
	struct gh_access x;
	struct buf msg = BUF_INIT;

	(void)state;
	setenv("PATH", "/nonexistent", 1); /* no gh to ask */
	unsetenv("GH_TOKEN");
	unsetenv("GITHUB_API_URL");
	setenv("GITHUB_TOKEN", "tok", 1);
	assert_int_equal(gh_parse_address("https://github.com/o/r/issues/1", &a), 0);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), 0);
	assert_string_equal(x.api, "https://api.github.com");
	assert_string_equal(x.auth.token, "tok");
	assert_string_equal(x.origin, "https://api.github.com:443");
	gh_access_release(&x);
	/* another host: the token is api.github.com's */
	assert_int_equal(gh_parse_address("https://attacker.example/o/r/issues/1", &a), 0);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), -1);
	assert_non_null(strstr(msg.s, "GITHUB_API_URL"));
	assert_non_null(strstr(msg.s, "attacker.example is not github.com"));
	gh_access_release(&x);
	assert_int_equal(gh_access_find(&a, 1, &x, &msg), 0);
	assert_string_equal(x.api, "https://attacker.example/api/v3");
	assert_null(x.auth.token);
	assert_string_equal(x.origin, "");
	gh_access_release(&x);
	/* GitHub Enterprise named by GITHUB_API_URL: its host, or api.HOST */
	setenv("GITHUB_API_URL", "https://ghe.example.com/api/v3/", 1);
	assert_int_equal(gh_parse_address("https://ghe.example.com/o/r/pull/2", &a), 0);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), 0);
	assert_string_equal(x.api, "https://ghe.example.com/api/v3");
	assert_string_equal(x.origin, "https://ghe.example.com:443");
	gh_access_release(&x);
	setenv("GITHUB_API_URL", "https://api.ghe.example.com", 1);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), 0);
	assert_string_equal(x.api, "https://api.ghe.example.com");
	gh_access_release(&x);
	assert_int_equal(gh_parse_address("https://other.example.com/o/r/pull/2", &a), 0);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), -1);
	assert_non_null(strstr(msg.s, "nor the host of GITHUB_API_URL (https://api.ghe.example.com)"));
	gh_access_release(&x);
	/* by plain http: only to this machine */
	setenv("GITHUB_API_URL", "http://ghe.example.com/api/v3", 1);
	assert_int_equal(gh_parse_address("o/r#3", &a), 0);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), -1);
	assert_non_null(strstr(msg.s, "plain http"));
	gh_access_release(&x);
	assert_int_equal(gh_access_find(&a, 1, &x, &msg), 0);
	gh_access_release(&x);
	setenv("GITHUB_API_URL", "http://127.0.0.1:8080", 1);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), 0);
	assert_string_equal(x.origin, "http://127.0.0.1:8080");
	gh_access_release(&x);
	/* no token at all: anywhere, anonymously; an http:// address elsewhere is read by https */
	unsetenv("GITHUB_TOKEN");
	unsetenv("GITHUB_API_URL");
	assert_int_equal(gh_parse_address("http://ghe.example.com/o/r/issues/4", &a), 0);
	assert_int_equal(gh_access_find(&a, 0, &x, &msg), 0);
	assert_string_equal(x.api, "https://ghe.example.com/api/v3");
	assert_null(x.auth.token);
	gh_access_release(&x);
	buf_release(&msg);
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
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_access),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
