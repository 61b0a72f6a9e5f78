/*
 * bench_cores.c - whether the machine gives the bench two cores now: the
 * wall time of a CPU loop run on two threads at once, over its time on
 * one. 1.00 when both cores are free; above it when another load (the
 * host's, on a virtual machine) takes a share. The import's walk runs on
 * two threads, so its figures read against pcre2grep's (one thread) mean
 * little without this. Prints the ratio, two decimals.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define LOOPS 60000000u /* about 50 ms of one core */

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static volatile uintptr_t kept; /* the loops' results: what keeps them from being optimized away */

/* A dependent chain the compiler cannot shorten. */
static void *spin(void *arg)
{
	uint64_t x = (uint64_t)(uintptr_t)arg | 1;

	for (uint32_t i = 0; i < LOOPS; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	return (void *)(uintptr_t)(x >> 32);
}

int main(void)
{
	pthread_t a, b;
	double t0, one, two;
	void *ra, *rb;

	t0 = now_ms();
	kept = (uintptr_t)spin((void *)1);
	one = now_ms() - t0;
	t0 = now_ms();
	if (pthread_create(&a, NULL, spin, (void *)2) || pthread_create(&b, NULL, spin, (void *)3)) {
		fputs("bench_cores: no thread\n", stderr);
		return 1;
	}
	pthread_join(a, &ra);
	pthread_join(b, &rb);
	two = now_ms() - t0;
	kept = (uintptr_t)ra ^ (uintptr_t)rb;
	printf("%.2f\n", one > 0 ? two / one : 0.0);
	return 0;
}
