/*
 * test_rx.c - a PCRE2 failure is an error, not "no match": the match limit
 * is reported with the line it stopped on; named groups that did not take
 * part come back empty, never stale. Two threads match the same patterns
 * each with its own matcher (struct rx_thread, its lane and failures):
 * groups and failures of one never show in the other.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <string.h>

#include "parsers/parser.h"
#include "parsers/recset.h"
#include "parsers/rx.h"
#include "util/arena.h"
#include "util/diag.h"

static struct rx patterns[] = {
	/* nested quantifiers: exponential backtracking, stopped by an embedded match limit */
	{ "test backtracking", "(*LIMIT_MATCH=1000)^(a+)+$", 0 },
	{ "test groups", "^(?<x>x)?(?<y>y)$", 0 },
};

static void test_match_limit(void **state)
{
	struct rx_thread me = { 0 };
	struct diag d = DIAG_INIT;
	struct rx_failure f;
	const char *s = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab";

	(void)state;
	assert_int_equal(rx_compile(patterns, countof(patterns), &d), 0);
	assert_false(rx_failed(&me));
	/* no match, but not "no match": a failure is recorded */
	assert_int_equal(rx_match(&me, &patterns[0], s, strlen(s)), 0);
	assert_true(rx_failed(&me));
	assert_int_equal(rx_take_failure(&me, &f), 1);
	assert_string_equal(f.pattern, "test backtracking");
	assert_ptr_equal(f.subject, s);
	assert_non_null(strstr(f.message, "limit"));
	assert_int_equal(f.count, 1);
	assert_false(rx_failed(&me));
	/* a plain no match records nothing */
	assert_int_equal(rx_match(&me, &patterns[0], "b", 1), 0);
	assert_int_equal(rx_take_failure(&me, &f), 0);
	rx_free(patterns, countof(patterns));
	diag_release(&d);
}

static void test_groups(void **state)
{
	struct rx_thread me = { 0 };
	struct diag d = DIAG_INIT;
	const char *s = "stale";
	size_t n = 5;

	(void)state;
	assert_int_equal(rx_compile(patterns, countof(patterns), &d), 0);
	assert_int_equal(rx_match(&me, &patterns[1], "y", 1), 1);
	/* x did not take part: 0, and its span is empty, not what the caller had */
	assert_int_equal(rx_named(&me, &patterns[1], "x", &s, &n), 0);
	assert_null(s);
	assert_int_equal(n, 0);
	assert_int_equal(rx_named(&me, &patterns[1], "y", &s, &n), 1);
	assert_int_equal(n, 1);
	/* a name the pattern lacks is no group */
	assert_int_equal(rx_named(&me, &patterns[1], "nope", &s, &n), 0);
	rx_optional(&me, &patterns[1], "x", &s, &n);
	assert_null(s);
	rx_free(patterns, countof(patterns));
	diag_release(&d);
}

/* A failure held aside and given back is first again, with the ones since counted. */
static void test_put_back(void **state)
{
	struct rx_thread me = { 0 };
	struct diag d = DIAG_INIT;
	struct rx_failure held, f;
	const char *first = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", *later = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaac";

	(void)state;
	assert_int_equal(rx_compile(patterns, countof(patterns), &d), 0);
	assert_int_equal(rx_match(&me, &patterns[0], first, strlen(first)), 0);
	assert_int_equal(rx_take_failure(&me, &held), 1);
	assert_false(rx_failed(&me));
	assert_int_equal(rx_match(&me, &patterns[0], later, strlen(later)), 0);
	rx_put_back_failure(&me, &held);
	assert_int_equal(rx_take_failure(&me, &f), 1);
	assert_ptr_equal(f.subject, first);
	assert_int_equal(f.count, 2);
	assert_false(rx_failed(&me));
	rx_free(patterns, countof(patterns));
	diag_release(&d);
}

/* What a second thread saw of the patterns: matched in lane 1. */
struct other {
	struct rx_thread rx; /* lane 1 */
	int matched, failed_before, failed_after;
	const char *x;
	size_t xlen;
};

static void *match_in_lane_1(void *arg)
{
	struct other *o = arg;
	const char *bad = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab";

	o->failed_before = rx_failed(&o->rx); /* the first thread's failure is not this one's */
	o->matched = rx_match(&o->rx, &patterns[1], "xy", 2) &&
		     rx_named(&o->rx, &patterns[1], "x", &o->x, &o->xlen);
	(void)rx_match(&o->rx, &patterns[0], bad, strlen(bad));
	o->failed_after = rx_failed(&o->rx);
	return NULL;
}

static void test_lanes(void **state)
{
	struct rx_thread me = { 0 };
	struct diag d = DIAG_INIT;
	struct other o;
	struct rx_failure f;
	pthread_t t;
	const char *s = "stale", *bad = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
	size_t n = 5;

	(void)state;
	memset(&o, 0, sizeof(o));
	o.rx.lane = 1;
	assert_int_equal(rx_compile(patterns, countof(patterns), &d), 0);
	assert_int_equal(rx_prepare_lane(patterns, countof(patterns), 1), 0);
	assert_int_equal(rx_match(&me, &patterns[0], bad, strlen(bad)), 0); /* a failure of this thread */
	assert_int_equal(rx_match(&me, &patterns[1], "y", 1), 1);          /* x does not take part here */
	assert_int_equal(pthread_create(&t, NULL, match_in_lane_1, &o), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(o.failed_before, 0);
	assert_int_equal(o.matched, 1);
	assert_int_equal(o.xlen, 1);
	assert_int_equal(o.failed_after, 1);
	/* this thread's last match is still its own: no x, and one failure, its own */
	assert_int_equal(rx_named(&me, &patterns[1], "x", &s, &n), 0);
	assert_null(s);
	assert_int_equal(rx_take_failure(&me, &f), 1);
	assert_ptr_equal(f.subject, bad);
	assert_int_equal(f.count, 1);
	rx_free(patterns, countof(patterns));
	diag_release(&d);
}

/* The sink names the line of the block a failed match was on. */
static void test_sink_reports(void **state)
{
	struct rx_thread me = { 0 };
	struct diag d = DIAG_INIT;
	struct recset rs = RECSET_INIT;
	struct arena arena = ARENA_INIT;
	struct line lines[2];
	struct block b;
	struct sink s;
	const char *one = "first line", *two = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab";

	(void)state;
	memset(lines, 0, sizeof(lines));
	lines[0].s = one;
	lines[0].len = (uint32_t)strlen(one);
	lines[0].no = 7;
	lines[1].s = two;
	lines[1].len = (uint32_t)strlen(two);
	lines[1].no = 8;
	memset(&b, 0, sizeof(b));
	b.lines = lines;
	b.n = 2;
	memset(&s, 0, sizeof(s));
	s.rs = &rs;
	s.arena = &arena;
	s.diag = &d;
	s.name = "log.txt";
	s.block = &b;
	s.rx = &me;
	assert_int_equal(rx_compile(patterns, countof(patterns), &d), 0);
	assert_int_equal(rx_match(&me, &patterns[0], two, strlen(two)), 0);
	sink_report_rx_failures(&s);
	assert_int_equal(d.n, 1);
	assert_int_equal(d.v[0].line, 8);
	assert_non_null(strstr(d.v[0].text, "test backtracking"));
	assert_non_null(strstr(d.v[0].text, "not read"));
	/* nothing more to report */
	sink_report_rx_failures(&s);
	assert_int_equal(d.n, 1);
	rx_free(patterns, countof(patterns));
	recset_release(&rs);
	arena_release(&arena);
	diag_release(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match_limit),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_sink_reports),
		cmocka_unit_test(test_lanes),
		cmocka_unit_test(test_put_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
