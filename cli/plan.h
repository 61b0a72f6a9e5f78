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
/*
 * The line of each input after an import. `edit` > 0: a --set-variant edit
 * was recorded, so a text stored before says "no runs added" rather than
 * "nothing added"; and when `unsaid`, the first such line names the edit
 * (whose new names its runs take).
 */
void plan_summary(const struct model *m, const struct import_result *res,
		  const struct import_input *in, int dry, long edit, int unsaid, FILE *fp);

#endif
