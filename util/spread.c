/*
 * spread.c - whether to split work over a second thread; see spread.h.
 */
#include "util/spread.h"

#include <stdlib.h>
#include <unistd.h>

int spread_worth(size_t bytes)
{
	const char *v = getenv("BENCHDELTA_PIPE_MIN");
	size_t min = SPREAD_MIN;
	char *end;

	if (v && *v) {
		unsigned long long n = strtoull(v, &end, 10);

		if (!*end)
			min = (size_t)n;
	}
	return bytes >= min && sysconf(_SC_NPROCESSORS_ONLN) >= 2;
}
