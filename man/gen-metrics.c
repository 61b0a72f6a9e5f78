/*
 * gen-metrics.c - print the METRICS section of benchdelta(1) from the
 * METRICS table (parsers/metrics.h), so the page lists what the program
 * knows. `make man` splices it in; `make check-man` fails when it differs.
 */
#include <stdio.h>

#include "parsers/metrics.h"
#include "parsers/names.h"

/* A roff-safe copy of `s` on stdout: '-' as "\-", a '.' or '\'' at the start escaped. */
static void roff(const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", stdout);
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", stdout);
		else if (*s == '\\')
			fputs("\\e", stdout);
		else
			putchar(*s);
	}
}

int main(void)
{
	static const char *const better[] = { [DIR_NONE] = "neither way is better",
					      [DIR_LOWER] = "lower is better",
					      [DIR_HIGHER] = "higher is better" };

	for (int f = MF_NONE + 1; f < MF__COUNT; f++) {
		printf(".SS %s\n", metric_family_name((enum metric_family)f));
		roff(metric_family_description((enum metric_family)f));
		fputs(".\n", stdout);
		for (int id = METRIC_UNKNOWN + 1; id < METRIC__COUNT; id++) {
			const struct metric_def *d = metric_def((enum metric_id)id);

			if ((int)d->family != f)
				continue;
			fputs(".TP\n.B ", stdout);
			roff(d->quantity);
			putchar('\n');
			roff(d->description);
			fputs("; ", stdout);
			if (d->unit == UNIT_ANY)
				fputs("unit as printed", stdout);
			else if (d->unit == UNIT_NONE)
				fputs("no unit", stdout);
			else
				roff(unit_name(d->unit));
			printf(", %s\n", better[d->dir]);
		}
	}
	return ferror(stdout) ? 1 : 0;
}
