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
 * plan_print() begun while the model is still being resolved (store/flows.h:
 * STORE_IMPORT_RESOLVED): a second thread formats and writes the lines of
 * the runs already final, in order, told of more by plan_resolved();
 * plan_end() has the caller format what is left beside it, joins it and
 * frees the job, the whole plan then written as plan_print() writes it.
 * Until plan_end() returns nothing else may write to `fp`, and `m` and
 * `res` must stay as that event's rules keep them. NULL when the plan is
 * not worth a thread (or none could be had): plan_print() it at the end.
 */
struct plan_job;
struct plan_job *plan_begin(const struct model *m, const struct import_result *res, FILE *fp);
void plan_resolved(struct plan_job *j, size_t upto);
void plan_end(struct plan_job *j);
/*
 * The line of each input after an import. `edit` > 0: a --set-variant edit
 * was recorded, so a text stored before says "no runs added" rather than
 * "nothing added"; and when `unsaid`, the first such line names the edit
 * (whose new names its runs take).
 */
void plan_summary(const struct model *m, const struct import_result *res,
		  const struct import_input *in, int dry, long edit, int unsaid, FILE *fp);

#endif
