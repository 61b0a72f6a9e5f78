/*
 * factors_across.c - `benchdelta factors --across FACTOR`.
 */
#include "cli/factors.h"

#include <stdio.h>

int factors_across(struct cli *c, const struct factors_args *a)
{
	(void)c;
	(void)a;
	fprintf(stderr, "not yet\n");
	return 1;
}
