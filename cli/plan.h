/*
 * plan.h - what an import found, for people: one line per run (its line
 * span, format, variant with where it came from, scenario, measurements)
 * and one per block stored before; then a line per input.
 */
#ifndef BD_CLI_PLAN_H
#define BD_CLI_PLAN_H

#include <stdio.h>

#include "store/import.h"

void plan_print(const struct model *m, const struct import_result *res, FILE *fp);
void plan_summary(const struct model *m, const struct import_result *res,
		  const struct import_input *in, int dry, FILE *fp);

#endif
