/*
 * bench_cores.c - whether the machine gives the bench two cores now: the
 * wall time of a CPU loop run on two threads at once, over its time on
 * one. 1.00 when both cores are free; above it when another load (the
 * host's, on a virtual machine) takes a share. The import's walk runs on
 * two threads, so its figures read against pcre2grep's (one thread) mean
 * little without this.
 *
 * And how far apart the two cores are: the round trip of one cache line
 * handed from one thread to the other and back, in nanoseconds. Two cores
 * that share a cache hand it over in tens of nanoseconds; a virtual
 * machine's two cores that the host runs on different dies (or sockets)
 * take several times that, and the walk, which hands every block it finds
 * to the other thread, slows by about a fifth there (RESULTS.md: the slow
 * spells explained), where pcre2grep, on one core, does not.
 *
 * Prints the ratio (two decimals), a blank and the round trip (whole ns,
 * or "-" when the two threads did not run at once).
 */
#include <pthread.h>
#include <stdatomic.h>
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

#define TRIPS 200000u /* round trips: tens of ms on two free cores */
#define TRIPS_MS 500.0  /* the trips stop there (the other thread not running meanwhile) */
#define OVER UINT32_MAX /* the ball's value that ends the trips */

/* The line handed back and forth: an odd value is the second thread's turn to answer. */
static _Alignas(64) atomic_uint ball;

static volatile uintptr_t kept; /* the loops' results: what keeps them from being optimized away */

/* A dependent chain the compiler cannot shorten. */
static void *spin(void *arg)
{
	uint64_t x = (uint64_t)(uintptr_t)arg | 1;

	for (uint32_t i = 0; i < LOOPS; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	return (void *)(uintptr_t)(x >> 32);
}

/* The second thread: answers each odd value with the next even one. */
static void *answer(void *arg)
{
	(void)arg;
	for (unsigned i = 0, v; i < TRIPS; i++) {
		while ((v = atomic_load_explicit(&ball, memory_order_acquire)) != 2 * i + 1)
			if (v == OVER)
				return NULL;
		atomic_store_explicit(&ball, 2 * i + 2, memory_order_release);
	}
	return NULL;
}

/*
 * The mean round trip of `ball` between this thread and another, in ns;
 * -1 with no thread, or when the trips took over TRIPS_MS (the two did not
 * run at once: one core, or a busy machine).
 */
static double round_trip_ns(void)
{
	pthread_t th;
	double t0, ms;
	unsigned i;

	atomic_store(&ball, 0);
	if (pthread_create(&th, NULL, answer, NULL))
		return -1;
	t0 = now_ms();
	for (i = 0; i < TRIPS; i++) {
		atomic_store_explicit(&ball, 2 * i + 1, memory_order_release);
		while (atomic_load_explicit(&ball, memory_order_acquire) != 2 * i + 2)
			;
		if (i % 1024 == 0 && now_ms() - t0 > TRIPS_MS)
			break;
	}
	ms = now_ms() - t0;
	atomic_store_explicit(&ball, OVER, memory_order_release);
	pthread_join(th, NULL);
	return i < TRIPS ? -1 : ms * 1e6 / TRIPS;
}

int main(void)
{
	pthread_t a, b;
	double t0, one, two, rtt;
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
	rtt = round_trip_ns();
	if (rtt < 0)
		printf("%.2f -\n", one > 0 ? two / one : 0.0);
	else
		printf("%.2f %.0f\n", one > 0 ? two / one : 0.0, rtt);
	return 0;
}
