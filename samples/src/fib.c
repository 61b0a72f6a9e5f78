/*
 * fib.c - a tiny CPU-bound program that `make samples` builds at several
 * optimization levels and benchmarks with hyperfine (and later size, time
 * and perf), so the samples are real outputs of real runs.
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 25;

	printf("%lu\n", fib(n));
	return 0;
}
