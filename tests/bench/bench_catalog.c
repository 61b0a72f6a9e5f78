/*
 * bench_catalog.c - how fast the catalog sums up a store, for `make
 * bench`: every experiment x variant x scenario x metric's n, mean and
 * spread (catalog_summaries(), what a `factors --across` reads), timed
 * wall and CPU after the catalog is synced. Prints one line: summaries,
 * seconds (wall), seconds (CPU); asserts nothing.
 *
 * usage: bench_catalog STORE
 */
#include <stdio.h>
#include <time.h>

#include "store/catalog.h"
#include "store/csvstore.h"

static double seconds(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Something of each summary is read, so that none is made for nothing. */
static void count(void *ctx, const struct catalog_summary *s)
{
	double *sum = ctx;

	*sum += (double)s->n;
}

int main(int argc, char **argv)
{
	struct diag d = DIAG_INIT;
	struct store st;
	struct catalog *c;
	double w0, c0, runs = 0;
	long n;

	if (argc < 2) {
		fprintf(stderr, "usage: bench_catalog STORE\n");
		return 1;
	}
	if (store_open(&st, argv[1], 0, &d) < 0 || !(c = catalog_open(&st)) || catalog_sync(c) != 0) {
		diag_print(&d, 0, stderr);
		fprintf(stderr, "bench_catalog: no catalog to be had in %s\n", argv[1]);
		return 1;
	}
	w0 = seconds(CLOCK_MONOTONIC);
	c0 = seconds(CLOCK_PROCESS_CPUTIME_ID);
	n = catalog_summaries(c, &st, count, &runs, &d);
	printf("%ld %.3f %.3f %.0f\n", n, seconds(CLOCK_MONOTONIC) - w0,
	       seconds(CLOCK_PROCESS_CPUTIME_ID) - c0, runs);
	catalog_close(c);
	store_close(&st);
	diag_release(&d);
	return n < 0;
}
